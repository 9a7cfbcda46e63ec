import CSQLite
import Sift

/// One prepared SQL statement (`sqlite3_stmt`), finalized when released.
///
/// Not thread-safe: use it on the thread of the `Connection` that prepared it. The statement keeps
/// its database open, so it stays valid even if the `Connection` object is released first.
/// Parameters are positional and 1-based, as in SQLite: `?NNN` is parameter NNN.
public final class Statement {
    let handle: DatabaseHandle
    let pointer: OpaquePointer
    /// Time spent inside `sqlite3_step` since this statement last started, for the time limit.
    @exclusivity(unchecked) private var executionTime: Duration = .zero

    /// The SQL text of this statement, as prepared.
    public let sql: String

    init(handle: DatabaseHandle, pointer: OpaquePointer) {
        self.handle = handle
        self.pointer = pointer
        sql = sqlite3_sql(pointer).map { String(cString: $0) } ?? ""
    }

    deinit {
        sqlite3_finalize(pointer)
    }

    // MARK: Shape

    /// The number of parameters; with `?NNN` parameters, the largest NNN.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(pointer)) }

    /// The number of result columns (0 for statements that return no rows).
    public var columnCount: Int { Int(sqlite3_column_count(pointer)) }

    /// The names of the result columns (their `AS` names when given).
    public var columnNames: [String] {
        (0..<sqlite3_column_count(pointer)).map { column in
            sqlite3_column_name(pointer, column).map { String(cString: $0) } ?? ""
        }
    }

    /// The declared types of the result columns, as written in `CREATE TABLE`; nil for a column
    /// that is an expression rather than a table column.
    public var declaredTypes: [String?] {
        (0..<sqlite3_column_count(pointer)).map { column in
            sqlite3_column_decltype(pointer, column).map { String(cString: $0) }
        }
    }

    /// Whether the statement cannot change the database (`sqlite3_stmt_readonly`).
    public var isReadOnly: Bool { sqlite3_stmt_readonly(pointer) != 0 }

    /// Whether the statement has started and is neither finished nor reset (`sqlite3_stmt_busy`).
    public var isBusy: Bool { sqlite3_stmt_busy(pointer) != 0 }

    // MARK: Binding

    /// Resets the statement and binds `values` to parameters 1...n in order. The number of values
    /// must equal `parameterCount`.
    public func bind(_ values: [SQLValue]) throws {
        reset()
        // Every parameter is bound below: no need to clear the old values first.
        guard values.count == parameterCount else {
            throw SQLiteError(
                code: .range,
                message: "the statement has \(parameterCount) parameter(s) but \(values.count) value(s) were given",
                sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: offset + 1)
        }
    }

    /// Binds `value` to parameter `index` (1-based). The statement must not be running: call
    /// `reset()` first if it has been stepped.
    public func bind(_ value: SQLValue, at index: Int) throws {
        guard index >= 1, index <= parameterCount else {
            throw SQLiteError(
                code: .range,
                message: "parameter index \(index) is out of range 1...\(parameterCount)",
                sql: sql)
        }
        let resultCode = value.bind(to: pointer, at: Int32(index))
        if resultCode != SQLITE_OK {
            throw handle.error(resultCode: resultCode, sql: sql)
        }
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(pointer)
    }

    // MARK: Running

    /// Runs the statement to its next row: true when a row is available (read it with `value(at:)`
    /// or `row()`), false when the statement has finished. Stepping again after false starts over.
    public func step() throws -> Bool {
        let resultCode: Int32
        if sqlite3_stmt_busy(pointer) == 0 { executionTime = .zero }
        if let timeLimit = handle.timeLimit {
            let startedAt = ContinuousClock.now
            handle.deadline = startedAt + (timeLimit - executionTime)
            handle.timeLimitExceeded = false
            resultCode = sqlite3_step(pointer)
            executionTime += ContinuousClock.now - startedAt
            handle.deadline = nil
        } else {
            resultCode = sqlite3_step(pointer)
        }
        switch resultCode {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw handle.error(resultCode: resultCode, sql: sql)
        }
    }

    /// Column `column` (0-based) of the current row.
    public func value(at column: Int) -> SQLValue {
        precondition(column >= 0 && column < columnCount, "column \(column) out of range 0..<\(columnCount)")
        return SQLValue(column: Int32(column), of: pointer)
    }

    /// Every column of the current row.
    public func row() -> [SQLValue] {
        (0..<sqlite3_column_count(pointer)).map { SQLValue(column: $0, of: pointer) }
    }

    /// Rewinds the statement so it can run again; bindings are kept. Any error of the last run was
    /// already thrown by `step()`, so none is reported here.
    public func reset() {
        sqlite3_reset(pointer)
    }

    /// Binds `bindings`, runs the statement to completion and returns every row. The statement is
    /// reset afterwards, even on error, so it holds no lock.
    public func rows(bindings: [SQLValue] = []) throws -> [[SQLValue]] {
        try bind(bindings)
        defer { reset() }
        var rows: [[SQLValue]] = []
        while try step() { rows.append(row()) }
        return rows
    }

    /// Binds `bindings` and runs the statement to completion, ignoring any rows. The statement is
    /// reset afterwards.
    public func execute(bindings: [SQLValue] = []) throws {
        try bind(bindings)
        defer { reset() }
        while try step() {}
    }

    /// Binds `bindings` and returns a cursor that steps through the rows one at a time.
    public func cursor(bindings: [SQLValue] = []) throws -> RowCursor {
        try bind(bindings)
        return RowCursor(statement: self)
    }
}

@available(*, unavailable, message: "a Statement belongs to its connection's thread")
extension Statement: Sendable {}
