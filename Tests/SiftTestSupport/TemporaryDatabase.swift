import Foundation
import SiftSQLite

/// A database file in the temporary directory, removed when released.
public final class TemporaryDatabase: @unchecked Sendable {
    /// The database file's path.
    public let path: String

    /// A path for a database named after `label`; nothing is created yet.
    public init(_ label: String) throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("sift-tests-\(label)-\(UUID().uuidString).sqlite").path
    }

    deinit {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Creates the database by running `script`.
    public func create(_ script: String) throws {
        let connection = try Connection(path: path, mode: .readWriteCreate)
        try connection.execute(script)
    }
}
