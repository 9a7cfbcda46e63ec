import Foundation

/// A dot-command line split into words: `.param set name "Kim Lee"` is `param`, then `set`,
/// `name`, `Kim Lee`. Quotes (`'…'` or `"…"`) group words; the raw text after a word is kept
/// for arguments that are literals or queries.
public struct CommandInvocation: Sendable, Hashable {
    /// One word and where it is in the line.
    public struct Word: Sendable, Hashable {
        /// The word without its quotes.
        public var text: String
        /// Where the word starts and ends in the line (as `String.Index` offsets in characters).
        public var start: Int
        public var end: Int
    }

    /// The whole line, as typed.
    public var line: String
    /// The command name without its dot (`param`).
    public var name: String
    /// The words after the name.
    public var arguments: [Word]
    /// Where the command name ends in the line (in characters).
    var nameEnd: Int

    /// Splits a line that starts with `.` (leading spaces allowed).
    public init(_ line: String) {
        self.line = line
        let words = Self.split(line)
        var first = words.first?.text ?? ""
        if first.hasPrefix(".") { first.removeFirst() }
        name = first
        nameEnd = words.first?.end ?? 0
        arguments = Array(words.dropFirst())
    }

    /// The words of the arguments.
    public var words: [String] { arguments.map(\.text) }

    /// The raw text after the first `count` argument words, trimmed (`count` 0: everything after
    /// the name).
    public func rawText(afterArgument count: Int) -> String {
        let start = count == 0 ? nameEnd : (count <= arguments.count ? arguments[count - 1].end : line.count)
        let characters = Array(line)
        return String(characters[min(start, characters.count)...]).trimmingCharacters(in: .whitespaces)
    }

    /// Words separated by spaces or tabs; quotes group and are removed (`''` inside single
    /// quotes and `\"` inside double quotes stand for the quote).
    static func split(_ line: String) -> [Word] {
        let characters = Array(line)
        var words: [Word] = []
        var index = 0
        while index < characters.count {
            while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
            guard index < characters.count else { break }
            let start = index
            var text = ""
            while index < characters.count, characters[index] != " ", characters[index] != "\t" {
                let character = characters[index]
                if character == "'" || character == "\"" {
                    index += 1
                    while index < characters.count {
                        if characters[index] == character {
                            if character == "'", index + 1 < characters.count, characters[index + 1] == "'" {
                                text.append("'")
                                index += 2
                                continue
                            }
                            break
                        }
                        if character == "\"", characters[index] == "\\", index + 1 < characters.count {
                            index += 1
                        }
                        text.append(characters[index])
                        index += 1
                    }
                    index += 1
                } else {
                    text.append(character)
                    index += 1
                }
            }
            words.append(Word(text: text, start: start, end: min(index, characters.count)))
        }
        return words
    }
}
