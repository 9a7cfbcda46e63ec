import Foundation
import Sift
import SiftSQLite
import SiftTestSupport

/// A unique database path under the temporary directory, removed (with its journal, WAL and
/// shared-memory files) when released.
final class TemporaryDatabasePath {
    private let files = TemporaryFiles()
    let path: String

    init(_ label: String = "db") {
        path = files.path("sift-sqlite-tests-\(label)", suffix: ".sqlite")
    }

    /// Creates a database at the path by running `script` on a fresh read-write connection.
    func create(_ script: String) throws {
        let connection = try Connection(path: path, mode: .readWriteCreate)
        try connection.execute(script)
    }

    /// Replaces the file's contents with `bytes`.
    func write(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The file's contents.
    func read() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// A boolean shared between threads.
final class SharedFlag: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Runs `work` on a new thread, repeating every `interval` seconds until `stop` is set.
func repeatOnAnotherThread(
    every interval: Double, until stop: SharedFlag, _ work: @escaping @Sendable () -> Void
) {
    Thread.detachNewThread {
        while !stop.isSet {
            work()
            Thread.sleep(forTimeInterval: interval)
        }
    }
}

/// Runs `work` once on a new thread after `delay` seconds, unless `cancel` is set by then.
func runOnAnotherThread(after delay: Double, unless cancel: SharedFlag, _ work: @escaping @Sendable () -> Void) {
    Thread.detachNewThread {
        let deadline = Date().addingTimeInterval(delay)
        while Date() < deadline {
            if cancel.isSet { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        if !cancel.isSet { work() }
    }
}

extension Connection {
    /// The rows of `sql` with `bindings`, through a freshly prepared statement.
    func rows(_ sql: String, _ bindings: [SQLValue] = []) throws -> [[SQLValue]] {
        try prepare(sql).rows(bindings: bindings)
    }

    /// The single value of a one-row, one-column query.
    func scalar(_ sql: String, _ bindings: [SQLValue] = []) throws -> SQLValue {
        let rows = try rows(sql, bindings)
        guard rows.count == 1, rows[0].count == 1 else {
            throw SQLiteError(code: .misuse, message: "expected one value, got \(rows)", sql: sql)
        }
        return rows[0][0]
    }
}
