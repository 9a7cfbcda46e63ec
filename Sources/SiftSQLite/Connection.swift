import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection to one SQLite database.
///
/// **Not thread-safe, and not `Sendable`**: one connection per thread. Use a connection, and the
/// statements it prepares, from one thread (or one task) at a time; the compiler enforces this by
/// keeping it in one isolation domain. SQLite runs it in multi-thread mode (`SQLITE_OPEN_NOMUTEX`),
/// so the connection takes no lock of its own. The one exception is `interruptHandle`, which may be
/// used from any thread while a statement runs.
///
/// The connection opens with extended result codes on, URI filenames accepted (`file:...?mode=ro`)
/// and a busy timeout of 5 seconds, and checks at once that the file is a readable SQLite
/// database. It closes (`sqlite3_close_v2`) when it and every statement it prepared are released.
public final class Connection {
    /// The path or URI filename the connection was opened with.
    public let path: String
    /// The mode it was opened in.
    public let mode: OpenMode
    let handle: DatabaseHandle
    @exclusivity(unchecked) private var statementCache = StatementCache(capacity: 64)

    /// Opens the database at `path` (a file path, a `file:` URI, or `:memory:`).
    ///
    /// Fails with `SQLITE_CANTOPEN` and "no database at PATH" when the file is missing (unless the
    /// mode creates it), with `SQLITE_NOTADB` and "PATH is not an SQLite database" when it is not a
    /// database, and with `SQLITE_CORRUPT` when its schema cannot be read.
    public init(path: String, mode: OpenMode = .readOnly) throws {
        self.path = path
        self.mode = mode
        var database: OpaquePointer?
        let flags = mode.flags | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX
        let resultCode = sqlite3_open_v2(path, &database, flags, nil)
        guard resultCode == SQLITE_OK, let database else {
            let error = Self.openError(resultCode: resultCode, database: database, path: path)
            sqlite3_close_v2(database)
            throw error
        }
        sqlite3_extended_result_codes(database, 1)
        handle = DatabaseHandle(database: database)
        busyTimeout = 5
        sqlite3_busy_timeout(database, 5000)
        try validateDatabaseFile()
        handle.prepareCount = 0  // count only the caller's statements
    }

    /// Opens a new, empty, private in-memory database (read-write).
    public static func inMemory() throws -> Connection {
        try Connection(path: ":memory:", mode: .readWriteCreate)
    }

    // MARK: State

    /// How long, in seconds, to wait for another connection's lock before failing with
    /// `SQLITE_BUSY` (default 5). Zero fails at once.
    public var busyTimeout: Double {
        didSet {
            let milliseconds = (max(0, busyTimeout) * 1000).rounded()
            sqlite3_busy_timeout(handle.database, Int32(clamping: Int64(milliseconds)))
        }
    }

    /// Whether the main database is read-only (opened so, or a read-only file).
    public var isReadOnly: Bool { sqlite3_db_readonly(handle.database, "main") == 1 }

    /// Whether a transaction is open (the connection is not in autocommit mode).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle.database) == 0 }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes64(handle.database)) }

    /// Rows changed since the connection opened.
    public var totalChanges: Int { Int(sqlite3_total_changes64(handle.database)) }

    /// The rowid of the most recent successful INSERT into a rowid table (0 if none).
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle.database) }

    /// A thread-safe handle that interrupts whatever this connection is running; see
    /// `InterruptHandle` for its lifetime rules.
    public var interruptHandle: InterruptHandle { handle.interruptHandle }

    // MARK: Running SQL

    /// Runs a script of zero or more statements separated by semicolons, discarding rows. Stops at
    /// the first error, which carries the failing statement's SQL.
    public func execute(_ sql: String) throws {
        let text = sql.utf8CString
        try text.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            let length = buffer.count - 1  // without the NUL terminator
            var position = Self.skipWhitespace(base, from: 0, length: length)
            while position < length {
                let (pointer, next) = try prepareNext(base, from: position, length: length)
                guard let pointer else { break }  // only comments or semicolons were left
                let statement = Statement(handle: handle, pointer: pointer)
                try statement.execute()
                position = Self.skipWhitespace(base, from: next, length: length)
            }
        }
    }

    /// Prepares exactly one statement (trailing semicolons and comments are allowed). Throws for
    /// empty SQL and for SQL holding a second statement; use `execute(_:)` for scripts.
    public func prepare(_ sql: String) throws -> Statement {
        let text = sql.utf8CString
        return try text.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            let length = buffer.count - 1
            let (first, next) = try prepareNext(base, from: 0, length: length, errorSQL: sql)
            guard let first else {
                throw SQLiteError(code: .misuse, message: "no SQL statement to prepare", sql: sql)
            }
            let statement = Statement(handle: handle, pointer: first)
            let rest = Self.skipWhitespace(base, from: next, length: length)
            if rest < length {
                let extra = try? prepareNext(base, from: rest, length: length)
                // prepareNext counted a statement; this one is only a probe.
                if extra?.statement != nil { handle.prepareCount -= 1 }
                sqlite3_finalize(extra?.statement)
                if extra == nil || extra?.statement != nil {
                    throw SQLiteError(
                        code: .misuse,
                        message: "more than one SQL statement; use execute(_:) to run a script",
                        sql: sql, offset: rest)
                }
            }
            return statement
        }
    }

    /// A prepared statement for `sql` from the connection's cache, preparing and caching it on
    /// first use. A reused statement is reset and its bindings cleared.
    ///
    /// The cache is keyed by the exact SQL text and shared: asking for the same SQL again resets
    /// the statement, so do not interleave two runs of the same SQL (use `prepare(_:)` for that).
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache.statement(for: sql) {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try prepare(sql)
        statementCache.insert(statement, for: sql)
        return statement
    }

    /// The cached statement for `sql`, reset but with its old bindings: for a caller that binds
    /// every parameter before stepping (clearing them first would be wasted work). When the cached
    /// statement is in the middle of a run (the same SQL run again from inside its own loop over
    /// rows), a statement of its own instead: resetting the outer one would start it over.
    func cachedStatementForRebinding(_ sql: String) throws -> Statement {
        if let statement = statementCache.statement(for: sql) {
            if statement.isBusy { return try prepare(sql) }
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        statementCache.insert(statement, for: sql)
        return statement
    }

    /// The most statements the cache keeps (default 64); beyond it the least recently used is
    /// evicted. Zero turns caching off.
    public var statementCacheCapacity: Int {
        get { statementCache.capacity }
        set { statementCache.capacity = max(0, newValue) }
    }

    /// The number of statements currently cached.
    public var cachedStatementCount: Int { statementCache.count }

    /// Drops every cached statement (finalizing those nobody else holds).
    public func clearStatementCache() {
        statementCache.removeAll()
    }

    /// How many statements `prepare`, `cachedStatement` and `execute` have compiled with
    /// `sqlite3_prepare_v2` so far: a diagnostic for checking that the cache is hit.
    public var prepareCount: Int { handle.prepareCount }

    // MARK: Helpers

    /// Prepares the first statement of `base[start..<length]`, returning it (nil when only
    /// whitespace or comments remain) and where the rest begins.
    private func prepareNext(
        _ base: UnsafePointer<CChar>, from start: Int, length: Int, errorSQL: String? = nil
    ) throws -> (statement: OpaquePointer?, next: Int) {
        guard length - start <= Int(Int32.max) else {
            throw SQLiteError(code: .tooBig, message: "SQL text is too long", sql: nil)
        }
        var pointer: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let resultCode = sqlite3_prepare_v2(
            handle.database, base + start, Int32(length - start), &pointer, &tail)
        guard resultCode == SQLITE_OK else {
            sqlite3_finalize(pointer)
            let sql = errorSQL ?? Self.text(base, from: start, to: length)
            throw handle.error(resultCode: resultCode, sql: sql)
        }
        if pointer != nil { handle.prepareCount += 1 }
        return (pointer, tail.map { $0 - base } ?? length)
    }

    private static func skipWhitespace(_ base: UnsafePointer<CChar>, from start: Int, length: Int) -> Int {
        var position = start
        while position < length, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(base[position]) {
            position += 1
        }
        return position
    }

    private static func text(_ base: UnsafePointer<CChar>, from start: Int, to end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }

    /// Reads the schema once so that a file that is not a database, or is corrupt, fails at open.
    private func validateDatabaseFile() throws {
        do {
            let statement = try prepare("SELECT count(*) FROM sqlite_schema")
            _ = try statement.rows()
        } catch let error as SQLiteError {
            switch error.code {
            case .notADatabase:
                throw SQLiteError(code: error.extendedCode, message: "\(path) is not an SQLite database")
            case .corrupt:
                throw SQLiteError(
                    code: error.extendedCode, message: "\(path) is a corrupt SQLite database: \(error.message)")
            default:
                throw SQLiteError(
                    code: error.extendedCode, message: "cannot read the database at \(path): \(error.message)")
            }
        }
    }

    /// The error for a failed `sqlite3_open_v2`, naming a missing file plainly.
    private static func openError(resultCode: Int32, database: OpaquePointer?, path: String) -> SQLiteError {
        let error = SQLiteError(resultCode: resultCode, db: database, sql: nil)
        guard error.code == .cantOpen else {
            return SQLiteError(code: error.extendedCode, message: "cannot open \(path): \(error.message)")
        }
        if let file = filePath(of: path), access(file, F_OK) != 0 {
            // libpq's `key=value` connection strings are not accepted: say how to write one.
            if path.contains("="), ["host=", "dbname=", "user=", "port="].contains(where: path.hasPrefix) {
                return SQLiteError(
                    code: error.extendedCode,
                    message:
                        "no database at \(path); a PostgreSQL database is named by a URI, e.g. postgresql://user@host:5432/dbname or postgresql:///dbname?host=/run/postgresql"
                )
            }
            return SQLiteError(code: error.extendedCode, message: "no database at \(path)")
        }
        return SQLiteError(code: error.extendedCode, message: "cannot open \(path): \(error.message)")
    }

    /// The file system path named by a path or `file:` URI; nil for in-memory databases.
    static func filePath(of path: String) -> String? {
        if path.isEmpty || path == ":memory:" { return nil }
        guard path.hasPrefix("file:") else { return path }
        var rest = Substring(path.dropFirst("file:".count))
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]  // drop the authority ("" or "localhost")
        }
        if rest.isEmpty || rest == ":memory:" { return nil }
        return percentDecoded(rest)
    }

    private static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@available(*, unavailable, message: "a Connection belongs to one thread; share its interruptHandle instead")
extension Connection: Sendable {}
