import CSQLite
import Sift

/// A connection opened with SQLite's own C calls and nothing registered on it: no Sift function,
/// no Sift collation. What runs here runs on any SQLite.
final class PlainSQLite {
    private let handle: OpaquePointer

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    init(readOnly path: String) throws {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READONLY, nil)
        guard code == SQLITE_OK, let opened else {
            if let opened { sqlite3_close_v2(opened) }
            throw Failure(message: "cannot open \(path): \(code)")
        }
        handle = opened
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs `sql` with `bindings` (in placeholder order) and returns the integer of column
    /// `column` of each row, in order.
    func integers(_ sql: String, bindings: [SQLValue], column: Int32) throws -> [Int64] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in bindings.enumerated() {
            let position = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(statement, position)
            case .integer(let number): code = sqlite3_bind_int64(statement, position, number)
            case .real(let number): code = sqlite3_bind_double(statement, position, number)
            case .text(let text): code = sqlite3_bind_text(statement, position, text, -1, sift_sqlite_transient())
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), sift_sqlite_transient()) }
            }
            guard code == SQLITE_OK else { throw Failure(message: String(cString: sqlite3_errmsg(handle))) }
        }
        var rows: [Int64] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw Failure(message: String(cString: sqlite3_errmsg(handle))) }
            rows.append(sqlite3_column_int64(statement, column))
        }
    }
}
