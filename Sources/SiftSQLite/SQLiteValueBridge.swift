import CSQLite
import Sift

// Moving `SQLValue`s across the C API: binding parameters, reading columns and function
// arguments, and setting function results. Text is always measured in bytes (never `strlen`), so
// NUL characters survive; text that is not valid UTF-8 is repaired with U+FFFD when decoded.

extension SQLValue {
    /// Reads column `column` of the current row of `statement`.
    init(column: Int32, of statement: OpaquePointer) {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            self = .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            // The pointer first, then the byte count, as SQLite documents.
            let bytes = sqlite3_column_text(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            self = .text(Self.decodeText(bytes, count: count))
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            self = .blob(Self.copyBytes(bytes, count: count))
        default:
            self = .null
        }
    }

    /// Reads a function argument.
    init(argument value: OpaquePointer?) {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            self = .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let bytes = sqlite3_value_text(value)
            let count = Int(sqlite3_value_bytes(value))
            self = .text(Self.decodeText(bytes, count: count))
        case SQLITE_BLOB:
            let bytes = sqlite3_value_blob(value)
            let count = Int(sqlite3_value_bytes(value))
            self = .blob(Self.copyBytes(bytes, count: count))
        default:
            self = .null
        }
    }

    /// Binds this value to parameter `index` (1-based) of `statement`; returns SQLite's result code.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .null:
            return sqlite3_bind_null(statement, index)
        case .integer(let value):
            return sqlite3_bind_int64(statement, index, value)
        case .real(let value):
            return sqlite3_bind_double(statement, index, value)
        case .text(var text):
            return text.withUTF8 { Self.bindText($0, to: statement, at: index) }
        case .blob(let bytes):
            // A nil pointer would bind NULL, so the empty blob is a zero-length zeroblob.
            if bytes.isEmpty { return sqlite3_bind_zeroblob(statement, index, 0) }
            return bytes.withUnsafeBytes { raw in
                sqlite3_bind_blob64(
                    statement, index, raw.baseAddress, UInt64(raw.count), sift_sqlite_transient())
            }
        }
    }

    /// Binds text given as UTF-8 (copied by SQLite: `utf8` need live only during the call) to
    /// parameter `index`; returns SQLite's result code.
    static func bindText(_ utf8: UnsafeBufferPointer<UInt8>, to statement: OpaquePointer, at index: Int32) -> Int32 {
        // A nil pointer would bind NULL, so empty text gets a real (empty) C string.
        guard let base = utf8.baseAddress, !utf8.isEmpty else {
            return sqlite3_bind_text(statement, index, "", 0, sift_sqlite_transient())
        }
        return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { chars in
            sqlite3_bind_text64(statement, index, chars, UInt64(utf8.count), sift_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    /// Makes this value the result of the SQL function call `context`.
    func setResult(of context: OpaquePointer?) {
        switch self {
        case .null:
            sqlite3_result_null(context)
        case .integer(let value):
            sqlite3_result_int64(context, value)
        case .real(let value):
            sqlite3_result_double(context, value)
        case .text(var text):
            text.withUTF8 { utf8 in
                guard let base = utf8.baseAddress, !utf8.isEmpty else {
                    sqlite3_result_text(context, "", 0, sift_sqlite_transient())
                    return
                }
                base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { chars in
                    sqlite3_result_text64(
                        context, chars, UInt64(utf8.count), sift_sqlite_transient(),
                        UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let bytes):
            if bytes.isEmpty {
                sqlite3_result_zeroblob(context, 0)
                return
            }
            bytes.withUnsafeBytes { raw in
                sqlite3_result_blob64(context, raw.baseAddress, UInt64(raw.count), sift_sqlite_transient())
            }
        }
    }

    /// Decodes `count` bytes of UTF-8, replacing invalid sequences with U+FFFD.
    static func decodeText(_ bytes: UnsafePointer<UInt8>?, count: Int) -> String {
        guard let bytes, count > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Copies `count` bytes (none when `bytes` is nil).
    static func copyBytes(_ bytes: UnsafeRawPointer?, count: Int) -> [UInt8] {
        guard let bytes, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
