import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Portable SQL of queries that select (columns, distinct rows, aggregates and groups, joins,
/// set operations, counts of queries): the selection differential's and the set-operation
/// differential's generated queries (`SIFT_SELECTION_COUNT`, `SIFT_SETOP_COUNT` and their seeds),
/// compiled with the facts Sift learns from the example database, are each either refused with
/// `portable-needs-extension` diagnostics that point into the query, or their SQL calls no Sift
/// function or collation and, run on a plain SQLite connection (nothing registered), gives the
/// rows Sift's usual SQL gives with its functions (the rows the evaluator gives, as the selection
/// differential checks): as a multiset, strings compared in NFC, numbers to nine digits.
@Suite("Portable SQL of selections: plain SQLite vs Sift's SQL")
struct PortableSelectionSQLTests {
    static func queries() -> [(seed: UInt64, text: String)] {
        let selections = (SelectionDifferentialTests.firstSeed..<SelectionDifferentialTests.firstSeed + UInt64(SelectionDifferentialTests.count))
            .map { (seed: $0, text: SelectionDifferentialTests.query(seed: $0)) }
        let combined = (SetOperationDifferentialTests.firstSeed..<SetOperationDifferentialTests.firstSeed + UInt64(SetOperationDifferentialTests.count))
            .map { (seed: $0, text: SetOperationDifferentialTests.query(seed: $0)) }
        // Shapes the generators do not write: a named sub-query, a count of a query as a column,
        // StructuredQueries' selections.
        let written = [
            "with firsts = (User sort by age limit 3 select age, score) firsts select age sort by age",
            "Company select name, staff: count(User where age > 30)",
            "count(User where age > 30 select age)",
            "User.select { ($0.age, $0.score) }",
            "User.group(by: \\.age).select { ($0.age, $0.id.count()) }",
            "User select name",
            "User select age, score sort by age limit 5",
            "User group by age select age, n: count()",
            "User select name.lowercased()",
        ].map { (seed: UInt64(0), text: $0) }
        return selections + combined + written
    }

    @Test("generated selections compile to portable SQL with Sift's rows, or are refused")
    func generatedSelectionsArePortableOrRefused() throws {
        let world = try ExampleWorld.shared()
        let portableDatabase = try world.open()
        portableDatabase.loweringOptions = SQLLowering.Options(portable: true)
        let database = try world.open()
        let plain = try PlainSQLiteConnection(path: world.path)
        #expect(throws: PlainSQLiteConnection.Failure.self) { try plain.rows("SELECT sift_nfc('a')") }
        let compiler = Compiler(schema: database.schema, options: .init(parameterTypes: ParameterSet.types))
        var portable = 0
        var refused = 0
        var failures = 0
        for (seed, text) in Self.queries() where failures <= 5 {
            let compilation = compiler.check(text)
            guard let checked = compilation.checked else {
                Issue.record("seed \(seed): the query does not compile:\n\(text)")
                continue
            }
            let compiled = portableDatabase.compile(checked)
            if !compiled.portabilityDiagnostics.isEmpty {
                refused += 1
                for diagnostic in compiled.portabilityDiagnostics {
                    #expect(diagnostic.id.rawValue == "portable-needs-extension", "seed \(seed): \(diagnostic)")
                    #expect(diagnostic.range.end <= compilation.source.bytes.count && diagnostic.range.end > 0, "seed \(seed): a range outside the query: \(text)")
                    #expect(diagnostic.notes.contains { $0.message.contains("extension") }, "seed \(seed): no remedy")
                }
                continue
            }
            portable += 1
            guard !SiftCallScan.callsSift(compiled.sql) else {
                failures += 1
                Issue.record("seed \(seed): portable SQL calls Sift and is not refused:\n\(text)\n\(compiled.sql)")
                continue
            }
            let parameters = ParameterSet(seed: seed)
            let usual = database.compile(checked)
            let plainRows = Result { try plain.rows(compiled.sql, bindings: try compiled.bindings(for: parameters.sql, schema: database.schema)) }
            let siftRows = Result {
                try database.connection.prepare(usual.sql).rows(bindings: try usual.bindings(for: parameters.sql, schema: database.schema))
            }
            switch (plainRows, siftRows) {
            case (.success(let a), .success(let b)):
                let left = SelectionDifferentialTests.sorted(a.map { $0.map(Self.text) })
                let right = SelectionDifferentialTests.sorted(b.map { $0.map(Self.text) })
                if left != right {
                    failures += 1
                    Issue.record("seed \(seed): portable SQL and Sift's SQL disagree\n\(text)\n\(compiled.sql)\nplain SQLite: \(left)\nSift: \(right)")
                }
            case (.failure, .failure):
                continue
            case (.failure(let error), .success):
                failures += 1
                Issue.record("seed \(seed): portable SQL failed on plain SQLite (\(error)):\n\(text)\n\(compiled.sql)")
            case (.success, .failure(let error)):
                failures += 1
                Issue.record("seed \(seed): Sift's SQL failed (\(error)) where portable SQL ran:\n\(text)\n\(compiled.sql)")
            }
        }
        print("portable SQL of selections: \(portable) compile portably, \(refused) are refused")
        // Portable SQL of selections is not a refusal of everything: numbers, groups and counts.
        #expect(portable > 0 && refused > 0)
    }

    static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: "nil"
        case .integer(let integer): String(integer)
        case .real(let real): SelectionDifferentialTests.number(real)
        case .text(let text): text.precomposedStringWithCanonicalMapping
        default: "\(value)"
        }
    }
}
