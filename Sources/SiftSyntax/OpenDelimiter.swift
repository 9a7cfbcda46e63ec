/// Something opened but not closed at the end of the input: a bracket, a multi-line string or a
/// block comment. The REPL uses ``Lexer/openDelimiters(in:)`` to decide whether to read another
/// line (with a continuation prompt) before parsing.
public struct OpenDelimiter: Sendable, Hashable, CustomStringConvertible {
    /// What is open.
    public enum Kind: String, Sendable, Hashable {
        case parenthesis = "("
        case bracket = "["
        case brace = "{"
        case multilineString = "\"\"\""
        case blockComment = "/*"
    }

    public var kind: Kind
    /// The opening delimiter.
    public var range: SourceRange

    public init(kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    public var description: String { "\(kind.rawValue)@\(range)" }
}
