import Foundation
import Sift

/// Lexing and parsing: per query of a fixed corpus, for the whole corpus, and throughput on a
/// 1 MB script.
///
/// The corpus is every query of `Examples/people.sift` and `Examples/reminders.sift` and every
/// ` ```sift ` block of `Grammar/README.md`. Times include lexing (`Parser.parseQuery` lexes
/// first); building the `SourceFile` (UTF-8 bytes, line starts) is setup and not measured.
final class ParseSuite: Suite {
    let name = "parse"
    let title = "lexing + parsing"

    /// One query of the corpus.
    struct CorpusQuery {
        /// `people.sift:6`, `README.md:120`.
        var label: String
        var text: String
    }

    static let scripts = ["Examples/people.sift", "Examples/reminders.sift"]
    static let markdown = "Grammar/README.md"
    /// The size of the generated script for throughput.
    static let largeInputBytes = 1_000_000

    /// The corpus, once loaded.
    private var loaded: [CorpusQuery]?

    func corpus(_ context: SuiteContext) throws -> [CorpusQuery] {
        if let loaded { return loaded }
        var queries: [CorpusQuery] = []
        for path in Self.scripts {
            let source = SourceFile(name: path, text: try context.read(path))
            let parsed = Parser.parseScript(source)
            try Self.expectNoErrors(parsed.diagnostics, in: source)
            let file = path.split(separator: "/").last.map(String.init) ?? path
            for query in parsed.value {
                let line = source.location(of: query.range.start).line
                queries.append(CorpusQuery(label: "\(file):\(line)", text: source.text(in: query.range)))
            }
        }
        let readme = try context.read(Self.markdown)
        for block in Self.fencedBlocks(in: readme, tag: "sift") {
            queries.append(CorpusQuery(label: "README.md:\(block.line)", text: block.text))
        }
        for query in queries {
            let source = SourceFile(name: query.label, text: query.text)
            try Self.expectNoErrors(Parser.parseQuery(source).diagnostics, in: source)
        }
        loaded = queries
        return queries
    }

    static func expectNoErrors(_ diagnostics: [Diagnostic], in source: SourceFile) throws {
        guard diagnostics.contains(where: { $0.severity == .error }) else { return }
        throw BenchError(
            description: "the corpus does not parse:\n" + DiagnosticRenderer().render(diagnostics, in: source))
    }

    /// The ` ```tag ` blocks of a Markdown text, with the line of their first content line.
    static func fencedBlocks(in markdown: String, tag: String) -> [(line: Int, text: String)] {
        var blocks: [(line: Int, text: String)] = []
        var open: (tag: String, line: Int, lines: [Substring])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let current = open {
                    if current.tag == tag { blocks.append((current.line, current.lines.joined(separator: "\n"))) }
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), index + 2, [])
                }
            } else if open != nil {
                open!.lines.append(line)
            }
        }
        return blocks
    }

    /// The corpus queries concatenated (separated by `;` and a line break) as often as they fit in
    /// `bytes`, padded with blank lines to exactly `bytes` bytes.
    static func largeScript(_ corpus: [CorpusQuery], bytes: Int) -> String {
        var script = ""
        script.reserveCapacity(bytes)
        var size = 0
        var index = 0
        while true {
            let next = corpus[index % corpus.count].text + "\n;\n"
            let nextSize = next.utf8.count
            guard size + nextSize <= bytes else { break }
            script += next
            size += nextSize
            index += 1
        }
        script += String(repeating: "\n", count: bytes - size)
        return script
    }

    func benchmarks(_ context: SuiteContext) throws -> [Benchmark] {
        let corpus = try corpus(context)
        let sources = corpus.map { SourceFile(name: $0.label, text: $0.text) }
        var benchmarks: [Benchmark] = []
        for (query, source) in zip(corpus, sources) {
            benchmarks.append(
                Benchmark(suite: name, name: "query/\(query.label)", bytesPerRun: source.bytes.count) {
                    { Self.parseQuery(source) }
                })
        }
        let corpusBytes = sources.reduce(0) { $0 + $1.bytes.count }
        benchmarks.append(
            Benchmark(suite: name, name: "corpus", itemsPerRun: sources.count, bytesPerRun: corpusBytes) {
                {
                    var checksum = 0
                    for source in sources { checksum &+= Self.parseQuery(source) }
                    return checksum
                }
            })
        benchmarks.append(
            Benchmark(suite: name, name: "lex-corpus", itemsPerRun: sources.count, bytesPerRun: corpusBytes) {
                {
                    var checksum = 0
                    for source in sources { checksum &+= Lexer.tokenize(source).tokens.count }
                    return checksum
                }
            })
        // The 1 MB script is built once, lazily, and shared by both throughput benchmarks.
        let large = LargeInput(corpus: corpus)
        benchmarks.append(
            Benchmark(suite: name, name: "script-1MB", itemsPerRun: 1, bytesPerRun: Self.largeInputBytes) {
                let source = try large.source()
                return {
                    let parsed = Parser.parseScript(source)
                    return parsed.value.count &+ parsed.diagnostics.count
                }
            })
        benchmarks.append(
            Benchmark(suite: name, name: "lex-1MB", itemsPerRun: 1, bytesPerRun: Self.largeInputBytes) {
                let source = try large.source()
                return { Lexer.tokenize(source).tokens.count }
            })
        return benchmarks
    }

    static func parseQuery(_ source: SourceFile) -> Int {
        let parsed = Parser.parseQuery(source)
        return parsed.diagnostics.count &+ (parsed.value == nil ? 0 : 1) &+ (parsed.value?.range.end ?? 0)
    }

    /// The generated script, checked to parse without errors.
    final class LargeInput {
        let corpus: [CorpusQuery]
        var cached: SourceFile?

        init(corpus: [CorpusQuery]) { self.corpus = corpus }

        func source() throws -> SourceFile {
            if let cached { return cached }
            let source = SourceFile(name: "<1 MB script>", text: ParseSuite.largeScript(corpus, bytes: ParseSuite.largeInputBytes))
            let parsed = Parser.parseScript(source)
            if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
                throw BenchError(description: "the generated script does not parse: \(error.message)")
            }
            cached = source
            return source
        }
    }

    func report(_ results: [Result], _ context: SuiteContext) -> [String: Double] {
        var figures: [String: Double] = [:]
        let perQuery = results.filter { $0.name.hasPrefix("query/") }
        if !perQuery.isEmpty {
            let texts = (try? corpus(context)).map { Dictionary($0.map { ("query/" + $0.label, $0.text) }, uniquingKeysWith: { a, _ in a }) } ?? [:]
            var table = Table([
                ("query", .left), ("source", .left), ("bytes", .right), ("median µs", .right), ("min µs", .right),
                ("max µs", .right),
            ])
            for result in perQuery {
                table.add([
                    Format.snippet(texts[result.name] ?? "", width: 56), String(result.name.dropFirst("query/".count)),
                    String(result.bytesPerRun ?? 0), Format.microseconds(result.medianNanoseconds),
                    Format.microseconds(result.minimumNanoseconds), Format.microseconds(result.maximumNanoseconds),
                ])
            }
            print("Per query (Parser.parseQuery: lexing + parsing, \(perQuery.count) queries)\n")
            print(table.render())
            let medians = perQuery.map(\.medianNanoseconds).sorted()
            let medianOfMedians = Harness.median(ofSorted: medians)
            figures["medianOfPerQueryMediansMicroseconds"] = medianOfMedians / 1e3
            print(
                "\nmedian of the per-query medians: \(Format.microseconds(medianOfMedians)) µs"
                    + " (fastest \(Format.microseconds(medians.first!)) µs, slowest \(Format.microseconds(medians.last!)) µs)\n")
        }
        let totals = results.filter { !$0.name.hasPrefix("query/") }
        if !totals.isEmpty {
            var table = Table([
                ("benchmark", .left), ("what", .left), ("median", .right), ("min", .right), ("max", .right),
                ("median per query", .right), ("MB/s", .right),
            ])
            for result in totals {
                let what: String
                switch result.name {
                case "corpus": what = "parseQuery × \(result.itemsPerRun) queries"
                case "lex-corpus": what = "Lexer.tokenize × \(result.itemsPerRun) queries"
                case "script-1MB": what = "parseScript, \(result.bytesPerRun ?? 0) bytes"
                case "lex-1MB": what = "Lexer.tokenize, \(result.bytesPerRun ?? 0) bytes"
                default: what = ""
                }
                let isCorpus = result.name.hasSuffix("corpus")
                table.add([
                    result.name, what, Format.duration(result.medianNanoseconds),
                    Format.duration(result.minimumNanoseconds), Format.duration(result.maximumNanoseconds),
                    isCorpus ? Format.microseconds(result.medianPerItemNanoseconds) + " µs" : "",
                    result.megabytesPerSecond.map { Format.fixed($0, 1) } ?? "",
                ])
                switch result.name {
                case "corpus": figures["corpusMedianPerQueryMicroseconds"] = result.medianPerItemNanoseconds / 1e3
                case "lex-corpus": figures["lexCorpusMedianPerQueryMicroseconds"] = result.medianPerItemNanoseconds / 1e3
                case "script-1MB": figures["scriptMegabytesPerSecond"] = result.megabytesPerSecond
                case "lex-1MB": figures["lexMegabytesPerSecond"] = result.megabytesPerSecond
                default: break
                }
            }
            print("Corpus and throughput\n")
            print(table.render())
            print()
        }
        return figures
    }
}
