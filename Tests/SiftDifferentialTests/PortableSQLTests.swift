import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Portable SQL over the differential test's generated queries (the same seeds:
/// `SIFT_DIFFERENTIAL_COUNT`, `SIFT_DIFFERENTIAL_SEED`), compiled with the facts Sift learns from
/// the example database: each is either refused with `portable-needs-extension` diagnostics, or
/// its SQL calls no Sift function or collation and, run on a plain SQLite connection (SQLite's C
/// calls, nothing registered), selects exactly the rows the in-memory evaluator selects, in the
/// same order when sorted. Never other rows.
///
/// It prints the share of the generated queries that compile portably (the figure in the README):
/// `swift test --filter PortableSQLTests` (add `SIFT_PORTABLE_REASONS=1` for the refusals by reason).
@Suite("Portable SQL: plain SQLite vs the evaluator")
struct PortableSQLTests {
    @Test("generated queries compile to portable SQL with the evaluator's rows, or are refused")
    func generatedQueriesArePortableOrRefused() throws {
        let world = try ExampleWorld.shared()
        let database = try world.open()
        database.loweringOptions = SQLLowering.Options(breakTiesByPrimaryKey: true, readableLayout: true, portable: true)
        let plain = try PlainSQLiteConnection(path: world.path)
        // The plain connection really has none of Sift's functions.
        #expect(throws: PlainSQLiteConnection.Failure.self) { try plain.rows("SELECT sift_nfc('a')") }
        let evaluator = Evaluator(tieBreak: .identity)
        let compiler = Compiler(schema: database.schema, options: .init(parameterTypes: ParameterSet.types))
        let first = DifferentialTests.firstSeed
        let count = DifferentialTests.count
        var portable = 0
        var reasons: [String: Int] = [:]
        for seed in first..<first + UInt64(count) {
            var generator = PredicateGenerator(seed: seed)
            let query = generator.query()
            let text = query.render()
            let compilation = compiler.check(text)
            guard let checked = compilation.checked else {
                Issue.record("seed \(seed): the generator wrote a query that does not compile:\n\(text)")
                continue
            }
            let compiled = database.compile(checked)
            if !compiled.portabilityDiagnostics.isEmpty {
                for diagnostic in compiled.portabilityDiagnostics {
                    #expect(diagnostic.id.rawValue == "portable-needs-extension", "seed \(seed): \(diagnostic)")
                    #expect(diagnostic.severity == .error)
                    #expect(diagnostic.range.end <= compilation.source.bytes.count, "seed \(seed): a range outside the query")
                    #expect(diagnostic.notes.contains { $0.message.contains("extension") }, "seed \(seed): no remedy")
                    reasons[diagnostic.message, default: 0] += 1
                }
                continue
            }
            portable += 1
            #expect(!SiftCallScan.callsSift(compiled.sql), "seed \(seed): portable SQL calls Sift:\n\(compiled.sql)")
            // Each parameter is bound as its caller gives it (text in NFC), never in a form only Sift computes.
            for case .parameter(let name, let encoding) in compiled.bindings {
                switch encoding {
                case .prefixUpperBound, .decomposed, .decomposedPrefixUpperBound, .plainPrefixUpperBound:
                    Issue.record("seed \(seed): portable SQL binds '\(name)' as \(encoding)")
                default: break
                }
            }
            let parameters = ParameterSet(seed: seed)
            guard let idColumn = compiled.columnNames.firstIndex(of: "id") else {
                Issue.record("seed \(seed): no id column")
                continue
            }
            let plainResult = Result { () throws -> [Int64] in
                let bindings = try compiled.bindings(for: parameters.sql, schema: database.schema)
                return try plain.rows(compiled.sql, bindings: bindings).map { row in
                    if case .integer(let id) = row[idColumn] { id } else { -1 }
                }
            }
            let evaluatorResult = Result { () throws -> [Int64] in
                try evaluator.run(compiled.query, in: world.dataset, parameters: parameters.evaluator).selected.map { $0.identity.integer ?? -1 }
            }
            switch (plainResult, evaluatorResult) {
            case (.success(let a), .success(let b)):
                let same = query.isOrdered ? a == b : a.sorted() == b.sorted()
                #expect(
                    same,
                    """
                    seed \(seed): portable SQL and the evaluator disagree
                    predicate: \(text)
                    SQL:
                    \(compiled.sql)
                    parameters: \(parameters.describe(compiled.parameters.map(\.name)))
                    assumptions: \(compiled.assumptions)
                    plain SQLite: \(a)
                    evaluator:    \(b)
                    """)
            case (.failure, .failure):
                continue
            case (.failure(let error), .success):
                Issue.record("seed \(seed): portable SQL failed on plain SQLite (\(error)):\n\(text)\n\(compiled.sql)")
            case (.success, .failure(let error)):
                Issue.record("seed \(seed): the evaluator failed (\(error)) where portable SQL ran:\n\(text)\n\(compiled.sql)")
            }
        }
        let share = Double(portable) / Double(max(count, 1)) * 100
        print(
            "portable SQL: \(portable) of \(count) generated queries (seeds \(first)...\(first + UInt64(count) - 1)) compile portably on the example database"
                + String(format: " (%.1f%%)", share))
        if ProcessInfo.processInfo.environment["SIFT_PORTABLE_REASONS"] != nil {
            for (reason, hits) in reasons.sorted(by: { $0.value > $1.value }) { print("  \(hits)\t\(reason)") }
        }
        // Portable SQL is not a refusal of everything: integer filters, sorts by numbers and
        // relationship tests make a good part of the generated queries.
        if count >= 1000 { #expect(share > 10, "only \(portable) of \(count) queries compile portably") }
    }
}
