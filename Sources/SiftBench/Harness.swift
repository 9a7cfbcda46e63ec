/// One benchmark: a name, a setup run once (not measured) that returns the measured body.
///
/// The body returns a value derived from its work (a token count, a diagnostic count); the harness
/// folds it into a checksum so the optimiser cannot remove the work.
struct Benchmark {
    /// The suite the benchmark belongs to (`parse`; later `compile`, `sql`, ...).
    var suite: String
    /// The name within the suite, such as `corpus` or `query/people.sift:6`.
    var name: String
    /// What one run of the body processes, for per-item times (queries) and throughput (bytes).
    var itemsPerRun = 1
    var bytesPerRun: Int?
    /// Benchmarks with the same group that follow each other are measured interleaved, sample by
    /// sample (A B C, B C A, ...), so that a noisy neighbour slows them alike and their ratio holds.
    var group: String? = nil
    /// One run per sample, thousands of samples (taken from a group's first benchmark): the
    /// benchmarks of the group then alternate run by run, so the paired difference of two of
    /// them compares runs microseconds apart, which see the same state of a noisy machine (for
    /// differences of a microsecond, which samples milliseconds apart drown).
    var alternateRuns = false
    /// How to measure it in place of the run's plan (taken from a group's first benchmark): the
    /// PostgreSQL suite's at a large scale (``MeasurementPlan/largeData``).
    var plan: MeasurementPlan? = nil
    /// Runs once before measuring; returns the measured body.
    var setup: () throws -> () -> Int

    var fullName: String { "\(suite)/\(name)" }
}

/// How to measure.
struct MeasurementPlan: Codable {
    /// Warm-up time before the samples, in seconds.
    var warmUpSeconds: Double
    /// The number of samples; the median, minimum and maximum are over these.
    var samples: Int
    /// Each sample runs the body repeatedly for about this long (at least once), so that short
    /// bodies are timed over many runs.
    var sampleSeconds: Double

    /// A body so slow that the samples would take longer than this (per benchmark) gets fewer
    /// samples, down to `minimumSamples`, so a run at scale 1 stays within minutes.
    var maximumSecondsPerBenchmark: Double = 2
    var minimumSamples: Int = 3

    static let standard = MeasurementPlan(
        warmUpSeconds: 0.05, samples: 15, sampleSeconds: 0.005, maximumSecondsPerBenchmark: 2, minimumSamples: 3)
    static let quick = MeasurementPlan(
        warmUpSeconds: 0.005, samples: 5, sampleSeconds: 0.001, maximumSecondsPerBenchmark: 0.25, minimumSamples: 3)
    /// Queries compared with their hand-written SQL (the PostgreSQL suite up to scale 1): the
    /// standard plan, but a slow body gets as many samples as fit in 6 s, at least nine. A query
    /// that walks an index for a few hundred milliseconds varies by a sixth from run to run, and
    /// the median of the three or four pairs the standard plan would take of it measured up to 1.22 for
    /// the same SQL on both sides.
    static let pairedQueries = MeasurementPlan(
        warmUpSeconds: 0.05, samples: 15, sampleSeconds: 0.005, maximumSecondsPerBenchmark: 6, minimumSamples: 9)
    /// Queries over millions of rows (the PostgreSQL suite above scale 1): the standard plan, but a
    /// slow body gets as many samples as fit in 1.5 s rather than 2 s, at least three (each
    /// variant's sample follows the others', so the paired ratio holds; one sample of a second
    /// or two is too few to tell a tenth apart).
    static let largeData = MeasurementPlan(
        warmUpSeconds: 0.05, samples: 15, sampleSeconds: 0.005, maximumSecondsPerBenchmark: 1.5, minimumSamples: 3)
}

/// The figures of one benchmark; times are per run of the body, in nanoseconds.
struct Result: Codable {
    var suite: String
    var name: String
    var samples: Int
    /// Runs of the body per sample.
    var runsPerSample: Int
    var medianNanoseconds: Double
    var minimumNanoseconds: Double
    var maximumNanoseconds: Double
    var itemsPerRun: Int
    var bytesPerRun: Int?
    var checksum: Int
    /// Every sample's time per run, in the order measured (interleaved with its group's).
    var sampleNanoseconds: [Double] = []

    var medianPerItemNanoseconds: Double { medianNanoseconds / Double(max(itemsPerRun, 1)) }
    var minimumPerItemNanoseconds: Double { minimumNanoseconds / Double(max(itemsPerRun, 1)) }
    var maximumPerItemNanoseconds: Double { maximumNanoseconds / Double(max(itemsPerRun, 1)) }

    /// Megabytes (10^6 bytes) per second at the median time.
    var megabytesPerSecond: Double? {
        guard let bytesPerRun, medianNanoseconds > 0 else { return nil }
        return Double(bytesPerRun) / medianNanoseconds * 1e9 / 1e6
    }
}

/// Runs benchmarks: warm-up, calibration, samples, statistics.
struct Harness {
    var plan: MeasurementPlan

    func run(_ benchmark: Benchmark) throws -> Result {
        try runInterleaved([benchmark])[0]
    }

    /// Measures benchmarks together: each is warmed up and calibrated on its own, then the samples
    /// alternate between them (rotating which goes first), so a noisy neighbour slows them alike.
    func runInterleaved(_ benchmarks: [Benchmark]) throws -> [Result] {
        var plan = benchmarks.first?.plan ?? self.plan
        if benchmarks.first?.alternateRuns == true {
            plan.samples = plan.samples * 200 + 1
            plan.sampleSeconds = 0
        }
        let bodies = try benchmarks.map { try $0.setup() }
        var checksums = Array(repeating: 0, count: bodies.count)

        // Warm-up, which also measures runs to calibrate the runs per sample.
        var runsPerSample: [Int] = []
        var sampleEstimate = 0.0
        for (index, body) in bodies.enumerated() {
            let warmUpStart = MonotonicClock.now()
            let warmUpEnd = warmUpStart + UInt64(plan.warmUpSeconds * 1e9)
            var warmUpRuns = 0
            repeat {
                checksums[index] &+= body()
                warmUpRuns += 1
            } while MonotonicClock.now() < warmUpEnd
            let perRun = Double(MonotonicClock.now() - warmUpStart) / Double(warmUpRuns)
            let runs = max(1, Int((plan.sampleSeconds * 1e9 / max(perRun, 1)).rounded(.up)))
            runsPerSample.append(runs)
            sampleEstimate = max(sampleEstimate, perRun * Double(runs) / 1e9)
        }
        var sampleCount = max(plan.samples, 1)
        if sampleEstimate * Double(sampleCount) > plan.maximumSecondsPerBenchmark {
            sampleCount = max(plan.minimumSamples, Int(plan.maximumSecondsPerBenchmark / sampleEstimate))
            sampleCount = min(sampleCount, plan.samples)
        }

        var times = Array(repeating: [Double](), count: bodies.count)
        for sample in 0..<sampleCount {
            for offset in 0..<bodies.count {
                let index = (sample + offset) % bodies.count
                let body = bodies[index]
                let runs = runsPerSample[index]
                let start = MonotonicClock.now()
                for _ in 0..<runs { checksums[index] &+= body() }
                let elapsed = MonotonicClock.now() - start
                times[index].append(Double(elapsed) / Double(runs))
            }
        }
        return benchmarks.indices.map { index in
            let sorted = times[index].sorted()
            let benchmark = benchmarks[index]
            return Result(
                suite: benchmark.suite, name: benchmark.name, samples: sorted.count, runsPerSample: runsPerSample[index],
                medianNanoseconds: Self.median(ofSorted: sorted), minimumNanoseconds: sorted.first!,
                maximumNanoseconds: sorted.last!, itemsPerRun: benchmark.itemsPerRun, bytesPerRun: benchmark.bytesPerRun,
                checksum: checksums[index], sampleNanoseconds: times[index])
        }
    }

    /// `a / b` for two benchmarks measured interleaved: the median of the ratios of their samples
    /// taken side by side, so a slow moment of the machine slows both sides of each ratio (the
    /// ratio of the medians when the samples cannot be paired).
    static func pairedRatio(_ a: Result, _ b: Result) -> Double {
        guard a.sampleNanoseconds.count == b.sampleNanoseconds.count, !a.sampleNanoseconds.isEmpty else {
            return a.medianNanoseconds / b.medianNanoseconds
        }
        return median(ofSorted: zip(a.sampleNanoseconds, b.sampleNanoseconds).map { $0 / $1 }.sorted())
    }

    /// `a - b` in nanoseconds per run, paired like ``pairedRatio(_:_:)``.
    static func pairedDifference(_ a: Result, _ b: Result) -> Double {
        guard a.sampleNanoseconds.count == b.sampleNanoseconds.count, !a.sampleNanoseconds.isEmpty else {
            return a.medianNanoseconds - b.medianNanoseconds
        }
        return median(ofSorted: zip(a.sampleNanoseconds, b.sampleNanoseconds).map { $0 - $1 }.sorted())
    }

    /// The median of a sorted, non-empty array (the mean of the middle two for an even count).
    static func median(ofSorted values: [Double]) -> Double {
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }
}
