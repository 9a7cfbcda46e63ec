import Foundation
import Sift
import SiftTestSupport
import Testing

/// Golden files of portable SQL: `Golden/portable/*.sift`, in the format of the other golden files,
/// with the facts the lowering may use in a header line:
///
/// ```
/// // schema: example-db
/// // facts: ascii=users.name nfc=companies.name intact=users.companyID>companies.id
/// // What the file shows.
/// User where name.contains("kim")
/// // expect:
/// // sql:
/// // ...
/// ```
///
/// The expectation is the portable SQL, its bindings and the facts it assumes; or, for a query
/// portable SQL cannot express, the rendered `portable-needs-extension` diagnostics.
/// `SIFT_UPDATE_GOLDEN=1` rewrites expectations.
@Suite struct PortableGoldenTests {
    static func files() -> [String] {
        let directory = Fixtures.goldenDirectory.appendingPathComponent("portable")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".sift") }.sorted()
    }

    /// The facts of a `// facts:` line: `ascii=`, `nfc=`, `nfcOrNFD=` lists of `table.column`,
    /// `intact=` a list of `table.column>targetTable.targetColumn`.
    static func facts(_ header: [String]) throws -> SQLLowering.Facts {
        var facts = SQLLowering.Facts()
        guard let line = header.first(where: { $0.hasPrefix("// facts:") }) else { return facts }
        for word in line.dropFirst("// facts:".count).split(separator: " ") {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw FixtureError("a fact is kind=list, not '\(word)'") }
            let items = parts[1].split(separator: ",").map(String.init)
            switch parts[0] {
            case "ascii": facts.asciiColumns.formUnion(items)
            case "nfc": facts.nfcColumns.formUnion(items)
            case "nfcOrNFD": facts.nfcOrNFDColumns.formUnion(items)
            case "intact":
                for item in items {
                    let ends = item.split(separator: ">").map { $0.split(separator: ".").map(String.init) }
                    guard ends.count == 2, ends[0].count == 2, ends[1].count == 2 else { throw FixtureError("bad reference '\(item)'") }
                    facts.intactReferences.insert(
                        ForeignKeyReference(table: ends[0][0], column: ends[0][1], targetTable: ends[1][0], targetColumn: ends[1][1]))
                }
            default: throw FixtureError("unknown fact '\(parts[0])'")
            }
        }
        return facts
    }

    @Test func thereArePortableGoldenFiles() {
        #expect(Self.files().count >= 8)
    }

    @Test(arguments: files())
    func portableGolden(_ name: String) throws {
        let url = Fixtures.goldenDirectory.appendingPathComponent("portable").appendingPathComponent(name)
        let text = try Fixtures.read(url)
        let parts = try GoldenFile.parse(text)
        let schema = try Fixtures.schema(named: parts.schema)
        let compilation = Compiler(schema: schema).check(parts.query)
        var output = DiagnosticRenderer(colors: false).render(compilation.diagnostics, in: compilation.source)
        let checked = try #require(compilation.checked, "\(name): the query does not check:\n\(output)")
        let options = SQLLowering.Options(facts: try Self.facts(parts.header), portable: true)
        let compiled = SQLLowering.lower(checked, schema: schema, options: options)
        if compiled.portabilityDiagnostics.isEmpty {
            #expect(!SiftCallScan.callsSift(compiled.sql), "\(name): portable SQL calls Sift's functions")
            output += loweredOutput(compiled)
            if !compiled.assumptions.isEmpty {
                output += "assumes:\n" + compiled.assumptions.map { "  \($0)\n" }.joined()
            }
        } else {
            #expect(compiled.portabilityDiagnostics.allSatisfy { $0.id.rawValue == "portable-needs-extension" })
            output += DiagnosticRenderer(colors: false).render(compiled.portabilityDiagnostics, in: compilation.source)
        }
        var actual = output.components(separatedBy: "\n")
        if actual.last == "" { actual.removeLast() }
        if GoldenTests.update {
            let expectation = actual.map { $0.isEmpty ? "//" : "// " + $0 }
            let rewritten = (parts.header + ["// expect:"] + expectation).joined(separator: "\n") + "\n"
            if rewritten != text { try rewritten.write(to: url, atomically: true, encoding: .utf8) }
        } else {
            #expect(actual == parts.expected, "\(name): output differs:\n\(output)")
        }
    }
}
