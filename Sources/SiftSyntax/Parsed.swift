/// The result of parsing: a value (always present, possibly with ``ExprKind/error`` nodes where
/// the parser recovered) and every diagnostic found, lexical ones first in source order.
public struct Parsed<Value: Sendable>: Sendable {
    /// What was parsed. With errors, it holds what could be recovered.
    public var value: Value
    /// Errors, warnings and notes (e.g. an ignored `animation:` argument), in source order.
    public var diagnostics: [Diagnostic]
    /// The height of the tallest expression tree in the value (a leaf is 1), as the parser
    /// measured it while building the trees; nil when not measured. Phases that walk the trees
    /// recursively use it to choose a stack without walking them first.
    public var tallestExpression: Int?
    /// The nodes of the value's expressions: `parsed.tree[expr]` is the kind of `expr`.
    public var tree: SyntaxTree

    /// A result with its diagnostics and the tree its expressions are nodes of.
    public init(value: Value, diagnostics: [Diagnostic], tree: SyntaxTree = .empty, tallestExpression: Int? = nil) {
        self.value = value
        self.diagnostics = diagnostics
        self.tree = tree
        self.tallestExpression = tallestExpression
    }

    /// Whether any diagnostic is an error (then later phases should not run).
    public var hasErrors: Bool { diagnostics.hasErrors }
}
