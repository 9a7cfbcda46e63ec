import Foundation
import Sift
import SiftSQLite

/// Paths and schemas shared by the test targets.
public enum Fixtures {
    /// The package root (this file is `Tests/SiftTestSupport/Fixtures.swift`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/SiftCheckerTests/Golden`: the golden files, and the schemas they name.
    public static let goldenDirectory: URL = packageRoot.appendingPathComponent("Tests/SiftCheckerTests/Golden")

    /// The UTF-8 text of a file.
    public static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// The text of a file of `Examples/`.
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

/// A fixture that could not be read or built, with what went wrong.
public struct FixtureError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
