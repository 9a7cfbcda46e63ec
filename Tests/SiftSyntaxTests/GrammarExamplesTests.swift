import Foundation
import SiftSyntax
import Testing

/// Keeps `Grammar/` true to the parser: every example in its Markdown files parses as its fence
/// tag says, the example scripts and models parse, and `sift.ebnf` has no undefined or unused rules.
@Suite struct GrammarTests {
    // MARK: Files

    /// The repository root, from this file's path (`Tests/SiftSyntaxTests/...`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let grammarDirectory = root.appendingPathComponent("Grammar")
    static let examplesDirectory = root.appendingPathComponent("Examples")

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    static func files(in directory: URL, withExtension ext: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == ext }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    // MARK: Fenced blocks

    /// A fenced code block of a Markdown file.
    struct Block: CustomStringConvertible {
        var file: String
        /// The 1-based line of the block's first content line.
        var line: Int
        var tag: String
        var text: String

        var description: String { "\(file):\(line) (```\(tag))" }
        /// The block as a source named after its file, with its lines numbered as in the file
        /// (blank lines stand for the lines before it), so diagnostics point into the file.
        var source: SourceFile { SourceFile(name: file, text: String(repeating: "\n", count: line - 1) + text) }
    }

    /// The fenced blocks of a Markdown text (``` fences at the start of a line).
    static func blocks(in markdown: String, file: String) -> [Block] {
        var blocks: [Block] = []
        var open: (tag: String, line: Int, lines: [String])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let current = open {
                    blocks.append(
                        Block(file: file, line: current.line, tag: current.tag, text: current.lines.joined(separator: "\n")))
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), index + 2, [])
                }
            } else if open != nil {
                open!.lines.append(String(line))
            }
        }
        return blocks
    }

    /// Every fenced block of every Markdown file in `Grammar/`.
    static func grammarBlocks() throws -> [Block] {
        try files(in: grammarDirectory, withExtension: "md").flatMap { url in
            blocks(in: try read(url), file: "Grammar/" + url.lastPathComponent)
        }
    }

    static func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.severity == .error }
    }

    static func render(_ diagnostics: [Diagnostic], _ source: SourceFile) -> String {
        DiagnosticRenderer().render(diagnostics, in: source)
    }

    // MARK: Examples

    @Test func theReadmeHasEnoughExamples() throws {
        let blocks = try Self.grammarBlocks().filter { $0.file == "Grammar/README.md" }
        #expect(blocks.filter { $0.tag == "sift" }.count >= 60)
        #expect(blocks.filter { $0.tag == "sift-error" }.count >= 10)
    }

    @Test func everySiftBlockParsesWithoutErrors() throws {
        let blocks = try Self.grammarBlocks().filter { $0.tag == "sift" }
        #expect(!blocks.isEmpty)
        for block in blocks {
            let source = block.source
            let parsed = Parser.parseQuery(source)
            let errors = Self.errors(parsed.diagnostics)
            #expect(errors.isEmpty, "\(block) does not parse:\n\(Self.render(parsed.diagnostics, source))")
            #expect(parsed.value != nil, "\(block) is not a query")
        }
    }

    @Test func everySiftErrorBlockIsRejected() throws {
        let blocks = try Self.grammarBlocks().filter { $0.tag == "sift-error" }
        #expect(!blocks.isEmpty)
        for block in blocks {
            let parsed = Parser.parseQuery(block.source)
            #expect(!Self.errors(parsed.diagnostics).isEmpty, "\(block) parses without an error but should be rejected")
        }
    }

    @Test func everySiftScriptBlockParses() throws {
        for block in try Self.grammarBlocks() where block.tag == "sift-script" {
            let source = block.source
            let parsed = Parser.parseScript(source)
            #expect(
                Self.errors(parsed.diagnostics).isEmpty,
                "\(block) does not parse:\n\(Self.render(parsed.diagnostics, source))")
            #expect(!parsed.value.isEmpty, "\(block) holds no query")
        }
    }

    @Test func everySiftModelBlockParses() throws {
        for block in try Self.grammarBlocks() where block.tag == "sift-model" {
            let source = block.source
            let parsed = Parser.parseModelFile(source)
            #expect(
                Self.errors(parsed.diagnostics).isEmpty,
                "\(block) does not parse:\n\(Self.render(parsed.diagnostics, source))")
        }
    }

    @Test func everyExampleScriptParses() throws {
        let scripts = try Self.files(in: Self.examplesDirectory, withExtension: "sift")
        #expect(!scripts.isEmpty)
        for url in scripts {
            let source = SourceFile(name: "Examples/" + url.lastPathComponent, text: try Self.read(url))
            let parsed = Parser.parseScript(source)
            #expect(
                Self.errors(parsed.diagnostics).isEmpty,
                "\(source.name) does not parse:\n\(Self.render(parsed.diagnostics, source))")
            #expect(!parsed.value.isEmpty, "\(source.name) holds no query")
        }
    }

    @Test func theExampleModelFileParses() throws {
        let url = Self.examplesDirectory.appendingPathComponent("Models.swift")
        let source = SourceFile(name: "Examples/Models.swift", text: try Self.read(url))
        let parsed = Parser.parseModelFile(source)
        #expect(
            Self.errors(parsed.diagnostics).isEmpty,
            "Examples/Models.swift does not parse:\n\(Self.render(parsed.diagnostics, source))")
        #expect(!parsed.value.declarations.isEmpty)
    }

    /// The limits the README states are the parser's.
    @Test func theReadmeStatesTheParsersLimits() throws {
        let readme = try Self.read(Self.grammarDirectory.appendingPathComponent("README.md"))
        #expect(readme.contains("Nesting depth \(Parser.maximumNestingDepth)"))
        #expect(readme.contains("Tree height \(Parser.maximumExpressionDepth)"))
    }

    // MARK: The EBNF

    @Test func theGrammarHasNoUndefinedOrUnusedRules() throws {
        let grammar = try EBNF(try Self.read(Self.grammarDirectory.appendingPathComponent("sift.ebnf")))
        #expect(grammar.rules.count > 100)
        #expect(!grammar.startSymbols.isEmpty)
        let defined = Set(grammar.rules.map(\.name))
        var duplicates: [String] = []
        var seen: Set<String> = []
        for rule in grammar.rules where !seen.insert(rule.name).inserted { duplicates.append(rule.name) }
        #expect(duplicates.isEmpty, "rules defined twice: \(duplicates)")
        for start in grammar.startSymbols {
            #expect(defined.contains(start), "start symbol '\(start)' is not defined")
        }
        for rule in grammar.rules {
            for name in rule.references where !defined.contains(name) {
                Issue.record("rule '\(rule.name)' (line \(rule.line)) refers to undefined '\(name)'")
            }
        }
        // Every rule is a start symbol or is used by another rule.
        var usedByOthers: Set<String> = []
        for rule in grammar.rules {
            usedByOthers.formUnion(rule.references.filter { $0 != rule.name })
        }
        for rule in grammar.rules where !usedByOthers.contains(rule.name) && !grammar.startSymbols.contains(rule.name) {
            Issue.record("rule '\(rule.name)' (line \(rule.line)) is never used")
        }
        // And every rule is reachable from a start symbol.
        var reachable = Set(grammar.startSymbols)
        var work = Array(grammar.startSymbols)
        let byName = Dictionary(grammar.rules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        while let name = work.popLast() {
            for reference in byName[name]?.references ?? [] where reachable.insert(reference).inserted {
                work.append(reference)
            }
        }
        #expect(defined.subtracting(reachable).sorted() == [], "rules unreachable from the start symbols")
    }

    @Test func theEBNFReaderSkipsLiteralsClassesAndComments() throws {
        let grammar = try EBNF(
            """
            /* Start symbols: a */
            a ::= b '/*' [^*/'] "'" /* c ::= d */ #x2F B*
            b ::= 'x' | ( B - 'y' )?
            B ::= [a-z]+
            """)
        #expect(grammar.startSymbols == ["a"])
        #expect(grammar.rules.map(\.name) == ["a", "b", "B"])
        #expect(grammar.rules[0].references == ["b", "B"])
        #expect(grammar.rules[1].references == ["B"])
        #expect(throws: EBNF.ReadError.self) { _ = try EBNF("a ::= 'unterminated") }
    }
}

/// A tiny reader of W3C EBNF: rule names, and the names each rule's expression refers to.
/// Quoted literals, character classes, `#xN` code points and `/* */` comments are skipped.
struct EBNF {
    struct Rule {
        var name: String
        var line: Int
        /// Names referred to, in order of first appearance.
        var references: [String]
    }

    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    var rules: [Rule] = []
    /// From a comment `Start symbols: a B` in the file.
    var startSymbols: [String] = []

    init(_ text: String) throws {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var line = 1
        /// Names in order, with whether each is followed by `::=` (a definition).
        var names: [(name: String, line: Int, isDefinition: Bool)] = []

        func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
        }
        func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            isNameStart(scalar) || (scalar >= "0" && scalar <= "9") || scalar == "-"
        }
        func skip(until terminator: [Unicode.Scalar], what: String) throws -> String {
            let start = index
            let startLine = line
            while index < scalars.count {
                if scalars[index...].starts(with: terminator) {
                    let body = String(String.UnicodeScalarView(scalars[start..<index]))
                    index += terminator.count
                    return body
                }
                if scalars[index] == "\n" { line += 1 }
                index += 1
            }
            throw ReadError(description: "unterminated \(what) starting on line \(startLine)")
        }

        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                line += 1
                index += 1
            } else if scalar == "/" && index + 1 < scalars.count && scalars[index + 1] == "*" {
                index += 2
                let comment = try skip(until: ["*", "/"], what: "comment")
                if let range = comment.range(of: "Start symbols:") {
                    let rest = comment[range.upperBound...].prefix { $0 != "\n" }
                    startSymbols += rest.split(whereSeparator: \.isWhitespace).map(String.init)
                }
            } else if scalar == "'" || scalar == "\"" {
                index += 1
                _ = try skip(until: [scalar], what: "literal")
            } else if scalar == "[" {
                index += 1
                _ = try skip(until: ["]"], what: "character class")
            } else if scalar == "#" && index + 1 < scalars.count && scalars[index + 1] == "x" {
                index += 2
                while index < scalars.count, scalars[index].properties.isASCIIHexDigit { index += 1 }
            } else if isNameStart(scalar) {
                let start = index
                while index < scalars.count, isNameCharacter(scalars[index]) { index += 1 }
                let name = String(String.UnicodeScalarView(scalars[start..<index]))
                var lookahead = index
                while lookahead < scalars.count, scalars[lookahead] == " " || scalars[lookahead] == "\t" { lookahead += 1 }
                let isDefinition = scalars[lookahead...].starts(with: [":", ":", "="])
                names.append((name, line, isDefinition))
            } else {
                index += 1
            }
        }

        for entry in names {
            if entry.isDefinition {
                rules.append(Rule(name: entry.name, line: entry.line, references: []))
            } else if !rules.isEmpty {
                if !rules[rules.count - 1].references.contains(entry.name) {
                    rules[rules.count - 1].references.append(entry.name)
                }
            } else {
                throw ReadError(description: "'\(entry.name)' on line \(entry.line) is outside any rule")
            }
        }
    }
}
