import Sift

/// `.param set NAME VALUE`, `.param list`, `.param unset NAME`, `.param clear`: values for the
/// named parameters of queries (free identifiers such as `searchString`), typed by their literal.
extension REPLSession {
    func param(_ invocation: CommandInvocation) throws {
        let words = invocation.words
        switch words.first {
        case "set":
            guard words.count >= 3 else { throw CommandError("usage: .param set NAME VALUE") }
            let name = words[1]
            guard Self.isIdentifier(name) else { throw CommandError("'\(name)' is not a parameter name (an identifier)") }
            parameters[name] = try ParameterValue.parseLiteral(invocation.rawText(afterArgument: 2))
        case "list", nil:
            guard !parameters.isEmpty else {
                resultSink.write("(no parameters)\n")
                return
            }
            let names = parameters.keys.sorted()
            let width = names.map(\.count).max() ?? 0
            for name in names {
                let value = parameters[name]!
                resultSink.write(
                    name + String(repeating: " ", count: width - name.count) + " = \(value.literalDescription)"
                        + (value.literalType.map { " : \($0)" } ?? "") + "\n")
            }
        case "unset":
            guard words.count == 2 else { throw CommandError("usage: .param unset NAME") }
            guard parameters.removeValue(forKey: words[1]) != nil else {
                throw CommandError("no parameter named '\(words[1])'; see .param list")
            }
        case "clear":
            parameters.removeAll()
        case let other?:
            let suggestion = Suggestions.closest(to: other, among: ["set", "list", "unset", "clear"]).first
            throw CommandError(
                "unknown .param command '\(other)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                    + " (set NAME VALUE, list, unset NAME, clear)")
        }
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || first.isLetter else { return false }
        return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }
}
