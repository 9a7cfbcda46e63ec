import Sift

/// Why a database could not be loaded into a `Dataset`: names the table, the row (by key), the
/// column and the stored value. The loader never guesses: one undecodable value fails the load.
public struct DatasetLoadError: Error, Sendable, CustomStringConvertible {
    /// The table being loaded.
    public var table: String
    /// The row's primary key (or rowid), when the error is about one row.
    public var row: ObjectIdentity?
    /// The column, when the error is about one value.
    public var column: String?
    /// The stored value, as SQLite holds it.
    public var storedValue: SQLValue?
    /// What is wrong.
    public var reason: String

    /// An error about `table` (and a row, column and value of it).
    public init(table: String, row: ObjectIdentity? = nil, column: String? = nil, storedValue: SQLValue? = nil, reason: String) {
        self.table = table
        self.row = row
        self.column = column
        self.storedValue = storedValue
        self.reason = reason
    }

    /// `users row 7, column birth (value "yesterday"): ...`.
    public var description: String {
        var text = table
        if let row { text += " row \(row)" }
        if let column { text += ", column \(column)" }
        if let storedValue { text += " (value \(storedValue))" }
        return text + ": " + reason
    }
}
