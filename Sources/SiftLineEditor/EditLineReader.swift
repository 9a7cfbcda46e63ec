import CEditLine
import SiftREPL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``LineReader`` for a terminal, on libedit: Emacs bindings, Up/Down history, Control-R
/// incremental search, Tab completion (through a ``Completer``), and Control-C clearing the line.
///
/// Control-C: while editing, the terminal's `isig` flag is off, so Control-C reaches libedit as a
/// key, bound here to clear the line and any unfinished query (`.interrupted`). While a query
/// runs (the terminal back in its normal mode) Control-C is SIGINT, which the session's
/// ``InterruptWatcher`` turns into an interrupt of the query.
public final class EditLineReader: LineReader {
    private let editor: OpaquePointer
    private let history: OpaquePointer
    private var prompt: UnsafeMutablePointer<CChar>?
    private var pendingInput = ""
    private var cancelled = false
    /// Completes the text before the cursor (the line so far and the unfinished query's earlier lines).
    public var complete: (_ line: String, _ pendingInput: String) -> Completion

    /// libedit reads multibyte characters (Korean, accents) only in a UTF-8 locale: take the
    /// environment's, and fall back to `C.UTF-8` when it is not UTF-8 (e.g. no `LANG` at all).
    static func useUTF8Locale() {
        setlocale(LC_CTYPE, "")
        let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? ""
        if String(codeset.uppercased().filter { $0 != "-" }) != "UTF8" {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
        }
    }

    /// `entries` are the history loaded at start, oldest first.
    public init?(
        programName: String = "sift", historyEntries entries: [String] = [], historySize: Int = 2_000,
        complete: @escaping (_ line: String, _ pendingInput: String) -> Completion = { _, _ in .none }
    ) {
        Self.useUTF8Locale()
        guard let editor = sift_el_init(programName), let history = sift_history_init(Int32(historySize)) else { return nil }
        self.editor = editor
        self.history = history
        self.complete = complete
        sift_el_set_clientdata(editor, Unmanaged.passUnretained(self).toOpaque())
        sift_el_set_editor(editor, "emacs")
        sift_el_set_signal(editor, 1)
        sift_el_set_hist(editor, history)
        sift_el_set_prompt(editor, { editor in
            guard let editor, let reader = EditLineReader.from(editor) else { return nil }
            return reader.prompt
        })
        sift_el_addfn(editor, "sift-complete", "complete a model, member, method or command", { editor, _ in
            guard let editor, let reader = EditLineReader.from(editor) else { return UInt8(CC_ERROR) }
            return reader.completeAtCursor()
        })
        sift_el_addfn(editor, "sift-cancel", "clear the line and any unfinished query", { editor, _ in
            guard let editor, let reader = EditLineReader.from(editor) else { return UInt8(CC_ERROR) }
            reader.cancelled = true
            sift_write_stdout("^C\n")
            return UInt8(CC_NEWLINE)
        })
        sift_el_bind(editor, "^I", "sift-complete")
        sift_el_bind(editor, "^R", "em-inc-search-prev")
        sift_el_bind(editor, "^C", "sift-cancel")
        sift_el_setty_edit(editor, "-isig")
        el_source(editor, nil)  // ~/.editrc, as other libedit programs
        for entry in entries { addHistory(entry) }
    }

    deinit {
        el_end(editor)
        history_end(history)
        free(prompt)
    }

    private static func from(_ editor: OpaquePointer) -> EditLineReader? {
        guard let data = sift_el_get_clientdata(editor) else { return nil }
        return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
    }

    public var isInteractive: Bool { true }

    public func readLine(prompt text: String, pendingInput: String) -> LineReadResult {
        free(prompt)
        prompt = strdup(text)
        self.pendingInput = pendingInput
        cancelled = false
        var count: Int32 = 0
        let line = el_gets(editor, &count)
        // Control-C ends the read as Enter does, with whatever is on the line: on an empty line
        // (a fresh prompt, or a continuation line) libedit then returns no line and a count of 0,
        // exactly as at the end of input. The flag, not the result, says it was Control-C.
        if cancelled { return .interrupted }
        guard let line, count > 0 else {
            // A SIGINT that reaches the process while it reads (sent with `kill`, or typed where
            // the terminal kept `isig`) makes the read fail with EINTR: that too is Control-C,
            // not the end of the input.
            if count < 0, errno == EINTR {
                sift_write_stdout("\n")
                return .interrupted
            }
            return .endOfInput
        }
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        return .line(text)
    }

    /// Multi-line entries are recalled as one line when that keeps their meaning (no `//` comment).
    public func addHistory(_ entry: String) {
        let recalled = entry.contains("//") ? entry : entry.split(separator: "\n").map { $0.trimmingLeadingSpaces }.joined(separator: " ")
        sift_history_enter(history, recalled)
    }

    /// Tab: inserts the only candidate, or the candidates' common prefix, or lists them.
    private func completeAtCursor() -> UInt8 {
        guard let info = el_line(editor) else { return UInt8(CC_ERROR) }
        let length = info.pointee.cursor - info.pointee.buffer
        let bytes = UnsafeRawBufferPointer(start: info.pointee.buffer, count: max(0, length))
        let before = String(decoding: bytes, as: UTF8.self)
        let completion = complete(before, pendingInput)
        guard !completion.candidates.isEmpty else { return UInt8(CC_ERROR) }
        let insertion = completion.candidates.count == 1 ? completion.candidates[0] + suffix(for: completion) : completion.commonPrefix
        if insertion.count > completion.word.count || insertion != completion.word && !insertion.hasPrefix(completion.word) {
            if !completion.word.isEmpty { el_deletestr(editor, Int32(completion.word.count)) }
            el_insertstr(editor, insertion)
            return UInt8(CC_REFRESH)
        }
        sift_write_stdout("\n" + Self.columns(completion.candidates, width: Terminal.width() ?? 80))
        return UInt8(CC_REDISPLAY)
    }

    /// A space after a completed command name; nothing after a member (a `.` or `(` may follow).
    private func suffix(for completion: Completion) -> String {
        let candidate = completion.candidates[0]
        return candidate.hasPrefix(".") && pendingInput.isEmpty && !candidate.hasSuffix("/") ? " " : ""
    }

    /// Candidates in columns, as shells list them.
    static func columns(_ items: [String], width: Int) -> String {
        let columnWidth = (items.map(\.count).max() ?? 0) + 2
        let perLine = max(1, width / max(1, columnWidth))
        var out = ""
        for (index, item) in items.enumerated() {
            let isLast = (index + 1) % perLine == 0 || index == items.count - 1
            out += isLast ? item + "\n" : item + String(repeating: " ", count: columnWidth - item.count)
        }
        return out
    }
}

extension Substring {
    fileprivate var trimmingLeadingSpaces: Substring { drop(while: { $0 == " " || $0 == "\t" }) }
}
