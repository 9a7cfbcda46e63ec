import SiftChecker
import SiftSchema
import SiftSyntax

/// The lowering of the operations with Core Data's meaning (format strings): SQL's own
/// three-valued logic is that meaning (a format string's `AND`, `OR`, `NOT` are SQL's, lowered
/// with StructuredQueries' in `Lowering+SQLOperations`), so a test is SQL's comparison on the
/// stored values, NULL when an operand is; strings are compared as stored (bound without normalization), through
/// `sift_ns_fold` for `[c]`/`[d]`, and the string operators through Sift's `sift_ns_*` functions
/// (never SQLite's `LIKE`, which folds ASCII only and reads `%` and `_`).
extension LoweringContext {
    mutating func lowerCoreDataTest(_ op: CoreDataOperator, _ options: FormatStringOptions, _ lhs: TypedExpr, _ rhs: TypedExpr) -> Lowered {
        // `x == nil`, `x != nil`: two-valued.
        var nilSide: TypedExpr?
        if case .constant(.null) = tree[rhs] { nilSide = lhs } else if case .constant(.null) = tree[lhs] { nilSide = rhs }
        if let other = nilSide {
            if case .constant(.null) = tree[other] { return constantBool(op == .equal) }
            let value = lowerValue(other)
            return Lowered(value.operand(inside: .comparison) + (op == .equal ? " IS NULL" : " IS NOT NULL")).with(.comparison)
        }
        let bits = Int64((options.contains(.caseInsensitive) ? 1 : 0) | (options.contains(.diacriticInsensitive) ? 2 : 0))
        var left = lowerCoreDataOperand(lhs, hint: .plain)
        if op == .in {
            let elementType = rhs.type.sequenceElement ?? rhs.type
            let elementEncoding: ValueEncoding = elementType.unwrapped.isString ? .verbatimText : parameterEncoding(for: elementType, hint: encoding(toMatch: left, type: elementType))
            let array = lowerArray(rhs, elementEncoding: elementEncoding)
            let table = dialect.jsonArrayElements(array.sql, alias: "ns_in")
            var element = Lowered(table.value, isAtomic: true)
            if bits != 0 {
                if portable { refuseFolding(op, options, at: lhs.range.union(rhs.range)) }
                left = folded(left, bits: bits)
                element = folded(element, bits: bits)
            }
            return Lowered(
                left.operand(inside: .comparison) + " IN (SELECT " + element.sql + " FROM " + table.from + ")", isOptional: true
            ).with(.comparison)
        }
        var right = lowerCoreDataOperand(rhs, hint: encoding(toMatch: left, type: rhs.type))
        if case .date = lhs.type.unwrapped.kind, let leftStorage = left.storage, let rightStorage = right.storage, leftStorage != rightStorage {
            if portable, leftStorage == .dateISO8601 || rightStorage == .dateISO8601 {
                refuse("this comparison", "it compares a date stored as ISO-8601 text with one stored otherwise", at: lhs.range.union(rhs.range))
            }
            left = inReferenceSeconds(left, from: leftStorage)
            right = inReferenceSeconds(right, from: rightStorage)
        }
        let function: SiftFunction
        switch op {
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
            if bits != 0 {
                if portable { refuseFolding(op, options, at: lhs.range.union(rhs.range)) }
                left = folded(left, bits: bits)
                right = folded(right, bits: bits)
            }
            let symbol: StaticString
            switch op {
            case .equal: symbol = " = "
            case .notEqual: symbol = " <> "
            case .less: symbol = " < "
            case .lessEqual: symbol = " <= "
            case .greater: symbol = " > "
            default: symbol = " >= "
            }
            return Lowered(left.operand(inside: .comparison) + symbol + right.operand(inside: .comparison), isOptional: true).with(.comparison)
        case .beginsWith: function = .coreDataBeginsWith
        case .endsWith: function = .coreDataEndsWith
        case .contains: function = .coreDataContains
        case .like: function = .coreDataLike
        case .matches: function = .coreDataMatches
        case .in: function = .coreDataContains  // handled above
        }
        if portable {
            if bits == 0, op != .matches, let lowered = portableCoreDataStringTest(op, left, right, pattern: rhs) { return lowered }
            let construct = "'\(op.rawValue)\(options.written)'"
            if bits != 0 {
                refuseFolding(op, options, at: lhs.range.union(rhs.range))
            } else if op == .matches {
                refuseCoreData(construct, needs: function, "an ICU regular expression", at: lhs.range.union(rhs.range))
            } else {
                refuseCoreData(construct, needs: function, "a pattern that is not a constant without NUL or U+FFFF", at: lhs.range.union(rhs.range))
            }
        }
        let call = dialect.call(function, [left.sql, right.sql, .binding(.constant(.integer(bits)))])
        return Lowered(call, isOptional: true, isAtomic: true)
    }

    /// Records that `op` with `[c]`/`[d]` needs Sift's folding in portable SQL.
    private mutating func refuseFolding(_ op: CoreDataOperator, _ options: FormatStringOptions, at range: SourceRange) {
        let letters = options.subtracting(.normalized).written
        refuseCoreData("'\(op.rawValue)\(options.written)'", needs: .coreDataFold, "Core Data's folding of case and diacritics ('\(letters)')", at: range)
    }

    /// `sift_ns_fold(value, bits)`.
    private mutating func folded(_ value: Lowered, bits: Int64) -> Lowered {
        Lowered(dialect.call(.coreDataFold, [value.sql, .binding(.constant(.integer(bits)))]), isOptional: value.isOptional, isAtomic: true)
    }

    /// An operand: a string constant or parameter bound with its bytes as given.
    private mutating func lowerCoreDataOperand(_ expr: TypedExpr, hint: ValueEncoding) -> Lowered {
        switch tree[expr] {
        case .constant(.string(let text)):
            return Lowered(.binding(.constant(.text(text))), isAtomic: true)
        case .parameter(let name) where expr.type.unwrapped.isString:
            return Lowered(.binding(.parameter(name: name, encoding: .verbatimText)), isOptional: expr.type.isOptional, isAtomic: true)
        case .attribute(let base, let attribute):
            return lowerAttribute(of: base, attribute, textFacts: false)
        default:
            return lowerValue(expr, hint: hint)
        }
    }

    /// `@sum`, `@avg`, `@min`, `@max`: SQL's aggregate over the elements' values (NULL when
    /// none is left; `min`/`max` of text in byte order, as the store compares).
    mutating func lowerCoreDataAggregate(_ op: FormatCollectionOperator, _ sequence: TypedExpr, _ variable: VariableID, _ value: TypedExpr) -> Lowered {
        guard let opened = openSequence(sequence) else { return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true) }
        bindElement(variable, of: opened)
        let element = lowerValue(value)
        let call: SQLFragment
        switch op {
        case .sum: call = "sum(" + element.sql + ")"
        case .avg: call = "avg(" + element.sql + ")"
        case .min: call = "min(" + element.sql + ")"
        case .max: call = "max(" + element.sql + ")"
        case .count: call = "count(" + element.sql + ")"
        }
        return Lowered(subquery(opened, select: call), isOptional: true, isAtomic: true, storage: element.storage)
    }

    /// A three-valued condition (a format string's or StructuredQueries') where only its true rows
    /// count (a `WHERE`, the filter of a `SUBQUERY`, the closure of `ANY`): `coalesce(condition,
    /// FALSE)` is the condition itself there, and a two-valued part of it (`ANY ...`) may become a
    /// semi-join. nil for any other expression.
    mutating func lowerThreeValuedFilter(_ expr: TypedExpr) -> Lowered? {
        guard case .nilCoalescing(let condition, let fallback) = tree[expr], case .constant(.bool(false)) = tree[fallback],
            isThreeValuedCondition(condition)
        else { return nil }
        if case .injectOptional(let inner) = tree[condition] { return lowerWholeCondition(inner, nullIsFalse: true) }
        return lowerValue(condition)
    }
}
