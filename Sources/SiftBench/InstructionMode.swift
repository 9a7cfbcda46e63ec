import Foundation

/// `sift-bench --instructions`: the compile / prepare target counted in instructions, with
/// callgrind, instead of timed: the counts repeat to the instruction from run to run on a noisy
/// machine, so a change of a few hundred instructions per query can be seen.
///
/// For each query of the benchmark corpus (or those `--filter` selects), it runs this program
/// under `valgrind --tool=callgrind` six times: `--compile-loop`, `--api-compile-loop` and
/// `--prepare-loop`, each with a short and a long loop. The difference between the two loops,
/// divided by the difference in iterations, is the cost of one compilation (lex, parse, check,
/// lower, and freeing the results), of one compilation through `SiftDatabase.compile` from a text
/// it has not seen, and of one `sqlite3_prepare_v2` plus finalize of the SQL it wrote; start-up
/// cancels out. Hash seeds are fixed (`SWIFT_DETERMINISTIC_HASHING`), so the counts do not depend
/// on the run.
///
/// The figures to compare with the targets are the medians of the per-query ratios, as in the
/// timed compile suites.
enum InstructionMode {
    /// Iterations of the short and the long loop of each run.
    static let loops = (short: 50, long: 150)

    struct Row {
        var label: String
        var compile: Double
        var api: Double
        var prepare: Double
        var ratio: Double { compile / prepare }
        var apiToCompile: Double { api / compile }
        var apiToPrepare: Double { api / prepare }
    }

    static func run(_ options: Options, context: SuiteContext) throws -> [String: Double] {
        guard let valgrind = executable(named: "valgrind") else {
            throw BenchError(description: "valgrind is not installed (make bench-instructions installs it)")
        }
        let queries = BenchCorpus.queries.filter { query in
            options.filters.isEmpty || options.filters.contains { query.label.contains($0) }
        }
        guard !queries.isEmpty else {
            throw BenchError(description: "no benchmark query matches \(options.filters.map { "'\($0)'" }.joined(separator: ", "))")
        }
        let scale = options.scale ?? 0.01
        // The children open the benchmark database: made here once, not by each of them.
        _ = try SQLSuite.open(context, scale: scale)
        let program = try selfPath()
        print("compile (the core, and through SiftDatabase.compile) and prepare, instructions per query (callgrind, loops of \(loops.short) and \(loops.long); scale \(Format.scale(scale)))")
        var table = Table([
            ("query", .left), ("compile", .right), ("API", .right), ("prepare", .right), ("compile/prepare", .right), ("API/compile", .right),
            ("API/prepare", .right),
        ])
        var rows: [Row] = []
        for query in queries {
            func count(_ mode: String) throws -> Double {
                let short = try instructions(valgrind, program, mode, loops.short, query.text, options, scale)
                let long = try instructions(valgrind, program, mode, loops.long, query.text, options, scale)
                // The long loop runs the same start-up and more iterations: anything else means the
                // two runs did not do the same work (a database built by one of them, say).
                guard long > short else {
                    throw BenchError(description: "\(query.label) \(mode): the long run counted \(long) instructions, the short \(short); the runs differ")
                }
                return (long - short) / Double(loops.long - loops.short)
            }
            let row = Row(
                label: query.label, compile: try count("--compile-loop"), api: try count("--api-compile-loop"), prepare: try count("--prepare-loop"))
            rows.append(row)
            table.add([
                row.label, Format.thousands(row.compile), Format.thousands(row.api), Format.thousands(row.prepare), Format.fixed(row.ratio, 2),
                Format.fixed(row.apiToCompile, 2), Format.fixed(row.apiToPrepare, 2),
            ])
            print(
                "  \(row.label): \(Format.thousands(row.compile)) / \(Format.thousands(row.prepare)) = \(Format.fixed(row.ratio, 2)); through SiftDatabase.compile \(Format.thousands(row.api)) (\(Format.fixed(row.apiToCompile, 2))× the core)"
            )
        }
        print(table.render())
        let ratios = rows.map(\.ratio).sorted()
        let median = Harness.median(ofSorted: ratios)
        let compile = rows.map(\.compile).reduce(0, +) / Double(rows.count)
        let prepare = rows.map(\.prepare).reduce(0, +) / Double(rows.count)
        print(
            "median compile/prepare over \(rows.count) queries: \(Format.fixed(median, 2)) (from \(Format.fixed(ratios.first ?? 0, 2)) to \(Format.fixed(ratios.last ?? 0, 2)); target ≤ 0.25: \(median <= 0.25 ? "met" : "missed"))"
        )
        print("mean per query: compile \(Format.thousands(compile)), prepare \(Format.thousands(prepare)) instructions (ratio of the means \(Format.fixed(compile / prepare, 2)))")
        let api = rows.map(\.api).reduce(0, +) / Double(rows.count)
        let apiToCompile = Harness.median(ofSorted: rows.map(\.apiToCompile).sorted())
        let apiToPrepare = Harness.median(ofSorted: rows.map(\.apiToPrepare).sorted())
        print(
            "through SiftDatabase.compile: mean \(Format.thousands(api)) per query; median API/compile \(Format.fixed(apiToCompile, 2)) (target ≤ 1.10: \(apiToCompile <= 1.10 ? "met" : "missed")), median API/prepare \(Format.fixed(apiToPrepare, 2))"
        )
        var figures: [String: Double] = [
            "medianRatio": median, "meanCompile": compile, "meanPrepare": prepare, "meanAPI": api, "medianAPIToCompileRatio": apiToCompile,
            "medianAPIToPrepareRatio": apiToPrepare,
        ]
        for row in rows {
            figures["compile/\(row.label)"] = row.compile
            figures["api/\(row.label)"] = row.api
            figures["prepare/\(row.label)"] = row.prepare
        }
        return figures
    }

    /// The instructions callgrind counted for one run of this program.
    static func instructions(
        _ valgrind: String, _ program: String, _ mode: String, _ loop: Int, _ text: String, _ options: Options, _ scale: Double
    ) throws -> Double {
        let outcome = try Subprocess.run(
            [
                // The same database as the parent opened: its root, scale and seed.
                valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", program, "--root", options.root, "--scale", String(scale),
                "--seed", String(options.seed), mode, String(loop), "--text", text,
            ], environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        guard outcome.succeeded else { throw BenchError(description: "callgrind run failed: \(outcome.failureDescription)") }
        // `==PID== Collected : 29445265`
        guard let line = outcome.output.split(whereSeparator: \.isNewline).last(where: { $0.contains("Collected :") }),
            let number = line.split(separator: " ").last.flatMap({ Double($0) })
        else { throw BenchError(description: "no instruction count in callgrind's output: \(outcome.output.suffix(400))") }
        return number
    }

    /// This program's own path (the child runs the same build).
    static func selfPath() throws -> String {
        let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        guard FileManager.default.isExecutableFile(atPath: path) else { throw BenchError(description: "cannot find sift-bench's own path") }
        return path
    }

    /// The first executable `name` on `PATH`.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
