/// The result of parsing: a value (always present, possibly with ``ExprKind/error`` nodes where
/// the parser recovered) and every diagnostic found, lexical ones first in source order.
public struct Parsed<Value: Sendable>: Sendable {
    /// What was parsed. With errors, it holds what could be recovered.
    public var value: Value
    /// Errors, warnings and notes (e.g. an ignored `animation:` argument), in source order.
    public var diagnostics: [Diagnostic]

    public init(value: Value, diagnostics: [Diagnostic]) {
        self.value = value
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error (then later phases should not run).
    public var hasErrors: Bool { diagnostics.hasErrors }
}
