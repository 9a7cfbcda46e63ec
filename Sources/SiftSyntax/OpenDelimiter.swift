/// Something opened but not closed at the end of the input: a bracket, a multi-line string or a
/// block comment. The REPL uses ``Lexer/openDelimiters(in:)`` to decide whether to read another
/// line (with a continuation prompt) before parsing.
public struct OpenDelimiter: Sendable, Hashable, CustomStringConvertible {
    /// What is open.
    public enum Kind: String, Sendable, Hashable {
        /// `(`
        case parenthesis = "("
        /// `[`
        case bracket = "["
        /// `{`
        case brace = "{"
        /// A multi-line string literal's `"""`.
        case multilineString = "\"\"\""
        /// A block comment's `/*`.
        case blockComment = "/*"
    }

    /// What is open.
    public var kind: Kind
    /// The opening delimiter.
    public var range: SourceRange

    /// A delimiter of `kind` opened at `range`.
    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    public var description: String { "\(kind.rawValue)@\(range)" }
}
