import Foundation
import SiftSyntax
import Testing

/// Keeps `Grammar/nspredicate.ebnf` and `Grammar/NSPredicate.md` true to the format-string parser:
/// the grammar's rules are defined and used, its reserved words are the parser's, and every
/// example of the Markdown file parses (or is rejected) as its fence says.
@Suite struct FormatGrammarTests {
    static let grammarFile = GrammarTests.grammarDirectory.appendingPathComponent("nspredicate.ebnf")

    /// A format string as the concise prompt spelling holds it: `User "<format>"`, with a string
    /// argument (`"name"`, a key for `%K`) for each format specifier.
    static func conciseQuery(_ format: String) -> SourceFile {
        var arguments = ""
        var scalars = format.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%", let next = scalars.next() else { continue }
            if next != "%" { arguments += ", \"name\"" }
        }
        return SourceFile(name: "<format>", text: "User " + SwiftLiteral.quote(format) + arguments)
    }

    @Test func theGrammarHasNoUndefinedOrUnusedRules() throws {
        let grammar = try EBNF(try GrammarTests.read(Self.grammarFile))
        let swiftGrammar = try EBNF(try GrammarTests.read(GrammarTests.grammarDirectory.appendingPathComponent("sift.ebnf")))
        #expect(grammar.startSymbols == ["coreDataQuery", "formatString"])
        let defined = Set(grammar.rules.map(\.name))
        let available = defined.union(swiftGrammar.rules.map(\.name))
        for rule in grammar.rules {
            for name in rule.references where !available.contains(name) {
                Issue.record("rule '\(rule.name)' (line \(rule.line)) refers to undefined '\(name)'")
            }
        }
        var used: Set<String> = []
        for rule in grammar.rules { used.formUnion(rule.references.filter { $0 != rule.name }) }
        for rule in grammar.rules where !used.contains(rule.name) && !grammar.startSymbols.contains(rule.name) {
            Issue.record("rule '\(rule.name)' (line \(rule.line)) is never used")
        }
    }

    /// The words of the grammar's `FormatKeyword` rule.
    static func reservedWords() throws -> [String] {
        let text = try GrammarTests.read(grammarFile)
        guard let start = text.range(of: "FormatKeyword ::="), let end = text.range(of: "FormatVariable ::=") else { return [] }
        return text[start.upperBound..<end.lowerBound].split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func theGrammarsReservedWordsAreTheParsers() throws {
        let words = try Self.reservedWords()
        #expect(words.count == 27)
        for word in words {
            // Escaped with '#', the word is a key (printed with its '#').
            let escaped = Parser.parseQuery(Self.conciseQuery("#\(word) == 1"))
            #expect(!escaped.diagnostics.hasErrors, "'#\(word)' is not read as a key: \(escaped.diagnostics)")
            #expect(escaped.value.map { TreePrinter.print($0) }?.contains("(== #\(word) 1)") == true)
            // Reserved in any case: bare, it is never a key (an error, or the word's own meaning).
            for spelling in [word, word.lowercased()] {
                let bare = Parser.parseQuery(Self.conciseQuery("\(spelling) == 1"))
                let printed = bare.value.map { TreePrinter.print($0) } ?? ""
                #expect(bare.diagnostics.hasErrors || !printed.contains("#"), "'\(spelling)' is read as a key, but the grammar reserves it: \(printed)")
            }
        }
        // A word the grammar does not reserve is a key.
        let key = Parser.parseQuery(Self.conciseQuery("size2 == 1"))
        #expect(key.value.map { TreePrinter.print($0) }?.contains("(== size2 1)") == true)
    }

    static func blocks(tagged tag: String) throws -> [GrammarTests.Block] {
        try GrammarTests.grammarBlocks().filter { $0.file == "Grammar/NSPredicate.md" && $0.tag == tag }
    }

    @Test func everyFormatExampleParses() throws {
        let blocks = try Self.blocks(tagged: "nspredicate")
        #expect(blocks.flatMap { $0.text.split(separator: "\n") }.count >= 20)
        for block in blocks {
            for line in block.text.split(separator: "\n") where !line.isEmpty {
                let parsed = Parser.parseQuery(Self.conciseQuery(String(line)))
                #expect(!parsed.diagnostics.hasErrors, "\(block): '\(line)' does not parse: \(parsed.diagnostics)")
            }
        }
    }

    @Test func everyFormatErrorExampleIsRejected() throws {
        let blocks = try Self.blocks(tagged: "nspredicate-error")
        #expect(blocks.flatMap { $0.text.split(separator: "\n") }.count >= 5)
        for block in blocks {
            for line in block.text.split(separator: "\n") where !line.isEmpty {
                let parsed = Parser.parseQuery(Self.conciseQuery(String(line)))
                #expect(parsed.diagnostics.hasErrors, "\(block): '\(line)' parses without an error but should be rejected")
            }
        }
    }
}
