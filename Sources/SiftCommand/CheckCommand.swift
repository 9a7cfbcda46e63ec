import Sift
import SiftSQLite

/// `sift check --schema FILE [TEXT | --file FILE | -]`: prints the typed tree, or the diagnostics.
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valued: ["--file", "--schema"], flags: ["--no-color"])
        guard let schemaPath = parsed.value("--schema") else {
            throw CommandLineArguments.UsageError(message: "'sift check' needs '--schema FILE' (a model file or an SQLite database)")
        }
        let renderer = DiagnosticRenderer(colors: useColors(parsed))
        let loaded = try SchemaLoader.load(schemaPath)
        if loaded.diagnostics.hasErrors {
            standardError(renderer.render(loaded.diagnostics, in: loaded.source))
            return 1
        }
        let source = try readQueryText(parsed, positional: parsed.positional)
        let compilation = Compiler(schema: loaded.schema).check(source)
        standardError(renderer.render(compilation.diagnostics, in: source))
        guard let checked = compilation.checked else { return 1 }
        print(TypedTreePrinter.print(checked), terminator: "")
        return 0
    }
}

/// `sift schema FILE`: prints the models Sift sees, in model-file syntax.
enum SchemaCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valued: ["--schema"], flags: ["--no-color"])
        let paths = parsed.positional + (parsed.value("--schema").map { [$0] } ?? [])
        guard paths.count == 1 else {
            throw CommandLineArguments.UsageError(message: "'sift schema' takes one FILE: a model file or an SQLite database")
        }
        let loaded = try SchemaLoader.load(paths[0])
        standardError(DiagnosticRenderer(colors: useColors(parsed)).render(loaded.diagnostics, in: loaded.source))
        if loaded.diagnostics.hasErrors { return 1 }
        print(SchemaPrinter.print(loaded.schema), terminator: "")
        return 0
    }
}
