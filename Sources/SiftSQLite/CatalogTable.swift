extension Catalog {
    /// A table or view of the catalog.
    public struct Table: Sendable, Hashable {
        /// What kind of schema object a `Table` is.
        public enum Kind: String, Sendable, Hashable {
            /// An ordinary table.
            case table
            /// A view (`CREATE VIEW`): it has columns but no keys or indexes.
            case view
            /// A virtual table (`CREATE VIRTUAL TABLE`, e.g. FTS5).
            case virtual
        }

        /// The name, unquoted (quote it with `SQLiteIdentifier.quote` when writing SQL).
        public var name: String
        /// Table, view or virtual table.
        public var kind: Kind
        /// Whether the table is `STRICT`.
        public var isStrict: Bool
        /// Whether the table is `WITHOUT ROWID`.
        public var withoutRowID: Bool
        /// The columns in declaration order, hidden and generated ones included.
        public var columns: [Column]
        /// The primary key's column names in key order; empty when the table has none (then the
        /// implicit rowid identifies rows).
        public var primaryKey: [String]
        /// The foreign keys, ordered by SQLite's id.
        public var foreignKeys: [ForeignKey]
        /// The indexes, sorted by name, including automatic ones for UNIQUE and PRIMARY KEY.
        public var indexes: [Index]
        /// The `CREATE` statement as stored in `sqlite_schema`.
        public var sql: String?

        /// Makes a table description.
        public init(
            name: String, kind: Kind = .table, isStrict: Bool = false, withoutRowID: Bool = false,
            columns: [Column] = [], primaryKey: [String] = [], foreignKeys: [ForeignKey] = [],
            indexes: [Index] = [], sql: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.isStrict = isStrict
            self.withoutRowID = withoutRowID
            self.columns = columns
            self.primaryKey = primaryKey
            self.foreignKeys = foreignKeys
            self.indexes = indexes
            self.sql = sql
        }

        /// Whether this is a view.
        public var isView: Bool { kind == .view }

        /// Whether rows have a rowid (ordinary tables not declared `WITHOUT ROWID`).
        public var hasRowID: Bool { kind == .table && !withoutRowID }

        /// The column called `name` (ASCII case ignored, as in SQLite).
        public func column(named name: String) -> Column? {
            columns.first { $0.name == name }
                ?? columns.first { Catalog.asciiLowercased($0.name) == Catalog.asciiLowercased(name) }
        }
    }
}
