import CSQLite
import Foundation
import Sift
import SiftSQLite

/// A bare `sqlite3*` handle for what must not go through Sift: building the benchmark database
/// (prepared inserts in one transaction) and the raw cached-statement baseline of the cache-hit
/// figure. Errors throw `BenchError` with SQLite's message.
final class RawSQLite {
    let database: OpaquePointer

    init(path: String, readOnly: Bool) throws {
        var handle: OpaquePointer?
        let flags =
            (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_URI
            | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "code \(code)"
            sqlite3_close_v2(handle)
            throw BenchError(description: "cannot open \(path): \(message)")
        }
        database = handle
    }

    deinit { sqlite3_close_v2(database) }

    var errorMessage: String { String(cString: sqlite3_errmsg(database)) }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(database, sql, nil, nil, &message) != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? errorMessage
            sqlite3_free(message)
            throw BenchError(description: "SQLite: \(text)\nin: \(sql.prefix(300))")
        }
    }

    func prepare(_ sql: String) throws -> RawStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError(description: "SQLite cannot prepare: \(errorMessage)\nin: \(sql.prefix(300))")
        }
        return RawStatement(statement, owner: self)
    }
}

/// A prepared statement of a `RawSQLite`, finalized when released.
final class RawStatement {
    let pointer: OpaquePointer
    let owner: RawSQLite

    init(_ pointer: OpaquePointer, owner: RawSQLite) {
        self.pointer = pointer
        self.owner = owner
    }

    deinit { sqlite3_finalize(pointer) }

    func bind(_ value: SQLValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(pointer, index)
        case .integer(let v): sqlite3_bind_int64(pointer, index, v)
        case .real(let v): sqlite3_bind_double(pointer, index, v)
        case .text(var text):
            text.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    // A nil pointer would bind NULL: empty text binds a real empty string.
                    if let base = chars.baseAddress {
                        _ = sqlite3_bind_text(pointer, index, base, Int32(chars.count), sift_sqlite_transient())
                    } else {
                        _ = sqlite3_bind_text(pointer, index, "", 0, sift_sqlite_transient())
                    }
                }
            }
        case .blob(let bytes):
            bytes.withUnsafeBytes { raw in
                _ = sqlite3_bind_blob(pointer, index, raw.baseAddress, Int32(raw.count), sift_sqlite_transient())
            }
        }
    }

    func bind(_ int: Int, at index: Int32) { sqlite3_bind_int64(pointer, index, Int64(int)) }
    func bind(_ double: Double, at index: Int32) { sqlite3_bind_double(pointer, index, double) }
    func bindNull(at index: Int32) { sqlite3_bind_null(pointer, index) }
    func bind(_ text: String, at index: Int32) { bind(.text(text), at: index) }

    /// Steps a statement that returns no rows, then resets it.
    func run() throws {
        let code = sqlite3_step(pointer)
        sqlite3_reset(pointer)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            throw BenchError(description: "SQLite step failed: \(owner.errorMessage)")
        }
    }

    /// Steps once: true when a row is ready, false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(pointer) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw BenchError(description: "SQLite step failed: \(owner.errorMessage)")
        }
    }

    /// One column of the current row as a plain `SQLValue`.
    @inline(__always)
    func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(pointer, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(pointer, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(pointer, column))
        case SQLITE_TEXT:
            let bytes = sqlite3_column_text(pointer, column)
            let count = Int(sqlite3_column_bytes(pointer, column))
            return .text(String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(pointer, column)
            let count = Int(sqlite3_column_bytes(pointer, column))
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// Resets, clears and binds `values`, steps through every row reading each column as a plain
    /// `SQLValue`, and returns the row count (the cached-statement baseline).
    func runReading(_ values: [SQLValue]) throws -> Int {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
        for (offset, value) in values.enumerated() { bind(value, at: Int32(offset + 1)) }
        let columns = sqlite3_column_count(pointer)
        var rows = 0
        while true {
            let code = sqlite3_step(pointer)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw BenchError(description: "SQLite step failed: \(owner.errorMessage)") }
            for column in 0..<columns { withExtendedLifetime(value(column)) {} }
            rows += 1
        }
        sqlite3_reset(pointer)
        return rows
    }
}
