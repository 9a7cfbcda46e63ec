extension Catalog {
    /// A foreign key (`pragma_foreign_key_list`): `fromColumns` of this table reference
    /// `toColumns` of `table`.
    public struct ForeignKey: Sendable, Hashable {
        /// What happens to referencing rows when the referenced row is deleted or updated.
        public enum Action: String, Sendable, Hashable {
            /// `NO ACTION` (the default).
            case noAction = "NO ACTION"
            /// `RESTRICT`.
            case restrict = "RESTRICT"
            /// `SET NULL`.
            case setNull = "SET NULL"
            /// `SET DEFAULT`.
            case setDefault = "SET DEFAULT"
            /// `CASCADE`.
            case cascade = "CASCADE"
        }

        /// SQLite's id for the constraint (one id per constraint, shared by its columns).
        public var id: Int
        /// The referencing columns of this table, in order.
        public var fromColumns: [String]
        /// The referenced table.
        public var table: String
        /// The referenced columns, in order. When the constraint names none (`REFERENCES parent`),
        /// these are the referenced table's primary key; empty if that cannot be resolved.
        public var toColumns: [String]
        /// The `ON DELETE` action.
        public var onDelete: Action
        /// The `ON UPDATE` action.
        public var onUpdate: Action

        /// Makes a foreign key description.
        public init(
            id: Int, fromColumns: [String], table: String, toColumns: [String],
            onDelete: Action = .noAction, onUpdate: Action = .noAction
        ) {
            self.id = id
            self.fromColumns = fromColumns
            self.table = table
            self.toColumns = toColumns
            self.onDelete = onDelete
            self.onUpdate = onUpdate
        }
    }
}
