import SiftChecker
import SiftSchema
import SiftSyntax

/// Query text that did not compile: the diagnostics of the parser and the type checker.
public struct QueryCompilationError: Error, Sendable, CustomStringConvertible {
    /// The query text.
    public var source: SourceFile
    /// The errors, pointing into ``source``.
    public var diagnostics: [Diagnostic]

    /// An error for `source` with `diagnostics`.
    public init(source: SourceFile, diagnostics: [Diagnostic]) {
        self.source = source
        self.diagnostics = diagnostics
    }

    public var description: String { DiagnosticRenderer().render(diagnostics, in: source) }
}

extension Evaluator {
    /// Parses and checks query text against `schema`, then evaluates it on `dataset`.
    ///
    /// Parameter values declare their parameter's type (`.string` → `String`, `.double` →
    /// `Double`, ...), except integers, which take their type from context as integer literals
    /// do (an `Int` value is accepted for a `Double` or `Int8` parameter).
    ///
    /// ```swift
    /// let users = try Evaluator.select(#"#Predicate<User> { $0.name.contains(text) }"#,
    ///                                  schema: schema, dataset: dataset, parameters: ["text": "kim"])
    /// ```
    public static func select(
        _ text: String, schema: Schema, dataset: Dataset, parameters: [String: Value] = [:], tieBreak: TieBreak = .datasetOrder
    ) throws -> [ObjectReference] {
        let query = try compile(text, schema: schema, parameters: parameters)
        return try Evaluator(tieBreak: tieBreak).evaluate(query, in: dataset, parameters: parameters)
    }

    /// Parses and checks query text; throws ``QueryCompilationError`` on any error.
    public static func compile(_ text: String, schema: Schema, parameters: [String: Value] = [:]) throws -> CheckedQuery {
        let source = SourceFile(name: "<query>", text: text)
        let parsed = Parser.parseQuery(source)
        guard let syntax = parsed.value, !parsed.hasErrors else {
            throw QueryCompilationError(source: source, diagnostics: parsed.diagnostics)
        }
        var types: [String: SiftType] = [:]
        for (name, value) in parameters { if let type = ParameterType.of(value) { types[name] = type } }
        let options = TypeChecker.Options(parameterTypes: types)
        let checked = TypeChecker.check(syntax, schema: schema, source: source, options: options, syntaxHeight: parsed.tallestExpression)
        guard let query = checked.query else {
            throw QueryCompilationError(source: source, diagnostics: parsed.diagnostics + checked.diagnostics)
        }
        return query
    }
}

/// The type a parameter value declares for its parameter (none for integers).
enum ParameterType {
    static func of(_ value: Value) -> SiftType? {
        switch value {
        case .bool: .bool
        case .int, .uint: nil  // typed by context, like an integer literal (it may be a Double)
        case .double: .double
        case .string: .string
        case .date: .date
        case .uuid: .uuid
        case .data: .data
        case .url: .url
        case .enumCase(let enumValue): .enumeration(enumValue.enumName)
        default: nil
        }
    }
}
