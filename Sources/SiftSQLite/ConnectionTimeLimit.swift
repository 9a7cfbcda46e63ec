import CSQLite

extension Connection {
    /// Limits how long each statement may run, in seconds; nil (the default) removes the limit.
    ///
    /// A statement that spends longer than the limit inside `step()` (summed over its steps since it
    /// started, so time the caller spends between rows does not count) fails with
    /// `SQLITE_INTERRUPT` and a message naming the limit. The connection stays usable. Checked by
    /// an SQLite progress handler every 1000 virtual-machine instructions.
    public func setTimeLimit(_ seconds: Double?) {
        guard let seconds else {
            handle.timeLimit = nil
            sqlite3_progress_handler(handle.database, 0, nil, nil)
            return
        }
        handle.timeLimit = .seconds(max(0, seconds))
        let context = Unmanaged.passUnretained(handle).toOpaque()
        sqlite3_progress_handler(handle.database, 1000, { context in
            // The handle owns the database, so it outlives every callback.
            let handle = Unmanaged<DatabaseHandle>.fromOpaque(context!).takeUnretainedValue()
            guard let deadline = handle.deadline, ContinuousClock.now >= deadline else { return 0 }
            handle.timeLimitExceeded = true
            return 1
        }, context)
    }

    /// The current per-statement time limit in seconds, if any.
    public var timeLimit: Double? { handle.timeLimit?.seconds }
}
