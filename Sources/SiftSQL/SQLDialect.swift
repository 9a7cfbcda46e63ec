import SiftSchema

/// What differs between SQL databases, so the lowering stays independent of any one of them.
///
/// SQLite is the only dialect today. Everything the lowering writes that is not standard SQL
/// goes through this protocol: quoting, placeholders, null-safe equality, Sift's registered
/// functions, collations, date arithmetic, JSON arrays and `LIMIT`.
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

/// SQLite 3.38 and later (JSON1 and `julianday` built in).
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
