/// Renders diagnostics the way the Swift compiler does:
///
/// ```
/// <input>:1:25: error: '&' is not supported; use '&&'
/// #Predicate<User> { $0.a & $0.b }
///                         ^
///                         &&
/// ```
///
/// The caret line is aligned by display width (wide CJK characters take two columns, combining
/// marks none, tabs are kept), so the caret sits under the right character on a terminal.
public struct DiagnosticRenderer: Sendable {
    /// ANSI colours for terminals; off by default.
    public var colors: Bool

    /// A renderer, with ANSI colours when `colors` is true.
    public init(colors: Bool = false) {
        self.colors = colors
    }

    /// Renders every diagnostic, each followed by its notes.
    public func render(_ diagnostics: [Diagnostic], in source: SourceFile) -> String {
        var out = ""
        for diagnostic in diagnostics {
            out += render(diagnostic, in: source)
        }
        return out
    }

    /// Renders one diagnostic and its notes, each block ending in a newline.
    public func render(_ diagnostic: Diagnostic, in source: SourceFile) -> String {
        var out = block(
            severity: diagnostic.severity, message: diagnostic.message, range: diagnostic.range,
            fixIts: diagnostic.fixIts, in: source)
        for note in diagnostic.notes {
            let noteSource = note.source ?? source
            if let range = note.range {
                out += block(severity: .note, message: note.message, range: range, fixIts: [], in: noteSource)
            } else {
                out += "\(paint("note:", .note)) \(note.message)\n"
            }
        }
        return out
    }

    private func block(
        severity: Diagnostic.Severity, message: String, range: SourceRange, fixIts: [Diagnostic.FixIt],
        in source: SourceFile
    ) -> String {
        let start = source.location(of: range.start)
        var out = bold("\(source.name):\(start.line):\(start.column):")
        out += " \(paint("\(severity.rawValue):", severity)) \(bold(message))\n"
        let line = source.lineText(start.line)
        out += line + "\n"

        // The marker: '^' at the start, '~' under the rest of the range on the same line.
        let lineStart = source.lineStarts[start.line - 1]
        let lineEnd = lineStart + line.utf8.count
        let prefix = source.text(in: SourceRange(start: lineStart, end: range.start))
        let underlineEnd = min(max(range.end, range.start), lineEnd)
        let covered = source.text(in: SourceRange(start: range.start, end: underlineEnd))
        let padding = Self.padding(for: prefix)
        let tildes = max(0, Self.displayWidth(of: covered) - 1)
        out += padding + paint("^" + String(repeating: "~", count: tildes), .caret) + "\n"

        // Fix-its on the same line are shown under the caret, as the Swift compiler does.
        let shown = fixIts.filter { source.location(of: $0.range.start).line == start.line }
        if let first = shown.first, !first.replacement.isEmpty {
            let fixPrefix = source.text(in: SourceRange(start: lineStart, end: first.range.start))
            out += Self.padding(for: fixPrefix) + paint(first.replacement, .fixIt) + "\n"
        }
        return out
    }

    /// Whitespace as wide as `text` on a terminal, keeping tabs so the caret lines up.
    static func padding(for text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                out.append("\t")
            } else {
                out += String(repeating: " ", count: width(of: scalar))
            }
        }
        return out
    }

    /// The number of terminal columns a string takes.
    public static func displayWidth(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Terminal columns of one scalar: 0 for combining marks and joiners, 2 for East Asian wide and
    /// fullwidth characters and emoji, 1 otherwise.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
            || (0x20000...0x3FFFD).contains(value)
        {
            return 2
        }
        return 1
    }

    private enum Role { case caret, fixIt }

    private func paint(_ text: String, _ severity: Diagnostic.Severity) -> String {
        guard colors else { return text }
        let code: String
        switch severity {
        case .error: code = "1;31"
        case .warning: code = "1;35"
        case .note: code = "1;30"
        case .remark: code = "1;34"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    private func paint(_ text: String, _ role: Role) -> String {
        guard colors else { return text }
        return "\u{1B}[\(role == .caret ? "1;32" : "32")m\(text)\u{1B}[0m"
    }

    private func bold(_ text: String) -> String {
        colors ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
