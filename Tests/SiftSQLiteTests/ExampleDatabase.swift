import Foundation
import Sift
import SiftSQLite

/// The example database (`Examples/example.sql`), built once per test process in a temporary
/// directory, and the path of its model file.
enum ExampleDatabase {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let modelFile = repositoryRoot.appendingPathComponent("Examples/Models.swift").path

    /// The path of a freshly built copy of the example database.
    static let path: Result<String, any Error> = Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sift-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("example.sqlite").path
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
