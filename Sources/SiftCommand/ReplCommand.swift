import Foundation
import Sift
import SiftLineEditor
import SiftPostgres
import SiftREPL
import SiftSQLite

/// `sift [DATABASE] [--schema FILE]` and `sift repl DATABASE [...]`: the REPL.
enum ReplCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(
            arguments, valued: ["--schema"], flags: ["--no-color", "--bail", "--write"])
        guard parsed.positional.count <= 1 else {
            throw CommandLineArguments.UsageError(message: "the REPL opens one DATABASE; got \(parsed.positional.count)")
        }
        var databasePath = parsed.positional.first
        var modelFile = parsed.value("--schema")
        if databasePath == nil {
            guard let example = exampleDatabase() else {
                throw InputError(
                    message: "no DATABASE given, and the example database was not found; run 'make run' in the repository, or 'sift DATABASE'", id: .noSuchFile)
            }
            databasePath = example.database
            modelFile = modelFile ?? example.models
        }
        let engine: any QueryEngine
        let load: (diagnostics: [Diagnostic], source: SourceFile)
        do {
            let writable = parsed.flags.contains("--write")
            if PostgresURI.isURI(databasePath!) {
                let postgres = try PostgresEngine(uri: databasePath!, modelFile: modelFile, writable: writable)
                (engine, load) = (postgres, (postgres.loadDiagnostics, postgres.loadSource))
            } else {
                let sqlite = try DatabaseEngine(path: databasePath!, modelFile: modelFile, writable: writable)
                (engine, load) = (sqlite, (sqlite.loadDiagnostics, sqlite.loadSource))
            }
        } catch let error as CompileError {
            standardError(DiagnosticRenderer(colors: useColors(parsed)).render(error.diagnostics, in: error.source))
            return 1
        }
        if !load.diagnostics.isEmpty {
            standardError(DiagnosticRenderer(colors: useColors(parsed)).render(load.diagnostics, in: load.source))
        }
        return runREPL(engine: engine, options: REPLOptions(bail: parsed.flags.contains("--bail"), noColor: parsed.flags.contains("--no-color")))
    }

    /// The bundled example database and its model file: in the current directory's `Examples/`
    /// (the repository root, where `make run` starts), or next to the executable's build folder.
    static func exampleDatabase() -> (database: String, models: String)? {
        if FileManager.default.fileExists(atPath: "Examples/example.sqlite"), FileManager.default.fileExists(atPath: "Examples/Models.swift") {
            return ("Examples/example.sqlite", "Examples/Models.swift")
        }
        var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        for root in candidates {
            let database = root.appendingPathComponent("Examples/example.sqlite").path
            let models = root.appendingPathComponent("Examples/Models.swift").path
            if FileManager.default.fileExists(atPath: database), FileManager.default.fileExists(atPath: models) {
                return (database, models)
            }
        }
        return nil
    }
}
