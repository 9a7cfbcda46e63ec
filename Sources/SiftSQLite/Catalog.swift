/// The tables and views of a database's main schema, as SQLite describes them: the starting
/// point for turning an existing database into Sift models. Read it with `Connection.catalog()`.
public struct Catalog: Sendable, Hashable {
    /// Tables, virtual tables and views, sorted by name; SQLite's internal `sqlite_*` tables and
    /// virtual-table shadow tables are left out.
    public var tables: [Table]

    /// Makes a catalog.
    public init(tables: [Table]) { self.tables = tables }

    /// The table or view called `name`, matched exactly first and then, as SQLite does, ignoring
    /// ASCII case.
    public func table(named name: String) -> Table? {
        tables.first { $0.name == name }
            ?? tables.first { Self.asciiLowercased($0.name) == Self.asciiLowercased(name) }
    }

    /// `text` with ASCII letters lowercased, the way SQLite compares identifiers.
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
