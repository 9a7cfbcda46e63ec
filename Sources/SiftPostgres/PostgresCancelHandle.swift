import CLibPQ

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Cancels whatever a ``PostgresConnection`` is running, from any thread or task (libpq's `PQcancel`).
///
/// Get one from ``PostgresConnection/cancelHandle`` and hand it to another thread or a task watching
/// for Control-C. `cancel()` asks the server to stop the running statement, which then fails with
/// ``PostgresError/Kind-swift.enum/cancelled``; the connection stays usable. A cancel that arrives
/// while nothing runs does nothing. Once the connection is closed the handle is inert.
public final class PostgresCancelHandle: @unchecked Sendable {
    // @unchecked: `cancel` is only read or replaced while `mutex` is held; `PQcancel` is
    // documented as safe to call from any thread.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var handle: OpaquePointer?

    init(connection: OpaquePointer) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        handle = PQgetCancel(connection)
    }

    deinit {
        if let handle { PQfreeCancel(handle) }
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Asks the server to cancel the statement running on the connection, if any; returns whether
    /// the request was delivered (not whether a statement was running).
    @discardableResult
    public func cancel() -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard let handle else { return false }
        var message = [CChar](repeating: 0, count: 256)
        return PQcancel(handle, &message, Int32(message.count)) == 1
    }

    /// Points the handle at the connection's current server process (after a reconnection), or
    /// makes it inert (nil, when the connection closes).
    func reset(to connection: OpaquePointer?) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let handle { PQfreeCancel(handle) }
        handle = connection.flatMap { PQgetCancel($0) }
    }
}
