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
    private var cancel: (@Sendable () -> Void)?
    private var running = false
    private var interrupted = false
    private var signals = 0

    public init() {}

    /// A query is about to run on the connection of `handle`.
    public func begin(_ handle: InterruptHandle?) {
        guard let handle else { return begin(cancel: nil) }
        begin(cancel: { @Sendable in handle.interrupt() })
    }

    /// A query is about to run; `cancel` stops it (any engine's way: SQLite's interrupt, PostgreSQL's cancel request).
    public func begin(cancel: (@Sendable () -> Void)?) {
        lock.withLock {
            self.cancel = cancel
            running = true
            interrupted = false
        }
    }

    /// The query finished; returns whether it was interrupted.
    @discardableResult
    public func end() -> Bool {
        lock.withLock {
            defer {
                cancel = nil
                running = false
                interrupted = false
            }
            return interrupted
        }
    }

    /// Stops the running query, if any (called for SIGINT). Does nothing between queries.
    public func interrupt() {
        let target: (@Sendable () -> Void)? = lock.withLock {
            guard running else { return nil }
            interrupted = true
            return cancel
        }
        target?()
    }

    /// Whether ``interrupt()`` came since ``begin(_:)`` (a long display can stop early).
    public var isInterrupted: Bool { lock.withLock { interrupted } }

    /// How many SIGINTs the signal handler has handled.
    public var signalsHandled: Int { lock.withLock { signals } }

    /// Routes SIGINT to ``interrupt()``: a signal handler writes one byte to a pipe (all it does,
    /// as a handler must), and a thread reading the pipe interrupts the running query. Unlike a
    /// dispatch signal source, this works whichever thread the kernel delivers the signal to.
    public func installSignalHandler() {
        SignalRelay.shared.add(self)
    }

    /// Called by the relay for each SIGINT.
    func handleSignal() {
        lock.withLock { signals += 1 }
        interrupt()
    }
}

/// The SIGINT handler and the thread that turns its pipe writes into ``InterruptWatcher`` calls.
final class SignalRelay: @unchecked Sendable {
    // @unchecked: `watchers` is read and written with `lock` held; the descriptors never change.
    static let shared = SignalRelay()

    private let lock = NSLock()
    private var watchers: [WeakWatcher] = []
    private let readDescriptor: Int32

    private struct WeakWatcher {
        weak var watcher: InterruptWatcher?
    }

    private init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) != 0 { descriptors = [-1, -1] }
        readDescriptor = descriptors[0]
        sigintPipeWriteDescriptor = descriptors[1]
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { _ in relaySignal() }
        #else
            action.__sigaction_handler.sa_handler = { _ in relaySignal() }
        #endif
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        let thread = Thread { [readDescriptor] in
            var byte: UInt8 = 0
            while read(readDescriptor, &byte, 1) == 1 { SignalRelay.shared.deliver() }
        }
        thread.name = "sift.sigint"
        thread.start()
    }

    func add(_ watcher: InterruptWatcher) {
        lock.withLock {
            watchers.removeAll { $0.watcher == nil }
            watchers.append(WeakWatcher(watcher: watcher))
        }
    }

    private func deliver() {
        let current = lock.withLock { watchers.compactMap(\.watcher) }
        for watcher in current { watcher.handleSignal() }
    }
}

/// The pipe the SIGINT handler writes to (set once, before the handler is installed).
nonisolated(unsafe) private var sigintPipeWriteDescriptor: Int32 = -1

/// The whole signal handler: one `write`, which is async-signal-safe.
private func relaySignal() {
    var byte: UInt8 = 1
    _ = write(sigintPipeWriteDescriptor, &byte, 1)
}
