import Foundation
import Sift
import SiftSQLite
import SiftTestSupport

/// The example database built once per test process from Examples/example.sql into a temporary
/// file (removed when the process exits), and its objects loaded once with `DatasetLoader`. Each
/// test opens its own read-only `SiftDatabase` on the file (a connection belongs to one thread).
struct ExampleWorld: Sendable {
    let path: String
    let modelFile: String
    let schema: Schema
    let dataset: Dataset
    /// Text columns (`table.column`) whose every value is NFC: the facts a runtime may learn.
    let nfcColumns: Set<String>

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static let loaded: Result<ExampleWorld, any Error> = Result { try ExampleWorld() }

    static func shared() throws -> ExampleWorld { try loaded.get() }

    private init() throws {
        let script = try String(contentsOf: Self.repository.appendingPathComponent("Examples/example.sql"), encoding: .utf8)
        path = try TemporaryFiles.untilExit.directory("sift-differential") + "/example.sqlite"
        do {
            let writer = try Connection(path: path, mode: .readWriteCreate)
            try writer.execute(script)
        }
        modelFile = Self.repository.appendingPathComponent("Examples/Models.swift").path
        let database = try SiftDatabase(path: path, modelFile: modelFile)
        schema = database.schema
        dataset = try DatasetLoader.load(from: database.connection, schema: database.schema)
        var nfc: Set<String> = []
        for model in schema.models {
            for attribute in model.attributes where attribute.type == .string {
                let table = SQLiteIdentifier.quote(model.tableName)
                let column = SQLiteIdentifier.quote(attribute.columnName)
                let rows = try database.connection.prepare(
                    "SELECT count(*) FROM \(table) WHERE \(column) IS NOT sift_nfc(\(column))"
                ).rows()
                if rows.first?.first?.integerValue == 0 { nfc.insert("\(model.tableName).\(attribute.columnName)") }
            }
        }
        nfcColumns = nfc
    }

    /// A new read-only connection to the example database, with Sift's functions.
    func open() throws -> SiftDatabase {
        try SiftDatabase(path: path, modelFile: modelFile)
    }

    /// How many rows `users` has (to check that nothing changed the database).
    static let userCount = 150
}
