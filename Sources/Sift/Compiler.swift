/// Compiles query text against a schema: parsing, then type checking.
///
/// ```swift
/// let (schema, _) = ModelFileReader.read(SourceFile(name: "Models.swift", text: models))
/// let compilation = Compiler(schema: schema).check("#Predicate<User> { $0.age > 20 }")
/// if let query = compilation.checked { print(TypedTreePrinter.print(query)) }
/// else { print(DiagnosticRenderer().render(compilation.diagnostics, in: compilation.source)) }
/// ```
public struct Compiler: Sendable {
    public var schema: Schema
    public var options: TypeChecker.Options

    public init(schema: Schema, options: TypeChecker.Options = .init()) {
        self.schema = schema
        self.options = options
    }

    /// Parses and checks `text`, named `sourceName` in diagnostics.
    public func check(_ text: String, sourceName: String = "<input>") -> Compilation {
        check(SourceFile(name: sourceName, text: text))
    }

    /// Parses and checks a source.
    public func check(_ source: SourceFile) -> Compilation {
        let parsed = Parser.parseQuery(source)
        guard let query = parsed.value, !parsed.hasErrors else {
            return Compilation(source: source, syntax: parsed.value, checked: nil, diagnostics: parsed.diagnostics)
        }
        let result = TypeChecker.check(query, schema: schema, source: source, options: options)
        return Compilation(
            source: source, syntax: query, checked: result.query, diagnostics: parsed.diagnostics + result.diagnostics)
    }
}

/// What compiling one query produced: its syntax, its checked form, and every diagnostic.
public struct Compilation: Sendable {
    public var source: SourceFile
    /// The parsed query, when parsing produced one.
    public var syntax: Query?
    /// The checked query, when there was no error.
    public var checked: CheckedQuery?
    /// Parse and type-check diagnostics, in that order.
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.hasErrors }
}
