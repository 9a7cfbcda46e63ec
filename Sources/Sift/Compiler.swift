import Foundation

/// Compiles query text against a schema: parsing, then type checking.
///
/// ```swift
/// let (schema, _) = ModelFileReader.read(SourceFile(name: "Models.swift", text: models))
/// let compilation = Compiler(schema: schema).check("#Predicate<User> { $0.age > 20 }")
/// if let query = compilation.checked { print(TypedTreePrinter.print(query)) }
/// else { print(DiagnosticRenderer().render(compilation.diagnostics, in: compilation.source)) }
/// ```
public struct Compiler: Sendable {
    /// The models and enums queries are checked against.
    public var schema: Schema
    /// What the type checker accepts and how it reports.
    public var options: TypeChecker.Options

    /// A compiler for queries over `schema`.
    public init(schema: Schema, options: TypeChecker.Options = .init()) {
        self.schema = schema
        self.options = options
    }

    /// Parses and checks `text`, named `sourceName` in diagnostics.
    public func check(_ text: String, sourceName: String = "<input>") -> Compilation {
        check(SourceFile(name: sourceName, text: text))
    }

    /// The longest query text read, in bytes (8 MB): longer input is refused with a diagnostic
    /// before any work (a query that long is a mistake, or an attack).
    public static let maximumInputBytes = 8 << 20

    /// Parses and checks a source.
    public func check(_ source: SourceFile) -> Compilation {
        if source.bytes.count > Self.maximumInputBytes {
            let megabytes = Double(source.bytes.count) / Double(1 << 20)
            let diagnostic = Diagnostic.error(
                "input-too-long",
                "the query is \(String(format: "%.1f", megabytes)) MB long, more than Sift reads (8 MB); pass long lists of values as an array parameter",
                at: .point(0))
            return Compilation(source: source, syntax: nil, checked: nil, diagnostics: [diagnostic])
        }
        var parsed = Parser.parseQuery(source)
        // The query is moved out of the parse result, not copied (a copy is a dozen references).
        guard !parsed.hasErrors, let query = parsed.value.take() else {
            return Compilation(source: source, syntax: parsed.value, checked: nil, diagnostics: parsed.diagnostics)
        }
        let result = TypeChecker.check(query, schema: schema, source: source, options: options, syntaxHeight: parsed.tallestExpression)
        let diagnostics = parsed.diagnostics.isEmpty ? result.diagnostics : parsed.diagnostics + result.diagnostics
        return Compilation(source: source, syntax: consume query, checked: result.query, diagnostics: diagnostics)
    }
}

/// What compiling one query produced: its syntax, its checked form, and every diagnostic.
public struct Compilation: Sendable {
    /// The text that was compiled; diagnostics point into it.
    public var source: SourceFile
    /// The parsed query, when parsing produced one.
    public var syntax: Query?
    /// The checked query, when there was no error.
    public var checked: CheckedQuery?
    /// Parse and type-check diagnostics, in that order.
    public var diagnostics: [Diagnostic]

    /// Whether a diagnostic is an error (then ``checked`` is nil).
    public var hasErrors: Bool { diagnostics.hasErrors }

    /// The names and Swift types of the result's columns, in order: the selected values of a
    /// query that selects (`User select name, company?.name`), or the model's attributes; empty
    /// when checking failed.
    public var resultColumns: [(name: String, type: SiftType)] { checked?.resultColumns ?? [] }
}
