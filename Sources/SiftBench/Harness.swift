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

    static let standard = MeasurementPlan(warmUpSeconds: 0.05, samples: 15, sampleSeconds: 0.005)
    static let quick = MeasurementPlan(warmUpSeconds: 0.005, samples: 5, sampleSeconds: 0.001)
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
        let body = try benchmark.setup()
        var checksum = 0

        // Warm-up, which also measures one run to calibrate the runs per sample.
        let warmUpEnd = MonotonicClock.now() + UInt64(plan.warmUpSeconds * 1e9)
        var warmUpRuns = 0
        let warmUpStart = MonotonicClock.now()
        repeat {
            checksum &+= body()
            warmUpRuns += 1
        } while MonotonicClock.now() < warmUpEnd
        let perRun = Double(MonotonicClock.now() - warmUpStart) / Double(warmUpRuns)
        let runsPerSample = max(1, Int((plan.sampleSeconds * 1e9 / max(perRun, 1)).rounded(.up)))

        var times: [Double] = []
        times.reserveCapacity(plan.samples)
        for _ in 0..<max(plan.samples, 1) {
            let start = MonotonicClock.now()
            for _ in 0..<runsPerSample { checksum &+= body() }
            let elapsed = MonotonicClock.now() - start
            times.append(Double(elapsed) / Double(runsPerSample))
        }
        times.sort()
        return Result(
            suite: benchmark.suite, name: benchmark.name, samples: times.count, runsPerSample: runsPerSample,
            medianNanoseconds: Self.median(ofSorted: times), minimumNanoseconds: times.first!,
            maximumNanoseconds: times.last!, itemsPerRun: benchmark.itemsPerRun, bytesPerRun: benchmark.bytesPerRun,
            checksum: checksum)
    }

    /// The median of a sorted, non-empty array (the mean of the middle two for an even count).
    static func median(ofSorted values: [Double]) -> Double {
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }
}
