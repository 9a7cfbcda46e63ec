import SiftChecker
import SiftSchema
import SiftSyntax

extension LoweringContext {
    // MARK: Conditions

    /// Lowers a Bool expression to a two-valued SQL condition (NULL only for a trap).
    mutating func lowerCondition(_ expr: TypedExpr) -> Lowered {
        var lowered = lowerValue(expr)
        if lowered.isOptional {
            // A `Bool?` used as a condition (the checker only allows it through `== true`, but be safe).
            let trap = trapTest(of: lowered)
            lowered = Lowered(dialect.nullSafeEqual(lowered.operand, SQLFragment(dialect.trueLiteral), negated: false), mayTrap: lowered.mayTrap)
            if let trap { lowered = Lowered("CASE WHEN " + trap + " THEN NULL ELSE " + lowered.sql + " END", mayTrap: true, isAtomic: true) }
        }
        return lowered
    }

    /// Lowers a condition whose NULL selects nothing, as false does (a whole filter, or one of
    /// its top-level `&&` operands): as ``lowerCondition(_:)``, but a comparison there may be
    /// NULL where it is false (``comparisonIsFilterTerm``).
    mutating func lowerFilterTerm(_ expr: TypedExpr) -> Lowered {
        guard case .comparison = tree[expr] else { return lowerCondition(expr) }
        comparisonIsFilterTerm = true
        defer { comparisonIsFilterTerm = false }
        return lowerCondition(expr)
    }

    mutating func constantBool(_ value: Bool) -> Lowered {
        Lowered(SQLFragment(value ? dialect.trueLiteral : dialect.falseLiteral), isAtomic: true, boolConstant: value)
    }

    // MARK: Values

    /// Lowers any expression to an SQL value. `hint` says how a parameter or constant met here
    /// must be encoded (the storage of the column it is compared with).
    mutating func lowerValue(_ expr: TypedExpr, hint: ValueEncoding = .plain) -> Lowered {
        switch tree[expr] {
        case .error:
            return constantBool(false)
        case .constant(let constant):
            return lowerConstant(constant, type: expr.type)
        case .parameter(let name):
            let encoding = parameterEncoding(for: expr.type, hint: hint)
            return Lowered(.binding(.parameter(name: name, encoding: encoding)), isOptional: expr.type.isOptional, isAtomic: true, storage: storage(of: encoding))
        case .variable(let id):
            switch variables[id] {
            case .value(let lowered)?: return lowered
            case .row(let alias, let model, _)?:
                return Lowered(.column(alias, column(keyColumn(of: model), ofRow: alias)), isAtomic: true)
            case nil:
                return constantBool(false)
            }
        case .attribute(let base, let attribute):
            return lowerAttribute(of: base, attribute, textFacts: true)
        case .toOne, .toMany:
            // A relationship as a value only appears under a sequence or optional operation.
            if case .toOne(let base, let relationship) = tree[expr], case .foreignKey(let column, let targetColumn) = relationship.link,
                let baseRow = row(of: base)
            {
                // With every foreign key pointing at a row, the target is missing exactly when the
                // key is NULL: no join.
                let target = model(named: relationship.target)
                let reference = ForeignKeyReference(
                    table: baseRow.model.tableName, column: column, targetTable: target.tableName, targetColumn: targetColumn)
                if isIntact(reference) { return Lowered(.column(baseRow.alias, column), isOptional: true, isAtomic: true) }
            }
            guard let row = row(of: expr) else { return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true) }
            return Lowered(.column(row.alias, presenceColumn(of: row.alias, model: row.model)), isOptional: true, isAtomic: true)
        case .optionalMap(let source, let variable, let body):
            return lowerOptionalMap(source: source, variable: variable, body: body, hint: hint)
        case .ifLet(let source, let variable, let then, let otherwise):
            return lowerIfLet(source: source, variable: variable, then: then, otherwise: otherwise, hint: hint, type: expr.type)
        case .injectOptional(let inner):
            var lowered = lowerValue(inner, hint: hint)
            // Promoted, the value can be compared with nil; a NULL from it still means a trap.
            lowered.trapConditionNumber = numbered(trapTest(of: lowered))
            lowered.isOptional = true
            return lowered
        case .not(let inner):
            let operand = lowerCondition(inner)
            if let constant = operand.boolConstant { return constantBool(!constant) }
            return Lowered("NOT " + operand.operand(inside: .not), mayTrap: operand.mayTrap).with(.not)
        case .negate(let inner):
            let operand = lowerValue(inner)
            if inner.type.isInteger {
                if portable { return portableIntegerNegation(operand) }
                return Lowered(siftCall(.negate, operand.sql), mayTrap: true, isAtomic: true)
            }
            if case .constant = tree[inner] {} else {
                if portable, !inner.hazards.contains(.notANumber) {
                    // SQL's `-` gives 0.0 for -0.0, which only a division by it tells apart (and
                    // portable SQL divides only by non-zero constants); no NaN can come in.
                    return Lowered("-" + operand.operand, mayTrap: operand.mayTrap)
                }
                if portable { refuse("'-'", Self.mayBeNaN, at: expr.range) }
                // SQL's `-` is `0 - x`: it turns 0.0 into 0.0, not -0.0 (whose 1 / x is -infinity
                // in Swift), and reads Sift's NaN as 0.
                return Lowered(siftCall(.negateReal, operand.sql), mayTrap: operand.mayTrap, isAtomic: true)
            }
            return Lowered("-" + operand.operand, mayTrap: operand.mayTrap)
        case .arithmetic(let op, let lhs, let rhs):
            return lowerArithmetic(op, lhs, rhs, type: expr.type, mayBeNaN: expr.hazards.contains(.notANumber), range: expr.range)
        case .comparison(let op, let lhs, let rhs):
            return lowerComparison(op, lhs, rhs)
        case .logical(let operands, let op):
            return lowerLogical(op, operands)
        case .nilCoalescing(let lhs, let rhs):
            // The side that reads a column decides how a parameter on the other side is encoded.
            let (left, right) = lowerPair(lhs, rhs, hint: hint)
            var result = Lowered(
                "coalesce(" + left.sql + ", " + right.sql + ")", isOptional: rhs.type.isOptional,
                mayTrap: left.mayTrap || right.mayTrap, isAtomic: true, storage: left.storage ?? right.storage)
            if portable, expr.type.unwrapped.isString { result.textForm = min(portableForm(of: left), portableForm(of: right)) }
            if let leftTrap = trapTest(of: left) {
                // A trap on the left is not nil: the default must not hide it.
                result.sql = "CASE WHEN " + leftTrap + " THEN NULL ELSE " + result.sql + " END"
            }
            if result.isOptional, result.mayTrap {
                result.trapConditionNumber = numbered(anyOf([trapTest(of: left), trapTest(of: right).map { left.operand(inside: .comparison) + " IS NULL AND " + $0 }]))
            }
            return result
        case .conditional(let condition, let then, let otherwise):
            let test = lowerCondition(condition)
            let (yes, no) = lowerPair(then, otherwise, hint: hint)
            if let constant = test.boolConstant { return constant ? yes : no }
            let sql: SQLFragment =
                test.mayTrap
                ? "CASE WHEN " + test.sql + " THEN " + yes.sql + " WHEN NOT " + test.operand + " THEN " + no.sql + " END"
                : "CASE WHEN " + test.sql + " THEN " + yes.sql + " ELSE " + no.sql + " END"
            var result = Lowered(
                sql, isOptional: expr.type.isOptional, mayTrap: test.mayTrap || yes.mayTrap || no.mayTrap, isAtomic: true,
                storage: yes.storage ?? no.storage)
            if portable, expr.type.unwrapped.isString { result.textForm = min(portableForm(of: yes), portableForm(of: no)) }
            if result.isOptional, result.mayTrap {
                result.trapConditionNumber = numbered(anyOf([
                    test.mayTrap ? test.operand(inside: .comparison) + " IS NULL" : nil,
                    trapTest(of: yes).map { test.operand(inside: .and) + " AND " + $0 },
                    trapTest(of: no).map { "NOT " + test.operand(inside: .not) + " AND " + $0 },
                ]))
            }
            return result
        case .conversion(let inner):
            return lowerConversion(inner, to: expr.type, range: expr.range)
        case .stringTest(let test, let lhs, let rhs):
            let function: SiftFunction
            switch test {
            case .contains: function = .contains
            case .hasPrefix: function = .hasPrefix
            case .hasSuffix: function = .hasSuffix
            case .localizedStandardContains: function = .localizedStandardContains
            }
            let haystack = lowerValue(lhs)
            let needle = lowerValue(rhs)
            if portable {
                if let lowered = portableStringTest(test, haystack: haystack, needle: needle) { return lowered }
                let reason =
                    test == .localizedStandardContains
                    ? "it folds case and diacritics over all of Unicode"
                    : isPortableText(haystack, atLeast: .ascii) ? "its argument is not known to be NFC" : Self.notASCII
                refuse("'\(test.rawValue)'", reason, at: expr.range)
            }
            let mayTrap = haystack.mayTrap || needle.mayTrap
            // Room after the candidates for ` AND ` and the exact test, written into the same buffer.
            let room = haystack.sql.estimatedLength + needle.sql.estimatedLength + 48
            var candidates: SQLFragment?
            if test == .hasPrefix, let column = haystack.column, !haystack.isOptional {
                // `name >= p AND name < p + U+10FFFF` lets an index on the column find the candidates.
                candidates = prefixRange(column: column, haystack: haystack, needle: rhs, room: room)
            } else if test == .contains, let column = haystack.column, !haystack.isOptional {
                // SQLite's `instr` finds the candidates at C speed.
                candidates = instrCandidates(column: column, haystack: haystack, needle: needle, room: room)
            }
            // Consumed: a copy still shared with `candidates` would be copied to be appended to.
            guard var sql = consume candidates else {
                return Lowered(siftCall(function, haystack.sql, needle.sql), mayTrap: mayTrap, isAtomic: true)
            }
            // The exact test keeps Swift's meaning (characters, not bytes).
            sql += " AND "
            if writesInPlace {
                appendSiftCall(function, haystack.sql, needle.sql, to: &sql)
            } else if test == .hasPrefix, let bound = plainPrefixBound(rhs) {
                sql += dialect.exactPrefixTest(haystack: haystack.sql, prefix: needle.sql, plainUpperBound: .binding(bound))
            } else {
                sql += dialect.exactStringTest(function, [haystack.sql, needle.sql])
            }
            return Lowered(sql, mayTrap: mayTrap).with(.and)
        case .stringComparison(let comparison, let lhs, let rhs):
            let function: SiftFunction
            switch comparison {
            case .caseInsensitiveCompare: function = .caseInsensitiveCompare
            case .localizedCompare: function = .localizedCompare
            case .localizedCaseInsensitiveCompare: function = .localizedCaseInsensitiveCompare
            case .localizedStandardCompare: function = .localizedStandardCompare
            }
            let left = lowerValue(lhs)
            let right = lowerValue(rhs)
            if portable {
                if comparison == .caseInsensitiveCompare, let lowered = portableCaseInsensitiveCompare(left, right) { return lowered }
                let reason =
                    comparison == .caseInsensitiveCompare ? Self.notASCII : "it is Foundation's locale-aware order"
                refuse("'\(comparison.rawValue)'", reason, at: expr.range)
            }
            return Lowered(siftCall(function, left.sql, right.sql), mayTrap: left.mayTrap || right.mayTrap, isAtomic: true)
        case .stringTransform(let transform, let inner):
            let operand = lowerValue(inner)
            if portable {
                // Swift's `lowercased()` / `uppercased()` of ASCII text change ASCII letters only, as SQLite's do.
                if isPortableText(operand, atLeast: .ascii) {
                    var cased = Lowered(
                        (transform == .lowercased ? "lower(" : "upper(") + operand.sql + ")", isOptional: operand.isOptional,
                        mayTrap: operand.mayTrap, isAtomic: true)
                    cased.textForm = .ascii
                    return cased
                }
                refuse("'\(transform == .lowercased ? "lowercased()" : "uppercased()")'", Self.notASCII, at: expr.range)
                // Refused already: what is built on it is not refused a second time.
                var cased = Lowered(siftCall(transform == .lowercased ? .lowercased : .uppercased, operand.sql), mayTrap: operand.mayTrap, isAtomic: true)
                cased.textForm = .ascii
                return cased
            }
            return Lowered(siftCall(transform == .lowercased ? .lowercased : .uppercased, operand.sql), mayTrap: operand.mayTrap, isAtomic: true)
        case .stringLength(let inner):
            let operand = lowerValue(inner)
            if portable {
                // A character of ASCII text without carriage return is one byte; `length` stops at a NUL, which it has not.
                if isPortableText(operand, atLeast: .ascii) {
                    return Lowered("length(" + operand.sql + ")", isOptional: operand.isOptional, mayTrap: operand.mayTrap, isAtomic: true)
                }
                refuse("'count'", "a character is a grapheme cluster, and " + Self.notASCII, at: expr.range)
            }
            return Lowered(siftCall(.length, operand.sql), mayTrap: operand.mayTrap, isAtomic: true)
        case .rawValue(let inner):
            var operand = lowerValue(inner)
            operand.column = nil
            return operand
        case .range:
            // Ranges are only lowered by `contains`.
            return constantBool(false)
        case .arrayLiteral, .objects:
            // Sequences are only lowered by the operations on them.
            return constantBool(false)
        case .contains(let sequence, let element):
            return lowerContains(sequence: sequence, element: element)
        case .any(let sequence, let variable, let predicate):
            return lowerQuantifier(sequence: sequence, variable: variable, predicate: predicate, isAll: false)
        case .all(let sequence, let variable, let predicate):
            return lowerQuantifier(sequence: sequence, variable: variable, predicate: predicate, isAll: true)
        case .filter:
            return constantBool(false)
        case .count(let sequence):
            return lowerCount(sequence)
        case .isEmpty(let inner):
            if inner.type.isString || inner.type == .optional(.string) {
                let operand = lowerValue(inner)
                return Lowered(operand.operand + " = ''", mayTrap: operand.mayTrap).with(.comparison)
            }
            return lowerIsEmpty(inner)
        case .first(let sequence):
            if isRow(expr.type) {
                // An ordered relationship's first element, as a value only compared with nil.
                guard let row = row(of: expr) else { return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true) }
                return Lowered(.column(row.alias, presenceColumn(of: row.alias, model: row.model)), isOptional: true, isAtomic: true)
            }
            return lowerFirst(sequence, hint: hint)
        case .extremum(let isMaximum, let sequence):
            return lowerExtremum(sequence, isMaximum: isMaximum, hint: hint)
        case .timeInterval(let inner, let since1970):
            // Seconds since 2001 as `Date` holds them (REAL whatever the column's storage), then
            // since 1970 as `Date` computes it: the same two floating-point operations.
            let date = lowerValue(inner)
            if portable, date.storage == .dateISO8601 { refuse("this time interval", "it reads a date stored as ISO-8601 text as seconds", at: expr.range) }
            var seconds = asInstant(date)
            if date.storage == .dateReferenceSeconds || date.storage == nil { seconds.sql = dialect.toReal(seconds.sql) }
            if since1970 { seconds.sql = "(" + seconds.sql + " + 978307200.0)" }
            seconds.storage = nil
            seconds.column = nil
            seconds.isAtomic = true
            return seconds
        case .aggregate(let call):
            return lowerAggregate(call, type: expr.type)
        case .rowAggregate(let aggregate):
            return lowerRowAggregate(aggregate, type: expr.type, at: expr.range)
        case .sql(let operation, let operands):
            return lowerSQLOperation(operation, operands, type: expr.type)
        case .trap:
            // NULL, and a trap whatever the type: an optional says so in its trap condition.
            var trap = Lowered(SQLFragment("NULL"), isOptional: expr.type.isOptional, mayTrap: true, isAtomic: true)
            if trap.isOptional { trap.trapConditionNumber = numbered(SQLFragment(dialect.trueLiteral)) }
            return trap
        }
    }

    /// The index range of strings starting with a constant or parameter, on a column known to hold
    /// NFC text (or each text in NFC or NFD, below); nil when no range applies.
    ///
    /// On a column known to hold each text in NFC or NFD, the candidates are in either form's
    /// range: `(name >= nfc AND name < nfc' OR name >= nfd AND name < nfd')`. A text whose first
    /// characters are canonically equivalent to the prefix starts with the prefix's bytes in the
    /// text's own form (whole characters of an NFC or NFD text are in that form).
    mutating func prefixRange(column: ColumnReference, haystack: Lowered, needle: TypedExpr, room: Int) -> SQLFragment? {
        let bothForms: Bool
        if knownForm(of: column) == .nfc {
            bothForms = false
        } else if isNFCOrNFD(column) {
            bothForms = true
        } else {
            return nil
        }
        if options.facts.localeOrderedColumns.containsComparing(key(of: column)) { return nil }
        let composed: (lower: BindingSlot, upper: BindingSlot)
        var decomposed: (lower: BindingSlot, upper: BindingSlot)?
        switch tree[needle] {
        case .constant(.string(let prefix)):
            let normalized = prefix.precomposedForSift
            // No range for a prefix without a bound where no BLOB is above every text.
            guard !normalized.isEmpty else { return nil }
            if !writesInPlace, case .blob = prefixUpperBound(normalized) { return nil }
            composed = (.constant(.text(normalized)), .constant(prefixUpperBound(normalized)))
            if bothForms {
                let nfd = prefix.decomposedForSift
                if !nfd.hasSameUTF8(as: normalized) {
                    decomposed = (.constant(.text(nfd)), .constant(prefixUpperBound(nfd)))
                }
            }
        case .parameter(let name):
            composed = (.parameter(name: name, encoding: .plain), .parameter(name: name, encoding: .prefixUpperBound))
            if bothForms {
                decomposed = (.parameter(name: name, encoding: .decomposed), .parameter(name: name, encoding: .decomposedPrefixUpperBound))
            }
        default:
            return nil
        }
        if decomposed == nil, !bothForms { textColumns.assume(.nfc, for: column) }
        // `column >= lower AND column < upper`, each range; all in one buffer, with `room` to spare.
        var sql = SQLFragment(reservingCapacity: 4 * haystack.sql.estimatedLength + 96 + room)
        // No index to read the range: the prefix's bytes, one test per row (the empty prefix too).
        // A named sub-query's column has no index, and keeps its source's collation, which may be
        // a locale's (the catalog's `localeOrderedColumns` do not name it): bytes are exact there.
        let columnKey = key(of: column)
        let bytesOnly = options.facts.unindexedColumns.containsComparing(columnKey) || commonTableTextColumns.contains(columnKey)
        func appendRange(_ range: (lower: BindingSlot, upper: BindingSlot)) {
            if bytesOnly {
                var prefix = SQLFragment()
                prefix.appendBinding(range.lower)
                if let test = dialect.prefixBytesTest(haystack: haystack.sql, prefix: prefix) {
                    sql += test
                    return
                }
            }
            sql += haystack.sql
            sql += " >= "
            sql.appendBinding(range.lower)
            sql += " AND "
            guard !writesInPlace, case .parameter = range.upper else {
                sql += haystack.sql
                sql += " < "
                sql.appendBinding(range.upper)
                return
            }
            // A parameter's bound may be the BLOB no other dialect's texts compare with.
            var upper = SQLFragment()
            upper.appendBinding(range.upper)
            var prefix = SQLFragment()
            prefix.appendBinding(range.lower)
            sql += dialect.prefixRangeUpperTest(haystack: haystack.sql, upperBound: upper, prefix: prefix)
        }
        guard let decomposed else {
            appendRange(composed)
            return sql
        }
        sql += "("
        appendRange(composed)
        sql += " OR "
        appendRange(decomposed)
        sql += ")"
        return sql
    }

    /// The bound of the texts that start with a constant or parameter prefix's NFC form followed by
    /// nothing or a code point below U+0300 (``plainPrefixUpperBound(_:)``); nil for another prefix.
    func plainPrefixBound(_ prefix: TypedExpr) -> BindingSlot? {
        switch tree[prefix] {
        case .constant(.string(let text)): return .constant(plainPrefixUpperBound(text.precomposedForSift))
        case .parameter(let name): return .parameter(name: name, encoding: .plainPrefixUpperBound)
        default: return nil
        }
    }

    /// `instr(name, needle) > 0` (PostgreSQL: `strpos`) — the bytes of a constant or parameter needle found in a column
    /// known to hold NFC text (or each text in NFC or NFD: then either form's bytes), as the
    /// candidates of `contains`; nil when no such test applies. A run of whole characters of an
    /// NFC (NFD) text that is canonically equivalent to the needle is the needle's NFC (NFD).
    /// Written in one buffer, with `room` to spare.
    mutating func instrCandidates(column: ColumnReference, haystack: Lowered, needle: Lowered, room: Int) -> SQLFragment? {
        guard let forms = bothFormSlots(needle) else {
            _ = knownForm(of: column)  // a candidate all the same
            return nil
        }
        var decomposed: BindingSlot?
        if knownForm(of: column) == .nfc {
            textColumns.assume(.nfc, for: column)
        } else {
            guard isNFCOrNFD(column) else { return nil }
            decomposed = forms.decomposed
        }
        var sql = SQLFragment(reservingCapacity: 2 * haystack.sql.estimatedLength + 2 * needle.sql.estimatedLength + 64 + room)
        // The needle's own fragment is its composed form's binding. PostgreSQL's `strpos` is
        // SQLite's `instr` (a position in characters, 0 when absent).
        let find = writesInPlace ? SQLFragment("instr(") : SQLFragment(dialect.substringPositionFunction + "(")
        if decomposed != nil { sql += "(" }
        sql += find
        sql += haystack.sql
        sql += ", "
        sql += needle.sql
        sql += ") > 0"
        guard let decomposed else { return sql }
        sql += " OR "
        sql += find
        sql += haystack.sql
        sql += ", "
        sql.appendBinding(decomposed)
        sql += ") > 0)"
        return sql
    }

    /// Two values that meet (the sides of `??`, the branches of a conditional): the one that reads
    /// a column is lowered first, and a parameter or constant on the other side takes its storage.
    mutating func lowerPair(_ first: TypedExpr, _ second: TypedExpr, hint: ValueEncoding) -> (Lowered, Lowered) {
        var (left, right): (Lowered, Lowered)
        if hint == .plain, isColumnLike(second), !isColumnLike(first) {
            right = lowerValue(second, hint: hint)
            left = lowerValue(first, hint: encoding(toMatch: right, type: first.type))
        } else {
            left = lowerValue(first, hint: hint)
            right = lowerValue(second, hint: hint == .plain ? encoding(toMatch: left, type: second.type) : hint)
        }
        // Dates from columns of different storages meet as seconds since 2001, as `Date` holds them.
        if first.type.unwrapped == .date, let leftStorage = left.storage, let rightStorage = right.storage, leftStorage != rightStorage {
            left = inReferenceSeconds(left, from: leftStorage)
            right = inReferenceSeconds(right, from: rightStorage)
        }
        return (left, right)
    }

    /// Whether date values come in more than one storage: then they meet as seconds since 2001,
    /// as `Date` holds them (``asInstant(_:)``).
    mutating func mixesStorages(_ values: [Lowered]) -> Bool { Set(values.compactMap(\.storage)).count > 1 }

    /// A date value in seconds since 2001 when it comes in a storage; one without (a computed
    /// value, already an instant) as it is.
    func asInstant(_ value: Lowered) -> Lowered { value.storage.map { inReferenceSeconds(value, from: $0) } ?? value }

    /// A date value converted to REAL seconds since 2001 (its storage says so afterwards).
    func inReferenceSeconds(_ value: consuming Lowered, from storage: Storage) -> Lowered {
        let sql = dialect.referenceSeconds(value.sql, storage: storage)
        var converted = value
        converted.sql = sql
        converted.isAtomic = true
        converted.column = nil
        converted.storage = .dateReferenceSeconds
        return converted
    }

    mutating func lowerConstant(_ constant: Constant, type: SiftType) -> Lowered {
        switch constant {
        case .null:
            return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        case .bool(let value):
            return constantBool(value)
        case .int, .uint, .double:
            return Lowered(.binding(.constant(numberValue(of: constant, type: type) ?? .null)), isAtomic: true)
        case .string(let value):
            let normalized = value.precomposedForSift
            var lowered = Lowered(.binding(.constant(.text(normalized))), isAtomic: true)
            if portable { lowered.textForm = Self.boundForm(of: normalized) }
            return lowered
        case .enumCase(_, _, let rawValue):
            switch rawValue {
            case .int(let value): return Lowered(.binding(.constant(.integer(value))), isAtomic: true)
            case .string(let value): return Lowered(.binding(.constant(.text(value))), isAtomic: true)
            }
        case .comparisonResult(let value):
            return Lowered(.binding(.constant(.integer(Int64(value)))), isAtomic: true)
        }
    }

    /// The value a number constant binds: an `Int` as an integer; a `UInt64` beyond `Int64` and a
    /// `Double` as a real (SQLite stores such an integer as REAL; comparisons keep their order), a
    /// `Float` rounded to it first. nil for other constants.
    mutating func numberValue(of constant: Constant, type: SiftType) -> SQLValue? {
        switch constant {
        case .int(let value): .integer(value)
        case .uint(let value): .real(Double(value))
        case .double(let value): .real(type.unwrapped == .float ? Double(Float(value)) : value)
        default: nil
        }
    }

    mutating func parameterEncoding(for type: SiftType, hint: ValueEncoding) -> ValueEncoding {
        switch type.unwrapped.kind {
        case .date:
            if case .date = hint { return hint }
            return .date(.dateReferenceSeconds)
        case .uuid:
            if case .uuid = hint { return hint }
            return .uuid(.uuidUppercaseText)
        case .array(let element):
            if case .jsonArray = hint { return hint }
            return .jsonArray(element: parameterEncoding(for: element, hint: .plain))
        default:
            return hint == .prefixUpperBound || hint == .count ? hint : .plain
        }
    }

    mutating func storage(of encoding: ValueEncoding) -> Storage? {
        switch encoding {
        case .date(let storage), .uuid(let storage): storage
        default: nil
        }
    }

    /// The encoding a value compared with `other` must use. A date meeting a database timestamp
    /// other than as a bare column (``timestampParameterComparison(_:_:_:nilMeetsNil:)`` binds
    /// that one) goes as seconds since 2001: both sides then meet as the `Double`s Swift compares.
    mutating func encoding(toMatch other: Lowered, type: SiftType) -> ValueEncoding {
        guard let storage = other.storage else { return .plain }
        switch type.unwrapped {
        case .date: return .date(storage == .timestamp ? .dateReferenceSeconds : storage)
        case .uuid: return .uuid(storage)
        default: return .plain
        }
    }

    // MARK: Rows

    /// The row an expression of model type stands for: an alias, joining to-one relationships.
    mutating func row(of expr: TypedExpr) -> (alias: String, model: Model, level: QueryLevel?, isOptional: Bool)? {
        switch tree[expr] {
        case .variable(let id):
            if case .row(let alias, let model, let level)? = variables[id] { return (alias, model, level, false) }
            return nil
        case .toOne(let base, let relationship):
            guard let baseRow = row(of: base) else { return nil }
            let (alias, model) = joinToOne(
                from: baseRow.alias, model: baseRow.model, relationship: relationship, level: resolvedLevel(baseRow.level))
            let isOptional = baseRow.isOptional || relationship.cardinality == .toOne(isOptional: true)
            return (alias, model, baseRow.level, isOptional)
        case .injectOptional(let inner):
            return row(of: inner)
        case .first(let sequence):
            return firstOfOrderedRelationship(sequence)
        default:
            return nil
        }
    }

    /// Whether an expression is a row (model type), possibly optional.
    mutating func isRow(_ type: SiftType) -> Bool {
        if case .model = type.unwrapped.kind { return true }
        return false
    }

    // MARK: Optionals

    mutating func lowerOptionalMap(source: TypedExpr, variable: VariableID, body: TypedExpr, hint: ValueEncoding) -> Lowered {
        if isRow(source.type), let row = row(of: source) {
            variables[variable] = .row(alias: row.alias, model: row.model, level: row.level)
            let lowered = lowerValue(body, hint: hint)
            // Made only when needed: a body that is NULL by itself for a missing row and cannot
            // trap (`$0.company?.name`) does not test the row's presence.
            func present() -> SQLFragment { SQLFragment.column(row.alias, presenceColumn(of: row.alias, model: row.model)) + " IS NOT NULL" }
            var result = lowered
            result.isOptional = true
            if !isNullWhenRowMissing(body, variable: variable) {
                result = Lowered(
                    "CASE WHEN " + present() + " THEN " + lowered.sql + " END", isOptional: true, mayTrap: lowered.mayTrap,
                    isAtomic: true, storage: lowered.storage)
                if portable, body.type.unwrapped.isString { result.textForm = portableForm(of: lowered) }
            }
            // A trap in the body happens only for a present row.
            result.trapConditionNumber = numbered(trapTest(of: lowered).map { present() + " AND " + $0 })
            return result
        }
        let value = lowerValue(source, hint: hint)
        var unwrapped = value
        unwrapped.isOptional = false
        unwrapped.mayTrap = false  // inside the body the value is present (its trap is the source's)
        variables[variable] = .value(unwrapped)
        let lowered = lowerValue(body, hint: hint)
        var result = lowered
        result.isOptional = true
        if case .variable(variable) = tree[body] {
            result = value
        } else if !isNullWhenValueNull(body, variable: variable) {
            result = Lowered(
                "CASE WHEN " + value.operand(inside: .comparison) + " IS NOT NULL THEN " + lowered.sql + " END", isOptional: true,
                mayTrap: lowered.mayTrap || value.mayTrap, isAtomic: true, storage: lowered.storage)
            if portable, body.type.unwrapped.isString { result.textForm = portableForm(of: lowered) }
        }
        result.mayTrap = lowered.mayTrap || value.mayTrap
        result.trapConditionNumber = numbered(anyOf([
            trapTest(of: value), trapTest(of: lowered).map { value.operand(inside: .comparison) + " IS NOT NULL AND " + $0 },
        ]))
        return result
    }

    /// ``anyOf(_:)`` of two conditions, without a list for them (an equality of optionals asks
    /// for its operands' trap tests, most often neither).
    mutating func anyOf(_ first: SQLFragment?, _ second: SQLFragment?) -> SQLFragment? {
        guard let first else { return second }
        guard let second else { return first }
        return "(" + first.parenthesized + " OR " + second.parenthesized + ")"
    }

    /// `(a) OR (b) ...` of the conditions present; nil when there are none.
    mutating func anyOf(_ conditions: [SQLFragment?]) -> SQLFragment? {
        let present = conditions.compactMap { $0 }
        guard !present.isEmpty else { return nil }
        if present.count == 1 { return present[0] }
        return SQLFragment.joined(present.map(\.parenthesized), separator: " OR ").parenthesized
    }

    /// A column of ``Storage/textForm`` as the text the database writes for its value.
    static func textForm(of column: SQLFragment) -> SQLFragment { "CAST(" + column + " AS text)" }

    /// An attribute of a row: its column. With `textFacts`, a text column is referenced for what
    /// the facts say of its forms (what a comparison or sort of its text needs, and `IS NULL` does
    /// not: the reference is an entry in the query's list of text columns).
    @inline(__always)
    mutating func lowerAttribute(of base: TypedExpr, _ attribute: Attribute, textFacts: Bool) -> Lowered {
        guard let row = row(of: base) else { return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true) }
        // Only text columns compare differently by what the facts say of them.
        // The type matched, not compared: `==` on a `ScalarType` costs a call per comparison.
        var reference: ColumnReference?
        var storage: Storage?
        switch attribute.type {
        case .string: if textFacts { reference = columnReference(model: row.model, column: attribute.columnName) }
        case .date, .uuid: storage = attribute.storage
        default: break
        }
        if attribute.storage == .textForm {
            // A type of the database Swift reads as text (`jsonb`, an array, an enum type): its text.
            return Lowered(
                Self.textForm(of: .column(row.alias, column(attribute.columnName, ofRow: row.alias))),
                isOptional: attribute.isOptional || row.isOptional, isAtomic: true)
        }
        return Lowered(
            .column(row.alias, column(attribute.columnName, ofRow: row.alias)), isOptional: attribute.isOptional || row.isOptional,
            isAtomic: true,
            column: reference, storage: storage)
    }

    /// The body is an attribute or to-one chain of the bound row: NULL by itself when the row is missing.
    mutating func isNullWhenRowMissing(_ body: TypedExpr, variable: VariableID) -> Bool {
        switch tree[body] {
        case .attribute(let base, _), .toOne(let base, _):
            if case .variable(variable) = tree[base] { return true }
            return isNullWhenRowMissing(base, variable: variable)
        case .optionalMap(let source, _, let inner):
            return isNullWhenRowMissing(source, variable: variable) && isRow(source.type) && isAttributeChain(inner)
        default:
            return false
        }
    }

    mutating func isAttributeChain(_ expr: TypedExpr) -> Bool {
        switch tree[expr] {
        case .attribute(let base, _), .toOne(let base, _): isAttributeChain(base)
        case .variable: true
        default: false
        }
    }

    /// The body propagates NULL from the bound value by itself (plain functions of it).
    mutating func isNullWhenValueNull(_ body: TypedExpr, variable: VariableID) -> Bool {
        switch tree[body] {
        case .stringTransform(_, let inner), .stringLength(let inner), .rawValue(let inner), .injectOptional(let inner):
            if case .variable(variable) = tree[inner] { return true }
            return isNullWhenValueNull(inner, variable: variable)
        default:
            return false
        }
    }

    mutating func lowerIfLet(source: TypedExpr, variable: VariableID, then: TypedExpr, otherwise: TypedExpr, hint: ValueEncoding, type: SiftType) -> Lowered {
        // What is NULL exactly when the value is missing: the row's presence column, or the value.
        let presence: SQLFragment
        var sourceTrap: SQLFragment?
        if isRow(source.type), let row = row(of: source) {
            variables[variable] = .row(alias: row.alias, model: row.model, level: row.level)
            presence = SQLFragment.column(row.alias, presenceColumn(of: row.alias, model: row.model))
        } else {
            let value = lowerValue(source)
            sourceTrap = trapTest(of: value)
            var unwrapped = value
            unwrapped.isOptional = false
            unwrapped.mayTrap = false
            variables[variable] = .value(unwrapped)
            presence = value.operand(inside: .comparison)
        }
        let (yes, no) = lowerPair(then, otherwise, hint: hint)
        if type.isBool, sourceTrap == nil, let fallback = no.boolConstant, yes.precedence != .unknown {
            // `if let x = a?.b { test } else { false }` is `a?.b IS NOT NULL AND test` (and `else
            // { true }` an `OR`): the same three-valued result as the CASE, for a test that is 0, 1
            // or NULL, and SQLite's planner can use the test's terms (indexes, an inner join).
            // Written in one buffer (the value's SQL is shared with the variable bound to it: each
            // test of it made apart copied it).
            let test = fallback
                ? (yes.precedence == .or ? yes.sql : yes.operand(inside: .or)) : (yes.precedence == .and ? yes.sql : yes.operand(inside: .and))
            var sql = SQLFragment(reservingCapacity: presence.estimatedLength + test.estimatedLength + 24)
            sql += presence
            sql += fallback ? " IS NULL OR " : " IS NOT NULL AND "
            sql += test
            return Lowered(sql, mayTrap: yes.mayTrap).with(fallback ? .or : .and)
        }
        let missing = presence + " IS NULL"
        var result = Lowered(
            "CASE WHEN " + missing + " THEN " + no.sql + " ELSE " + yes.sql + " END", isOptional: type.isOptional,
            mayTrap: sourceTrap != nil || yes.mayTrap || no.mayTrap, isAtomic: true, storage: yes.storage ?? no.storage)
        if portable, type.unwrapped.isString { result.textForm = min(portableForm(of: yes), portableForm(of: no)) }
        if let sourceTrap {
            // A trap in the source is not a missing value: the else branch must not hide it.
            result.sql = "CASE WHEN " + sourceTrap + " THEN NULL ELSE " + result.sql + " END"
        }
        if result.isOptional, result.mayTrap {
            result.trapConditionNumber = numbered(anyOf([
                sourceTrap, trapTest(of: no).map { missing + " AND " + $0 }, trapTest(of: yes).map { "NOT " + missing.parenthesized + " AND " + $0 },
            ]))
        }
        return result
    }

    // MARK: Operators

    /// `mayBeNaN`: the result or an operand may be NaN, which SQL's operators cannot give or read.
    mutating func lowerArithmetic(
        _ op: ArithmeticOperator, _ lhs: TypedExpr, _ rhs: TypedExpr, type: SiftType, mayBeNaN: Bool, range: SourceRange = .point(0)
    ) -> Lowered {
        var left = lowerValue(lhs)
        var right = lowerValue(rhs)
        let mayTrap = left.mayTrap || right.mayTrap
        if type.isString {
            // ASCII joined to ASCII is ASCII; other joins may not be NFC ("e" + "\u{301}").
            let form = portable ? min(portableForm(of: left), portableForm(of: right)) : .unknown
            var joined = Lowered(left.takeOperand() + " || " + right.takeOperand(), mayTrap: mayTrap)
            if form == .ascii { joined.textForm = .ascii }
            return joined
        }
        if type.isInteger, portable {
            if let lowered = portableIntegerArithmetic(op, left, right, type: type) { return lowered }
            refuse("'\(type)' arithmetic", "SQLite checks only 64-bit integers", at: range)
        }
        if type.isInteger {
            let function: SiftFunction
            switch op {
            case .add: function = .add
            case .subtract: function = .subtract
            case .multiply: function = .multiply
            case .divide: function = .divide
            case .remainder: function = .remainder
            }
            var call = siftCall(function, left.sql, right.sql)
            if let kind = type.integerKind, kind.bitWidth < 64 || !kind.isSigned {
                let bits = Int64(kind.bitWidth) * (kind.isSigned ? 1 : -1)
                call = siftCall(.fitInteger, call, .binding(.constant(.integer(bits))))
            }
            return Lowered(call, mayTrap: true, isAtomic: true)
        }
        if portable, type == .double, !mayBeNaN, op == .divide, case .constant(let constant) = tree[rhs],
            let divisor = numberValue(of: constant, type: rhs.type), case .real(let value) = divisor, value.isFinite, value != 0
        {
            // A finite non-zero divisor: IEEE division, as SQLite's `/` of a REAL gives it.
            return Lowered(left.takeOperand() + " / " + .binding(.constant(divisor)), mayTrap: mayTrap)
        }
        if portable, type == .float || op == .divide || mayBeNaN {
            if type == .float {
                refuse("'Float' arithmetic", "SQLite has no single precision", at: range)
            } else if op == .divide {
                refuse("'/'", "the divisor may be zero, and SQLite has no infinity from a division", at: range)
            } else {
                refuse("'\(Self.sqlSymbol(op))'".replacingOccurrences(of: " ", with: ""), Self.mayBeNaN, at: range)
            }
        }
        if op == .divide {
            var call = siftCall(.divideReal, left.sql, right.sql)
            if type == .float { call = siftCall(.toFloat, call) }
            return Lowered(call, mayTrap: true, isAtomic: true)
        }
        if mayBeNaN || (!writesInPlace && dialect.floatingPointOperatorsRaise) {
            var call = siftCall(op == .add ? .addReal : op == .subtract ? .subtractReal : .multiplyReal, left.sql, right.sql)
            if type == .float { call = siftCall(.toFloat, call) }
            return Lowered(call, mayTrap: mayTrap, isAtomic: true)
        }
        var sql = left.takeOperand() + Self.sqlSymbol(op) + right.takeOperand()
        var isAtomic = false
        if type == .float {
            sql = siftCall(.toFloat, sql)
            isAtomic = true
        }
        return Lowered(sql, mayTrap: mayTrap, isAtomic: isAtomic)
    }

    mutating func lowerConversion(_ inner: TypedExpr, to type: SiftType, range: SourceRange = .point(0)) -> Lowered {
        let operand = lowerValue(inner)
        switch type.kind {
        case .double:
            if inner.type == .float { return operand }
            return Lowered(dialect.toReal(operand.sql), mayTrap: operand.mayTrap, isAtomic: true)
        case .float:
            if portable { refuse("a conversion to 'Float'", "SQLite has no single precision", at: range) }
            return Lowered(siftCall(.toFloat, operand.sql), mayTrap: operand.mayTrap, isAtomic: true)
        case .integer(let kind):
            if portable {
                if kind.bitWidth < 64 || !kind.isSigned {
                    refuse("a conversion to '\(type)'", "SQLite checks only 64-bit integers", at: range)
                } else if inner.type.isFloatingPoint {
                    return portableDoubleToInt(operand)
                }
            }
            var sql = inner.type.isFloatingPoint ? siftCall(.doubleToInt, operand.sql) : operand.sql
            if kind.bitWidth < 64 || !kind.isSigned {
                let bits = Int64(kind.bitWidth) * (kind.isSigned ? 1 : -1)
                sql = siftCall(.fitInteger, sql, .binding(.constant(.integer(bits))))
            }
            return Lowered(sql, mayTrap: true, isAtomic: true)
        default:
            return operand
        }
    }

    mutating func lowerLogical(_ op: LogicalOperator, _ operands: [TypedExpr]) -> Lowered {
        var lowered: [Lowered] = []
        for operand in operands {
            let condition = lowerCondition(operand)
            // Constant folding, in Swift's evaluation order.
            if let constant = condition.boolConstant {
                if op == .and, !constant, !lowered.contains(where: \.mayTrap) { return constantBool(false) }
                if op == .or, constant, !lowered.contains(where: \.mayTrap) { return constantBool(true) }
                if op == .and, constant { continue }
                if op == .or, !constant { continue }
            }
            lowered.append(condition)
        }
        if lowered.isEmpty { return constantBool(op == .and) }
        if lowered.count == 1 { return lowered[0] }
        let mayTrap = lowered.contains(where: \.mayTrap)
        if !lowered.dropLast().contains(where: \.mayTrap) {
            let context: SQLPrecedence = op == .and ? .and : .and  // AND inside OR keeps its parentheses, for people
            return balanced(lowered.map { $0.operand(inside: context) }, separator: op == .and ? " AND " : " OR ", mayTrap: mayTrap)
                .with(op == .and ? .and : .or)
        }
        // A trapping operand before others: Swift's left-to-right short circuit, exactly.
        var result = lowered[lowered.count - 1]
        for operand in lowered.dropLast().reversed() {
            if operand.mayTrap {
                let sql: SQLFragment =
                    op == .and
                    ? "CASE WHEN " + operand.sql + " THEN " + result.sql + " WHEN NOT " + operand.operand + " THEN " + SQLFragment(dialect.falseLiteral) + " END"
                    : "CASE WHEN " + operand.sql + " THEN " + SQLFragment(dialect.trueLiteral) + " WHEN NOT " + operand.operand + " THEN " + result.sql + " END"
                result = Lowered(sql, mayTrap: true, isAtomic: true)
            } else {
                let separator: StaticString = op == .and ? " AND " : " OR "
                result = Lowered(operand.operand(inside: .and) + separator + result.operand(inside: .and), mayTrap: true)
            }
        }
        return result
    }

    /// Joins many terms with AND/OR in nested groups, so a chain of 10,000 clauses stays far below
    /// SQLite's expression depth limit (1,000).
    mutating func balanced(_ terms: [SQLFragment], separator: StaticString, mayTrap: Bool) -> Lowered {
        let groupSize = 64
        if terms.count <= groupSize {
            return Lowered(SQLFragment.joined(terms, separator: separator), mayTrap: mayTrap)
        }
        var groups: [SQLFragment] = []
        var index = 0
        while index < terms.count {
            let group = Array(terms[index..<min(index + groupSize, terms.count)])
            groups.append(SQLFragment.joined(group, separator: separator).parenthesized)
            index += groupSize
        }
        return balanced(groups, separator: separator, mayTrap: mayTrap)
    }
}

extension String {
    /// NFC, the form Sift binds strings in so canonically equivalent strings compare equal (Latin
    /// and Hangul text without Foundation: see ``SimpleNormalization``).
    var precomposedForSift: String { SimpleNormalization.precomposed(self) ?? precomposedStringWithCanonicalMapping }
    /// NFD, for columns holding either form.
    var decomposedForSift: String { SimpleNormalization.decomposed(self) ?? decomposedStringWithCanonicalMapping }
}

import Foundation
