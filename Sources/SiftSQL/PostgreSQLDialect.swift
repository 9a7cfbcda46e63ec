import SiftChecker
import SiftSchema

/// PostgreSQL 15 and later, in a UTF8 database, with Swift's meaning (docs/POSTGRESQL.md).
///
/// - `$1`-style placeholders, each typed where the server could not infer it (`$1::bigint`): the
///   runtime may bind every value as text of unspecified type.
/// - Booleans are PostgreSQL's own (`TRUE`, `FALSE`, a `boolean` column); nil-safe equality is
///   `IS [NOT] DISTINCT FROM`.
/// - Canonical equivalence is `normalize(x, NFC)`; Swift's `<` on strings is the comparison of NFC
///   texts under `COLLATE "C"` (code-point order, whatever the database's collation).
/// - `Int` arithmetic is written so that it cannot raise: the operation is computed only when its
///   result fits (tested in `numeric`), NULL otherwise, which is Sift's trap (the row is not
///   selected) — PostgreSQL's own overflow or division by zero would fail the whole statement.
/// - What has no exact built-in form (grapheme-aware `contains`, Foundation's localized
///   operations, floating-point operations that must give infinity instead of an error) calls
///   Sift's functions in the schema `sift`, installed by ``PostgreSQLFunctions/installScript``.
public struct PostgreSQLDialect: SQLDialect {
    /// PostgreSQL's dialect (it has no settings).
    public init() {}

    public func quote(identifier: String) -> String { SQLiteDialect().quote(identifier: identifier) }

    public func placeholder(_ position: Int) -> String { "$\(position)" }

    public func placeholder(_ position: Int, binding: BindingSlot, parameterType: SiftType?) -> String {
        guard let type = Self.sqlType(of: binding, parameterType: parameterType) else { return "$\(position)" }
        return "$\(position)::" + type
    }

    /// The PostgreSQL type a binding's value is bound as; nil where its context decides (NULL, an
    /// enum's raw value).
    static func sqlType(of binding: BindingSlot, parameterType: SiftType?) -> String? {
        switch binding {
        case .constant(let value):
            switch value {
            case .null: return nil
            case .integer: return "bigint"
            case .real: return "float8"
            case .text: return "text"
            case .blob: return "bytea"
            }
        case .parameter(_, let encoding):
            switch encoding {
            case .date(let storage): return storage == .timestamp ? "timestamptz" : storage == .dateISO8601 ? "text" : "float8"
            case .timestampAtLeast, .timestampAtMost: return "timestamptz"
            case .uuid(let storage): return storage == .uuidNative ? "uuid" : storage == .uuidBlob ? "bytea" : "text"
            case .prefixUpperBound, .decomposed, .decomposedPrefixUpperBound, .plainPrefixUpperBound: return "text"
            case .count: return "bigint"
            case .jsonArray: return "jsonb"
            case .plain, .verbatimText: return parameterType.flatMap { sqlType(of: $0) }
            }
        }
    }

    /// The PostgreSQL type of a Swift value bound plainly; nil where its context decides.
    static func sqlType(of type: SiftType) -> String? {
        switch type.unwrapped.kind {
        case .bool: "boolean"
        case .integer: "bigint"
        case .double, .float: "float8"
        case .string, .url: "text"
        case .data: "bytea"
        case .uuid: "text"
        default: nil
        }
    }

    public func nullSafeEqual(_ lhs: consuming SQLFragment, _ rhs: SQLFragment, negated: Bool) -> SQLFragment {
        // With NULL, the test the planner knows (`IS DISTINCT FROM NULL` is not simplified).
        if rhs == Self.null { return lhs + (negated ? " IS NOT NULL" : " IS NULL") }
        return lhs + (negated ? " IS DISTINCT FROM " : " IS NOT DISTINCT FROM ") + rhs
    }

    private static let null = SQLFragment("NULL")

    public func call(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment {
        let a = arguments.map(Self.operand)
        switch function {
        case .nfc: return "normalize(" + arguments[0] + ", NFC)"
        case .nfd: return "normalize(" + arguments[0] + ", NFD)"
        case .contains:
            // `strpos` of the NFC forms finds every text that can contain the needle, at C speed;
            // Sift's function then decides by characters.
            return "(strpos(normalize(" + a[0] + ", NFC), normalize(" + a[1] + ", NFC)) > 0 AND " + Self.containsCall(arguments) + ")"
        case .hasPrefix:
            return "(starts_with(normalize(" + a[0] + ", NFC), normalize(" + a[1] + ", NFC)) AND " + Self.siftCall(function, arguments) + ")"
        case .add, .subtract, .multiply:
            // Computed in `numeric` (exact, never raises) to test the range; then in `bigint`.
            let symbol: StaticString = function == .add ? " + " : function == .subtract ? " - " : " * "
            return "CASE WHEN CAST(" + a[0] + " AS numeric)" + symbol + "CAST(" + a[1] + " AS numeric) BETWEEN " + Self.int64Min + " AND "
                + Self.int64Max + " THEN " + a[0] + symbol + a[1] + " END"
        case .divide, .remainder:
            // Zero and `Int.min / -1` trap in Swift; PostgreSQL raises for both (or gives 0 for `%`).
            let symbol: StaticString = function == .divide ? " / " : " % "
            return "CASE WHEN " + a[1] + " <> 0 AND NOT (" + a[0] + " = " + Self.int64Min + " AND " + a[1] + " = -1) THEN " + a[0] + symbol
                + a[1] + " END"
        case .negate:
            return "CASE WHEN " + a[0] + " <> " + Self.int64Min + " THEN -" + a[0] + " END"
        case .fitInteger:
            guard case .constant(.integer(let bits))? = arguments[1].singleBinding else { return Self.siftCall(function, arguments) }
            let width = bits.magnitude
            if bits > 0 {
                guard width < 64 else { return arguments[0] }
                let limit = Int64(1) << (width - 1)
                return "CASE WHEN " + a[0] + " BETWEEN " + SQLFragment(String(-limit)) + " AND " + SQLFragment(String(limit - 1)) + " THEN "
                    + a[0] + " END"
            }
            let high = width >= 64 ? Self.int64Max : SQLFragment(String((Int64(1) << width) - 1))
            return "CASE WHEN " + a[0] + " BETWEEN 0 AND " + high + " THEN " + a[0] + " END"
        case .doubleToInt:
            // NaN is greater than every number in PostgreSQL: `< 2^63` leaves it out, as the infinities.
            return "CASE WHEN " + a[0] + " >= CAST(" + Self.int64Min + " AS float8) AND " + a[0]
                + " < CAST(9223372036854775808 AS float8) THEN CAST(trunc(" + arguments[0] + ") AS bigint) END"
        case .negateReal:
            return "-" + a[0]
        case .compareReal:
            // PostgreSQL orders NaN above every number and equal to itself; Swift finds it unordered.
            return "CASE WHEN " + a[0] + " IS NULL OR " + a[1] + " IS NULL THEN NULL WHEN " + a[0] + " = 'NaN'::float8 OR " + a[1]
                + " = 'NaN'::float8 THEN 2 WHEN " + a[0] + " < " + a[1] + " THEN -1 WHEN " + a[0] + " = " + a[1] + " THEN 0 ELSE 1 END"
        default:
            return Self.siftCall(function, arguments)
        }
    }

    /// A function's argument as an operand: a column or a bound value as it is, anything else
    /// parenthesized.
    static func operand(_ argument: SQLFragment) -> SQLFragment {
        var simple = true
        var bindings = 0
        argument.forEachPart(
            text: { text in if !(text.count == 1 && text[0] == UInt8(ascii: ".")) { simple = false } },
            identifier: { _ in }, binding: { _ in bindings += 1 }, newline: { _ in simple = false })
        return simple && bindings <= 1 ? argument : argument.parenthesized
    }

    /// `-9223372036854775808` as a `bigint` expression (the literal itself would be read as
    /// `numeric` and negated).
    static var int64Min: SQLFragment { SQLFragment("(-9223372036854775807 - 1)") }
    static var int64Max: SQLFragment { SQLFragment("9223372036854775807") }

    /// `sift.name(a, b, ...)`: one of Sift's functions installed in the schema `sift`.
    /// No index serves `IS NOT DISTINCT FROM`.
    public var indexesNullSafeEquality: Bool { false }
    /// `strpos`.
    public var substringPositionFunction: String { "strpos" }
    /// `JOIN` needs `ON`.
    public var joinsWithoutCondition: Bool { false }
    /// Only grouped columns, and those of a table whose primary key is grouped.
    public var selectsOnlyGroupedColumns: Bool { true }

    /// Sift's function alone: the lowering's candidates (an index range, `strpos` of the bytes)
    /// come first, so the NFC forms' `strpos`/`starts_with` would only add work per candidate.
    public func exactStringTest(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment {
        function == .contains ? Self.containsCall(arguments) : Self.siftCall(function, arguments)
    }

    /// `sift.contains(h, n)` for a needle bound once (a constant or a parameter): the planner
    /// folds its pattern into a constant. A needle read from each row (a column, an expression)
    /// calls `sift.contains_each_row`, whose shortcut compiles no pattern per row.
    static func containsCall(_ arguments: [SQLFragment]) -> SQLFragment {
        guard arguments.count == 2, arguments[1].singleBinding == nil else { return siftCall(.contains, arguments) }
        return SQLFragment(PostgreSQLFunctions.schema + ".contains_each_row(") + arguments[0] + ", " + arguments[1] + ")"
    }

    /// `(h COLLATE "C" >= p AND h COLLATE "C" < bound OR sift.has_prefix_by_clusters(h, p))`: the
    /// candidates that start with the prefix's code points followed by nothing or a code point
    /// below U+0300 (most of them) are decided by two comparisons of bytes, in code-point order
    /// whatever the column's collation; the others compute the clusters. Both comparisons are
    /// written, so the shortcut does not depend on which range (NFC or NFD) found the candidate.
    /// Where the comparisons fail, so would the shortcut inlined in `sift.has_prefix` (the same
    /// test), which is therefore not written: the planner then charges one call, not its `CASE`.
    public func exactPrefixTest(haystack: SQLFragment, prefix: SQLFragment, plainUpperBound: SQLFragment) -> SQLFragment {
        let ordered = codePointOrder(haystack)
        return "(" + ordered + " >= " + prefix + " AND " + ordered + " < " + plainUpperBound + " OR "
            + SQLFragment(PostgreSQLFunctions.schema + ".has_prefix_by_clusters(") + haystack + ", " + prefix + "))"
    }

    /// `starts_with(h, p)`: bytes compared, whatever the (deterministic) collation.
    public func prefixBytesTest(haystack: SQLFragment, prefix: SQLFragment) -> SQLFragment? {
        "starts_with(" + haystack + ", " + prefix + ")"
    }

    /// `(h < bound OR p = '' OR p COLLATE "C" >= chr(1114111))`: no PostgreSQL text is above
    /// every text, so the prefixes without a bound (empty, or U+10FFFF only) pass by their own
    /// test; a prefix starting with U+10FFFF that has a bound passes too (more candidates, the
    /// exact test follows). A custom plan folds both tests of the bound value away, leaving the
    /// index condition `h < bound`.
    public func prefixRangeUpperTest(haystack: SQLFragment, upperBound: SQLFragment, prefix: SQLFragment) -> SQLFragment {
        "(" + haystack + " < " + upperBound + " OR " + prefix + " = '' OR " + codePointOrder(prefix) + " >= chr(1114111))"
    }

    static func siftCall(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment {
        SQLFragment(PostgreSQLFunctions.qualifiedName(of: function) + "(") + SQLFragment.joined(arguments, separator: ", ") + ")"
    }

    public func collate(_ value: SQLFragment, _ comparator: StringComparatorCollation) -> SQLFragment {
        value + " COLLATE " + SQLFragment.identifier(PostgreSQLFunctions.schema) + "." + SQLFragment.identifier(SiftCollation(comparator).postgreSQLName)
    }

    public func codePointOrder(_ value: SQLFragment) -> SQLFragment { value + " COLLATE \"C\"" }

    public var floatingPointOperatorsRaise: Bool { true }

    public func referenceSeconds(_ value: SQLFragment, storage: Storage) -> SQLFragment {
        switch storage {
        case .dateUnixSeconds: "(" + value + " - 978307200.0)"
        case .dateISO8601: call(.referenceSeconds, [value])
        // `extract` answers exact `numeric` seconds, which the cast rounds once to the nearest
        // `Double`: the `Date` Sift reads for the stored microsecond (TimestampMicroseconds).
        case .timestamp: "CAST(extract(epoch FROM " + value + ") - 978307200 AS float8)"
        default: value
        }
    }

    public func toReal(_ value: SQLFragment) -> SQLFragment { "CAST(" + value + " AS float8)" }

    public func jsonArrayElements(_ array: SQLFragment, alias: String) -> (from: SQLFragment, value: SQLFragment, order: SQLFragment) {
        jsonArrayElements(array, alias: alias, elementType: .error, encoding: .plain)
    }

    public func jsonArrayElements(
        _ array: SQLFragment, alias: String, elementType: SiftType, encoding: ValueEncoding
    ) -> (from: SQLFragment, value: SQLFragment, order: SQLFragment) {
        let from =
            "jsonb_array_elements_text(CAST(" + array + " AS jsonb)) WITH ORDINALITY AS " + SQLFragment.identifier(alias) + "("
            + SQLFragment.identifier("value") + ", " + SQLFragment.identifier("key") + ")"
        let text = SQLFragment.column(alias, "value")
        let value: SQLFragment
        switch encoding {
        case .date(.timestamp): value = "CAST(" + text + " AS timestamptz)"
        case .date(let storage): value = storage == .dateISO8601 ? text : "CAST(" + text + " AS float8)"
        case .uuid(.uuidNative): value = "CAST(" + text + " AS uuid)"
        case .uuid(let storage): value = storage == .uuidBlob ? "decode(" + text + ", 'hex')" : text
        default:
            switch elementType.unwrapped.kind {
            case .data: value = "decode(" + text + ", 'hex')"
            case .date: value = "CAST(" + text + " AS float8)"
            default: value = Self.sqlType(of: elementType).map { "CAST(" + text + " AS " + SQLFragment($0) + ")" } ?? text
            }
        }
        return (from, value, .column(alias, "key"))
    }

    public func limit(_ limit: SQLFragment?, offset: SQLFragment?) -> SQLFragment {
        switch (limit, offset) {
        case (let limit?, let offset?): "LIMIT " + limit + " OFFSET " + offset
        case (let limit?, nil): "LIMIT " + limit
        case (nil, let offset?): "OFFSET " + offset
        case (nil, nil): SQLFragment()
        }
    }

    public func checkedCount(_ count: SQLFragment) -> SQLFragment {
        // NULL (a trap) or a negative count becomes -1, which PostgreSQL refuses as a limit
        // (a NULL limit would mean no limit at all).
        "(SELECT CASE WHEN count_value >= 0 THEN count_value ELSE -1 END FROM (SELECT " + count + " AS count_value) AS count_table)"
    }

    public func failingOnTrap(_ value: SQLFragment, trap: SQLFragment?) -> SQLFragment {
        guard let trap else { return "sift.checked(" + value + ")" }
        return "sift.trap_if(" + trap + ", " + value + ")"
    }

    public func aggregate(
        _ function: AggregateFunction, distinct: Bool, argument: SQLFragment?, separator: SQLFragment?, resultType: SiftType
    ) -> SQLFragment {
        let distinct: SQLFragment = distinct ? SQLFragment("DISTINCT ") : SQLFragment()
        guard let argument else { return SQLFragment("count(*)") }
        switch function {
        case .count: return "count(" + distinct + argument + ")"
        // PostgreSQL sums `bigint` in `numeric`: back to `bigint`, an error beyond it as in SQLite.
        case .sum: return resultType.unwrapped.isInteger ? "CAST(sum(" + distinct + argument + ") AS bigint)" : "sum(" + distinct + argument + ")"
        case .average: return "CAST(avg(" + distinct + argument + ") AS float8)"
        case .min: return "min(" + distinct + argument + ")"
        case .max: return "max(" + distinct + argument + ")"
        case .groupConcat: return "string_agg(" + distinct + "CAST(" + argument + " AS text), " + (separator ?? SQLFragment("','")) + ")"
        case .jsonGroupArray: return "CAST(json_agg(" + distinct + argument + ") AS text)"
        // SQLite's `total`: a float8 sum, 0 for no rows.
        case .total: return "CAST(coalesce(sum(" + distinct + argument + "), 0) AS float8)"
        }
    }

    public func sortedGroupConcat(
        _ value: SQLFragment, separator: SQLFragment, distinct: Bool, key: SQLFragment, keyIsFloatingPoint: Bool, descending: Bool
    ) -> SQLFragment? {
        let order: SQLFragment = descending ? SQLFragment(" DESC") : SQLFragment()
        // Distinct strings sort by themselves. PostgreSQL's `string_agg(DISTINCT v ORDER BY v)` needs
        // the same text twice, which a constant in `v` (bound once per occurrence) is not: the
        // distinct values are sorted by a sub-select over the group's array of them instead.
        if distinct {
            return "array_to_string(ARRAY(SELECT DISTINCT " + SQLFragment.identifier("e") + "." + SQLFragment.identifier("v") + " COLLATE \"C\" FROM unnest(array_agg("
                + value + ")) AS " + SQLFragment.identifier("e") + "(" + SQLFragment.identifier("v") + ") ORDER BY 1" + order + "), " + separator + ")"
        }
        // Swift finds NaN unordered and `sorted_concat` takes it for nil; PostgreSQL sorts it last.
        let sortKey = keyIsFloatingPoint ? "NULLIF(" + key + ", 'NaN'::float8)" : Self.operand(key)
        let text = Self.operand(value)
        return "string_agg(CAST(" + value + " AS text), " + separator + " ORDER BY " + sortKey + (descending ? " DESC NULLS LAST" : " ASC NULLS FIRST")
            + ", normalize(" + text + ", NFC) COLLATE \"C\"" + order + ", " + text + " COLLATE \"C\"" + order + ")"
    }

    public func like(_ string: SQLFragment, _ pattern: SQLFragment) -> SQLFragment {
        // PostgreSQL's LIKE matches case and has `\` for an escape; `translate` folds ASCII letters only.
        let upper: StaticString = "'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
        return "translate(" + string + ", " + upper + " LIKE translate(" + pattern + ", " + upper + " ESCAPE ''"
    }

    public var sortsNullsLast: Bool { true }

    public var trueLiteral: String { "TRUE" }
    public var falseLiteral: String { "FALSE" }
}

extension SiftCollation {
    /// The collation's name in the schema `sift` of a PostgreSQL database.
    public var postgreSQLName: String { comparator == .localizedStandard ? "localized_standard" : "localized" }
}
