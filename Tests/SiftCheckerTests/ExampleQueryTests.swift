import Foundation
import Sift
import SiftTestSupport
import Testing

/// Every query of `Examples/people.sift` and `Examples/reminders.sift` is valid Swift for the
/// example schema, so it must check without errors, both against the model file alone and against
/// the example database refined by the model file.
@Suite struct ExampleQueryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var script: String
        var schema: String
        var testDescription: String { "\(script) against \(schema)" }
    }

    static let cases: [Case] = ["people.sift", "reminders.sift"].flatMap { script in
        ["models", "example-db"].map { Case(script: script, schema: $0) }
    }

    /// Example queries the checker wrongly rejects today (bugs reported to the lead, with a golden
    /// file each in `Golden/pending/`). Remove an entry when its bug is fixed.
    /// Example queries that show a known checker bug (none now); each must still be an example query.
    static let pendingBugs: Set<String> = []

    @Test func pendingBugsAreExampleQueries() throws {
        let texts = try ["people.sift", "reminders.sift"].map { try Fixtures.readExample($0) }.joined(separator: "\n")
        for query in Self.pendingBugs { #expect(texts.contains(query), "\(query) is no longer an example query") }
    }

    @Test(arguments: cases)
    func everyExampleQueryChecks(_ testCase: Case) throws {
        let source = SourceFile(name: "Examples/\(testCase.script)", text: try Fixtures.readExample(testCase.script))
        let parsed = Parser.parseScript(source)
        #expect(parsed.diagnostics.isEmpty, "\(DiagnosticRenderer().render(parsed.diagnostics, in: source))")
        #expect(parsed.value.count >= 20)
        let schema = try Fixtures.schema(named: testCase.schema)
        for query in parsed.value where !Self.pendingBugs.contains(source.text(in: query.range)) {
            let result = TypeChecker.check(query, schema: schema, source: source)
            let rendered = DiagnosticRenderer().render(result.diagnostics, in: source)
            #expect(result.diagnostics.isEmpty, "\(source.text(in: query.range))\n\(rendered)")
            #expect(result.query != nil)
        }
    }
}
