import Foundation
import Sift
import SiftTestSupport
import Testing

/// One golden file: `Golden/accepted/*.sift` or `Golden/rejected/*.sift`.
///
/// ```
/// // schema: example-db            (optional: models (default), example-db, or Golden/schemas/NAME.swift)
/// // What the file shows, in one or more comment lines.
/// #Predicate<User> { $0.score > 20 }
/// // expect:
/// // query User (predicate)
/// // ...
/// ```
///
/// The expectation is the typed tree (when the query checks) followed by the rendered diagnostics
/// and, for a query without errors, its SQL and bindings, each line behind `// ` (an empty line is
/// `//`). `SIFT_UPDATE_GOLDEN=1` rewrites expectations.
struct GoldenFile: Sendable, CustomTestStringConvertible {
    /// `accepted/name.sift`.
    var relativePath: String
    var url: URL { Fixtures.goldenDirectory.appendingPathComponent(relativePath) }
    var isAccepted: Bool { relativePath.hasPrefix("accepted/") }
    var isPending: Bool { relativePath.hasPrefix("pending/") }
    var testDescription: String { relativePath }

    /// The parts of a golden file's text.
    struct Parts {
        var schema: String
        /// The lines before the expectation (schema line, description, query).
        var header: [String]
        var query: String
        var expected: [String]
        var hasDescription: Bool
    }

    static func parse(_ text: String) throws -> Parts {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        guard let expectIndex = lines.firstIndex(of: "// expect:") else { throw FixtureError("no '// expect:' line") }
        var schema = "models"
        var index = 0
        if let first = lines.first, first.hasPrefix("// schema:") {
            schema = first.dropFirst("// schema:".count).trimmingCharacters(in: .whitespaces)
            index = 1
        }
        let descriptionStart = index
        while index < expectIndex, lines[index].hasPrefix("//") { index += 1 }
        let query = lines[index..<expectIndex].joined(separator: "\n")
        guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw FixtureError("no query") }
        let expected = lines[(expectIndex + 1)...].map { line -> String in
            if line == "//" { return "" }
            if line.hasPrefix("// ") { return String(line.dropFirst(3)) }
            return line  // malformed: shows up in the comparison
        }
        return Parts(
            schema: schema, header: Array(lines[..<expectIndex]), query: query, expected: expected,
            hasDescription: index > descriptionStart)
    }

    /// The files of `accepted/` and `rejected/`; with `SIFT_GOLDEN_PENDING=1`, also those of
    /// `pending/` (known bugs, with the correct expectation: they fail until the bug is fixed).
    static func all() -> [GoldenFile] {
        var files: [GoldenFile] = []
        let includePending = ProcessInfo.processInfo.environment["SIFT_GOLDEN_PENDING"] == "1"
        for folder in ["accepted", "rejected"] + (includePending ? ["pending"] : []) {
            let directory = Fixtures.goldenDirectory.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            files += names.filter { $0.hasSuffix(".sift") }.sorted().map { GoldenFile(relativePath: "\(folder)/\($0)") }
        }
        return files
    }
}

/// What the checker produces for a query: the typed tree when it checks, then the diagnostics, then
/// (for a query without errors) the SQL the default lowering writes and its bindings, so a golden file
/// of an accepted query pins its SQL byte for byte.
func checkerOutput(_ query: String, schema: Schema) -> (output: String, diagnostics: [Diagnostic]) {
    let compilation = Compiler(schema: schema).check(query)
    var output = ""
    if let checked = compilation.checked { output += TypedTreePrinter.print(checked) }
    output += DiagnosticRenderer(colors: false).render(compilation.diagnostics, in: compilation.source)
    if let checked = compilation.checked, !compilation.diagnostics.hasErrors {
        output += loweredOutput(SQLLowering.lower(checked, schema: schema))
    }
    return (output, compilation.diagnostics)
}

/// The SQL of a compiled query and its bindings, as `sift compile` prints them.
func loweredOutput(_ compiled: CompiledQuery) -> String {
    var output = "sql:\n" + compiled.sql + "\n"
    for (index, slot) in compiled.bindings.enumerated() {
        switch slot {
        case .constant(let value): output += "  ?\(index + 1) = \(value)\n"
        case .parameter(let name, _):
            let type = compiled.parameters.first { $0.name == name }?.type.description ?? "?"
            output += "  ?\(index + 1) = \(name) (\(type))\n"
        }
    }
    return output
}

@Suite struct GoldenTests {
    static let update = ProcessInfo.processInfo.environment["SIFT_UPDATE_GOLDEN"] == "1"

    @Test func thereAreEnoughGoldenFiles() {
        let files = GoldenFile.all()
        #expect(files.filter(\.isAccepted).count >= 45)
        #expect(files.filter { !$0.isAccepted && !$0.isPending }.count >= 45)
    }

    @Test(arguments: GoldenFile.all())
    func golden(_ file: GoldenFile) throws {
        let text = try Fixtures.read(file.url)
        let parts = try GoldenFile.parse(text)
        #expect(parts.hasDescription, "\(file.relativePath): describe the behaviour in a comment before the query")
        let schema = try Fixtures.schema(named: parts.schema)
        let (output, diagnostics) = checkerOutput(parts.query, schema: schema)
        var actual = output.components(separatedBy: "\n")
        if actual.last == "" { actual.removeLast() }

        if Self.update, !file.isPending {
            let expectation = actual.map { $0.isEmpty ? "//" : "// " + $0 }
            let rewritten = (parts.header + ["// expect:"] + expectation).joined(separator: "\n") + "\n"
            if rewritten != text { try rewritten.write(to: file.url, atomically: true, encoding: .utf8) }
        } else {
            #expect(actual == parts.expected, "\(file.relativePath): output differs:\n\(output)")
        }
        if file.isPending {
            // No folder rule: a pending file may expect acceptance or rejection.
        } else if file.isAccepted {
            #expect(!diagnostics.hasErrors, "\(file.relativePath) is in accepted/ but has errors:\n\(output)")
        } else {
            #expect(diagnostics.hasErrors, "\(file.relativePath) is in rejected/ but has no error:\n\(output)")
        }
    }
}
