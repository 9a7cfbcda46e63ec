import CSQLite
import Sift

/// Binds a compiled query's values straight into a statement as they are encoded (an
/// ``SQLValueSink``): no array of values, and UUID text bound from the stack.
struct StatementBinder: SQLValueSink {
    let statement: Statement

    mutating func put(_ value: SQLValue, at position: Int) throws {
        try check(SQLiteValue(value).bind(to: statement.pointer, at: Int32(position)))
    }

    mutating func putText(utf8: UnsafeBufferPointer<UInt8>, at position: Int) throws {
        // SQLITE_TRANSIENT: SQLite copies the bytes, which live only during this call. A nil
        // pointer would bind NULL, so empty text gets a real (empty) C string.
        let code =
            if let base = utf8.baseAddress, !utf8.isEmpty {
                base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { chars in
                    sqlite3_bind_text64(statement.pointer, Int32(position), chars, UInt64(utf8.count), sift_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            } else {
                sqlite3_bind_text(statement.pointer, Int32(position), "", 0, sift_sqlite_transient())
            }
        try check(code)
    }

    private func check(_ resultCode: Int32) throws {
        if resultCode != SQLITE_OK { throw statement.handle.error(resultCode: resultCode, sql: statement.sql) }
    }
}
