import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The example database (Examples/example.sql) built in a temporary file (removed when the test
/// process exits), its schema (the database refined by Examples/Models.swift), and its objects
/// loaded with `DatasetLoader`.
struct ExampleDatabase: Sendable {
    let path: String
    let schema: Schema
    let dataset: Dataset

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let loaded: Result<ExampleDatabase, any Error> = Result { try ExampleDatabase() }

    /// The shared example, built once per test process.
    static func shared() throws -> ExampleDatabase { try loaded.get() }

    /// Where the shared example is built; removed when the test process exits.
    static let temporaryPath = TemporaryFiles.untilExit.path("sift-evaluator-example", suffix: ".sqlite")

    private init() throws {
        let script = try String(contentsOf: Self.repository.appendingPathComponent("Examples/example.sql"), encoding: .utf8)
        path = Self.temporaryPath
        try? FileManager.default.removeItem(atPath: path)
        try Connection(path: path, mode: .readWriteCreate).execute(script)
        let loaded = try SchemaLoader.load(database: path, modelFile: Self.repository.appendingPathComponent("Examples/Models.swift").path)
        guard !loaded.diagnostics.hasErrors else {
            throw QueryCompilationError(source: loaded.source, diagnostics: loaded.diagnostics)
        }
        schema = loaded.schema
        dataset = try DatasetLoader.load(path: path, schema: schema)
    }

    /// The integer keys of the objects `text` selects, in the evaluator's order.
    func ids(_ text: String, _ parameters: [String: Value] = [:], tieBreak: Evaluator.TieBreak = .datasetOrder) throws -> [Int64] {
        try Evaluator.select(text, schema: schema, dataset: dataset, parameters: parameters, tieBreak: tieBreak).map { $0.identity.integer! }
    }

    /// The keys `text` selects, as a set (for unsorted queries).
    func idSet(_ text: String, _ parameters: [String: Value] = [:]) throws -> Set<Int64> {
        Set(try ids(text, parameters))
    }

    /// The example opened through Sift, with its model file.
    func openSift() throws -> SiftDatabase {
        try SiftDatabase(path: path, modelFile: Self.repository.appendingPathComponent("Examples/Models.swift").path)
    }

    /// Compiles a `User` query with Sift and runs its SQL selecting the key instead of the
    /// columns: the SQL and the keys SQLite selects.
    func sqliteUserIDs(_ text: String) throws -> (sql: String, ids: Set<Int64>) {
        let database = try openSift()
        let query = try database.compile(text)
        let from = try #require(query.sql.range(of: "\nFROM "))
        let keys = #"SELECT "users"."id""# + query.sql[from.lowerBound...]
        let bindings = try query.bindings(for: [:], schema: database.schema)
        let rows = try database.connection.prepare(keys).rows(bindings: bindings)
        return (query.sql, Set(rows.map { $0[0].integerValue ?? -1 }))
    }

    /// Compiles a query with Sift and runs it: the SQL and the `id` of every row SQLite selects.
    func sqliteIDs(_ text: String) throws -> (sql: String, ids: Set<Int64>) {
        let database = try openSift()
        let query = try database.compile(text)
        let rows = try database.fetch(query)
        return (query.sql, Set(rows.map { if case .int(let id)? = $0["id"] { id } else { -1 } }))
    }

    /// The keys SQLite selects for a WHERE clause on a table, written by hand to cross-check.
    func sqlIDs(_ table: String, where condition: String) throws -> Set<Int64> {
        let rows = try Connection(path: path).prepare("SELECT id FROM \(table) WHERE \(condition)").rows()
        return Set(rows.map { $0[0].integerValue! })
    }
}
