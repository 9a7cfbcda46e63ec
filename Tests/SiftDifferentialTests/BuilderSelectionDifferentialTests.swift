import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Seeded differential test of StructuredQueries' selections: random builder queries that select,
/// join, group, aggregate and combine (``BuilderSelectionGenerator``) run on SQLite (Sift's SQL)
/// and in the in-memory evaluator (the typed tree, with SQL's meaning) over the example database,
/// and give the same rows as SQL holds them (``EvaluatorAgreement``: ties and unordered
/// concatenations compared as multisets), or both fail.
///
/// `SIFT_BUILDER_SELECTION_COUNT` (default 2,000) and `SIFT_BUILDER_SELECTION_SEED` (default 1)
/// choose the seeds. The run fails if a construct is generated (in a query both answer) fewer
/// than a floor of times, or too few rows are compared, so that it cannot pass by comparing nothing.
@Suite struct BuilderSelectionDifferentialTests {
    static var count: Int { ProcessInfo.processInfo.environment["SIFT_BUILDER_SELECTION_COUNT"].flatMap { Int($0) } ?? 2000 }
    static var firstSeed: UInt64 { ProcessInfo.processInfo.environment["SIFT_BUILDER_SELECTION_SEED"].flatMap { UInt64($0) } ?? 1 }

    /// What the run must have compared, by the text that writes it.
    static let constructs: [String] = [
        ".join(", ".leftJoin(", ".rightJoin(", ".fullJoin(", ".where {", ".group {", ".having {", ".count(", "count(distinct: true",
        ".sum(", ".avg(", ".total(", ".max(", ".min(", ".groupConcat(", "order: ", ".jsonGroupArray(", "filter: ", "distinct: true",
        "Case(", "Case()", ".distinct()", ".order {", "nulls: ", ".limit(", "offset: ", ".union(", "union(all: true", ".intersect(",
        ".except(", "With {", " / ", " % ", " + \"", " ?? ", ".ifnull(", ".nullif(", ".collate(", ".dueDate",
    ]

    @Test func generatedBuilderSelectionsAgree() throws {
        let world = try ExampleWorld.shared()
        let database = try world.open()
        var failures = 0
        var answered = 0
        var bothFailed = 0
        var comparedRows = 0
        var seen: [String: Int] = [:]
        for seed in Self.firstSeed..<Self.firstSeed + UInt64(Self.count) {
            var generator = BuilderSelectionGenerator(seed: seed)
            let text = generator.query()
            let compiled: CompiledQuery
            do {
                compiled = try database.compile(text)
            } catch {
                failures += 1
                Issue.record("seed \(seed): the generator wrote a query that does not compile:\n\(text)\n\(error)")
                if failures > 5 { break }
                continue
            }
            let outcome = EvaluatorAgreement.compare(compiled, database: database, dataset: world.dataset)
            guard outcome.agrees else {
                failures += 1
                Issue.record("seed \(seed): \(text)\n\(outcome)")
                if failures > 5 { break }
                continue
            }
            if outcome.bothFailed {
                bothFailed += 1
                continue
            }
            answered += 1
            comparedRows += outcome.comparedRows
            for construct in Self.constructs where text.contains(construct) { seen[construct, default: 0] += 1 }
        }
        guard failures == 0 else { return }
        // Floors: a construct at least once per hundred queries, ten rows compared per query.
        let floor = max(1, Self.count / 100)
        for construct in Self.constructs {
            #expect(seen[construct, default: 0] >= floor, "'\(construct)' was compared in \(seen[construct, default: 0]) queries, fewer than \(floor)")
        }
        #expect(answered >= Self.count * 9 / 10, "only \(answered) of \(Self.count) queries answered (\(bothFailed) failed in both)")
        #expect(comparedRows >= Self.count * 10, "only \(comparedRows) rows compared")
        let rarest = Self.constructs.min { seen[$0, default: 0] < seen[$1, default: 0] } ?? ""
        print(
            "builder selections: \(answered) queries answered by both, \(bothFailed) failed in both, \(comparedRows) rows compared; "
                + "the rarest construct, '\(rarest)', in \(seen[rarest, default: 0])")
    }
}
