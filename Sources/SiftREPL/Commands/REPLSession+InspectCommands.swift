import Sift
import SiftSQLite

/// `.help`, `.schema`, `.models`, `.ast`, `.typed`, `.sql` and `.plan`: looking at the schema and
/// at what a query becomes, without running it.
extension REPLSession {
    func help(_ invocation: CommandInvocation) throws {
        let pattern = invocation.words.first
        let text = DotCommand.help(matching: pattern)
        if text.isEmpty { throw CommandError("no command matches '\(pattern ?? "")'; see .help") }
        resultSink.write(text)
    }

    func schema(_ invocation: CommandInvocation) throws {
        let schema = engine.schema
        guard let name = invocation.words.first else {
            resultSink.write(SchemaPrinter.print(schema))
            return
        }
        guard let model = schema.model(named: name) else {
            throw CommandError(unknownModel(name))
        }
        let enumNames = Set(model.attributes.compactMap { if case .enumeration(let name) = $0.type { name } else { nil } })
        let enums = schema.enums.filter { enumNames.contains($0.name) }
        resultSink.write(SchemaPrinter.print(Schema(models: [model], enums: enums, source: schema.source)))
    }

    func unknownModel(_ name: String) -> String {
        let suggestion = Suggestions.closest(to: name, among: engine.schema.modelNames).first
        return "no model named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; see .models")
    }

    func models(_ invocation: CommandInvocation) throws {
        let models = engine.schema.models.sorted { $0.name < $1.name }
        if models.isEmpty {
            resultSink.write("(no models)\n")
            return
        }
        let width = models.map(\.name.count).max() ?? 0
        for model in models {
            let counts = Self.count(model.attributes.count, "attribute") + ", " + Self.count(model.relationships.count, "relationship")
            resultSink.write(
                model.name + String(repeating: " ", count: width - model.name.count) + "  table \(model.tableName), \(counts)\n")
        }
    }

    /// `1 attribute`, `3 relationships`.
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)" + (number == 1 ? "" : "s") }

    /// The QUERY argument of an inspecting command, or the last query run.
    func queryArgument(_ invocation: CommandInvocation) throws -> SourceFile {
        let text = invocation.rawText(afterArgument: 0)
        if !text.isEmpty { return SourceFile(name: "<input>", text: text) }
        guard let lastQuery else { throw CommandError(".\(invocation.name) needs a QUERY (no query has run yet)") }
        return SourceFile(name: "<input>", text: lastQuery)
    }

    func ast(_ invocation: CommandInvocation) throws {
        let source = try queryArgument(invocation)
        let parsed = Parser.parseQuery(source)
        report(parsed.diagnostics, in: source)
        guard let query = parsed.value, !parsed.hasErrors else { return }
        resultSink.write(TreePrinter.print(query, multiline: true) + "\n")
    }

    func typed(_ invocation: CommandInvocation) throws {
        let source = try queryArgument(invocation)
        let options = TypeChecker.Options(parameterTypes: parameters.compactMapValues(\.literalType))
        let compilation = Compiler(schema: engine.schema, options: options).check(source)
        report(compilation.diagnostics, in: source)
        guard let checked = compilation.checked, !compilation.hasErrors else { return }
        resultSink.write(TypedTreePrinter.print(checked))
    }

    func sql(_ invocation: CommandInvocation) throws {
        let compilation = engine.compile(try queryArgument(invocation), parameters: parameters)
        guard runnable(compilation) != nil else { return }
        guard let sql = compilation.sql else { throw EngineUnavailable.sqlLowering }
        var out = sql + "\n"
        for (index, binding) in compilation.bindings.enumerated() {
            out += "-- \(engine.placeholderSign)\(index + 1) = \(Self.sqlLiteral(binding.value))"
            // Two bindings of a text in its two normal forms look alike: say which is which.
            var notes = binding.parameterName.map { [$0] } ?? []
            if case .text(let text) = binding.value, let form = Self.normalFormNote(text) { notes.append(form) }
            out += notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
            out += "\n"
        }
        if engine.portable, let assumptions = compilation.compiled?.assumptions, !assumptions.isEmpty {
            out += "-- assumes (compile again when the data changes so that one no longer holds):\n"
            for assumption in assumptions { out += "--   \(assumption)\n" }
        }
        resultSink.write(out)
    }

    func plan(_ invocation: CommandInvocation) throws {
        let compilation = engine.compile(try queryArgument(invocation), parameters: parameters)
        guard runnable(compilation) != nil else { return }
        resultSink.write(try engine.queryPlan(compilation).renderedTree + "\n")
    }

    /// Prints diagnostics to standard error; errors count as a failure.
    func report(_ diagnostics: [Diagnostic], in source: SourceFile) {
        guard !diagnostics.isEmpty else { return }
        console.error.write(DiagnosticRenderer(colors: configuration.colors).render(diagnostics, in: source))
        if diagnostics.hasErrors { failureCount += 1 }
    }

    /// "NFD" or "not NFC" for a text that is not in NFC (bytes, not Swift's `==`); nil otherwise.
    static func normalFormNote(_ text: String) -> String? {
        if text.utf8.elementsEqual(text.precomposedStringWithCanonicalMapping.utf8) { return nil }
        return text.utf8.elementsEqual(text.decomposedStringWithCanonicalMapping.utf8) ? "NFD" : "not NFC"
    }

    /// A value as an SQL literal: `NULL`, `42`, `1.5`, `'it''s'`, `X'00FF'`.
    static func sqlLiteral(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .real(let number): DecodedValue.format(number)
        case .text(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes): "X'" + DecodedValue.hex(bytes) + "'"
        }
    }
}
