/// Where the read–eval loop gets its lines: a terminal with line editing (SiftLineEditor), a
/// pipe, a file run by `.read`, or a script in a test.
public protocol LineReader: AnyObject {
    /// Whether a person is typing: prompts, the banner and history are for them.
    var isInteractive: Bool { get }

    /// Reads the next line, without its line terminator. `prompt` is shown when interactive;
    /// `pendingInput` is the unfinished query typed on earlier lines (for completion).
    func readLine(prompt: String, pendingInput: String) -> LineReadResult

    /// Records a complete input (a query, possibly several lines, or a dot-command) for Up-arrow
    /// recall. Readers without history ignore it.
    func addHistory(_ entry: String)
}

extension LineReader {
    public func addHistory(_ entry: String) {}
}

/// What a read produced.
public enum LineReadResult: Sendable, Hashable {
    case line(String)
    /// Control-C at the prompt: drop the line and any unfinished query.
    case interrupted
    /// Control-D or the end of the input.
    case endOfInput
}

/// Reads lines from a fixed list (tests, and the files of `.read`).
public final class ScriptedLineReader: LineReader {
    private var lines: [String]
    private var index = 0
    public let isInteractive: Bool
    /// The prompts shown, in order (for tests of interactive behaviour).
    public private(set) var prompts: [String] = []

    public init(lines: [String], isInteractive: Bool = false) {
        self.lines = lines
        self.isInteractive = isInteractive
    }

    /// The lines of `text` (a final line break does not make an extra empty line; `\r\n` works).
    public convenience init(text: String, isInteractive: Bool = false) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        if lines.last == "" { lines.removeLast() }
        self.init(lines: lines, isInteractive: isInteractive)
    }

    public func readLine(prompt: String, pendingInput: String) -> LineReadResult {
        prompts.append(prompt)
        guard index < lines.count else { return .endOfInput }
        defer { index += 1 }
        return lines[index] == "\u{03}" ? .interrupted : .line(lines[index])
    }
}

/// Reads standard input line by line, with no prompt and no editing (pipes and files).
public final class StandardInputLineReader: LineReader {
    public init() {}

    public var isInteractive: Bool { false }

    public func readLine(prompt: String, pendingInput: String) -> LineReadResult {
        guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
        return .line(line.hasSuffix("\r") ? String(line.dropLast()) : line)
    }
}
