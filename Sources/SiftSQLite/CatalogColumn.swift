extension Catalog {
    /// A column of a table or view (`pragma_table_xinfo`).
    public struct Column: Sendable, Hashable {
        /// Whether a column is stored, hidden or computed.
        public enum Generation: Int, Sendable, Hashable {
            /// An ordinary column.
            case none = 0
            /// A hidden column of a virtual table.
            case hidden = 1
            /// `GENERATED ALWAYS AS (...) VIRTUAL`: computed when read.
            case virtual = 2
            /// `GENERATED ALWAYS AS (...) STORED`: computed when written.
            case stored = 3
        }

        /// The name, unquoted.
        public var name: String
        /// The declared type as written (`INTEGER`, `VARCHAR(20)`, ...); empty when none was given.
        public var declaredType: String
        /// Whether the column is `NOT NULL`.
        public var notNull: Bool
        /// The default value's SQL text (`0`, `'x'`, `CURRENT_TIMESTAMP`), if any.
        public var defaultSQL: String?
        /// The 1-based position in the primary key, or nil when not part of it.
        public var primaryKeyPosition: Int?
        /// Ordinary, hidden or generated.
        public var generation: Generation

        /// Makes a column description.
        public init(
            name: String, declaredType: String = "", notNull: Bool = false, defaultSQL: String? = nil,
            primaryKeyPosition: Int? = nil, generation: Generation = .none
        ) {
            self.name = name
            self.declaredType = declaredType
            self.notNull = notNull
            self.defaultSQL = defaultSQL
            self.primaryKeyPosition = primaryKeyPosition
            self.generation = generation
        }

        /// Whether the column is generated (virtual or stored), so it cannot be written.
        public var isGenerated: Bool { generation == .virtual || generation == .stored }

        /// Whether the column is a hidden virtual-table column.
        public var isHidden: Bool { generation == .hidden }
    }
}
