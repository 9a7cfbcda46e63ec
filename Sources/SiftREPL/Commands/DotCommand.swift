/// How the arguments of a dot-command are completed with Tab.
public enum ArgumentCompletion: Sendable, Hashable {
    case none
    /// `.schema User`.
    case modelNames
    /// `.open Examples/example.sqlite`, `.read`, `.once`, `.output`.
    case fileNames
    /// `.mode box`.
    case outputModes
    /// `.headers on`.
    case onOff
    /// `.help schema`.
    case commandNames
    /// `.param set|list|unset|clear`, then parameter names.
    case parameterCommand
    /// `.ast`, `.typed`, `.sql`, `.plan`: the argument is a query, completed like one.
    case query
}

/// One dot-command: its name, arguments and summary (which make `.help`), how its arguments
/// complete, and what it does. Every command is one row of ``DotCommand/all``.
public struct DotCommand: Sendable {
    /// The name without the dot (`schema`).
    public let name: String
    /// The arguments as `.help` shows them (`[Model]`), empty when there are none.
    public let usage: String
    public let summary: String
    public let completion: ArgumentCompletion
    let run: @Sendable (REPLSession, CommandInvocation) throws -> Void

    init(
        _ name: String, _ usage: String, _ summary: String, completion: ArgumentCompletion = .none,
        run: @escaping @Sendable (REPLSession, CommandInvocation) throws -> Void
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.completion = completion
        self.run = run
    }

    /// The command named `name` (without the dot).
    public static func named(_ name: String) -> DotCommand? { all.first { $0.name == name } }

    /// `.help`'s text: every command matching `pattern` (a substring of the name or summary).
    public static func help(matching pattern: String? = nil) -> String {
        let shown = all.filter { command in
            guard let pattern, !pattern.isEmpty else { return true }
            let bare = pattern.hasPrefix(".") ? String(pattern.dropFirst()) : pattern
            return command.name.contains(bare.lowercased()) || command.summary.lowercased().contains(bare.lowercased())
        }
        let usages = shown.map { "." + $0.name + ($0.usage.isEmpty ? "" : " " + $0.usage) }
        let width = usages.map(\.count).max() ?? 0
        return zip(usages, shown).map { usage, command in
            usage + String(repeating: " ", count: width - usage.count + 2) + command.summary + "\n"
        }.joined()
    }
}
