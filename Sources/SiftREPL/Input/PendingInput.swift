import Sift

/// The lines of a query being typed: lines are joined until no bracket, multi-line string or
/// block comment is left open (``Lexer/openDelimiters(in:)``), then the query runs.
public struct PendingInput: Sendable {
    public private(set) var lines: [String] = []
    /// The line number (in its input) of the first line, for diagnostics.
    public private(set) var firstLineNumber = 1
    /// What is still open after the last line, innermost last.
    public private(set) var openDelimiters: [OpenDelimiter] = []

    public init() {}

    public var isEmpty: Bool { lines.isEmpty }
    public var text: String { lines.joined(separator: "\n") }

    /// Whether the lines so far make a complete input.
    public var isComplete: Bool { !lines.isEmpty && openDelimiters.isEmpty }

    /// Adds a line (numbered `lineNumber` in its input) and works out what is still open.
    public mutating func append(_ line: String, lineNumber: Int) {
        if lines.isEmpty { firstLineNumber = lineNumber }
        lines.append(line)
        openDelimiters = Lexer.openDelimiters(in: SourceFile(text: text))
    }

    public mutating func clear() {
        lines = []
        openDelimiters = []
    }

    /// The prompt for the next line: `sift> ` for a new query, else what is open, innermost last,
    /// right-aligned under it: ` ...{ `, `...{( `, `...""" `.
    public var prompt: String {
        if lines.isEmpty { return Self.primaryPrompt }
        let label = "..." + openDelimiters.map(\.kind.rawValue).joined()
        let width = Self.primaryPrompt.count - 1
        return String(repeating: " ", count: max(0, width - label.count)) + label + " "
    }

    public static let primaryPrompt = "sift> "

    /// Whether `text` holds nothing to run: only whitespace and comments.
    public static func isBlank(_ text: String) -> Bool {
        let lexed = Lexer.tokenize(SourceFile(text: text))
        return lexed.tokens.count == 1 && lexed.diagnostics.isEmpty
    }
}
