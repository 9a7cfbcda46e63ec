import SiftChecker
import SiftSchema
import SiftSyntax

extension LoweringContext {
    /// `==`, `!=`, `<`, ... with Swift's meaning for optionals, strings and dates.
    mutating func lowerComparison(_ op: ComparisonOperator, _ lhs: TypedExpr, _ rhs: TypedExpr) -> Lowered {
        let isFilterTerm = comparisonIsFilterTerm
        comparisonIsFilterTerm = false
        // `x == true` / `x != false` on a non-optional Bool is `x` itself (readable, index-friendly).
        if lhs.type.isBool, rhs.type.isBool, op == .equal || op == .notEqual {
            if case .constant(.bool(let value)) = tree[rhs] { return boolEquality(lhs, value == (op == .equal)) }
            if case .constant(.bool(let value)) = tree[lhs] { return boolEquality(rhs, value == (op == .equal)) }
        }
        if op == .equal || op == .notEqual, mayBeRewritten(lhs) || mayBeRewritten(rhs),
            let rewritten = coalescedEquality(op, lhs, rhs) ?? coalescedEquality(op, rhs, lhs) ?? chainedTestEquality(op, lhs, rhs)
                ?? chainedTestEquality(op, rhs, lhs)
        {
            return lowerCondition(rewritten)
        }
        if op == .equal || op == .notEqual, let nilTest = nilComparison(op, lhs, rhs) { return nilTest }
        if lhs.type.unwrapped.isFloatingPoint, lhs.hazards.union(rhs.hazards).contains(.notANumber) {
            if portable { refuse("this comparison", Self.mayBeNaN, at: lhs.range.union(rhs.range)) }
            return notANumberComparison(op, lhs, rhs)
        }
        if op != .equal, op != .notEqual, let order = rankOrder(of: lhs.type) {
            return enumRankComparison(op, lhs, rhs, order: order)
        }
        if case .constant(let constant) = tree[rhs], let number = numberValue(of: constant, type: rhs.type) {
            // A number compared with a constant (`$0.age > 20`, the commonest comparison): what
            // the general path below writes, the constant's binding appended in place to the
            // value's SQL instead of first made a fragment of its own.
            var left = lowerValue(lhs)
            if !(left.isOptional && (op == .equal || op == .notEqual)) {
                var sql = left.takeOperand()
                sql += Self.sqlSymbol(op)
                sql.appendBinding(.constant(number))
                return Lowered(sql, mayTrap: left.mayTrap).with(.comparison)
            }
            var right = Lowered(.binding(.constant(number)), isAtomic: true)
            return compare(op, &left, &right, neverNil: (false, true), isFilterTerm: isFilterTerm)
        }
        if lhs.type.unwrapped == .date, let instant = timestampParameterComparison(op, lhs, rhs) { return instant }
        // The side that is a column is lowered first; the other side's parameters match its storage.
        let columnFirst = isColumnLike(rhs) && !isColumnLike(lhs)
        var left: Lowered
        var right: Lowered
        if columnFirst {
            right = lowerValue(rhs)
            left = lowerValue(lhs, hint: encoding(toMatch: right, type: lhs.type))
        } else {
            left = lowerValue(lhs)
            if case .parameter(let name) = tree[rhs], let sql = parameterComparison(op, &left, name, type: rhs.type) {
                return Lowered(sql, mayTrap: left.mayTrap).with(.comparison)
            }
            if let sql = stringConstantComparison(op, &left, rhs, range: lhs.range.union(rhs.range)) {
                return Lowered(sql, mayTrap: left.mayTrap).with(.comparison)
            }
            right = lowerValue(rhs, hint: encoding(toMatch: left, type: rhs.type))
        }
        let type = lhs.type.unwrapped
        if type.isString, let equality = bothFormsEquality(op, &left, &right) { return equality }
        if type.isString {
            left = normalizedString(consume left, at: lhs.range)
            right = normalizedString(consume right, at: rhs.range)
            if op != .equal, op != .notEqual { right = inCodePointOrder(consume right) }
        } else if type == .date, let leftStorage = left.storage, let rightStorage = right.storage, leftStorage != rightStorage {
            if portable, leftStorage == .dateISO8601 || rightStorage == .dateISO8601 {
                refuse("this comparison", "it compares a date stored as ISO-8601 text with one stored otherwise", at: lhs.range.union(rhs.range))
            }
            left = inReferenceSeconds(consume left, from: leftStorage)
            right = inReferenceSeconds(consume right, from: rightStorage)
        } else if type == .date, op != .equal, op != .notEqual, left.storage == .dateISO8601 || right.storage == .dateISO8601 {
            right = inCodePointOrder(consume right)  // ISO-8601 text orders as time by its bytes
        }
        return compare(op, &left, &right, neverNil: (isNeverNil(lhs), isNeverNil(rhs)), isFilterTerm: isFilterTerm)
    }

    /// Whether a value of an optional type is never nil: a value that is not optional, promoted.
    func isNeverNil(_ expr: TypedExpr) -> Bool {
        if case .injectOptional(let inner) = tree[expr] { return !inner.type.isOptional }
        return !expr.type.isOptional
    }

    /// A text operand of an order comparison or sort in the dialect's code-point order (Swift's
    /// order of NFC text): in Sift's dialect, where text compares by its bytes, the value itself.
    mutating func inCodePointOrder(_ value: consuming Lowered) -> Lowered {
        guard !writesInPlace else { return value }
        var ordered = value
        ordered.sql = dialect.codePointOrder(ordered.operand(inside: .comparison))
        ordered.isAtomic = true
        return ordered
    }

    /// `<` and friends on a `String` raw-value enum whose `<` compares raw values: by the rank of
    /// each raw value in Swift's order of them (`order`), as its sort key sorts, since SQLite's
    /// text order is not Swift's. A case literal's rank is known now and bound; another value is
    /// `CASE value WHEN raw THEN rank ... END`. (Integer raw values compare as stored.)
    mutating func enumRankComparison(_ op: ComparisonOperator, _ lhs: TypedExpr, _ rhs: TypedExpr, order: [EnumType.RawValue]) -> Lowered {
        var left = enumRank(of: lhs, order: order)
        var right = enumRank(of: rhs, order: order)
        return compare(op, &left, &right)
    }

    /// The rank in `order` of an enum value's raw value: bound for a case literal, computed by a
    /// `CASE` otherwise.
    mutating func enumRank(of value: TypedExpr, order: [EnumType.RawValue]) -> Lowered {
        if case .constant(.enumCase(_, _, let rawValue)) = tree[value], let rank = order.firstIndex(of: rawValue) {
            return Lowered(.binding(.constant(.integer(Int64(rank)))), isAtomic: true)
        }
        var lowered = lowerValue(value)
        var sql = SQLFragment(reservingCapacity: 64)
        sql.appendEnumRank(of: lowered.takeOperand(), order: order)
        return Lowered(sql, mayTrap: lowered.mayTrap, isAtomic: true)
    }

    /// A comparison of numbers either of which may be NaN, as Swift compares them: through
    /// `sift_fcmp`, which reads Sift's NaN and answers 2 (unordered) for it, so that every
    /// comparison with NaN is false and `!=` true. With an optional, nil meets nil or a number as
    /// in any other comparison.
    mutating func notANumberComparison(_ op: ComparisonOperator, _ lhs: TypedExpr, _ rhs: TypedExpr) -> Lowered {
        var left = lowerValue(lhs)
        var right = lowerValue(rhs, hint: encoding(toMatch: left, type: rhs.type))
        let call = siftCall(.compareReal, left.sql, right.sql)
        let ordered: SQLFragment
        switch op {
        case .equal: ordered = call + " = 0"
        case .notEqual: ordered = call + " <> 0"
        case .less: ordered = call + " = -1"
        case .lessEqual: ordered = call + " IN (-1, 0)"
        case .greater: ordered = call + " = 1"
        case .greaterEqual: ordered = call + " IN (0, 1)"
        }
        guard left.isOptional || right.isOptional else {
            return Lowered(ordered, mayTrap: left.mayTrap || right.mayTrap).with(.comparison)
        }
        let missing = left.operand(inside: .comparison) + " IS NULL OR " + right.operand(inside: .comparison) + " IS NULL"
        let nullSafe = compare(op, &left, &right)
        return Lowered("CASE WHEN " + missing + " THEN " + nullSafe.sql + " ELSE " + ordered + " END", mayTrap: nullSafe.mayTrap, isAtomic: true)
    }

    /// `value op ?` with a parameter of a type that is neither text nor optional, nor a date that
    /// needs converting (`$0.identifier == userID`): what ``compare(_:_:_:)`` writes, the
    /// parameter's binding appended in place to the value's SQL instead of first made a fragment
    /// of its own. nil, having taken nothing, when the general path applies.
    mutating func parameterComparison(_ op: ComparisonOperator, _ left: inout Lowered, _ name: String, type: SiftType) -> SQLFragment? {
        guard !left.isOptional, !type.isOptional, !type.isString else { return nil }
        let encoding = parameterEncoding(for: type, hint: encoding(toMatch: left, type: type))
        if case .date = type, let leftStorage = left.storage, leftStorage != storage(of: encoding) { return nil }
        if encoding == .date(.dateISO8601), op != .equal, op != .notEqual, !writesInPlace { return nil }
        var sql = left.takeOperand()
        sql += Self.sqlSymbol(op)
        sql.appendBinding(.parameter(name: name, encoding: encoding))
        return sql
    }

    /// `value op ?` with a string constant, promoted to an optional or not (`$0.company?.name ==
    /// "Acme Inc"`), in Sift's dialect: what the general path below writes (the value normalized,
    /// `IS` when `==`/`!=` meets an optional), the constant's binding appended in place instead of
    /// first made a fragment of its own. nil, having moved nothing, where the general path may
    /// write more: an equality on a column that holds both normal forms (the constant bound in
    /// both where they differ), or on an optional that may trap (a trap test around it). Asking
    /// for the column's form records it as a candidate, as the general path would.
    mutating func stringConstantComparison(
        _ op: ComparisonOperator, _ left: inout Lowered, _ rhs: TypedExpr, range: SourceRange
    ) -> SQLFragment? {
        guard writesInPlace else { return nil }
        let text: String
        let promoted: Bool
        switch tree[rhs] {
        case .constant(.string(let value)):
            (text, promoted) = (value, false)
        case .injectOptional(let inner):
            guard case .constant(.string(let value)) = tree[inner] else { return nil }
            (text, promoted) = (value, true)
        default:
            return nil
        }
        let equality = op == .equal || op == .notEqual
        let nullSafe = equality && (left.isOptional || promoted)
        if nullSafe, left.mayTrap { return nil }
        if equality, !nullSafe, let column = left.column, knownForm(of: column) == .nfcOrNFD { return nil }
        left = normalizedString(consume left, at: range)
        var sql = left.takeOperand()
        sql += nullSafe ? (op == .notEqual ? " IS NOT " : " IS ") : Self.sqlSymbol(op)
        sql.appendBinding(.constant(.text(text.precomposedForSift)))
        return sql
    }

    /// `left op right`, both lowered (and normalized, converted) for the comparison: with `IS`
    /// when `==`/`!=` meets an optional, a trap on either side kept a trap. The operands' SQL is
    /// moved into the result.
    ///
    /// `neverNil` says which side, though optional, is never nil (a value promoted): in a dialect
    /// whose null-safe equality no index serves (PostgreSQL's `IS NOT DISTINCT FROM`), `==` with
    /// such a value is `x = value AND x IS NOT NULL`, two-valued as well, and indexable; where
    /// the comparison is a filter's term (`isFilterTerm`: a NULL selects nothing, as false does),
    /// `x = value` alone.
    mutating func compare(
        _ op: ComparisonOperator, _ left: inout Lowered, _ right: inout Lowered, neverNil: (left: Bool, right: Bool) = (false, false),
        isFilterTerm: Bool = false
    ) -> Lowered {
        let mayTrap = left.mayTrap || right.mayTrap
        if (op == .equal || op == .notEqual) && (left.isOptional || right.isOptional) {
            // A trap would read as nil: keep it a trap. (Its test reads the operands: made first,
            // so that they can then be moved into the comparison instead of copied.)
            let trap = anyOf(trapTest(of: left), trapTest(of: right))
            if !dialect.indexesNullSafeEquality, op == .equal, trap == nil, neverNil.left || neverNil.right {
                if isFilterTerm, !mayTrap { return Lowered(left.takeOperand() + " = " + right.takeOperand(), mayTrap: false).with(.comparison) }
                let optional = neverNil.right ? left.operand(inside: .comparison) : right.operand(inside: .comparison)
                let equality = left.takeOperand() + " = " + right.takeOperand() + " AND " + optional + " IS NOT NULL"
                return Lowered(equality, mayTrap: mayTrap).with(.and)
            }
            // Swift: nil == nil, nil != value. `IS` keeps it two-valued.
            let equality = dialect.nullSafeEqual(left.takeOperand(), right.takeOperand(), negated: op == .notEqual)
            guard let trap else { return Lowered(equality, mayTrap: mayTrap).with(.comparison) }
            return Lowered("CASE WHEN " + trap + " THEN NULL ELSE " + equality + " END", mayTrap: true, isAtomic: true)
        }
        return Lowered(left.takeOperand() + Self.sqlSymbol(op) + right.takeOperand(), mayTrap: mayTrap).with(.comparison)
    }

    /// `x == nil` / `x != nil` (either side `nil`): `x IS NULL` / `x IS NOT NULL` (the dialect's
    /// null-safe equality with `NULL`) on the value's own SQL. A string is not normalized first as
    /// other comparisons do: `sift_nfc(x)` is NULL exactly when `x` is, and the bare column keeps
    /// its index. A trap still reads as a trap, not as nil. nil when neither side is `nil`.
    mutating func nilComparison(_ op: ComparisonOperator, _ lhs: TypedExpr, _ rhs: TypedExpr) -> Lowered? {
        let other: TypedExpr
        if case .constant(.null) = tree[rhs] {
            other = lhs
        } else if case .constant(.null) = tree[lhs] {
            other = rhs
        } else {
            return nil
        }
        var value: Lowered
        if case .attribute(let base, let attribute) = tree[other] {
            value = lowerAttribute(of: base, attribute, textFacts: false)  // NULL whatever its text's form
        } else {
            value = lowerValue(other)
        }
        let trap = trapTest(of: value)
        // In Sift's dialect what `nullSafeEqual` writes with `NULL`, without a fragment for it;
        // another dialect writes its own.
        let sql =
            writesInPlace
            ? value.takeOperand() + (op == .equal ? " IS NULL" : " IS NOT NULL")
            : dialect.nullSafeEqual(value.takeOperand(), SQLFragment("NULL"), negated: op == .notEqual)
        let test = Lowered(sql, mayTrap: value.mayTrap).with(.comparison)
        guard let trap else { return test }
        return Lowered("CASE WHEN " + trap + " THEN NULL ELSE " + test.sql + " END", mayTrap: true, isAtomic: true)
    }

    /// The SQL operator of a comparison, with its spaces (a literal each: no string is built).
    static func sqlSymbol(_ op: ComparisonOperator) -> StaticString {
        switch op {
        case .equal: " = "
        case .notEqual: " <> "
        case .less: " < "
        case .lessEqual: " <= "
        case .greater: " > "
        case .greaterEqual: " >= "
        }
    }

    /// The SQL operator of an arithmetic operation, with its spaces.
    static func sqlSymbol(_ op: ArithmeticOperator) -> StaticString {
        switch op {
        case .add: " + "
        case .subtract: " - "
        case .multiply: " * "
        case .divide: " / "
        case .remainder: " % "
        }
    }

    /// Whether an operand of `==` is one of the shapes ``coalescedEquality(_:_:_:)`` and
    /// ``chainedTestEquality(_:_:_:)`` rewrite: its case tested without copying its parts, which
    /// those functions' patterns do, for every plain comparison.
    mutating func mayBeRewritten(_ operand: TypedExpr) -> Bool {
        switch tree[operand] {
        case .nilCoalescing, .optionalMap: true
        default: false
        }
    }

    /// `(a ?? c) == v` with constants `c` and `v` is `a == v`, or `a == v || a == nil` when
    /// `c == v` (decided here, with Swift's `==`); `!=` is its negation. The optional stays bare
    /// (a column keeps its index) instead of disappearing into `coalesce`. nil when it does not apply.
    mutating func coalescedEquality(_ op: ComparisonOperator, _ coalesced: TypedExpr, _ other: TypedExpr) -> TypedExpr? {
        guard case .nilCoalescing(let optional, let fallback) = tree[coalesced], case .constant(let defaultValue) = tree[fallback],
            case .constant(let value) = tree[other], optional.type.isOptional, fallback.type == other.type, !other.type.isOptional,
            let same = Self.equalConstants(defaultValue, value)
        else { return nil }
        let range = coalesced.range
        let promoted = tree.make(.injectOptional(other), optional.type, at: other.range)
        var result = tree.make(.comparison(.equal, optional, promoted), .bool, at: range)
        if same {
            let isNil = tree.make(.comparison(.equal, optional, tree.make(.constant(.null), optional.type, at: range)), .bool, at: range)
            result = tree.make(.logical([result, isNil], .or), .bool, at: range)
        }
        return op == .notEqual ? tree.make(.not(result), .bool, at: range) : result
    }

    /// `o?.test == true` is `if let v = o { test } else { false }` (and `== false`, `!= true`,
    /// `!= false` likewise), which lowers to `o IS NOT NULL AND test`: the planner sees the test's
    /// terms (an index range for `hasPrefix`) instead of a `CASE`. nil when it does not apply.
    mutating func chainedTestEquality(_ op: ComparisonOperator, _ chained: TypedExpr, _ other: TypedExpr) -> TypedExpr? {
        // The constant first: it rules out most comparisons without copying the chain's parts.
        var constant = other
        if case .injectOptional(let inner) = tree[other] { constant = inner }  // `true` promoted to `Bool?`
        guard case .constant(.bool(let value)) = tree[constant],
            case .optionalMap(let source, let variable, let body) = tree[chained], body.type.isBool || body.type == .optional(.bool)
        else { return nil }
        let range = chained.range
        let positive = value == (op == .equal)  // `== true` / `!= false`: the test itself
        let then: TypedExpr
        if body.type.isBool {
            then = positive ? body : tree.make(.not(body), .bool, at: body.range)
        } else {
            // `a?.b?.test == true`: the comparison moves inside, where the rule applies again.
            then = tree.make(.comparison(op, body, other), .bool, at: range)
        }
        let otherwise = tree.make(.constant(.bool(op == .notEqual)), .bool, at: range)  // nil == true is false
        return tree.make(.ifLet(source: source, variable: variable, then: then, otherwise: otherwise), .bool, at: range)
    }

    /// Whether two constants of the same type are equal as Swift's `==` says; nil for kinds this
    /// does not decide.
    static func equalConstants(_ left: Constant, _ right: Constant) -> Bool? {
        switch (left, right) {
        case (.string(let a), .string(let b)): a == b  // canonical equivalence
        case (.int(let a), .int(let b)): a == b
        case (.uint(let a), .uint(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.enumCase(let enumA, let caseA, _), .enumCase(let enumB, let caseB, _)): enumA == enumB && caseA == caseB
        default: nil
        }
    }

    mutating func boolEquality(_ expr: TypedExpr, _ positive: Bool) -> Lowered {
        let condition = lowerCondition(expr)
        if let constant = condition.boolConstant { return constantBool(constant == positive) }
        return positive ? condition : Lowered("NOT " + condition.operand(inside: .not), mayTrap: condition.mayTrap).with(.not)
    }

    /// Whether an expression reads a column whose storage the other side should adopt.
    mutating func isColumnLike(_ expr: TypedExpr) -> Bool {
        if case .attribute = tree[expr] { return true }
        return staticStorage(expr) != nil
    }

    /// The storage of the date or UUID column an expression's value comes from, found from the
    /// typed tree alone (through optionals, `??`, branches and variables bound by `if let` and
    /// optional chaining), so it is known before either side of a comparison is lowered.
    mutating func staticStorage(_ expr: TypedExpr) -> Storage? {
        switch tree[expr] {
        case .attribute(_, let attribute):
            switch attribute.type {
            case .date, .uuid: return attribute.storage
            default: return nil
            }
        case .variable(let id):
            // A variable bound by `if let` or an optional chain being lowered holds its source's value.
            if case .value(let bound)? = variables[id], let storage = bound.storage { return storage }
            guard let source = variableSources[id] else { return nil }
            return staticStorage(source)
        case .injectOptional(let inner):
            return staticStorage(inner)
        case .optionalMap(let source, let variable, let body):
            variableSources[variable] = source
            return staticStorage(body)
        case .ifLet(let source, let variable, let then, let otherwise):
            variableSources[variable] = source
            return staticStorage(then) ?? staticStorage(otherwise)
        case .nilCoalescing(let lhs, let rhs):
            return staticStorage(lhs) ?? staticStorage(rhs)
        case .conditional(_, let then, let otherwise):
            return staticStorage(then) ?? staticStorage(otherwise)
        case .first(let sequence), .extremum(_, let sequence):
            if case .arrayLiteral(let elements) = tree[sequence] {
                for element in elements { if let storage = staticStorage(element) { return storage } }
            }
            return nil
        default:
            return nil
        }
    }

    /// `column == value` on a column known to hold each text in NFC or NFD: the bare column against
    /// both forms of the bound value, `column IN (?nfc, ?nfd)` (`NOT IN` for `!=`), so its index
    /// applies. Exact: a text in NFC is canonically equivalent to the value exactly when it is
    /// the value's NFC, and likewise for NFD. nil when it does not apply.
    /// The operands' SQL is moved into the result (written in place: appending to a copy of the
    /// column's SQL would copy its buffer), and left as it was when nil.
    mutating func bothFormsEquality(_ op: ComparisonOperator, _ left: inout Lowered, _ right: inout Lowered) -> Lowered? {
        guard op == .equal || op == .notEqual, !left.isOptional, !right.isOptional else { return nil }
        let columnIsLeft = left.column != nil
        guard let reference = columnIsLeft ? left.column : right.column, isNFCOrNFD(reference),
            let forms = bothFormSlots(columnIsLeft ? right : left)
        else { return nil }
        var sql = SQLFragment()
        var value = SQLFragment()
        if columnIsLeft {
            swap(&sql, &left.sql)
            swap(&value, &right.sql)
        } else {
            swap(&sql, &right.sql)
            swap(&value, &left.sql)
        }
        guard let decomposed = forms.decomposed else {
            sql += op == .notEqual ? " <> " : " = "
            sql += value
            return Lowered(sql).with(.comparison)
        }
        sql += op == .notEqual ? " NOT IN (" : " IN ("
        sql += value
        sql += ", "
        sql.appendBinding(decomposed)
        sql += ")"
        return Lowered(sql).with(.comparison)
    }

    /// Whether a column is known to hold each text in NFC or NFD but not known to be NFC only;
    /// records the column as a candidate for facts, and the assumption when it holds.
    mutating func isNFCOrNFD(_ column: ColumnReference) -> Bool {
        guard knownForm(of: column) == .nfcOrNFD else { return false }
        textColumns.assume(.nfcOrNFD, for: column)
        return true
    }

    /// A bound string's NFC form (its own binding, as it is bound) and its NFD form when that
    /// differs by bytes; nil when the value is not a single constant or plain parameter.
    mutating func bothFormSlots(_ value: Lowered) -> (composed: BindingSlot, decomposed: BindingSlot?)? {
        guard let slot = value.sql.singleBinding else { return nil }
        switch slot {
        case .constant(.text(let text)):
            let decomposed = text.decomposedForSift
            // Bytes, not `==`: Swift's `==` would find the two forms equal.
            if decomposed.hasSameUTF8(as: text) { return (slot, nil) }
            return (slot, .constant(.text(decomposed)))
        case .parameter(let name, .plain):
            // Portable SQL binds each parameter as the caller gives it (in NFC), never a form Sift computes.
            if portable { return nil }
            return (slot, .parameter(name: name, encoding: .decomposed))
        default:
            return nil
        }
    }

    /// A string operand in NFC: constants and parameters are bound in NFC already; a column known
    /// to hold NFC text stays bare (keeping its index); anything else goes through `sift_nfc`.
    mutating func normalizedString(_ value: consuming Lowered, at range: SourceRange) -> Lowered {
        if value.sql.isSingleBinding { return value }
        if value.sql.isNullLiteral { return value }
        if let column = value.column {
            if knownForm(of: column) == .nfc {
                textColumns.assume(.nfc, for: column)
                return value
            }
        }
        if portable {
            if isPortableText(value, atLeast: .nfc) { return value }
            refuse("comparing this text", Self.notNFC, at: range)
        }
        let sql = siftCall(.nfc, value.sql)
        var normalized = value
        normalized.sql = sql
        normalized.isAtomic = true
        normalized.column = nil
        return normalized
    }
}

extension SQLFragment {
    /// Appends `CASE value WHEN raw THEN rank ... END`: the rank of an enum value's raw value in
    /// `order` (Swift's order of the enum), every raw value and rank bound; NULL for nil, which
    /// sorts before every rank as Swift sorts nil first.
    mutating func appendEnumRank(of value: SQLFragment, order: [EnumType.RawValue]) {
        self += "CASE "
        self += value
        for (rank, rawValue) in order.enumerated() {
            self += " WHEN "
            switch rawValue {
            case .int(let number): appendBinding(.constant(.integer(number)))
            case .string(let text): appendBinding(.constant(.text(text)))
            }
            self += " THEN "
            appendBinding(.constant(.integer(Int64(rank))))
        }
        self += " END"
    }

    /// Appends `CASE rank WHEN 0 THEN raw ... END`, the inverse of ``appendEnumRank(of:order:)``:
    /// the raw value whose rank in `order` is `rank`, every rank and raw value bound; NULL for nil.
    mutating func appendEnumRawValue(ofRank rank: SQLFragment, order: [EnumType.RawValue]) {
        self += "CASE "
        self += rank
        for (rank, rawValue) in order.enumerated() {
            self += " WHEN "
            appendBinding(.constant(.integer(Int64(rank))))
            self += " THEN "
            switch rawValue {
            case .int(let number): appendBinding(.constant(.integer(number)))
            case .string(let text): appendBinding(.constant(.text(text)))
            }
        }
        self += " END"
    }
}
