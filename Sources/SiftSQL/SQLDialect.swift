import SiftChecker
import SiftSchema

/// What differs between SQL databases, so the lowering stays independent of any one of them.
///
/// Everything the lowering writes that is not standard SQL goes through this protocol: quoting,
/// placeholders, null-safe equality, Sift's functions, collations, string order, date arithmetic,
/// JSON arrays and `LIMIT`. ``SQLiteDialect`` and ``PostgreSQLDialect`` implement it; the
/// requirements after ``falseLiteral`` have defaults that write what SQLite's dialect writes.
public protocol SQLDialect: Sendable {
    /// `"name"` with inner quotes doubled.
    func quote(identifier: String) -> String
    /// The placeholder of the binding at a 1-based position (`?1`).
    func placeholder(_ position: Int) -> String
    /// `a IS b` / `a IS NOT b`: equality where NULL equals NULL (Swift's `==` on optionals).
    /// The left side is consumed: written into in place, not copied first.
    func nullSafeEqual(_ lhs: consuming SQLFragment, _ rhs: SQLFragment, negated: Bool) -> SQLFragment
    /// A call of one of Sift's functions, which the runtime registers on each connection.
    func call(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment
    /// `ORDER BY` term with a string collation.
    func collate(_ value: SQLFragment, _ comparator: StringComparatorCollation) -> SQLFragment
    /// A date in `storage` converted to REAL seconds since 2001-01-01 — the value a Foundation
    /// `Date` holds — for comparing dates of different storages exactly as Swift does.
    func referenceSeconds(_ value: SQLFragment, storage: Storage) -> SQLFragment
    /// An integer converted to floating point.
    func toReal(_ value: SQLFragment) -> SQLFragment
    /// A table of the elements of a JSON array bound as text: the `FROM` item and its value and
    /// order columns.
    func jsonArrayElements(_ array: SQLFragment, alias: String) -> (from: SQLFragment, value: SQLFragment, order: SQLFragment)
    /// `LIMIT ... OFFSET ...`.
    func limit(_ limit: SQLFragment?, offset: SQLFragment?) -> SQLFragment
    /// The keyword for the Boolean constant `true`.
    var trueLiteral: String { get }
    /// The keyword for the Boolean constant `false`.
    var falseLiteral: String { get }

    /// The placeholder of a binding at a 1-based position, given what it binds and, for a named
    /// parameter, its Swift type: a dialect whose server infers a placeholder's type from its
    /// context may state it here (`$1::bigint`).
    func placeholder(_ position: Int, binding: BindingSlot, parameterType: SiftType?) -> String
    /// A text operand of `<`, `<=`, `>`, `>=` or a sort key, ordered by Unicode code points: Swift's
    /// order of strings in NFC. SQLite compares text by its UTF-8 bytes, which is that order.
    func codePointOrder(_ value: SQLFragment) -> SQLFragment
    /// Whether the database's own `+`, `-`, `*` on floating-point numbers raise an error where IEEE
    /// 754 gives an infinity or zero (overflow, underflow): then every `Double` operation goes
    /// through Sift's functions (``SiftFunction/addReal`` ...), which never raise.
    var floatingPointOperatorsRaise: Bool { get }
    /// ``jsonArrayElements(_:alias:)`` when the type of the elements matters: `elementType` is the
    /// Swift type of an element and `encoding` how each was encoded into the JSON text.
    func jsonArrayElements(
        _ array: SQLFragment, alias: String, elementType: SiftType, encoding: ValueEncoding
    ) -> (from: SQLFragment, value: SQLFragment, order: SQLFragment)
    /// `(SELECT ... WHERE count_value >= 0)`: a computed `LIMIT` or `OFFSET` count, kept only when it
    /// is not negative, and refused by the database otherwise (SQLite refuses a NULL limit).
    func checkedCount(_ count: SQLFragment) -> SQLFragment
    /// A selected value that fails the statement where Swift would trap computing it: when `trap`
    /// is nil, the value is NULL exactly when it trapped; otherwise `trap` is true exactly then.
    func failingOnTrap(_ value: SQLFragment, trap: SQLFragment?) -> SQLFragment
    /// `string LIKE pattern` with SQLite's meaning (StructuredQueries' `like`): `%` and `_`, ASCII
    /// letters matched without regard to case, no escape character.
    func like(_ string: SQLFragment, _ pattern: SQLFragment) -> SQLFragment
    /// An aggregate call over the selected rows, its argument lowered (nil for `count(*)`);
    /// `resultType` is the Swift type of the result.
    func aggregate(
        _ function: AggregateFunction, distinct: Bool, argument: SQLFragment?, separator: SQLFragment?, resultType: SiftType
    ) -> SQLFragment
    /// Whether NULL sorts after every value in ascending order (PostgreSQL), where Swift sorts nil
    /// first: then a sort key that may be nil says `NULLS FIRST` (`NULLS LAST` descending).
    var sortsNullsLast: Bool { get }
    /// `groupConcat(x, separator:, sortedBy:, order:)` as the dialect's own ordered aggregate, or nil
    /// where it has none (then Sift's `sorted_concat` sorts `[key, text]` pairs). `value` is the
    /// lowered string (in NFC and code-point order when `distinct`, and then the key too); `key` the
    /// sort key (a string in NFC and code-point order, a number, or an instant); nil sorts first,
    /// ties by the texts in Swift's order, then by their bytes; `descending` reverses all of it.
    func sortedGroupConcat(
        _ value: SQLFragment, separator: SQLFragment, distinct: Bool, key: SQLFragment, keyIsFloatingPoint: Bool, descending: Bool
    ) -> SQLFragment?
    /// The exact test of `contains`, `hasPrefix` or `hasSuffix` after candidates the lowering found
    /// itself (an index range, the needle's bytes): ``call(_:_:)`` without candidates of its own.
    func exactStringTest(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment
    /// The exact test of `hasPrefix` after the index range of the prefix's NFC form, given the
    /// exclusive upper bound of the texts it holds at once (``ValueEncoding/plainPrefixUpperBound``):
    /// a dialect may decide those by comparing, without calling the exact test.
    func exactPrefixTest(haystack: SQLFragment, prefix: SQLFragment, plainUpperBound: SQLFragment) -> SQLFragment
    /// The upper end of a parameter prefix's index range, `haystack < upperBound`, where the
    /// bound of a prefix with none (the empty prefix, a prefix of U+10FFFF only) is a BLOB above
    /// every text (``prefixUpperBound(_:)``); a dialect whose texts compare with no BLOB also
    /// lets those prefixes through.
    func prefixRangeUpperTest(haystack: SQLFragment, upperBound: SQLFragment, prefix: SQLFragment) -> SQLFragment
    /// A test that `haystack` starts with the bytes of `prefix` (PostgreSQL's `starts_with`), or
    /// nil where the dialect has none: `hasPrefix`'s candidates on a column no index leads
    /// (``SQLLowering/Facts/unindexedColumns``), in place of the prefix's range.
    func prefixBytesTest(haystack: SQLFragment, prefix: SQLFragment) -> SQLFragment?
    /// Whether an index serves the null-safe equality (SQLite's `IS`); where not (PostgreSQL's
    /// `IS NOT DISTINCT FROM`), `==` with a value never nil is written `x = v AND x IS NOT NULL`,
    /// or `x = v` alone as a term of a filter, where NULL selects nothing as false does.
    var indexesNullSafeEquality: Bool { get }
    /// The function giving the 1-based position of a text in another, 0 when absent (`instr`).
    var substringPositionFunction: String { get }
    /// Whether a `JOIN` may go without `ON` (SQLite reads it as a cross join); where not, `CROSS JOIN`.
    var joinsWithoutCondition: Bool { get }
    /// Whether a grouped query may select only grouped columns and the columns of a table whose
    /// primary key is grouped (PostgreSQL); SQLite takes any column.
    var selectsOnlyGroupedColumns: Bool { get }
}

extension SQLDialect {
    /// SQLite's: `IS` is served by an index.
    public var indexesNullSafeEquality: Bool { true }
    /// SQLite's `instr`.
    public var substringPositionFunction: String { "instr" }
    /// SQLite's: a `JOIN` without `ON` is a cross join.
    public var joinsWithoutCondition: Bool { true }
    /// SQLite's: any column may be selected.
    public var selectsOnlyGroupedColumns: Bool { false }
    /// ``call(_:_:)``: a dialect whose calls add no candidates of their own.
    public func exactStringTest(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment { call(function, arguments) }
    /// ``exactStringTest(_:_:)`` of `hasPrefix`, the bound unused.
    public func exactPrefixTest(haystack: SQLFragment, prefix: SQLFragment, plainUpperBound: SQLFragment) -> SQLFragment {
        exactStringTest(.hasPrefix, [haystack, prefix])
    }
    /// None: SQLite compares a range of bytes as fast as it tests them.
    public func prefixBytesTest(haystack: SQLFragment, prefix: SQLFragment) -> SQLFragment? { nil }
    /// SQLite's: a BLOB is above every text.
    public func prefixRangeUpperTest(haystack: SQLFragment, upperBound: SQLFragment, prefix: SQLFragment) -> SQLFragment {
        haystack + " < " + upperBound
    }
    /// SQLite's: ``placeholder(_:)``, whatever the binding.
    public func placeholder(_ position: Int, binding: BindingSlot, parameterType: SiftType?) -> String { placeholder(position) }
    /// SQLite's: the value as it is (text compares by UTF-8 bytes).
    public func codePointOrder(_ value: SQLFragment) -> SQLFragment { value }
    /// SQLite's: IEEE 754 results, never an error.
    public var floatingPointOperatorsRaise: Bool { false }
    /// SQLite's: ``jsonArrayElements(_:alias:)``.
    public func jsonArrayElements(
        _ array: SQLFragment, alias: String, elementType: SiftType, encoding: ValueEncoding
    ) -> (from: SQLFragment, value: SQLFragment, order: SQLFragment) {
        jsonArrayElements(array, alias: alias)
    }
    /// SQLite's: Sift's registered `sift_trap()`, which raises an error.
    public func failingOnTrap(_ value: SQLFragment, trap: SQLFragment?) -> SQLFragment {
        guard let trap else { return "coalesce(" + value + ", " + SQLFragment(siftTrapFunctionName) + "())" }
        return "CASE WHEN " + trap + " THEN " + SQLFragment(siftTrapFunctionName) + "() ELSE " + value + " END"
    }
    /// SQLite's: NULL sorts first, as Swift sorts nil.
    public var sortsNullsLast: Bool { false }
    /// SQLite's: none before 3.44 (Sift's `sorted_concat` sorts the pairs).
    public func sortedGroupConcat(
        _ value: SQLFragment, separator: SQLFragment, distinct: Bool, key: SQLFragment, keyIsFloatingPoint: Bool, descending: Bool
    ) -> SQLFragment? { nil }
    /// SQLite's own `LIKE`.
    public func like(_ string: SQLFragment, _ pattern: SQLFragment) -> SQLFragment { string + " LIKE " + pattern }
    /// SQLite's names: `count`, `sum`, `avg`, `min`, `max`, `group_concat`, `json_group_array`.
    public func aggregate(
        _ function: AggregateFunction, distinct: Bool, argument: SQLFragment?, separator: SQLFragment?, resultType: SiftType
    ) -> SQLFragment {
        let distinct: SQLFragment = distinct ? SQLFragment("DISTINCT ") : SQLFragment()
        guard let argument else { return SQLFragment("count(*)") }
        switch function {
        case .count: return "count(" + distinct + argument + ")"
        case .sum: return "sum(" + distinct + argument + ")"
        case .average: return "avg(" + distinct + argument + ")"
        case .min: return "min(" + distinct + argument + ")"
        case .max: return "max(" + distinct + argument + ")"
        case .groupConcat:
            var sql = "group_concat(" + distinct + argument
            if let separator { sql += ", " + separator }
            return sql + ")"
        case .jsonGroupArray: return "json_group_array(" + distinct + argument + ")"
        case .total: return "total(" + distinct + argument + ")"
        }
    }
    /// SQLite's: NULL for a negative count, which SQLite refuses as a limit.
    public func checkedCount(_ count: SQLFragment) -> SQLFragment {
        "(SELECT count_value FROM (SELECT " + count + " AS count_value) WHERE count_value >= 0)"
    }
}

/// The string orders a sort can use besides the default (Swift's `<`).
public enum StringComparatorCollation: String, Sendable, Hashable {
    /// Foundation's `localizedStandardCompare` order (Finder's).
    case localizedStandard
    /// Foundation's `localizedCompare` order.
    case localized
    /// Foundation's `caseInsensitiveCompare` order (a Core Data sort descriptor's selector).
    case caseInsensitive
}

/// SQLite 3.38 and later (JSON1 and `julianday` built in): Sift's own dialect, the default.
public struct SQLiteDialect: SQLDialect {
    /// SQLite's dialect (it has no settings).
    public init() {}

    /// Whether `dialect` is this one, so that code can be specialized for it: a dialect with no
    /// state of its own, so a value made here is the same as `dialect`. (Comparing the types
    /// costs a few instructions, `as?` of an existential a dynamic cast.)
    static func isDialect(of dialect: any SQLDialect) -> Bool {
        type(of: dialect) == SQLiteDialect.self
    }

    public func quote(identifier: String) -> String {
        if !identifier.utf8.contains(UInt8(ascii: "\"")) { return "\"" + identifier + "\"" }
        var quoted = "\""
        for scalar in identifier.unicodeScalars {
            if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }

    public func placeholder(_ position: Int) -> String { "?\(position)" }

    public func nullSafeEqual(_ lhs: consuming SQLFragment, _ rhs: SQLFragment, negated: Bool) -> SQLFragment {
        lhs + (negated ? " IS NOT " : " IS ") + rhs
    }

    public func call(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment {
        SQLFragment.siftCall(function, arguments)
    }

    public func collate(_ value: SQLFragment, _ comparator: StringComparatorCollation) -> SQLFragment {
        var collated = value
        collated.appendCollation(comparator)
        return collated
    }

    public func referenceSeconds(_ value: SQLFragment, storage: Storage) -> SQLFragment {
        switch storage {
        case .dateUnixSeconds: "(" + value + " - 978307200.0)"
        case .dateISO8601: call(.referenceSeconds, [value])
        default: value
        }
    }

    public func toReal(_ value: SQLFragment) -> SQLFragment { "CAST(" + value + " AS REAL)" }

    public func jsonArrayElements(_ array: SQLFragment, alias: String) -> (from: SQLFragment, value: SQLFragment, order: SQLFragment) {
        ("json_each(" + array + ") AS " + SQLFragment.identifier(alias), .column(alias, "value"), .column(alias, "key"))
    }

    public func limit(_ limit: SQLFragment?, offset: SQLFragment?) -> SQLFragment {
        switch (limit, offset) {
        case (let limit?, let offset?): "LIMIT " + limit + " OFFSET " + offset
        case (let limit?, nil): "LIMIT " + limit
        case (nil, let offset?): "LIMIT -1 OFFSET " + offset
        case (nil, nil): SQLFragment()
        }
    }

    public var trueLiteral: String { "TRUE" }
    public var falseLiteral: String { "FALSE" }
}
