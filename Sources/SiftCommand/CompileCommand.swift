import Sift
import SiftPostgres
import SiftSQLite

/// `sift compile --schema FILE [--schema FILE] [TEXT | --file FILE] [--json] [--portable]
/// [--dialect sqlite|postgresql]`: prints the SQL and its bindings, or with `--json` the report tools
/// read (``CompileReport``); with `--portable`, SQL with the database's built-in functions only (and
/// for SQLite the facts about the data it assumes); with `--dialect postgresql`, PostgreSQL's SQL.
enum CompileCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(
            arguments, valued: ["--file", "--schema", "--dialect"], flags: ["--no-color", "--json", "--one-line", "--portable"],
            repeatable: ["--schema"])
        let json = parsed.flags.contains("--json")
        let dialect = try CompileDialect(parsed.values("--dialect").last, schemaPaths: parsed.values("--schema"))
        let loaded = try SchemaOption.load(parsed.values("--schema"), command: "compile")
        var diagnostics = SourcedDiagnostic.all(loaded.diagnostics, in: loaded.source)
        if loaded.diagnostics.hasErrors { throw CommandFailure(diagnostics) }
        let source = try readQueryText(parsed, positional: parsed.positional)
        let compilation = Compiler(schema: loaded.schema).check(source)
        diagnostics += SourcedDiagnostic.all(compilation.diagnostics, in: source)
        guard let checked = compilation.checked else { throw CommandFailure(diagnostics) }
        let options = SQLLowering.Options(readableLayout: !parsed.flags.contains("--one-line") && !json)
        let compiled: CompiledQuery
        if dialect == .postgresql {
            var postgreSQLOptions = options
            postgreSQLOptions.portable = parsed.flags.contains("--portable")
            compiled = SQLLowering.lower(checked, schema: loaded.schema, dialect: PostgreSQLDialect(), options: postgreSQLOptions)
            let refusals = compiled.dialectDiagnostics + compiled.portabilityDiagnostics
            if !refusals.isEmpty { throw CommandFailure(diagnostics + SourcedDiagnostic.all(refusals, in: source)) }
        } else if parsed.flags.contains("--portable") {
            compiled = try PortableCompilation.lower(checked, schema: loaded.schema, schemaPaths: parsed.values("--schema"), options: options)
            if !compiled.portabilityDiagnostics.isEmpty {
                throw CommandFailure(diagnostics + SourcedDiagnostic.all(compiled.portabilityDiagnostics, in: source))
            }
        } else {
            compiled = SQLLowering.lower(checked, schema: loaded.schema, options: options)
        }
        if json {
            print(CompileReport.json(compiled, dialect: dialect, schema: loaded.schema, diagnostics: diagnostics).text)
            return 0
        }
        let renderer = DiagnosticRenderer(colors: useColors(parsed))
        for item in diagnostics { standardError(renderer.render(item.diagnostic, in: item.source ?? source)) }
        print(compiled.sql)
        if !compiled.bindings.isEmpty {
            print("-- bindings:")
            for (index, slot) in compiled.bindings.enumerated() {
                switch slot {
                case .constant(let value): print("--   \(dialect.placeholderSign)\(index + 1) = \(value)")
                case .parameter(let name, _):
                    let type = compiled.parameters.first { $0.name == name }?.type.description ?? "?"
                    print("--   \(dialect.placeholderSign)\(index + 1) = \(name) (\(type))")
                }
            }
        }
        PortableCompilation.printAssumptions(of: compiled)
        return 0
    }
}

/// The SQL dialect `sift compile --dialect` writes.
enum CompileDialect: String {
    /// SQLite's (the default): `?1` placeholders, Sift's registered functions.
    case sqlite
    /// PostgreSQL's: `$1` placeholders, Sift's functions in the schema `sift`.
    case postgresql

    /// The dialect named by `--dialect`; without one, that of the database given as the schema
    /// (PostgreSQL's for a `postgres://` URI, whose SQL must run on that server), else SQLite's.
    /// A usage error for another name.
    init(_ name: String?, schemaPaths: [String] = []) throws {
        guard let name else {
            self = schemaPaths.contains(where: PostgresURI.isURI) ? .postgresql : .sqlite
            return
        }
        guard let dialect = CompileDialect(rawValue: name.lowercased()) else {
            throw CommandFailure(id: .usage, message: "unknown dialect '\(name)' for --dialect: use 'sqlite' or 'postgresql'", status: 2)
        }
        self = dialect
    }

    /// What its placeholders start with.
    var placeholderSign: String { self == .sqlite ? "?" : "$" }
}
