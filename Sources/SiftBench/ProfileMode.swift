import Foundation
import Sift

/// `sift-bench --compile-loop N`: compiles every query of the benchmark corpus N times and exits,
/// with no measuring harness around it — a steady workload for a profiler:
///
///     valgrind --tool=callgrind .build/release/sift-bench --compile-loop 200 --scale 0.01
///     callgrind_annotate --inclusive=yes callgrind.out.*
///
/// Set-up (opening the benchmark database, learning the NFC facts) happens once, before the loop.
enum ProfileMode {
    static func run(_ options: Options, context: SuiteContext) throws {
        let (_, database) = try SQLSuite.open(context, scale: options.effectiveScale)
        let sources = BenchCorpus.queries.map { SourceFile(name: $0.label, text: $0.text) }
        for source in sources { _ = try database.compile(source) }
        let schema = database.schema
        let loweringOptions = database.effectiveLoweringOptions
        let start = MonotonicClock.now()
        var checksum = 0
        for _ in 0..<options.compileLoop {
            for source in sources { checksum &+= CompileSuite.compile(source, schema: schema, options: loweringOptions) }
        }
        let elapsed = Double(MonotonicClock.now() - start)
        let compilations = options.compileLoop * sources.count
        print(
            "compiled \(sources.count) queries × \(options.compileLoop) = \(compilations) compilations in \(Format.duration(elapsed)) (\(Format.microseconds(elapsed / Double(max(compilations, 1)))) µs each; checksum \(checksum))"
        )
    }
}
