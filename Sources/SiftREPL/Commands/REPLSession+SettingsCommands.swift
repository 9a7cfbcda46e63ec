import Sift

/// `.mode`, `.headers`, `.timer`, `.nullvalue`, `.limit` and `.history`: how results are shown.
extension REPLSession {
    func mode(_ invocation: CommandInvocation) throws {
        guard let name = invocation.words.first else {
            resultSink.write("current output mode: \(settings.mode.rawValue)\n")
            return
        }
        guard let mode = OutputMode(rawValue: name.lowercased()) else {
            let names = OutputMode.allCases.map(\.rawValue)
            let suggestion = Suggestions.closest(to: name, among: names).first
            throw CommandError(
                "unknown mode '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                    + " (modes: \(names.joined(separator: ", ")))")
        }
        settings.mode = mode
    }

    func headers(_ invocation: CommandInvocation) throws {
        settings.headers = try Self.onOff(invocation)
    }

    func timer(_ invocation: CommandInvocation) throws {
        settings.timer = try Self.onOff(invocation)
    }

    /// `.timeout MS` / `.timeout off`: a runaway query stops with an error after MS milliseconds.
    func timeout(_ invocation: CommandInvocation) throws {
        guard invocation.words.count == 1 else { throw CommandError("usage: .timeout MS|off") }
        let word = invocation.words[0]
        if ["off", "0", "none"].contains(word.lowercased()) {
            timeLimit = nil
            engine.setTimeLimit(nil)
            return
        }
        guard let milliseconds = Int(word), milliseconds > 0 else {
            throw CommandError(".timeout takes a number of milliseconds or off, not '\(word)'")
        }
        timeLimit = Double(milliseconds) / 1000
        engine.setTimeLimit(timeLimit)
    }

    /// `.portable on|off`: lower queries to SQL that calls only SQLite's built-in functions
    /// (`.sql` shows it, with the facts about the data it assumes); a construct with no exact
    /// built-in form is refused with a diagnostic. No argument: show the setting.
    func portable(_ invocation: CommandInvocation) throws {
        guard !invocation.words.isEmpty else {
            resultSink.write("portable SQL: \(engine.portable ? "on" : "off")\n")
            return
        }
        try engine.setPortable(try Self.onOff(invocation))
    }

    /// `on`/`off` (also `yes`/`no`, `true`/`false`, `1`/`0`).
    static func onOff(_ invocation: CommandInvocation) throws -> Bool {
        switch invocation.words.first?.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        case let word?: throw CommandError(".\(invocation.name) takes on or off, not '\(word)'")
        case nil: throw CommandError(".\(invocation.name) takes on or off")
        }
    }

    func nullValue(_ invocation: CommandInvocation) throws {
        guard invocation.words.count <= 1 else {
            throw CommandError(".nullvalue takes one TEXT; quote it when it has spaces")
        }
        settings.nullValue = invocation.words.first ?? ""
    }

    func limit(_ invocation: CommandInvocation) throws {
        guard let word = invocation.words.first else {
            resultSink.write("display limit: \(settings.displayLimit.map { "\($0) rows" } ?? "off")\n")
            return
        }
        if word == "off" || word == "0" {
            settings.displayLimit = nil
        } else if let count = Int(word), count > 0 {
            settings.displayLimit = count
        } else {
            throw CommandError(".limit takes a positive number of rows, or off")
        }
    }

    func showHistory(_ invocation: CommandInvocation) throws {
        let width = String(history.entries.count).count
        for (index, entry) in history.entries.enumerated() {
            let number = String(index + 1)
            let indented = entry.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: width + 2))
            resultSink.write(String(repeating: " ", count: width - number.count) + number + "  " + indented + "\n")
        }
    }
}
