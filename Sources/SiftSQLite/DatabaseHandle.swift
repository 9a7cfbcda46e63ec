import CSQLite

/// The open `sqlite3*` shared by a `Connection` and its statements.
///
/// Statements keep the handle alive, so the connection closes (`sqlite3_close_v2`) only once the
/// `Connection` and every `Statement` prepared on it are gone, and a statement never outlives its
/// database. Not thread-safe, like `Connection`.
///
/// The time-limit state is `@exclusivity(unchecked)`, as are the statement's clock and the
/// connection's statement cache: each access is a plain read or write, never held across
/// another, and a run-time check at each would sit on the path of every re-run of a cached
/// statement.
final class DatabaseHandle {
    /// The open connection; valid until `deinit`.
    let database: OpaquePointer
    /// The thread-safe interrupter handed out by `Connection.interruptHandle`.
    let interruptHandle: InterruptHandle
    /// Number of successful `sqlite3_prepare_v2` calls made for `prepare` and `cachedStatement`.
    var prepareCount = 0
    /// The per-statement execution time limit, if any (see `Connection.setTimeLimit`).
    @exclusivity(unchecked) var timeLimit: Duration?
    /// When the statement now inside `sqlite3_step` must stop; nil outside `step()`.
    @exclusivity(unchecked) var deadline: ContinuousClock.Instant?
    /// Set by the progress handler when it stopped a statement because of `deadline`.
    @exclusivity(unchecked) var timeLimitExceeded = false

    init(database: OpaquePointer) {
        self.database = database
        interruptHandle = InterruptHandle(database: database)
    }

    deinit {
        interruptHandle.invalidate()
        sqlite3_close_v2(database)
    }

    /// The error for `resultCode`, explaining an interrupt caused by the time limit.
    func error(resultCode: Int32, sql: String?) -> SQLiteError {
        var error = SQLiteError(resultCode: resultCode, db: database, sql: sql)
        if error.code == .interrupt, timeLimitExceeded, let timeLimit {
            error.message = "interrupted: the statement ran past its time limit of \(timeLimit.seconds) s"
        }
        return error
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
