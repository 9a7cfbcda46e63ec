extension Catalog {
    /// An index of a table (`pragma_index_list` and `pragma_index_xinfo`).
    public struct Index: Sendable, Hashable {
        /// Why the index exists.
        public enum Origin: String, Sendable, Hashable {
            /// `c`: created with `CREATE INDEX`.
            case createIndex = "c"
            /// `u`: made automatically for a `UNIQUE` constraint.
            case uniqueConstraint = "u"
            /// `pk`: made automatically for a `PRIMARY KEY`.
            case primaryKey = "pk"
        }

        /// A key column of an index.
        public struct Column: Sendable, Hashable {
            /// The table column's name; nil for an expression (`CREATE INDEX i ON t(lower(name))`).
            public var name: String?
            /// Whether the column is sorted `DESC`.
            public var isDescending: Bool
            /// The collation name, e.g. `BINARY` or `NOCASE`.
            public var collation: String

            /// Makes an index column description.
            public init(name: String?, isDescending: Bool = false, collation: String = "BINARY") {
                self.name = name
                self.isDescending = isDescending
                self.collation = collation
            }
        }

        /// The index name (automatic ones are called `sqlite_autoindex_TABLE_N`).
        public var name: String
        /// Whether the index enforces uniqueness.
        public var isUnique: Bool
        /// `CREATE INDEX`, `UNIQUE` or `PRIMARY KEY`.
        public var origin: Origin
        /// Whether the index has a `WHERE` clause.
        public var isPartial: Bool
        /// The key columns in index order (not the rowid or primary-key columns appended to it).
        public var columns: [Column]

        /// Makes an index description.
        public init(name: String, isUnique: Bool, origin: Origin, isPartial: Bool = false, columns: [Column]) {
            self.name = name
            self.isUnique = isUnique
            self.origin = origin
            self.isPartial = isPartial
            self.columns = columns
        }
    }
}
