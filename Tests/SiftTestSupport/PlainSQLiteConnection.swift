import CSQLite
import Foundation
import SiftSQL

/// A connection opened with SQLite's own calls (`sqlite3_open_v2`, not Sift's `Connection`), as any
/// other program opens one: it has none of Sift's functions unless the loadable extension is loaded.
public final class PlainSQLiteConnection {
    private let database: OpaquePointer

    /// An error SQLite reported, with its message.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Opens `path` read-only (or read-write with `writable`).
    public init(path: String, writable: Bool = false) throws {
        var handle: OpaquePointer?
        let flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
        let resultCode = sqlite3_open_v2(path, &handle, flags, nil)
        guard resultCode == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw Failure(description: "cannot open \(path): \(message)")
        }
        database = handle
    }

    deinit { sqlite3_close_v2(database) }

    /// Loads the extension at `path` with `sqlite3_load_extension`, leaving SQLite to find the
    /// entry point from the file name (as `.load PATH` does).
    public func loadExtension(_ path: String) throws {
        sqlite3_enable_load_extension(database, 1)
        var message: UnsafeMutablePointer<CChar>?
        let resultCode = sqlite3_load_extension(database, path, nil, &message)
        defer { sqlite3_free(message) }
        if resultCode != SQLITE_OK {
            throw Failure(description: "cannot load \(path): \(message.map { String(cString: $0) } ?? "result code \(resultCode)")")
        }
    }

    /// Runs `sql` with `bindings` (?1, ?2, ...) and returns every row.
    public func rows(_ sql: String, bindings: [SQLValue] = []) throws -> [[SQLValue]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: String(cString: sqlite3_errmsg(database)))
        }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in bindings.enumerated() {
            let index = Int32(offset + 1)
            let resultCode: Int32
            switch value {
            case .null: resultCode = sqlite3_bind_null(statement, index)
            case .integer(let integer): resultCode = sqlite3_bind_int64(statement, index, integer)
            case .real(let real): resultCode = sqlite3_bind_double(statement, index, real)
            case .text(let text):
                // A NUL is appended so that even empty text has a pointer (a nil one would bind NULL).
                resultCode = (Array(text.utf8) + [0]).withUnsafeBufferPointer { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) {
                        sqlite3_bind_text64(statement, index, $0.baseAddress, UInt64($0.count - 1), sift_sqlite_transient(), UInt8(SQLITE_UTF8))
                    }
                }
            case .blob(let bytes):
                resultCode =
                    bytes.isEmpty
                    ? sqlite3_bind_zeroblob(statement, index, 0)
                    : bytes.withUnsafeBytes { sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), sift_sqlite_transient()) }
            }
            guard resultCode == SQLITE_OK else { throw Failure(description: String(cString: sqlite3_errmsg(database))) }
        }
        var rows: [[SQLValue]] = []
        while true {
            let resultCode = sqlite3_step(statement)
            if resultCode == SQLITE_DONE { return rows }
            guard resultCode == SQLITE_ROW else { throw Failure(description: String(cString: sqlite3_errmsg(database))) }
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
                case SQLITE_TEXT:
                    let bytes = sqlite3_column_text(statement, column)
                    let count = Int(sqlite3_column_bytes(statement, column))
                    return .text(bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? "")
                case SQLITE_BLOB:
                    let bytes = sqlite3_column_blob(statement, column)
                    let count = Int(sqlite3_column_bytes(statement, column))
                    return .blob(bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? [])
                default: return .null
                }
            })
        }
    }
}
