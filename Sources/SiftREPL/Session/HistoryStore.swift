import Foundation

/// The REPL's history: entries in memory, and optionally a file they are loaded from at start
/// and appended to as you go. Consecutive duplicates are skipped; at most ``capacity`` entries
/// are kept (the file is rewritten when it grows past twice that).
///
/// File format: one entry per line; a multi-line entry has its line breaks written `\n` and its
/// backslashes `\\`.
public final class HistoryStore {
    public private(set) var entries: [String] = []
    public let path: String?
    public let capacity: Int
    private var linesInFile = 0

    /// A history kept in memory only.
    public init(capacity: Int = 2_000) {
        self.path = nil
        self.capacity = capacity
    }

    /// A history loaded from `path` (a missing file is an empty history; its folder is created).
    public init(path: String, capacity: Int = 2_000) {
        self.path = path
        self.capacity = capacity
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        if let data = FileManager.default.contents(atPath: path) {
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            linesInFile = lines.count
            for line in lines { appendInMemory(Self.decode(line)) }
        }
    }

    /// Where the history lives: `$SIFT_HISTORY`, else `$XDG_STATE_HOME/sift/history`, else
    /// `~/.local/state/sift/history`; `nil` without a home directory.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit = environment["SIFT_HISTORY"], !explicit.isEmpty { return explicit }
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/sift/history" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/sift/history" }
        return nil
    }

    /// Adds an entry unless it is blank or repeats the last one; returns whether it was added.
    @discardableResult
    public func add(_ entry: String) -> Bool {
        guard appendInMemory(entry) else { return false }
        guard let path else { return true }
        if linesInFile + 1 > capacity * 2 {
            rewrite(path)
        } else if let handle = FileHandle(forWritingAtPath: path) ?? create(path) {
            handle.seekToEndOfFile()
            handle.write(Data((Self.encode(entry) + "\n").utf8))
            try? handle.close()
            linesInFile += 1
        }
        return true
    }

    @discardableResult
    private func appendInMemory(_ entry: String) -> Bool {
        guard !entry.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, entries.last != entry else { return false }
        entries.append(entry)
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        return true
    }

    private func create(_ path: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }

    private func rewrite(_ path: String) {
        let text = entries.map { Self.encode($0) + "\n" }.joined()
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        linesInFile = entries.count
    }

    static func encode(_ entry: String) -> String {
        entry.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    static func decode(_ line: String) -> String {
        guard line.contains("\\") else { return line }
        var out = ""
        var escaped = false
        for character in line {
            if escaped {
                out.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
