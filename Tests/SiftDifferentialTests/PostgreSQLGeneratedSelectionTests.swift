import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The generated selections, set operations (sorted and limited as a whole), counts and named
/// sub-queries of the SQLite differential tests, lowered to PostgreSQL's dialect and run on the
/// example database of the private test server, give the in-memory evaluator's rows (but for the
/// known differences of ``PostgreSQLDifferentialTests``). The seeds and counts are those tests'
/// (`SIFT_SELECTION_COUNT`, `SIFT_SETOP_COUNT`, ...).
@Suite("Differential: PostgreSQL selections vs the evaluator", .enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgreSQLGeneratedSelectionTests {
    @Test func generatedSetOperationsAgree() throws {
        try agree(seeds: SetOperationDifferentialTests.firstSeed..<SetOperationDifferentialTests.firstSeed + UInt64(SetOperationDifferentialTests.count)) {
            SetOperationDifferentialTests.query(seed: $0)
        }
    }

    @Test func generatedMeasuresAndSubQueriesAgree() throws {
        try agree(seeds: SetOperationDifferentialTests.firstSeed..<SetOperationDifferentialTests.firstSeed + UInt64(SetOperationDifferentialTests.count / 2)) { seed in
            let chain = SetOperationDifferentialTests.query(seed: seed)
            let variants = ["count(\(chain))", "exists(\(chain))", "with t = (\(chain)) t select c1 sort by c1", "with t = (\(chain)) count(t)"]
            return variants[Int(seed % UInt64(variants.count))]
        }
    }

    @Test func generatedSelectionsAgree() throws {
        try agree(seeds: SelectionDifferentialTests.firstSeed..<SelectionDifferentialTests.firstSeed + UInt64(SelectionDifferentialTests.count)) {
            SelectionDifferentialTests.query(seed: $0)
        }
    }

    /// Each seed's query on PostgreSQL and in memory: the same rows (in order when sorted), or a
    /// failure on both (a trap). Most seeds must give rows on both sides, and rows there must be:
    /// a run where every query failed, or none selected anything, compared nothing.
    private func agree(seeds: Range<UInt64>, _ query: (UInt64) -> String) throws {
        let world = try ExampleWorld.shared()
        let database = try world.open()
        let postgres = try PlainPostgresConnection(uri: try PostgreSQLExampleDatabase.shared().uri())
        var failures = 0
        var comparedQueries = 0
        var comparedRows = 0
        for seed in seeds {
            let text = query(seed)
            // Where Foundation answers what no SQL reproduces (the differential test's list).
            if PostgreSQLDifferentialTests.knownDifferences.contains(where: { text.contains($0.text) }) { continue }
            let parameters = ParameterSet(seed: seed)
            let compiled = try database.compile(text, parameterTypes: ParameterSet.types)
            let lowered = SQLLowering.lower(compiled.query, schema: world.schema, dialect: PostgreSQLDialect())
            #expect(lowered.dialectDiagnostics.isEmpty, "seed \(seed): \(text)")
            let ordered = !compiled.query.sort.isEmpty
            let arrange = { (rows: [[String]]) in ordered ? rows : SelectionDifferentialTests.sorted(rows) }
            let columns = lowered.columns
            let onServer: SelectionDifferentialTests.Outcome
            do {
                let bindings = try lowered.bindings(for: parameters.sql, schema: world.schema).map(PostgreSQLExampleDatabase.text)
                let rows = try postgres.rows(lowered.sql, parameters: bindings)
                onServer = .rows(arrange(rows.map { row in zip(row, columns).map { Self.text($0, $1, schema: world.schema) } }))
            } catch {
                onServer = .failed
            }
            let evaluated: SelectionDifferentialTests.Outcome
            do {
                evaluated = .rows(
                    arrange(try Evaluator().select(compiled.query, in: world.dataset, parameters: parameters.evaluator).rows.map { $0.map(SelectionDifferentialTests.text) }))
            } catch is Trap {
                evaluated = .failed
            }
            if case .rows(let rows) = evaluated, onServer == evaluated {
                comparedQueries += 1
                comparedRows += rows.count
            }
            if onServer != evaluated {
                failures += 1
                Issue.record("seed \(seed): \(text)\n\(lowered.sql)\nPostgreSQL: \(onServer)\nevaluator: \(evaluated)")
                if failures > 5 { break }
            }
        }
        // (A rerun of one seed, `SIFT_..._COUNT=1`, has no floor.)
        guard seeds.count >= 50 else { return }
        #expect(comparedQueries * 10 >= seeds.count * 8, "only \(comparedQueries) of \(seeds.count) queries gave rows on both sides")
        #expect(comparedRows >= seeds.count, "only \(comparedRows) rows compared over \(seeds.count) queries")
    }

    /// A value in PostgreSQL's text form as the evaluator's values are written: by the column's type.
    static func text(_ value: String?, _ attribute: Attribute, schema: Schema) -> String {
        guard let value else { return "nil" }
        switch attribute.type {
        case .enumeration(let name):
            let cases = schema.enums.first { $0.name == name }?.cases ?? []
            return cases.first { $0.rawValue == .int(Int64(value) ?? .min) || $0.rawValue == .string(value) }?.name ?? value
        case .bool: return value == "t" ? "true" : "false"
        case .double, .float, .date: return Double(value).map(SelectionDifferentialTests.number) ?? value
        case .string: return value.precomposedStringWithCanonicalMapping
        default: return value
        }
    }
}
