import Foundation
import Sift
import SiftSQLite

/// Paths and schemas shared by the test targets.
public enum Fixtures {
    /// `Tests/SiftTestSupport`.
    static let testsDirectory: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The package root.
    public static let packageRoot: URL = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    public static let goldenDirectory: URL = packageRoot.appendingPathComponent("Tests/SiftCheckerTests/Golden")

    public static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    public static func readExample(_ name: String) throws -> String {
        try read(packageRoot.appendingPathComponent("Examples").appendingPathComponent(name))
    }

    /// Reads a model file's text, with the source named `name` so notes render stably.
    public static func modelSchema(_ text: String, name: String) -> (Schema, [Diagnostic]) {
        ModelFileReader.read(SourceFile(name: name, text: text))
    }

    /// `Examples/Models.swift`, read once.
    public static let exampleModels: Result<Schema, any Error> = Result {
        let (schema, diagnostics) = modelSchema(try readExample("Models.swift"), name: "Examples/Models.swift")
        guard diagnostics.isEmpty else { throw FixtureError("Examples/Models.swift: \(diagnostics)") }
        return schema
    }

    /// The example database (`Examples/example.sql`) refined by `Examples/Models.swift`, built once.
    public static let exampleDatabaseSchema: Result<Schema, any Error> = Result {
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
    public static func schema(named name: String) throws -> Schema {
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

public struct FixtureError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A database file in the temporary directory, removed when released.
public final class TemporaryDatabase: @unchecked Sendable {
    public let path: String

    public init(_ label: String) throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("sift-checker-tests-\(label)-\(UUID().uuidString).sqlite").path
    }

    deinit {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    public func create(_ script: String) throws {
        let connection = try Connection(path: path, mode: .readWriteCreate)
        try connection.execute(script)
    }
}

/// SQLite's dialect in a type of its own, so that the renderer takes its path for any dialect:
/// with brackets and `$N` placeholders, a way for a test to see which dialect wrote what; with
/// SQLite's quoting (`sqliteQuoting`), the general path writing what SQLite's own path writes.
/// With `distinctFrom`, its null-safe equality is standard SQL's `IS [NOT] DISTINCT FROM` instead
/// of SQLite's `IS [NOT]`.
public struct BracketDialect: SQLDialect {
    public var distinctFrom = false
    public var sqliteQuoting = false
    let sqlite = SQLiteDialect()
    /// A dialect with brackets, `$N` placeholders and SQLite's `IS [NOT]`, unless told otherwise.
    public init(distinctFrom: Bool = false, sqliteQuoting: Bool = false) {
        self.distinctFrom = distinctFrom
        self.sqliteQuoting = sqliteQuoting
    }
    public func quote(identifier: String) -> String { sqliteQuoting ? sqlite.quote(identifier: identifier) : "[" + identifier + "]" }
    public func placeholder(_ position: Int) -> String { sqliteQuoting ? sqlite.placeholder(position) : "$\(position)" }
    public func nullSafeEqual(_ lhs: SQLFragment, _ rhs: SQLFragment, negated: Bool) -> SQLFragment {
        guard distinctFrom else { return sqlite.nullSafeEqual(lhs, rhs, negated: negated) }
        return lhs + (negated ? " IS DISTINCT FROM " : " IS NOT DISTINCT FROM ") + rhs
    }
    public func call(_ function: SiftFunction, _ arguments: [SQLFragment]) -> SQLFragment { sqlite.call(function, arguments) }
    public func collate(_ value: SQLFragment, _ comparator: StringComparatorCollation) -> SQLFragment { sqlite.collate(value, comparator) }
    public func referenceSeconds(_ value: SQLFragment, storage: Storage) -> SQLFragment { sqlite.referenceSeconds(value, storage: storage) }
    public func toReal(_ value: SQLFragment) -> SQLFragment { sqlite.toReal(value) }
    public func jsonArrayElements(_ array: SQLFragment, alias: String) -> (from: SQLFragment, value: SQLFragment, order: SQLFragment) {
        sqlite.jsonArrayElements(array, alias: alias)
    }
    public func limit(_ limit: SQLFragment?, offset: SQLFragment?) -> SQLFragment { sqlite.limit(limit, offset: offset) }
    public var trueLiteral: String { sqlite.trueLiteral }
    public var falseLiteral: String { sqlite.falseLiteral }
}
