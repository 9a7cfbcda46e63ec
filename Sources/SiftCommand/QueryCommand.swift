import Sift
import SiftSQLite

/// `sift query DB [TEXT | --file FILE] [--schema FILE] [--param name=value ...] [--mode MODE]`.
enum QueryCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valued: ["--file", "--schema", "--param", "--mode"], flags: ["--no-color"])
        guard let databasePath = parsed.positional.first else {
            throw CommandLineArguments.UsageError(message: "'sift query' needs a DATABASE, e.g. sift query people.sqlite 'User where age > 20'")
        }
        let mode = parsed.value("--mode") ?? "table"
        guard ["table", "json", "csv", "line"].contains(mode) else {
            throw CommandLineArguments.UsageError(message: "unknown mode '\(mode)'; use table, json, csv or line")
        }
        let database: SiftDatabase
        do {
            database = try SiftDatabase(path: databasePath, modelFile: parsed.value("--schema"))
        } catch let error as CompileError {
            standardError(DiagnosticRenderer(colors: useColors(parsed)).render(error.diagnostics, in: error.source))
            return 1
        }
        let source = try readQueryText(parsed, positional: Array(parsed.positional.dropFirst()))
        let query: CompiledQuery
        do {
            query = try database.compile(source)
        } catch let error as CompileError {
            standardError(DiagnosticRenderer(colors: useColors(parsed)).render(error.diagnostics, in: error.source))
            return 1
        }
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
            guard let value = ParameterValue.parse(text, as: parameter.type, schema: database.schema) else {
                throw InputError(message: "'\(text)' is not a valid '\(parameter.type)' for the parameter '\(name)'")
            }
            values[name] = value
        }
        let rows = try database.fetch(query, parameters: values)
        print(ResultFormatter.format(rows, columns: query.columns.map(\.name), mode: mode), terminator: "")
        return 0
    }
}

/// Plain output formats of `sift query` (the REPL has the full set).
enum ResultFormatter {
    static func format(_ rows: [Row], columns: [String], mode: String) -> String {
        switch mode {
        case "json":
            let objects = rows.map { row in JSON.object(zip(columns, row.values).map { ($0, json($1)) }) }
            return JSON.array(objects).text + "\n"
        case "csv":
            var out = columns.map(csvField).joined(separator: ",") + "\r\n"
            for row in rows { out += row.values.map { csvField(text($0)) }.joined(separator: ",") + "\r\n" }
            return out
        case "line":
            let width = columns.map(\.count).max() ?? 0
            return rows.map { row in
                zip(columns, row.values).map { String(repeating: " ", count: width - $0.count) + $0 + " = " + text($1) }.joined(separator: "\n")
            }.joined(separator: "\n\n") + (rows.isEmpty ? "" : "\n")
        default:
            let cells = rows.map { $0.values.map(text) }
            var widths = columns.map { DiagnosticRenderer.displayWidth(of: $0) }
            for row in cells { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DiagnosticRenderer.displayWidth(of: cell)) } }
            func line(_ values: [String]) -> String {
                zip(values, widths).map { $0 + String(repeating: " ", count: $1 - DiagnosticRenderer.displayWidth(of: $0)) }
                    .joined(separator: "  ").replacingTrailingSpaces()
            }
            var out = line(columns) + "\n" + line(widths.map { String(repeating: "-", count: $0) }) + "\n"
            for row in cells { out += line(row) + "\n" }
            return out + "(\(rows.count) row\(rows.count == 1 ? "" : "s"))\n"
        }
    }

    static func text(_ value: DecodedValue) -> String {
        if case .null = value { return "" }
        if case .enumCase(let name, _) = value { return name }
        return value.description
    }

    static func json(_ value: DecodedValue) -> JSON {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let integer): .number(String(integer))
        case .double(let real): real.isFinite ? .number(String(real)) : .string(String(real))
        case .enumCase(let name, _): .string(name)
        default: .string(value.description)
        }
    }

    static func csvField(_ text: String) -> String {
        if text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
            return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        }
        return text
    }
}

extension String {
    func replacingTrailingSpaces() -> String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
