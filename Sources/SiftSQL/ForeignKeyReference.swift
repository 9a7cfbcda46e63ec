/// A column whose values refer to rows of another table (`users.companyID` → `companies.id`, or
/// a join table's column): a relationship's link, as a fact about the data may concern it.
public struct ForeignKeyReference: Sendable, Hashable, CustomStringConvertible {
    public var table: String
    public var column: String
    public var targetTable: String
    public var targetColumn: String

    public init(table: String, column: String, targetTable: String, targetColumn: String) {
        self.table = table
        self.column = column
        self.targetTable = targetTable
        self.targetColumn = targetColumn
    }

    public var description: String { "\(table).\(column) -> \(targetTable).\(targetColumn)" }
}
