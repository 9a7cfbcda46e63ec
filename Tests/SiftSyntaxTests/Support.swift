import SiftSyntax

/// Helpers shared by the syntax tests.
enum Syntax {
    /// The printed tree of a query, or the rendered diagnostics when there are errors.
    static func query(_ text: String) -> String {
        let source = SourceFile(text: text)
        let parsed = Parser.parseQuery(source)
        let errors = parsed.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return DiagnosticRenderer().render(parsed.diagnostics, in: source) }
        return parsed.value.map { TreePrinter.print($0) } ?? "nil"
    }

    /// The printed tree of an expression, or the rendered diagnostics when there are any.
    static func expr(_ text: String) -> String {
        let source = SourceFile(text: text)
        let parsed = Parser.parseExpression(source)
        if !parsed.diagnostics.isEmpty { return DiagnosticRenderer().render(parsed.diagnostics, in: source) }
        return TreePrinter.print(parsed.value, in: parsed.tree)
    }

    /// The rendered diagnostics of a query (all severities).
    static func diagnostics(_ text: String) -> String {
        let source = SourceFile(text: text)
        return DiagnosticRenderer().render(Parser.parseQuery(source).diagnostics, in: source)
    }

    /// The token kinds of a source, with their text.
    static func tokens(_ text: String) -> String {
        let source = SourceFile(text: text)
        return Lexer.tokenize(source).tokens.dropLast().map { "\($0.kind)(\(source.text(in: $0.range)))" }
            .joined(separator: " ")
    }
}
