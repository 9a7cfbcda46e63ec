import Foundation
import Sift
import SiftSQLite

/// Paths and schemas shared by the checker tests.
enum Fixtures {
    /// `Tests/SiftCheckerTests`.
    static let testsDirectory: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The package root.
    static let packageRoot: URL = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    static let goldenDirectory: URL = testsDirectory.appendingPathComponent("Golden")

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    static func readExample(_ name: String) throws -> String {
        try read(packageRoot.appendingPathComponent("Examples").appendingPathComponent(name))
    }

    /// Reads a model file's text, with the source named `name` so notes render stably.
    static func modelSchema(_ text: String, name: String) -> (Schema, [Diagnostic]) {
        ModelFileReader.read(SourceFile(name: name, text: text))
    }

    /// `Examples/Models.swift`, read once.
    static let exampleModels: Result<Schema, any Error> = Result {
        let (schema, diagnostics) = modelSchema(try readExample("Models.swift"), name: "Examples/Models.swift")
        guard diagnostics.isEmpty else { throw FixtureError("Examples/Models.swift: \(diagnostics)") }
        return schema
    }

    /// The example database (`Examples/example.sql`) refined by `Examples/Models.swift`, built once.
    static let exampleDatabaseSchema: Result<Schema, any Error> = Result {
        let database = try TemporaryDatabase("example")
        try database.create(try readExample("example.sql"))
        let modelFile = packageRoot.appendingPathComponent("Examples/Models.swift").path
        let loaded = try SchemaLoader.load(database: database.path, modelFile: modelFile)
        guard loaded.diagnostics.isEmpty else {
            throw FixtureError("example database refined by Models.swift: \(loaded.diagnostics)")
        }
        var schema = loaded.schema
        // Notes point into the model file: name it as the golden files expect.
        if let source = schema.source { schema.source = SourceFile(name: "Examples/Models.swift", text: source.text) }
        return schema
    }

    /// A schema by its golden-file name: `models` (default), `example-db`, or a file of `Golden/schemas/`.
    static func schema(named name: String) throws -> Schema {
        switch name {
        case "models": return try exampleModels.get()
        case "example-db": return try exampleDatabaseSchema.get()
        default:
            let url = goldenDirectory.appendingPathComponent("schemas").appendingPathComponent(name + ".models")
            let (schema, diagnostics) = modelSchema(try read(url), name: "schemas/\(name).models")
            guard diagnostics.isEmpty else { throw FixtureError("schemas/\(name).models: \(diagnostics)") }
            return schema
        }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A database file in the temporary directory, removed when released.
final class TemporaryDatabase: @unchecked Sendable {
    let path: String

    init(_ label: String) throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("sift-checker-tests-\(label)-\(UUID().uuidString).sqlite").path
    }

    deinit {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    func create(_ script: String) throws {
        let connection = try Connection(path: path, mode: .readWriteCreate)
        try connection.execute(script)
    }
}

/// SQLite's dialect in a type of its own, so that the renderer takes its path for any dialect:
/// with brackets and `$N` placeholders, a way for a test to see which dialect wrote what; with
/// SQLite's quoting (`sqliteQuoting`), the general path writing what SQLite's own path writes.
/// With `distinctFrom`, its null-safe equality is standard SQL's `IS [NOT] DISTINCT FROM` instead
/// of SQLite's `IS [NOT]`.
struct BracketDialect: SQLDialect {
    var distinctFrom = false
    var sqliteQuoting = false
    let sqlite = SQLiteDialect()
    func quote(identifier: String) -> String { sqliteQuoting ? sqlite.quote(identifier: identifier) : "[" + identifier + "]" }
    func placeholder(_ position: Int) -> String { sqliteQuoting ? sqlite.placeholder(position) : "$\(position)" }
    func nullSafeEqual(_ lhs: SQLFragment, _ rhs: SQLFragment, negated: Bool) -> SQLFragment {
        guard distinctFrom else { return sqlite.nullSafeEqual(lhs, rhs, negated: negated) }
        return lhs + (negated ? " IS DISTINCT FROM " : " IS NOT DISTINCT FROM ") + rhs
    }
    func call(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment { sqlite.call(function, arguments) }
    func collate(_ value: SQLFragment, _ comparator: StringComparatorCollation) -> SQLFragment { sqlite.collate(value, comparator) }
    func referenceSeconds(_ value: SQLFragment, storage: Storage) -> SQLFragment { sqlite.referenceSeconds(value, storage: storage) }
    func toReal(_ value: SQLFragment) -> SQLFragment { sqlite.toReal(value) }
    func jsonArrayElements(_ array: SQLFragment, alias: String) -> (from: SQLFragment, value: SQLFragment, order: SQLFragment) {
        sqlite.jsonArrayElements(array, alias: alias)
    }
    func limit(_ limit: SQLFragment?, offset: SQLFragment?) -> SQLFragment { sqlite.limit(limit, offset: offset) }
    var trueLiteral: String { sqlite.trueLiteral }
    var falseLiteral: String { sqlite.falseLiteral }
}
