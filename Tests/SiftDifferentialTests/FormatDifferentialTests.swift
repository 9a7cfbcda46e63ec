import Foundation
import Sift
import SiftSQLite
import Testing

/// Random `NSPredicate` format queries (``FormatStringGenerator``), compiled once, run on SQLite
/// (Sift's `sift_ns_*` functions, SQL's three-valued logic) and on the evaluator's own
/// implementation of Core Data's meaning: both must select the same rows.
///
/// `SIFT_FORMAT_DIFFERENTIAL_COUNT` (default 3000) and `SIFT_FORMAT_DIFFERENTIAL_SEED` (default 1)
/// choose the seeds.
@Suite("Differential: format strings on SQLite vs the evaluator")
struct FormatDifferentialTests {
    static var count: Int { ProcessInfo.processInfo.environment["SIFT_FORMAT_DIFFERENTIAL_COUNT"].flatMap { Int($0) } ?? 3000 }
    static var firstSeed: UInt64 { ProcessInfo.processInfo.environment["SIFT_FORMAT_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 1 }

    /// What every default run must have written at least once.
    static let constructs = [
        " == ", " != ", " < ", " LIKE", " MATCHES", " BEGINSWITH", " CONTAINS", "ENDSWITH", "[c]", "[d]", "[cd]", " IN {", " IN %@",
        " BETWEEN {", "ANY ", "ALL ", "NONE ", "SOME ", "@count", "SUBQUERY(", "NOT ", "!(", " AND ", " OR ", "TRUEPREDICATE", "%K",
        "%d", "%f", "$minimumAge", "$threshold", "$flag", "== nil", "searchString", "startDate", "Jose\u{301}", "company.", "@sum.", "@avg.", "NSSortDescriptor(", " IN interests.", "NSDate", " IN users.", "localizedStandardCompare", "caseInsensitiveCompare", "key: \"isActive\"", "fetchLimit", "@min.", "@max.",
    ]

    @Test("generated format strings select the same rows on SQLite and in memory")
    func generatedFormatStringsAgree() throws {
        let runner = try DifferentialRunner(world: try ExampleWorld.shared())
        var failures = 0
        var seen: [String: Int] = [:]
        var rows = 0
        for seed in Self.firstSeed..<Self.firstSeed + UInt64(Self.count) {
            var generator = FormatStringGenerator(seed: seed)
            let text = generator.query()
            for construct in Self.constructs where text.contains(construct) { seen[construct, default: 0] += 1 }
            let parameters = ParameterSet(seed: seed)
            switch runner.check(text, parameters: parameters, useFacts: seed % 2 == 0, ordered: generator.isOrdered) {
            case .agree:
                rows += 1
            case .compileError(let message):
                failures += 1
                Issue.record("seed \(seed): the generator wrote a query that does not compile (a generator bug):\n\(text)\n\(message)")
            case .disagree(let disagreement):
                failures += 1
                Issue.record(
                    "Format differential failure at seed \(seed); rerun with SIFT_FORMAT_DIFFERENTIAL_SEED=\(seed) SIFT_FORMAT_DIFFERENTIAL_COUNT=1\n\(disagreement.report())")
            }
            if failures > 20 { break }
        }
        print("format differential: \(Self.count) format strings, \(failures) failures")
        if Self.count >= 1000 {
            let missing = Self.constructs.filter { seen[$0] == nil }
            #expect(missing.isEmpty, "the generator never wrote: \(missing)")
        }
    }
}
