import Foundation
import Sift
import SiftSQLite
import SiftTestSupport

/// The example database (`Examples/example.sql`), built once per test process in a temporary
/// directory (removed when the test process exits), and the path of its model file.
enum ExampleDatabase {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let modelFile = repositoryRoot.appendingPathComponent("Examples/Models.swift").path

    /// The path of a freshly built copy of the example database.
    static let path: Result<String, any Error> = Result {
        let directory = try TemporaryFiles.untilExit.directory("sift-example")
        let path = directory + "/example.sqlite"
        let sql = try String(contentsOfFile: repositoryRoot.appendingPathComponent("Examples/example.sql").path, encoding: .utf8)
        let writer = try Connection(path: path, mode: .readWriteCreate)
        try writer.execute(sql)
        return path
    }

    /// The example database opened through Sift, with its model file.
    static func open() throws -> SiftDatabase {
        try SiftDatabase(path: path.get(), modelFile: modelFile)
    }
}
