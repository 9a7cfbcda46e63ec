import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output line by line, also into a pipe or a file, so a long run shows its progress.
/// (`stdout` is a C global that Swift 6 will not touch from here: found through `dlsym`.)
func lineBufferStandardOutput() {
    #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stdout") else { return }
        let stream = symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee
        setvbuf(stream, nil, _IOLBF, 0)
    #endif
}

/// `sift-bench`: the benchmarks of Sift's compiler (`make bench`).
///
/// Each suite lists benchmarks; the harness warms each up, calibrates how many runs make a sample,
/// takes the samples and reports median, minimum and maximum per run. Figures are printed as
/// tables and, with `--json FILE`, written as JSON.

/// The suites, in the order they run.
func makeSuites() -> [any Suite] {
    [ParseSuite(), CompileSuite(), SQLSuite(), ScalingSuite(), ProcessSuite(), EvaluatorSuite(), PostgresSuite()]
}

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func main() -> Int32 {
    lineBufferStandardOutput()
    let options: Options
    do {
        options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        standardError("sift-bench: \(error)\n\n\(Options.usage)")
        return 2
    }
    if options.help {
        print(Options.usage)
        return 0
    }
    if options.compileLoop > 0 || options.apiCompileLoop > 0 || options.rerunLoop > 0 || options.prepareLoop > 0 {
        do {
            try ProfileMode.run(
                options, context: SuiteContext(root: URL(fileURLWithPath: options.root, isDirectory: true), options: options))
            return 0
        } catch {
            standardError("sift-bench: \(error)")
            return 1
        }
    }
    if options.instructions {
        do {
            let figures = try InstructionMode.run(
                options, context: SuiteContext(root: URL(fileURLWithPath: options.root, isDirectory: true), options: options))
            if let path = options.jsonPath {
                let data = try JSONSerialization.data(withJSONObject: ["instructions": figures], options: [.prettyPrinted, .sortedKeys])
                try (data + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
                print("figures written to \(path)")
            }
            return 0
        } catch {
            standardError("sift-bench: \(error)")
            return 1
        }
    }
    let machine = Machine.current()
    let plan = options.quick ? MeasurementPlan.quick : MeasurementPlan.standard
    let context = SuiteContext(root: URL(fileURLWithPath: options.root, isDirectory: true), options: options)
    let runStart = MonotonicClock.now()
    let harness = Harness(plan: plan)

    print("sift-bench — \(machine.summary)")
    print(
        "plan: \(plan.samples) samples of ≥ \(Format.fixed(plan.sampleSeconds * 1e3, 0)) ms each after \(Format.fixed(plan.warmUpSeconds * 1e3, 0)) ms warm-up per benchmark\(options.quick ? " (--quick)" : "")"
    )
    if machine.build == "debug" {
        print("warning: a debug build; use 'make bench' (release) for meaningful figures")
    }

    var records: [Report.Record] = []
    var figures: [String: [String: Double]] = [:]
    var ranAny = false
    let suites = makeSuites()
    let suiteNames = suites.map(\.name)
    for suite in suites where options.mayMatch(suite: suite.name, suites: suiteNames) {
        let benchmarks: [Benchmark]
        do {
            benchmarks = try suite.benchmarks(context).filter { options.selects($0, suites: suiteNames) }
        } catch {
            standardError("sift-bench: suite '\(suite.name)': \(error)")
            return 1
        }
        guard !benchmarks.isEmpty || context.shared.suitesMeasuredAtLoad.contains(suite.name) else { continue }
        ranAny = true
        print("\n== \(suite.name): \(suite.title) ==\n")
        var results: [Result] = []
        var index = 0
        while index < benchmarks.count {
            // Consecutive benchmarks of one group are measured interleaved.
            var end = index + 1
            if let group = benchmarks[index].group {
                while end < benchmarks.count, benchmarks[end].group == group { end += 1 }
            }
            let batch = Array(benchmarks[index..<end])
            do {
                results += try harness.runInterleaved(batch)
            } catch {
                standardError("sift-bench: \(batch[0].fullName): \(error)")
                return 1
            }
            index = end
        }
        figures[suite.name] = suite.report(results, context)
        records += results.map(Report.Record.init)
    }
    if !ranAny, let skipped = context.shared.notes["postgres.skipped"] {
        print("nothing ran: the postgres suite is skipped (\(skipped))")
        return 0
    }
    if !ranAny {
        standardError("sift-bench: no benchmark matches \(options.filters.map { "'\($0)'" }.joined(separator: ", "))")
        return 1
    }
    let targets = Targets.report(Targets.evaluate(figures, notes: context.shared.notes))
    figures["targets"] = targets.figures
    context.shared.notes.merge(targets.notes) { _, new in new }
    let elapsed = Double(MonotonicClock.now() - runStart)
    figures["run"] = ["seconds": elapsed / 1e9, "scale": options.effectiveScale, "evaluatorScale": options.effectiveEvaluatorScale]
    print("\(machine.summary)")
    print("benchmark database scale \(Format.scale(options.effectiveScale)), seed \(options.seed); evaluator scale \(Format.scale(options.effectiveEvaluatorScale)); the run took \(Format.duration(elapsed))")

    if let path = options.jsonPath {
        var report = Report(
            date: ISO8601DateFormatter().string(from: Date()), machine: machine, plan: plan, figures: figures,
            results: records)
        report.queries = context.shared.queryRecords
        report.postgresQueries = context.shared.postgresQueryRecords
        report.notes = context.shared.notes
        report.scale = options.effectiveScale
        report.seed = options.seed
        do {
            let data = try report.json()
            if path == "-" {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
            } else {
                try (data + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
                print("figures written to \(path)")
            }
        } catch {
            standardError("sift-bench: cannot write \(path): \(error)")
            return 1
        }
    }
    return 0
}

exit(main())
