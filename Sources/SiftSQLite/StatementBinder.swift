import CSQLite
import Sift

/// Binds a compiled query's values straight into a statement as they are encoded (an
/// ``SQLValueSink``): no array of values, and UUID text bound from the stack.
struct StatementBinder: SQLValueSink {
    let statement: Statement

    mutating func put(_ value: SQLValue, at position: Int) throws {
        try check(value.bind(to: statement.pointer, at: Int32(position)))
    }

    mutating func putText(utf8: UnsafeBufferPointer<UInt8>, at position: Int) throws {
        try check(SQLValue.bindText(utf8, to: statement.pointer, at: Int32(position)))
    }

    private func check(_ resultCode: Int32) throws {
        if resultCode != SQLITE_OK { throw statement.handle.error(resultCode: resultCode, sql: statement.sql) }
    }
}
