import Foundation
import Sift
import SiftSQLite
import Testing

/// Seeded differential test: random well-typed queries over the example schema, compiled once,
/// run on SQLite and on the in-memory evaluator, must select the same rows (in the same order
/// when sorted; ties broken by primary key on both sides).
///
/// `SIFT_DIFFERENTIAL_COUNT` (default 5000) and `SIFT_DIFFERENTIAL_SEED` (default 1) choose the
/// seeds; a failure prints the seed, the query, the SQL with its bindings, both results and a
/// shrunk query that still fails. Rerun one seed with
/// `SIFT_DIFFERENTIAL_SEED=<seed> SIFT_DIFFERENTIAL_COUNT=1 swift test --filter DifferentialTests`.
///
/// Other switches: `SIFT_DIFFERENTIAL_COVERAGE=1` prints how often each construct was generated;
/// `SIFT_DIFFERENTIAL_EMIT_KNOWN=1` prints one tab-separated `KNOWN-CANDIDATE` line per failure
/// (seed, facts, shrunk text, SQL, bindings) to refresh `KnownFailures`;
/// `SIFT_DIFFERENTIAL_SHOW_KNOWN=1` prints the full report of every known failure.
@Suite("Differential: SQLite vs the evaluator")
struct DifferentialTests {
    static var count: Int { ProcessInfo.processInfo.environment["SIFT_DIFFERENTIAL_COUNT"].flatMap { Int($0) } ?? 5000 }
    static var firstSeed: UInt64 { ProcessInfo.processInfo.environment["SIFT_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? 1 }

    /// Constructs every default run must have generated at least once (the generator's coverage).
    static let constructs: [String] = [
        "!", " - ", "-", " == ", " != ", " < ", " <= ", " > ", " >= ", " && ", " || ", " + ", " * ", " / ", " % ", " ?? ", "...", "..<",
        " ? ", "?.", "== nil", "!= nil", "if let", ".flatMap", ".map", ".contains(", ".hasPrefix(", ".hasSuffix(", ".starts(with:",
        ".localizedStandardContains(", ".lowercased()", ".uppercased()", ".count", ".isEmpty", ".caseInsensitiveCompare(",
        ".orderedSame", "Double(", "Int(", ".rawValue", ".high", ".contains {", ".allSatisfy {", ".filter {", ".count(where:", " in ",
        ".max()", ".min()", "0x", "\\u{301}", "%", "_", "'", "\\\\", "김", "\"\"", "company?.", "remindersList.", "startDate", "minimumAge",
        "searchString", "threshold", "wantedPriority", "wantedStatus", "flag", "SortDescriptor(", "order: .reverse",
        "comparator: .localizedStandard", "fetchLimit:", "fetchOffset:", " where ", " sort by ", " desc", " limit ", " offset ",
        "#Predicate<", "FetchDescriptor<", "dueDate", "birth", "founded", "9223372036854775807",
        "priority", "status", ".todo", ".inProgress", ".done", ".low", ".medium",
        "interests.count", "users.count", "sort by priority", "SortDescriptor(\\.priority",
        "company!.", "nickname!", "dueDate!", "(Priority.", "() ?? .", ".timeIntervalSinceReferenceDate", ".timeIntervalSince1970", " / 0.0",
    ]

    @Test("generated queries select the same rows on SQLite and in memory")
    func generatedQueriesAgree() throws {
        let world = try ExampleWorld.shared()
        let runner = try DifferentialRunner(world: world)
        let first = Self.firstSeed
        let count = Self.count
        var failures = 0
        var known: [String: Int] = [:]
        var seen: [String: Int] = [:]
        let started = Date()
        for seed in first..<first + UInt64(count) {
            var generator = PredicateGenerator(seed: seed)
            let query = generator.query()
            let text = query.render()
            for construct in Self.constructs where text.contains(construct) { seen[construct, default: 0] += 1 }
            let parameters = ParameterSet(seed: seed)
            let useFacts = seed % 2 == 0
            switch runner.check(text, parameters: parameters, useFacts: useFacts, ordered: query.isOrdered) {
            case .agree:
                continue
            case .compileError(let diagnostics):
                failures += 1
                Issue.record("seed \(seed): the generator wrote a query that does not compile (a generator bug):\n\(text)\n\(diagnostics)")
            case .disagree(let disagreement):
                let shrinker = Shrinker(stillFails: { candidate in
                    if case .disagree = runner.check(candidate.render(), parameters: parameters, useFacts: useFacts, ordered: candidate.isOrdered) {
                        return true
                    }
                    return false
                })
                let (shrunk, attempts) = shrinker.shrink(query)
                let shrunkText = shrunk.render()
                if ProcessInfo.processInfo.environment["SIFT_DIFFERENTIAL_EMIT_KNOWN"] != nil,
                    case .disagree(let small) = runner.check(shrunkText, parameters: parameters, useFacts: useFacts, ordered: shrunk.isOrdered)
                {
                    // One line per failure (known or not), for triage into KnownFailures.
                    let fields = [String(seed), String(useFacts), shrunkText, small.sql.replacingOccurrences(of: "\n", with: " "), small.bindings]
                    print("KNOWN-CANDIDATE\t" + fields.joined(separator: "\t"))
                }
                if KnownFailures.entry(for: shrunkText) != nil {
                    known[shrunkText, default: 0] += 1
                    continue
                }
                failures += 1
                var shrunkReport = ""
                if case .disagree(let small) = runner.check(shrunkText, parameters: parameters, useFacts: useFacts, ordered: shrunk.isOrdered) {
                    shrunkReport = small.report()
                    if let bug = KnownFailures.probableBug(small) {
                        shrunkReport += "\nprobably another instance of the known bug '\(bug)': \(bug.rawValue)"
                    }
                }
                Issue.record(
                    """
                    Differential failure at seed \(seed) (NFC facts \(useFacts ? "on" : "off")); rerun with SIFT_DIFFERENTIAL_SEED=\(seed) SIFT_DIFFERENTIAL_COUNT=1
                    \(disagreement.report())

                    SHRUNK (\(attempts) attempts):
                    \(shrunkReport)
                    """)
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        let knownTotal = known.values.reduce(0, +)
        print(
            "differential: \(count) predicates, seeds \(first)...\(first + UInt64(count) - 1), \(failures) failures, \(knownTotal) known failures skipped"
                + String(format: " (%.1f s)", elapsed))
        var byBug: [KnownFailures.Bug: Int] = [:]
        for (text, hits) in known { byBug[KnownFailures.entry(for: text)!.bug, default: 0] += hits }
        for bug in KnownFailures.Bug.allCases where byBug[bug] != nil { print("  known \(bug): \(byBug[bug]!)") }
        if ProcessInfo.processInfo.environment["SIFT_DIFFERENTIAL_COVERAGE"] != nil {
            print("coverage (queries whose text has the construct):")
            for construct in Self.constructs { print("  \(construct.debugDescription): \(seen[construct] ?? 0)") }
        }
        if count >= 1000 {
            let missing = Self.constructs.filter { seen[$0] == nil }
            #expect(missing.isEmpty, "the generator never wrote: \(missing)")
        }
    }

    @Test("each known failure still fails (remove it from KnownFailures once fixed)")
    func knownFailuresStillFail() throws {
        let runner = try DifferentialRunner(world: try ExampleWorld.shared())
        for entry in KnownFailures.entries {
            let ordered = entry.text.contains("SortDescriptor") || entry.text.contains(" sort by ")
            switch runner.check(entry.text, parameters: ParameterSet(seed: entry.seed), useFacts: entry.useFacts, ordered: ordered) {
            case .disagree(let disagreement):
                if ProcessInfo.processInfo.environment["SIFT_DIFFERENTIAL_SHOW_KNOWN"] != nil {
                    print("KNOWN \(entry.bug) (seed \(entry.seed), NFC facts \(entry.useFacts ? "on" : "off")):\n\(disagreement.report())\n")
                }
            case .agree: Issue.record("fixed: '\(entry.text)' now agrees; remove it from KnownFailures (\(entry.bug))")
            case .compileError(let message): Issue.record("'\(entry.text)' no longer compiles: \(message)")
            }
        }
    }
}
