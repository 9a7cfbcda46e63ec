import CSQLite

/// An error reported by SQLite (or by this module on SQLite's behalf), with its result codes,
/// SQLite's message, and the SQL it happened in.
///
/// Bound values are never part of an error: they may be private, and the description is meant
/// to be shown and logged.
public struct SQLiteError: Error, Sendable, Hashable {
    /// The extended result code (equal to the primary code when SQLite gave no more detail).
    public var extendedCode: SQLiteResultCode
    /// SQLite's English message, e.g. `no such column: foo`.
    public var message: String
    /// The SQL being prepared or run, if any.
    public var sql: String?
    /// The byte offset (in the UTF-8 of `sql`) that SQLite blamed, if it named one.
    public var offset: Int?

    /// The primary result code, e.g. `.busy` or `.constraint`.
    public var code: SQLiteResultCode { extendedCode.primary }

    /// Makes an error from its parts.
    public init(code: SQLiteResultCode, message: String, sql: String? = nil, offset: Int? = nil) {
        self.extendedCode = code
        self.message = message
        self.sql = sql
        self.offset = offset
    }

    /// Reads the current error of `db` after a call that returned `resultCode`.
    init(resultCode: Int32, db: OpaquePointer?, sql: String?) {
        var code = resultCode
        var message = String(cString: sqlite3_errstr(resultCode))
        var offset: Int?
        if let db {
            let extended = sqlite3_extended_errcode(db)
            if extended & 0xFF == resultCode & 0xFF {
                code = max(code, extended)
                message = String(cString: sqlite3_errmsg(db))
                let byteOffset = sqlite3_error_offset(db)
                if byteOffset >= 0, sql != nil { offset = Int(byteOffset) }
            }
        }
        self.init(code: SQLiteResultCode(rawValue: code), message: message, sql: sql, offset: offset)
    }
}

extension SQLiteError: CustomStringConvertible {
    /// `SQLite error 1 (SQLITE_ERROR): no such column: foo — in: SELECT foo FROM t (at offset 7)`.
    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql {
            text += " — in: \(sql)"
            if let offset { text += " (at offset \(offset))" }
        }
        return text
    }
}
