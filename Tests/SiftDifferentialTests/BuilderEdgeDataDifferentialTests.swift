import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// StructuredQueries selections over generated rows at SQL's edges — integers near the 64-bit
/// bounds (a `+` that overflows turns REAL, a `sum` that overflows fails the query), REALs that
/// SQLite writes in its exponent form or with 15 digits, NULLs, texts equal under `NOCASE` only —
/// on SQLite and in the in-memory evaluator: the same rows (``EvaluatorAgreement``), or both fail.
///
/// `SIFT_BUILDER_EDGE_COUNT` (default 600) and `SIFT_BUILDER_EDGE_SEED` (default 1) choose the seeds.
@Suite struct BuilderEdgeDataDifferentialTests {
    static var count: Int { ProcessInfo.processInfo.environment["SIFT_BUILDER_EDGE_COUNT"].flatMap { Int($0) } ?? 600 }
    static var firstSeed: UInt64 { ProcessInfo.processInfo.environment["SIFT_BUILDER_EDGE_SEED"].flatMap { UInt64($0) } ?? 1 }

    static let modelFile = """
        import StructuredQueries
        @Table struct Sample {
            let id: Int
            var n: Int
            var m: Int?
            var r: Double
            var t: String
            var g: Int
        }
        """

    static let integers: [Int64] = [0, 1, -1, 7, -7, 100, 4_611_686_018_427_387_904, Int64.max, Int64.max - 1, Int64.min, Int64.min + 1, 3_037_000_500]
    static let reals: [Double] = [0, -0.0, 0.1, 1.5, -2.25, 1e15, 1e-5, 1e20, 123_456_789.123_456_79, 2.5e-300, 1.0 / 3, 9_007_199_254_740_992, -1e16]
    static let texts = ["", "a", "A", "a ", "Gym", "gym", "é", "e\u{301}", "50%", "x,y", "\"q\"", "tab\there", "ß"]

    /// A database of `rows` generated rows, and its objects for the evaluator.
    static func world(seed: UInt64, rows: Int) throws -> (SiftDatabase, Dataset, TemporaryFiles) {
        var random = SplitMix64(seed: seed)
        let files = TemporaryFiles()
        let directory = try files.directory("sift-builder-edge")
        let path = directory + "/edge.sqlite"
        let models = directory + "/Models.swift"
        try modelFile.write(toFile: models, atomically: true, encoding: .utf8)
        let writer = try Connection(path: path, mode: .readWriteCreate)
        try writer.execute("CREATE TABLE samples (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, m INTEGER, r REAL NOT NULL, t TEXT NOT NULL, g INTEGER NOT NULL)")
        let insert = try writer.prepare("INSERT INTO samples VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        for id in 1...rows {
            let m: SQLValue = random.chance(1, in: 3) ? .null : .integer(random.pick(integers))
            _ = try insert.rows(bindings: [
                .integer(Int64(id)), .integer(random.pick(integers)), m, .real(random.pick(reals)), .text(random.pick(texts)),
                .integer(Int64(random.below(3))),
            ])
        }
        let database = try SiftDatabase(path: path, modelFile: models)
        return (database, try DatasetLoader.load(from: database.connection, schema: database.schema), files)
    }

    static func query(_ random: inout SplitMix64) -> String {
        let integer = ["$0.n", "$0.m", "$0.n + $0.n", "$0.n - 1", "$0.n * 2", "-$0.n", "$0.n / 3", "$0.n % 5", "$0.n / $0.g", "$0.m ?? $0.n", "$0.g + $0.id"]
        let real = ["$0.r", "$0.r * 3", "$0.r + 0.5", "$0.r / $0.r", "-$0.r", "$0.r.round(2)"]
        let text = ["$0.t", "$0.t + \"|\"", "$0.t.lower()", "$0.t.upper()", "$0.t.collate(.nocase)"]
        let any = integer + real + text
        // Aggregates whose answer does not depend on the order of the rows (a group's rows come in
        // the order SQLite sorts them in), and sums, whose rounding and overflow do: over the rows
        // of a plain scan, in rowid order on both sides.
        var aggregates = ["$0.count()", "$0.m.count()", "$0.n.max()", "$0.r.min()", "$0.t.max()", "$0.t.groupConcat()", "$0.t.groupConcat(distinct: true)",
                          "$0.t.groupConcat(\", \", order: $0.t)", "$0.t.collate(.nocase).count(distinct: true)", "$0.m.count(distinct: true)"]
        aggregates += (integer + real + text).map { "(\($0)).jsonGroupArray()" }
        let sums = ["$0.n.sum()", "$0.m.sum()", "$0.r.sum()", "$0.n.total()", "$0.r.avg()", "$0.n.avg()", "$0.m.total(distinct: true)",
                    "$0.t.collate(.nocase).min()"]
        switch random.below(4) {
        case 0:
            let columns = (0..<random.int(in: 1...3)).map { _ in random.pick(any) }
            return "Sample.select { (\(columns.joined(separator: ", "))) }"
        case 1:
            let key = random.pick(["$0.g", "$0.m", "$0.t", "$0.r", "$0.t.collate(.nocase)"])
            let columns = (0..<random.int(in: 1...3)).map { _ in random.pick(aggregates) }
            let keyColumn = key.hasSuffix("collate(.nocase)") ? [] : [key]
            return "Sample.group { \(key) }.select { (\((keyColumn + columns).joined(separator: ", "))) }"
        case 2:
            let columns = (0..<random.int(in: 1...3)).map { _ in random.pick(aggregates + sums + sums) }
            return "Sample.where { $0.g.eq(\(random.below(3))) }.select { (\(columns.joined(separator: ", "))) }"
        default:
            let column = random.pick(integer + real + ["$0.t"])
            let order = random.pick(["", ".order { (\(column)).desc() }"])
            return "Sample.select { \(column) }\(random.pick([".distinct()", ""]))\(order)"
        }
    }

    @Test func selectionsOverEdgeValuesAgree() throws {
        var answered = 0
        var bothFailed = 0
        var comparedRows = 0
        var failures = 0
        for seed in Self.firstSeed..<Self.firstSeed + UInt64(Self.count) where failures <= 5 {
            // A new table every 50 queries: 4 to 24 rows.
            if (seed - Self.firstSeed) % 50 != 0 { continue }
            var random = SplitMix64(seed: seed)
            let (database, dataset, files) = try Self.world(seed: seed, rows: random.int(in: 4...24))
            defer { files.removeAll() }
            for _ in 0..<50 {
                let text = Self.query(&random)
                let compiled: CompiledQuery
                do {
                    compiled = try database.compile(text)
                } catch {
                    failures += 1
                    Issue.record("seed \(seed): the generator wrote a query that does not compile:\n\(text)\n\(error)")
                    continue
                }
                let outcome = EvaluatorAgreement.compare(compiled, database: database, dataset: dataset)
                if !outcome.agrees {
                    failures += 1
                    Issue.record("seed \(seed): \(text)\n\(outcome)")
                } else if outcome.bothFailed {
                    bothFailed += 1
                } else {
                    answered += 1
                    comparedRows += outcome.comparedRows
                }
            }
        }
        guard failures == 0 else { return }
        #expect(answered >= Self.count * 3 / 4, "only \(answered) of \(Self.count) queries answered")
        #expect(bothFailed >= Self.count / 100, "only \(bothFailed) queries failed in both (an overflowing sum)")
        #expect(comparedRows >= Self.count * 4, "only \(comparedRows) rows compared")
    }
}
