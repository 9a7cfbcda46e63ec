import Foundation
import Sift
import SiftPostgres
import SiftREPL
import SiftSQLite

/// `sift query DB [TEXT | --file FILE] [--schema FILE] [--param name=value ...] [--mode MODE]`
/// (`--json` is `--mode json`).
enum QueryCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(
            arguments, valued: ["--file", "--schema", "--param", "--mode"], flags: ["--no-color", "--json"], repeatable: ["--param"])
        guard let databasePath = parsed.positional.first else {
            throw CommandLineArguments.UsageError(message: "'sift query' needs a DATABASE, e.g. sift query people.sqlite 'User where age > 20'")
        }
        if parsed.flags.contains("--json"), let other = parsed.value("--mode"), other != OutputMode.json.rawValue {
            throw CommandLineArguments.UsageError(message: "'--json' is '--mode json'; it cannot be given with '--mode \(other)'")
        }
        let modeName = parsed.value("--mode") ?? (parsed.flags.contains("--json") ? OutputMode.json.rawValue : "table")
        guard let mode = OutputMode(rawValue: modeName) else {
            throw CommandLineArguments.UsageError(
                message: "unknown mode '\(modeName)'; use " + OutputMode.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let modelFile = parsed.value("--schema") { try checkReadableFile(modelFile) }
        if PostgresURI.isURI(databasePath) { return try runOnPostgres(uri: databasePath, parsed, mode: mode) }
        let database = try SiftDatabase(path: databasePath, modelFile: parsed.value("--schema"))
        // What the stored values contradict is said before any row: the answer depends on it.
        let mismatches = database.schemaDiagnostics.filter { $0.id == .storedTypeMismatch }
        if !mismatches.isEmpty {
            standardError(DiagnosticRenderer(colors: useColors(parsed)).render(mismatches, in: database.schemaSource))
        }
        let source = try readQueryText(parsed, positional: Array(parsed.positional.dropFirst()))
        let query = try database.compile(source)
        let values = try parameterValues(parsed, query: query, schema: database.schema)
        let rows: [Row]
        do {
            rows = try database.fetch(query, parameters: values)
        } catch let error as FullTextQueryError {
            standardError(DiagnosticRenderer(colors: useColors(parsed)).render(error.diagnostics, in: source))
            return 1
        }
        render(query, rows, mode: mode)
        return 0
    }

    /// The query on a PostgreSQL server (`sift query postgresql://... TEXT`).
    private static func runOnPostgres(uri: String, _ parsed: CommandLineArguments, mode: OutputMode) throws -> Int32 {
        let database = try PostgresDatabase(uri: uri, modelFile: parsed.value("--schema"))
        let source = try readQueryText(parsed, positional: Array(parsed.positional.dropFirst()))
        let query = try database.compile(source)
        let values = try parameterValues(parsed, query: query, schema: database.schema)
        // Control-C cancels the statement on the server: a client that merely exits would leave it
        // running there until it ends. The cancel request is sent from a thread of its own (it
        // connects to the server, which may not answer); a second Control-C leaves at once.
        let watcher = InterruptWatcher()
        watcher.installSignalHandler()
        let cancelHandle = database.connection.cancelHandle
        watcher.begin(cancel: { @Sendable in
            if watcher.signalsHandled >= 2 {
                standardError("interrupted\n")
                exit(130)
            }
            Thread.detachNewThread { cancelHandle.cancel() }
        })
        let rows: [Row]
        do {
            rows = try database.fetch(query, parameters: values)
        } catch {
            if watcher.end() {
                standardError("interrupted\n")
                return 130
            }
            throw error
        }
        // Interrupted after the server had answered: the rows are not printed.
        if watcher.end() {
            standardError("interrupted\n")
            return 130
        }
        // While the rows print, Control-C stops the command as it stops any other.
        signal(SIGINT, SIG_DFL)
        render(query, rows, mode: mode)
        return 0
    }

    /// The values of `--param NAME=VALUE`, parsed as the query's parameters' types.
    private static func parameterValues(_ parsed: CommandLineArguments, query: CompiledQuery, schema: Schema) throws -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        for assignment in parsed.options["--param"] ?? [] {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw CommandLineArguments.UsageError(message: "'--param' takes NAME=VALUE, got '\(assignment)'")
            }
            let name = String(assignment[..<equals])
            let text = String(assignment[assignment.index(after: equals)...])
            guard let parameter = query.parameters.first(where: { $0.name == name }) else {
                standardError("warning: the query has no parameter '\(name)'\n")
                continue
            }
            guard let value = ParameterValue.parse(text, as: parameter.type, schema: schema) else {
                throw InputError(message: "'\(text)' is not a valid '\(parameter.type)' for the parameter '\(name)'", id: .badParameterValue)
            }
            values[name] = value
        }
        return values
    }

    /// Prints the rows in `mode`.
    private static func render(_ query: CompiledQuery, _ rows: [Row], mode: OutputMode) {
        // The REPL's renderers, without its display limit: a command prints every row.
        var settings = REPLSettings(mode: mode)
        settings.displayLimit = nil
        let result = ResultSet(
            columns: query.columns.map { ResultColumn(name: $0.name, typeDescription: $0.typeDescription) },
            rows: rows.map(\.values))
        print(ResultPrinter.render(result, settings: settings, terminalWidth: nil), terminator: "")
    }
}
