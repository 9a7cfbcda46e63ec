import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Interrupts whatever a `Connection` is running, from any thread or task.
///
/// Get one from `Connection.interruptHandle` and hand it to another thread, a signal-handling task
/// (e.g. one watching for Control-C) or a watchdog. `interrupt()` makes the statement running on
/// the connection fail with `SQLITE_INTERRUPT`; the connection stays usable afterwards.
///
/// Lifetime: the handle does not keep the connection open. Once the connection is closed, the
/// handle is inert and `interrupt()` does nothing, so it is always safe to call, even after the
/// connection is gone. Closing and interrupting are serialised by a lock, which is why `interrupt()`
/// must not be called from a raw C signal handler (use a dispatch source or a task that watches
/// signals instead).
///
/// As in SQLite, an interrupt that arrives while nothing runs is forgotten as soon as the next
/// statement starts: it never cancels a statement that begins later.
public final class InterruptHandle: @unchecked Sendable {
    // @unchecked: `database` is only read or written while `mutex` is held, and
    // `sqlite3_interrupt` is documented as safe to call from any thread on an open connection.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var database: OpaquePointer?

    init(database: OpaquePointer) {
        self.database = database
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Asks SQLite to stop the statement running on the connection, if any. Does nothing once the
    /// connection is closed.
    public func interrupt() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let database { sqlite3_interrupt(database) }
    }

    /// Whether the connection is still open (false once it has been closed).
    public var isConnectionOpen: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return database != nil
    }

    /// Called by the connection just before it closes; afterwards `interrupt()` is a no-op.
    func invalidate() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        database = nil
    }
}
