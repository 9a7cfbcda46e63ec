import Sift
import SiftSQLite

/// `sift check --schema FILE [--schema FILE] [TEXT | --file FILE | -]`: prints the typed tree, or
/// the diagnostics.
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valued: ["--file", "--schema"], flags: ["--no-color"], repeatable: ["--schema"])
        let loaded = try SchemaOption.load(parsed.values("--schema"), command: "check")
        if loaded.diagnostics.hasErrors { throw CommandFailure(SourcedDiagnostic.all(loaded.diagnostics, in: loaded.source)) }
        let source = try readQueryText(parsed, positional: parsed.positional)
        let compilation = Compiler(schema: loaded.schema).check(source)
        guard let checked = compilation.checked else { throw CommandFailure(SourcedDiagnostic.all(compilation.diagnostics, in: source)) }
        standardError(DiagnosticRenderer(colors: useColors(parsed)).render(compilation.diagnostics, in: source))
        print(TypedTreePrinter.print(checked), terminator: "")
        return 0
    }
}

/// `sift schema FILE [--schema FILE]`: prints the models Sift sees, in model-file syntax.
enum SchemaCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valued: ["--schema"], flags: ["--no-color"], repeatable: ["--schema"])
        let paths = parsed.positional + parsed.values("--schema")
        guard !paths.isEmpty, parsed.positional.count <= 1 else {
            throw CommandLineArguments.UsageError(
                message: "'sift schema' takes one FILE: a model file or an SQLite database (and '--schema MODELS' to refine a database)")
        }
        let loaded = try SchemaOption.load(paths, command: "schema")
        if loaded.diagnostics.hasErrors { throw CommandFailure(SourcedDiagnostic.all(loaded.diagnostics, in: loaded.source)) }
        standardError(DiagnosticRenderer(colors: useColors(parsed)).render(loaded.diagnostics, in: loaded.source))
        print(SchemaPrinter.print(loaded.schema), terminator: "")
        return 0
    }
}
