import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The differential test on PostgreSQL: the generated queries of "Differential: SQLite vs the
/// evaluator", compiled once and lowered to PostgreSQL's dialect, run on the example database on the
/// private test server, must select what the in-memory evaluator selects (in the same order when
/// sorted, ties broken by key). A query on which SQLite's SQL itself disagrees with the evaluator (a
/// known failure of the lowering, `KnownFailures`) is counted apart, not judged here; so is a query
/// with a construct of ``knownDifferences``, where Foundation answers what no SQL can reproduce.
///
/// `SIFT_DIFFERENTIAL_POSTGRESQL_COUNT` (default 3000) and `SIFT_DIFFERENTIAL_SEED` (default 1) choose
/// the seeds; a failure prints the seed, the query, PostgreSQL's SQL and both results.
@Suite("Differential: PostgreSQL vs the evaluator", .enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgreSQLDifferentialTests {
    static var count: Int { ProcessInfo.processInfo.environment["SIFT_DIFFERENTIAL_POSTGRESQL_COUNT"].flatMap { Int($0) } ?? 1500 }

    /// Query text on which PostgreSQL's SQL and the evaluator (Foundation) are known to differ, and why.
    static let knownDifferences: [(text: String, why: String)] = [
        (
            #"localizedStandardContains("ß")"#,
            #"Foundation on Linux finds "ß" in "José" and "Rosé" but not in "Jose" (its fold of ß to "ss" shifts the search); no fold reproduces it"#
        )
    ]

    @Test("generated queries select the same rows on PostgreSQL and in memory")
    func generatedQueriesAgree() throws {
        let world = try ExampleWorld.shared()
        let runner = try DifferentialRunner(world: world)
        let postgres = try PlainPostgresConnection(uri: try PostgreSQLExampleDatabase.shared().uri())
        let evaluator = Evaluator(tieBreak: .identity)
        let first = DifferentialTests.firstSeed
        var failures = 0
        var skipped = 0
        var known = 0
        var selecting = 0
        let started = Date()
        for seed in first..<first + UInt64(Self.count) {
            var generator = PredicateGenerator(seed: seed)
            let query = generator.query()
            let text = query.render()
            let parameters = ParameterSet(seed: seed)
            // SQLite's SQL first: where it disagrees with the evaluator, the lowering itself is wrong
            // (a known failure); PostgreSQL's SQL is judged only where SQLite's is right.
            guard case .agree = runner.check(text, parameters: parameters, useFacts: false, ordered: query.isOrdered) else {
                skipped += 1
                continue
            }
            runner.database.loweringOptions = SQLLowering.Options(breakTiesByPrimaryKey: true)
            let compiled = try runner.database.compile(text, parameterTypes: ParameterSet.types)
            let lowered = SQLLowering.lower(
                compiled.query, schema: world.schema, dialect: PostgreSQLDialect(), options: SQLLowering.Options(breakTiesByPrimaryKey: true))
            let postgresResult = Result { () throws -> [Int64] in
                let bindings = try lowered.bindings(for: parameters.sql, schema: world.schema).map { try PostgreSQLExampleDatabase.text($0) }
                return try postgres.rows(lowered.sql, parameters: bindings).map { Int64(($0.first ?? nil) ?? "") ?? -1 }
            }
            let evaluatorResult = Result { () throws -> [Int64] in
                try evaluator.run(compiled.query, in: world.dataset, parameters: parameters.evaluator).selected.map { $0.identity.integer ?? -1 }
            }
            let same: Bool
            switch (postgresResult, evaluatorResult) {
            case (.success(let a), .success(let b)):
                same = query.isOrdered ? a == b : a.sorted() == b.sorted()
                if !a.isEmpty { selecting += 1 }
            case (.failure, .failure): same = true
            default: same = false
            }
            if same { continue }
            if Self.knownDifferences.contains(where: { text.contains($0.text) }) {
                known += 1
                continue
            }
            failures += 1
            Issue.record(
                """
                PostgreSQL differs from the evaluator at seed \(seed); rerun with SIFT_DIFFERENTIAL_SEED=\(seed) SIFT_DIFFERENTIAL_POSTGRESQL_COUNT=1
                predicate: \(text)
                SQL:
                \(lowered.sql)
                parameters: \(parameters.describe(compiled.parameters.map(\.name)))
                PostgreSQL: \(postgresResult)
                evaluator:  \(evaluatorResult)
                """)
            if failures >= 20 { break }
        }
        print(
            "differential on PostgreSQL: \(Self.count) predicates, \(failures) failures, \(known) known differences, \(skipped) where SQLite's SQL disagrees too, "
                + "\(selecting) selecting rows" + String(format: " (%.1f s)", Date().timeIntervalSince(started)))
        #expect(skipped < Self.count / 10)
        // Both sides failing counts as agreeing: most predicates must select rows, or the run
        // compared nothing (a rerun of one seed, `SIFT_DIFFERENTIAL_POSTGRESQL_COUNT=1`, has no floor).
        if Self.count >= 100 { #expect(selecting * 2 >= Self.count, "only \(selecting) of \(Self.count) predicates selected rows") }
    }
}
