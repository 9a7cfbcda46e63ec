import Sift
import SiftSQLite

/// `sift compile --schema FILE [TEXT | --file FILE] [--json]`: prints the SQL and its bindings.
enum CompileCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valued: ["--file", "--schema"], flags: ["--no-color", "--json", "--one-line"])
        guard let schemaPath = parsed.value("--schema") else {
            throw CommandLineArguments.UsageError(message: "'sift compile' needs '--schema FILE' (a model file or an SQLite database)")
        }
        let json = parsed.flags.contains("--json")
        let loaded = try SchemaLoader.load(schemaPath)
        let source = try readQueryText(parsed, positional: parsed.positional)
        var diagnostics = loaded.diagnostics
        var compiled: CompiledQuery?
        if !loaded.diagnostics.hasErrors {
            let compilation = Compiler(schema: loaded.schema).check(source)
            diagnostics += compilation.diagnostics
            if let checked = compilation.checked {
                let options = SQLLowering.Options(readableLayout: !parsed.flags.contains("--one-line") && !json)
                compiled = SQLLowering.lower(checked, schema: loaded.schema, options: options)
            }
        }
        if json {
            print(jsonReport(compiled, diagnostics: diagnostics, source: source, schemaSource: loaded.source).text)
            return compiled == nil ? 1 : 0
        }
        let renderer = DiagnosticRenderer(colors: useColors(parsed))
        standardError(renderer.render(loaded.diagnostics, in: loaded.source))
        standardError(renderer.render(Array(diagnostics.dropFirst(loaded.diagnostics.count)), in: source))
        guard let compiled else { return 1 }
        print(compiled.sql)
        if !compiled.bindings.isEmpty {
            print("-- bindings:")
            for (index, slot) in compiled.bindings.enumerated() {
                switch slot {
                case .constant(let value): print("--   ?\(index + 1) = \(value)")
                case .parameter(let name, _):
                    let type = compiled.parameters.first { $0.name == name }?.type.description ?? "?"
                    print("--   ?\(index + 1) = \(name) (\(type))")
                }
            }
        }
        return 0
    }

    static func jsonReport(_ compiled: CompiledQuery?, diagnostics: [Diagnostic], source: SourceFile, schemaSource: SourceFile) -> JSON {
        var members: [(String, JSON)] = []
        members.append(("sql", compiled.map { .string($0.sql) } ?? .null))
        let bindings: [JSON] = (compiled?.bindings ?? []).map { slot in
            switch slot {
            case .constant(let value): return .object([("value", jsonValue(value))])
            case .parameter(let name, _): return .object([("parameter", .string(name))])
            }
        }
        members.append(("bindings", .array(bindings)))
        let parameters: [JSON] = (compiled?.parameters ?? []).map { parameter in
            .object([
                ("name", .string(parameter.name)), ("type", .string(parameter.type.description)),
                ("positions", .array(parameter.positions.map { .number(String($0)) })),
            ])
        }
        members.append(("parameters", .array(parameters)))
        members.append(("diagnostics", .array(diagnostics.map { jsonDiagnostic($0, source: source) })))
        return .object(members)
    }

    static func jsonValue(_ value: SQLValue) -> JSON {
        switch value {
        case .null: .null
        case .integer(let integer): .number(String(integer))
        case .real(let real): real.isFinite ? .number(String(real)) : .string(String(real))
        case .text(let text): .string(text)
        case .blob(let bytes): .object([("blob", .string(bytes.map { String($0, radix: 16) }.joined()))])
        }
    }

    static func jsonDiagnostic(_ diagnostic: Diagnostic, source: SourceFile) -> JSON {
        let start = source.location(of: diagnostic.range.start)
        let end = source.location(of: diagnostic.range.end)
        return .object([
            ("severity", .string(diagnostic.severity.rawValue)), ("id", .string(diagnostic.id.rawValue)),
            ("message", .string(diagnostic.message)),
            ("range", .object([
                ("start", .object([("line", .number(String(start.line))), ("column", .number(String(start.column))), ("offset", .number(String(start.offset)))])),
                ("end", .object([("line", .number(String(end.line))), ("column", .number(String(end.column))), ("offset", .number(String(end.offset)))])),
            ])),
            ("notes", .array(diagnostic.notes.map { .object([("message", .string($0.message))]) })),
            ("fixIts", .array(diagnostic.fixIts.map {
                .object([("start", .number(String($0.range.start))), ("end", .number(String($0.range.end))), ("replacement", .string($0.replacement))])
            })),
        ])
    }
}
