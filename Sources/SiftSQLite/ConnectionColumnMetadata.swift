import CSQLite

extension Connection {
    /// The collating sequence a table column is declared with (`BINARY` unless its definition says
    /// otherwise); nil when SQLite cannot tell (a view's column, an unknown table or column).
    public func declaredCollation(table: String, column: String) -> String? {
        var dataType: UnsafePointer<CChar>?
        var collation: UnsafePointer<CChar>?
        var notNull: Int32 = 0
        var primaryKey: Int32 = 0
        var autoIncrement: Int32 = 0
        let resultCode = sqlite3_table_column_metadata(
            handle.database, "main", table, column, &dataType, &collation, &notNull, &primaryKey, &autoIncrement)
        guard resultCode == SQLITE_OK, let collation else { return nil }
        return String(cString: collation)
    }
}
