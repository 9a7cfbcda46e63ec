import Dispatch
import Foundation
import SiftSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns Control-C into an interrupt of the running query.
///
/// The session calls ``begin(_:)`` before running a query and ``end()`` after; an interrupt in
/// between (``interrupt()``, from any thread) stops the query through its `InterruptHandle` and is
/// remembered, so the session prints "interrupted" and goes back to the prompt.
/// ``installSignalHandler()`` delivers SIGINT here through a dispatch source (never a raw C
/// handler, which must not take the handle's lock).
public final class InterruptWatcher: @unchecked Sendable {
    // @unchecked: every stored property is read and written with `lock` held.
    private let lock = NSLock()
    private var handle: InterruptHandle?
    private var running = false
    private var interrupted = false
    private var signalSource: (any DispatchSourceSignal)?

    public init() {}

    /// A query is about to run on the connection of `handle`.
    public func begin(_ handle: InterruptHandle?) {
        lock.withLock {
            self.handle = handle
            running = true
            interrupted = false
        }
    }

    /// The query finished; returns whether it was interrupted.
    @discardableResult
    public func end() -> Bool {
        lock.withLock {
            defer {
                handle = nil
                running = false
                interrupted = false
            }
            return interrupted
        }
    }

    /// Stops the running query, if any (called for SIGINT). Does nothing between queries.
    public func interrupt() {
        let target: InterruptHandle? = lock.withLock {
            guard running else { return nil }
            interrupted = true
            return handle
        }
        target?.interrupt()
    }

    /// Whether ``interrupt()`` came since ``begin(_:)`` (a long display can stop early).
    public var isInterrupted: Bool { lock.withLock { interrupted } }

    /// Routes SIGINT to ``interrupt()``: ignores the signal's default action (termination) and
    /// watches it with a dispatch source on a private queue.
    public func installSignalHandler() {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "sift.sigint"))
        source.setEventHandler { [weak self] in self?.interrupt() }
        source.resume()
        lock.withLock { signalSource = source }
    }
}
