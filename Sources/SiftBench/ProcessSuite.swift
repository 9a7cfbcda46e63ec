import Foundation
import SiftSQLite

/// Whole processes of the release `sift` binary, one child at a time, each measured from spawn:
///
/// - `repl-terminal`: `sift Examples/example.sqlite` on a pseudo-terminal (libedit, banner,
///   history): the time to the first `sift> ` prompt and the peak RSS then (`VmHWM`), then
///   `.quit` is typed and the wall time runs to the exit.
/// - `repl-pipe`: the same with standard input a file holding `.quit` (no terminal): wall time to
///   exit and peak RSS (`/usr/bin/time -f %M`; see `Subprocess` for why not `wait4`).
/// - `compile-10000`: `sift compile --schema Examples/Models.swift --file` the 10,000-clause
///   `&&` chain of the scaling suite: wall time and peak RSS; `compile-1` the same for a one-clause
///   predicate (the floor).
///
/// History goes to a temporary file (`SIFT_HISTORY`), never the user's.
final class ProcessSuite: Suite {
    let name = "process"
    let title = "REPL start-up and peak memory (child processes of the release sift binary)"

    /// Peak RSS and time to the prompt of every run, by benchmark name.
    final class Samples {
        var peakBytes: [String: [Double]] = [:]
        var promptNanoseconds: [String: [Double]] = [:]
        var failures: [String: String] = [:]
    }

    private let samples = Samples()
    private var sift: String?

    /// The `sift` binary: `--sift PATH`, else the one next to `sift-bench`.
    static func siftBinary(_ context: SuiteContext) -> String? {
        if let path = context.options.siftPath { return FileManager.default.isExecutableFile(atPath: path) ? path : nil }
        var executable = CommandLine.arguments[0]
        if !executable.contains("/") { return nil }
        if !executable.hasPrefix("/") { executable = FileManager.default.currentDirectoryPath + "/" + executable }
        let candidate = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("sift").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// `Examples/example.sqlite`, or a copy built from `Examples/example.sql` in `bench-data/`.
    static func exampleDatabase(_ context: SuiteContext) throws -> String {
        let path = context.file("Examples/example.sqlite").path
        if FileManager.default.fileExists(atPath: path) { return path }
        let built = context.file("bench-data/example.sqlite").path
        if !FileManager.default.fileExists(atPath: built) {
            try FileManager.default.createDirectory(atPath: context.file("bench-data").path, withIntermediateDirectories: true)
            let writer = try Connection(path: built + ".tmp", mode: .readWriteCreate)
            try writer.execute(try context.read("Examples/example.sql"))
            try FileManager.default.moveItem(atPath: built + ".tmp", toPath: built)
        }
        return built
    }

    func benchmarks(_ context: SuiteContext) throws -> [Benchmark] {
        guard let sift = Self.siftBinary(context) else {
            print(
                "process: skipped — no release 'sift' binary next to sift-bench (build it with 'make release', as 'make bench' does, or pass --sift PATH)\n"
            )
            return []
        }
        self.sift = sift
        let example = try Self.exampleDatabase(context)
        let models = context.file("Examples/Models.swift").path
        let quitFile = try ScalingSuite.write(".quit\n", name: "quit.txt", context)
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("sift-bench-history-\(getpid())").path
        let environment = ["SIFT_HISTORY": history]
        let big = try ScalingSuite.write(ScalingSuite.predicate("and", clauses: 10_000), name: "scaling-and-10000.sift", context)
        let small = try ScalingSuite.write(ScalingSuite.predicate("and", clauses: 1), name: "scaling-and-1.sift", context)
        let samples = self.samples

        func record(_ name: String, _ outcome: Subprocess.Outcome) -> Int {
            samples.peakBytes[name, default: []].append(outcome.peakBytes)
            if let prompt = outcome.promptNanoseconds { samples.promptNanoseconds[name, default: []].append(prompt) }
            if !outcome.succeeded { samples.failures[name] = outcome.failureDescription }
            return Int(outcome.exitStatus ?? -1)
        }
        func child(_ name: String, _ run: @escaping () throws -> Subprocess.Outcome) -> Benchmark {
            Benchmark(suite: self.name, name: name) {
                {
                    do { return record(name, try run()) } catch {
                        samples.failures[name] = "\(error)"
                        return -1
                    }
                }
            }
        }
        return [
            child("repl-terminal") {
                try Subprocess.runOnTerminal(
                    [sift, example], prompt: "sift> ", input: ".quit\n", environment: environment)
            },
            child("repl-pipe") { try Subprocess.run([sift, example], inputPath: quitFile, environment: environment) },
            child("compile-1") { try Subprocess.run([sift, "compile", "--schema", models, "--file", small]) },
            child("compile-10000") { try Subprocess.run([sift, "compile", "--schema", models, "--file", big]) },
        ]
    }

    func report(_ results: [Result], _ context: SuiteContext) -> [String: Double] {
        var figures: [String: Double] = [:]
        var table = Table([
            ("process", .left), ("what", .left), ("first prompt ms", .right), ("min–max", .right), ("wall ms", .right),
            ("min–max", .right), ("peak RSS MB", .right), ("max", .right),
        ])
        let descriptions = [
            "repl-terminal": "sift example.sqlite on a pseudo-terminal, .quit typed at the prompt",
            "repl-pipe": "sift example.sqlite < '.quit' (no terminal)",
            "compile-1": "sift compile --schema Models.swift (1 clause)",
            "compile-10000": "sift compile --schema Models.swift (10,000-clause && chain)",
        ]
        for result in results {
            let peaks = (samples.peakBytes[result.name] ?? []).filter { !$0.isNaN }.sorted()
            let prompts = (samples.promptNanoseconds[result.name] ?? []).sorted()
            let peak = peaks.isEmpty ? Double.nan : Harness.median(ofSorted: peaks) / 1e6
            let key = result.name.replacingOccurrences(of: "-", with: "")
            figures["\(key).wallMilliseconds"] = result.medianNanoseconds / 1e6
            figures["\(key).wallMinimumMilliseconds"] = result.minimumNanoseconds / 1e6
            figures["\(key).wallMaximumMilliseconds"] = result.maximumNanoseconds / 1e6
            if !peaks.isEmpty {
                figures["\(key).peakMegabytes"] = peak
                figures["\(key).peakMaximumMegabytes"] = peaks.last! / 1e6
            }
            var promptText = "-"
            var promptRange = ""
            if !prompts.isEmpty {
                let median = Harness.median(ofSorted: prompts)
                figures["\(key).promptMilliseconds"] = median / 1e6
                figures["\(key).promptMinimumMilliseconds"] = prompts.first! / 1e6
                figures["\(key).promptMaximumMilliseconds"] = prompts.last! / 1e6
                promptText = Format.fixed(median / 1e6, 1)
                promptRange = Format.fixed(prompts.first! / 1e6, 1) + "–" + Format.fixed(prompts.last! / 1e6, 1)
            }
            table.add([
                result.name, descriptions[result.name] ?? "", promptText, promptRange, Format.fixed(result.medianNanoseconds / 1e6, 1),
                Format.fixed(result.minimumNanoseconds / 1e6, 1) + "–" + Format.fixed(result.maximumNanoseconds / 1e6, 1),
                Format.fixed(peak, 1), peaks.last.map { Format.fixed($0 / 1e6, 1) } ?? "-",
            ])
            if let failure = samples.failures[result.name] {
                context.shared.notes["process.\(result.name).failure"] = failure
            }
        }
        guard !table.rows.isEmpty else { return figures }
        print(
            "Child processes of \(sift ?? "sift") (median over runs; peak RSS: /usr/bin/time %M, on the terminal VmHWM at the first\nprompt; MB = 10^6 bytes)\n"
        )
        print(table.render())
        for (name, failure) in samples.failures.sorted(by: { $0.key < $1.key }) {
            print("warning: \(name) failed: \(failure)")
        }
        print()
        return figures
    }
}
