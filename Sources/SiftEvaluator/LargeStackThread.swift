import Foundation

/// Runs work on a fresh thread with a large stack and waits for it: deep typed trees (up to the
/// parser's depth bound) are evaluated recursively without depending on the caller's stack size.
enum LargeStackThread {
    static let stackSize = 64 << 20  // a level costs about 1 KB unoptimised; 1,000 levels need about 1 MB

    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.set(Result { try work() })
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return try box.get().get()
    }

    private final class ResultBox<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<T, any Error>?

        func set(_ value: Result<T, any Error>) {
            lock.lock()
            result = value
            lock.unlock()
        }

        func get() -> Result<T, any Error> {
            lock.lock()
            defer { lock.unlock() }
            return result!
        }
    }
}
