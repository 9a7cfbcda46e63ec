import Sift

/// SQLite's dialect in a type of its own, so that the renderer takes its path for any dialect:
/// with brackets and `$N` placeholders, a way for a test to see which dialect wrote what; with
/// SQLite's quoting (`sqliteQuoting`), the general path writing what SQLite's own path writes.
/// With `distinctFrom`, its null-safe equality is standard SQL's `IS [NOT] DISTINCT FROM` instead
/// of SQLite's `IS [NOT]`.
public struct BracketDialect: SQLDialect {
    /// Whether null-safe equality is written `IS [NOT] DISTINCT FROM`.
    public var distinctFrom = false
    /// Whether identifiers and placeholders are written as SQLite's dialect writes them.
    public var sqliteQuoting = false
    let sqlite = SQLiteDialect()

    /// A dialect with brackets, `$N` placeholders and SQLite's `IS [NOT]`, unless told otherwise.
    public init(distinctFrom: Bool = false, sqliteQuoting: Bool = false) {
        self.distinctFrom = distinctFrom
        self.sqliteQuoting = sqliteQuoting
    }
    public func quote(identifier: String) -> String { sqliteQuoting ? sqlite.quote(identifier: identifier) : "[" + identifier + "]" }
    public func placeholder(_ position: Int) -> String { sqliteQuoting ? sqlite.placeholder(position) : "$\(position)" }
    public func nullSafeEqual(_ lhs: SQLFragment, _ rhs: SQLFragment, negated: Bool) -> SQLFragment {
        guard distinctFrom else { return sqlite.nullSafeEqual(lhs, rhs, negated: negated) }
        return lhs + (negated ? " IS DISTINCT FROM " : " IS NOT DISTINCT FROM ") + rhs
    }
    public func call(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment { sqlite.call(function, arguments) }
    public func collate(_ value: SQLFragment, _ comparator: StringComparatorCollation) -> SQLFragment { sqlite.collate(value, comparator) }
    public func referenceSeconds(_ value: SQLFragment, storage: Storage) -> SQLFragment { sqlite.referenceSeconds(value, storage: storage) }
    public func toReal(_ value: SQLFragment) -> SQLFragment { sqlite.toReal(value) }
    public func jsonArrayElements(_ array: SQLFragment, alias: String) -> (from: SQLFragment, value: SQLFragment, order: SQLFragment) {
        sqlite.jsonArrayElements(array, alias: alias)
    }
    public func limit(_ limit: SQLFragment?, offset: SQLFragment?) -> SQLFragment { sqlite.limit(limit, offset: offset) }
    public var trueLiteral: String { sqlite.trueLiteral }
    public var falseLiteral: String { sqlite.falseLiteral }
}
