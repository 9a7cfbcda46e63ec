#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs work on a dedicated thread with a large stack, and waits for it.
///
/// Recursive-descent code over bounded but deep input (256 nested parentheses, a 512-level tree)
/// needs a few megabytes of stack in debug builds, more than a secondary thread may have
/// (512 KiB on some platforms). The parser moves such inputs here; phases that walk trees
/// recursively can do the same. The stack is reserved address space: only the pages used are
/// committed.
package enum LargeStack {
    /// The stack size of the thread, in bytes (64 MiB).
    package static let size = 64 << 20

    /// Runs `body` on a thread with a ``size``-byte stack and returns its result. Falls back to the
    /// calling thread if a thread cannot be created.
    package static func run<T>(_ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            var result: T?
            let task = LargeStackTask { result = body() }
            guard spawnAndJoin(task) else { return body() }
            return result!
        }
    }

    /// Runs a throwing `body` on a thread with a ``size``-byte stack, returning its result or
    /// rethrowing its error on the calling thread.
    package static func run<T>(_ body: () throws -> T) throws -> T {
        let result: Result<T, any Error> = run { Result { try body() } }
        return try result.get()
    }

    private static func spawnAndJoin(_ task: LargeStackTask) -> Bool {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else { return false }
            defer { pthread_attr_destroy(&attributes) }
            guard pthread_attr_setstacksize(&attributes, size) == 0 else { return false }
            let context = Unmanaged.passRetained(task).toOpaque()
            #if canImport(Darwin)
                var thread: pthread_t?
            #else
                var thread = pthread_t()
            #endif
            let created = pthread_create(
                &thread, &attributes,
                { context in
                    #if canImport(Darwin)
                        let task = Unmanaged<LargeStackTask>.fromOpaque(context).takeRetainedValue()
                    #else
                        let task = Unmanaged<LargeStackTask>.fromOpaque(context!).takeRetainedValue()
                    #endif
                    task.work()
                    return nil
                }, context)
            guard created == 0 else {
                Unmanaged<LargeStackTask>.fromOpaque(context).release()
                return false
            }
            #if canImport(Darwin)
                guard let thread else { return false }
            #endif
            pthread_join(thread, nil)
            return true
        #else
            return false
        #endif
    }
}

/// The work handed to the large-stack thread.
private final class LargeStackTask {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}
