import Foundation

/// A group of benchmarks with its own report: parse, compile, sql, scaling, process, evaluator.
protocol Suite {
    var name: String { get }
    /// A one-line description for the report's heading.
    var title: String { get }
    /// The benchmarks, with the corpus and inputs they need loaded (not measured).
    func benchmarks(_ context: SuiteContext) throws -> [Benchmark]
    /// Prints the suite's tables from its results (only those that ran), and returns headline
    /// figures for the JSON report (`"corpusMedianPerQueryMicroseconds": 3.1`).
    func report(_ results: [Result], _ context: SuiteContext) -> [String: Double]
}

/// What suites share: where the repository is, the options, and the benchmark databases.
struct SuiteContext {
    var root: URL
    var options = Options()
    let shared = SharedData()

    /// What several suites use, built once per run.
    final class SharedData {
        /// Benchmark database paths by scale.
        var databases: [Double: String] = [:]
        /// Figures that the targets summary reads, by `suite.figure`.
        var figures: [String: Double] = [:]
        /// The benchmark corpus with both SQL texts, for the JSON report.
        var queryRecords: [Report.QueryRecord] = []
        /// The same on PostgreSQL (the `postgres` suite).
        var postgresQueryRecords: [Report.QueryRecord] = []
        /// Facts that are not times (whether the 10,000-clause SQL prepares), for the report.
        var notes: [String: String] = [:]
        /// Suites that measured while loading (the slow PostgreSQL queries timed in rounds at start-up):
        /// they report even when the filters leave none of their benchmarks to run.
        var suitesMeasuredAtLoad: Set<String> = []
    }

    /// The benchmark database at `scale` (built and cached in `bench-data/` when missing).
    func benchmarkDatabase(scale: Double) throws -> String {
        if let path = shared.databases[scale] { return path }
        let path = try BenchData.database(root: root, scale: scale, seed: options.seed)
        shared.databases[scale] = path
        return path
    }

    func file(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    func read(_ relativePath: String) throws -> String {
        do {
            return try String(contentsOf: file(relativePath), encoding: .utf8)
        } catch {
            throw BenchError(
                description:
                    "cannot read \(file(relativePath).path); run from the repository root or pass --root DIR")
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
}

/// Everything written by `--json`.
struct Report: Encodable {
    struct Record: Encodable {
        var suite: String
        var name: String
        var samples: Int
        var runsPerSample: Int
        var medianNanoseconds: Double
        var minimumNanoseconds: Double
        var maximumNanoseconds: Double
        var itemsPerRun: Int
        var medianPerItemNanoseconds: Double
        var minimumPerItemNanoseconds: Double
        var maximumPerItemNanoseconds: Double
        var bytesPerRun: Int?
        var megabytesPerSecond: Double?

        init(_ result: Result) {
            suite = result.suite
            name = result.name
            samples = result.samples
            runsPerSample = result.runsPerSample
            medianNanoseconds = result.medianNanoseconds
            minimumNanoseconds = result.minimumNanoseconds
            maximumNanoseconds = result.maximumNanoseconds
            itemsPerRun = result.itemsPerRun
            medianPerItemNanoseconds = result.medianPerItemNanoseconds
            minimumPerItemNanoseconds = result.minimumPerItemNanoseconds
            maximumPerItemNanoseconds = result.maximumPerItemNanoseconds
            bytesPerRun = result.bytesPerRun
            megabytesPerSecond = result.megabytesPerSecond
        }
    }

    /// One query of the benchmark corpus: its text, Sift's SQL, the hand-written SQL, its rows.
    struct QueryRecord: Encodable {
        var label: String
        var text: String
        var siftSQL: String
        var handSQL: String
        var rows: Int
    }

    var tool = "sift-bench"
    var formatVersion = 1
    var date: String
    var machine: Machine
    var plan: MeasurementPlan
    /// Headline figures by suite, such as `parse.corpusMedianPerQueryMicroseconds`.
    var figures: [String: [String: Double]]
    var results: [Record]
    /// The benchmark corpus (when the `sql` suite ran).
    var queries: [QueryRecord] = []
    /// The benchmark corpus on PostgreSQL (when the `postgres` suite ran).
    var postgresQueries: [QueryRecord] = []
    /// Targets and facts that are not figures: `"scaling.and.10000.prepares": "yes"`.
    var notes: [String: String] = [:]
    /// The benchmark database's scale and seed.
    var scale: Double?
    var seed: UInt64?

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
