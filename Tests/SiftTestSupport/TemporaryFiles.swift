import Foundation

/// Paths in the temporary directory that tests write to, removed when their owner is released:
/// each file with the SQLite journal, WAL and shared-memory files beside it, each directory with
/// everything in it.
///
/// A suite keeps one in a stored property (`let temporaryFiles = TemporaryFiles()`): Swift Testing
/// makes a suite instance per test, so the files go when the test ends. A fixture built once per
/// test process (in a `static let`) uses ``untilExit``.
public final class TemporaryFiles: @unchecked Sendable {
    // @unchecked: `paths` is only touched while `lock` is held.
    private let lock = NSLock()
    private var paths: [String] = []

    public init() {}

    deinit { removeAll() }

    /// Paths removed when the test process exits, for fixtures shared by the whole process.
    public static let untilExit: TemporaryFiles = {
        atexit { TemporaryFiles.untilExit.removeAll() }
        return TemporaryFiles()
    }()

    /// A new unique path, `<temporary directory>/<prefix>-<UUID><suffix>`; nothing is created.
    public func path(_ prefix: String, suffix: String = "") -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)\(suffix)").path
        lock.withLock { paths.append(path) }
        return path
    }

    /// A new empty directory, `<temporary directory>/<prefix>-<UUID>`.
    public func directory(_ prefix: String) throws -> String {
        let directory = path(prefix)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Removes every path made so far.
    public func removeAll() {
        let removed = lock.withLock {
            defer { paths = [] }
            return paths
        }
        for path in removed {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }
}
