import Foundation
import Sift

/// Words that leave or ask for help in other shells (`exit`, `quit`, `help`, `exit()`, `\q`),
/// which are not queries in Sift: the hint for one, pointing at the dot-command.
enum BareWordHint {
    /// The hint for `input`, or `nil` when it is not such a word (or names a model of `schema`).
    static func hint(for input: String, schema: Schema) -> String? {
        var word = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if word.hasSuffix(";") { word.removeLast() }
        if word.hasSuffix("()") { word.removeLast(2) }
        guard schema.model(named: word) == nil else { return nil }
        switch word.lowercased() {
        case "exit", "quit", "\\q", ":q", "bye":
            return "'\(word)' is not a query; to leave, use '.quit' (or Control-D)"
        case "help", "\\?", "\\h", "?":
            return "'\(word)' is not a query; '.help' lists the commands"
        default:
            return nil
        }
    }
}
