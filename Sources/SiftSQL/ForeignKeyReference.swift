/// A column whose values refer to rows of another table (`users.companyID` → `companies.id`, or
/// a join table's column): a relationship's link, as a fact about the data may concern it.
public struct ForeignKeyReference: Sendable, Hashable, CustomStringConvertible {
    /// The table holding the referring column.
    public var table: String
    /// The referring column.
    public var column: String
    /// The referenced table.
    public var targetTable: String
    /// The referenced column.
    public var targetColumn: String
    /// A NULL key points at nothing too (a join table's link), instead of meaning "no target" (a
    /// to-one's foreign key, where NULL is nil).
    public var nullIsDangling: Bool

    /// `table.column` referring to `targetTable.targetColumn`.
    public init(table: String, column: String, targetTable: String, targetColumn: String, nullIsDangling: Bool = false) {
        self.table = table
        self.column = column
        self.targetTable = targetTable
        self.targetColumn = targetColumn
        self.nullIsDangling = nullIsDangling
    }

    public var description: String { "\(table).\(column) -> \(targetTable).\(targetColumn)" + (nullIsDangling ? " (NULL dangles)" : "") }
}
