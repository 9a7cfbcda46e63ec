import CSQLite

/// A run-time limit of a connection (`sqlite3_limit`).
public struct SQLiteLimit: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_LIMIT_*` category number.
    public var rawValue: Int32

    /// Wraps a `SQLITE_LIMIT_*` category number.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Largest string or blob, in bytes.
    public static let length = Self(rawValue: SQLITE_LIMIT_LENGTH)
    /// Longest SQL text, in bytes.
    public static let sqlLength = Self(rawValue: SQLITE_LIMIT_SQL_LENGTH)
    /// Most columns in a table, index, view or result.
    public static let column = Self(rawValue: SQLITE_LIMIT_COLUMN)
    /// Deepest expression tree; Sift's generated SQL must stay below it.
    public static let exprDepth = Self(rawValue: SQLITE_LIMIT_EXPR_DEPTH)
    /// Most terms in a compound SELECT.
    public static let compoundSelect = Self(rawValue: SQLITE_LIMIT_COMPOUND_SELECT)
    /// Most virtual-machine instructions in one statement.
    public static let vdbeOp = Self(rawValue: SQLITE_LIMIT_VDBE_OP)
    /// Most arguments to a function.
    public static let functionArg = Self(rawValue: SQLITE_LIMIT_FUNCTION_ARG)
    /// Most attached databases.
    public static let attached = Self(rawValue: SQLITE_LIMIT_ATTACHED)
    /// Longest LIKE or GLOB pattern.
    public static let likePatternLength = Self(rawValue: SQLITE_LIMIT_LIKE_PATTERN_LENGTH)
    /// Largest parameter number (`?NNN`); Sift's bound parameters must stay below it.
    public static let variableNumber = Self(rawValue: SQLITE_LIMIT_VARIABLE_NUMBER)
    /// Deepest trigger recursion.
    public static let triggerDepth = Self(rawValue: SQLITE_LIMIT_TRIGGER_DEPTH)
    /// Most auxiliary worker threads per statement.
    public static let workerThreads = Self(rawValue: SQLITE_LIMIT_WORKER_THREADS)
}

extension Connection {
    /// The current value of `limit`.
    public func limit(_ limit: SQLiteLimit) -> Int {
        Int(sqlite3_limit(handle.database, limit.rawValue, -1))
    }

    /// Lowers (or raises, up to SQLite's compile-time maximum) `limit`; returns the previous value.
    @discardableResult
    public func setLimit(_ limit: SQLiteLimit, to value: Int) -> Int {
        Int(sqlite3_limit(handle.database, limit.rawValue, Int32(clamping: max(0, value))))
    }
}
