import Foundation
import Sift
import SiftSQLite

/// Compiling a query (lex + parse + check + lower) against SQLite's own `sqlite3_prepare_v2` +
/// finalize of the SQL it produces, per query of the example corpus, measured in the same run.
/// Compilation is measured twice: the core (`Compiler.check` + `SQLLowering.lower` of a ready
/// `SourceFile`), and through `SiftDatabase.compile(_:)` from the query's text, as programs
/// compile what their users type, on texts it has not seen before (``DistinctTexts``).
///
/// The corpus is every query of `Examples/people.sift` and `Examples/reminders.sift`, checked
/// against the example database refined by `Examples/Models.swift` (built from
/// `Examples/example.sql` in a temporary directory). Compilation uses the facts the database
/// taught (NFC columns), as `SiftDatabase` does after its first query; learning them is setup.
final class CompileSuite: Suite {
    let name = "compile"
    let title = "compile (lex + parse + check + lower; also through SiftDatabase.compile) vs. sqlite3_prepare_v2"

    struct Item {
        var label: String
        var source: SourceFile
        var sql: String
    }

    private var loaded: (database: SiftDatabase, items: [Item])?

    func load(_ context: SuiteContext) throws -> (database: SiftDatabase, items: [Item]) {
        if let loaded { return loaded }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sift-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("example.sqlite").path
        try? FileManager.default.removeItem(atPath: path)
        do {
            let writer = try Connection(path: path, mode: .readWriteCreate)
            try writer.execute(try context.read("Examples/example.sql"))
        }
        let database = try SiftDatabase(path: path, modelFile: context.file("Examples/Models.swift").path)
        var items: [Item] = []
        for script in ParseSuite.scripts {
            let file = SourceFile(name: script, text: try context.read(script))
            let name = script.split(separator: "/").last.map(String.init) ?? script
            for query in Parser.parseScript(file).value {
                let source = SourceFile(name: name, text: file.text(in: query.range))
                let label = "\(name):\(file.location(of: query.range.start).line)"
                let compiled = try database.compile(source)  // learns the facts once
                items.append(Item(label: label, source: source, sql: compiled.sql))
            }
        }
        loaded = (database, items)
        return (database, items)
    }

    func benchmarks(_ context: SuiteContext) throws -> [Benchmark] {
        let (database, items) = try load(context)
        let schema = database.schema
        let options = database.effectiveLoweringOptions
        var benchmarks: [Benchmark] = []
        for item in items {
            benchmarks.append(
                Benchmark(suite: name, name: "compile/\(item.label)", bytesPerRun: item.source.bytes.count, group: "compile/\(item.label)") {
                    { Self.compile(item.source, schema: schema, options: options) }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "prepare/\(item.label)", group: "compile/\(item.label)") {
                    let connection = database.connection
                    return {
                        // prepare + finalize (the Statement finalizes when released)
                        (try? connection.prepare(item.sql))?.parameterCount ?? -1
                    }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "api/\(item.label)", group: "compile/\(item.label)") {
                    Self.compileThroughDatabase(database, DistinctTexts.variants(of: item.source.text))
                })
        }
        return benchmarks
    }

    static func compile(_ source: SourceFile, schema: Schema, options: SQLLowering.Options) -> Int {
        guard let checked = Compiler(schema: schema).check(source).checked else { return -1 }
        return SQLLowering.lower(checked, schema: schema, options: options).sql.utf8.count
    }

    /// A body that compiles the next of `texts` through `SiftDatabase.compile(_:)` each run.
    static func compileThroughDatabase(_ database: SiftDatabase, _ texts: [String]) -> () -> Int {
        var next = 0
        return {
            next = next + 1 == texts.count ? 0 : next + 1
            return (try? database.compile(texts[next]))?.sql.utf8.count ?? -1
        }
    }

    /// The figures of compiling through `SiftDatabase.compile` beside the core and the prepare
    /// (`api/LABEL` beside `compile/LABEL` and `prepare/LABEL`), per query and as medians.
    struct APIFigures {
        var apiMicroseconds: [Double] = []
        var apiToCompile: [Double] = []
        var apiToPrepare: [Double] = []

        /// Adds one query's figures; nil when its `api/` benchmark did not run.
        mutating func add(api: Result?, compile: Result, prepare: Result) -> (api: Double, toCompile: Double, toPrepare: Double)? {
            guard let api else { return nil }
            let figures = (api.medianNanoseconds, Harness.pairedRatio(api, compile), Harness.pairedRatio(api, prepare))
            apiMicroseconds.append(figures.0)
            apiToCompile.append(figures.1)
            apiToPrepare.append(figures.2)
            return figures
        }

        /// The cells of a table row: API µs, API/compile, API/prepare.
        static func cells(_ figures: (api: Double, toCompile: Double, toPrepare: Double)?) -> [String] {
            guard let figures else { return ["-", "-", "-"] }
            return [Format.microseconds(figures.api), Format.fixed(figures.toCompile, 2), Format.fixed(figures.toPrepare, 2)]
        }

        /// The medians, for the JSON report and the targets.
        var medians: [String: Double] {
            guard !apiToCompile.isEmpty else { return [:] }
            return [
                "medianAPICompileMicroseconds": Harness.median(ofSorted: apiMicroseconds.sorted()) / 1e3,
                "medianAPIToCompileRatio": Harness.median(ofSorted: apiToCompile.sorted()),
                "medianAPIToPrepareRatio": Harness.median(ofSorted: apiToPrepare.sorted()),
            ]
        }

        /// One line with the medians, or nothing.
        var summary: String {
            let medians = medians
            guard let micro = medians["medianAPICompileMicroseconds"], let toCompile = medians["medianAPIToCompileRatio"],
                let toPrepare = medians["medianAPIToPrepareRatio"]
            else { return "" }
            return "through SiftDatabase.compile: \(Format.fixed(micro, 2)) µs, API/compile \(Format.fixed(toCompile, 2)) (target ≤ 1.10), API/prepare \(Format.fixed(toPrepare, 2))\n"
        }
    }

    func report(_ results: [Result], _ context: SuiteContext) -> [String: Double] {
        guard let items = loaded?.items else { return [:] }
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var table = Table([
            ("query", .left), ("source", .left), ("compile µs", .right), ("prepare µs", .right), ("compile/prepare", .right),
            ("API µs", .right), ("API/compile", .right), ("API/prepare", .right),
        ])
        var api = APIFigures()
        var ratios: [Double] = []
        var compiles: [Double] = []
        var prepares: [Double] = []
        for item in items {
            guard let compile = byName["compile/\(item.label)"], let prepare = byName["prepare/\(item.label)"] else { continue }
            let ratio = Harness.pairedRatio(compile, prepare)
            ratios.append(ratio)
            compiles.append(compile.medianNanoseconds)
            prepares.append(prepare.medianNanoseconds)
            let apiFigures = api.add(api: byName["api/\(item.label)"], compile: compile, prepare: prepare)
            table.add(
                [
                    Format.snippet(item.source.text, width: 56), item.label, Format.microseconds(compile.medianNanoseconds),
                    Format.microseconds(prepare.medianNanoseconds), Format.fixed(ratio, 2),
                ] + APIFigures.cells(apiFigures))
        }
        guard !ratios.isEmpty else { return [:] }
        print("Per query (median of samples; compile = Compiler.check + SQLLowering.lower; API = SiftDatabase.compile of a new text)\n")
        print(table.render())
        let medianRatio = Harness.median(ofSorted: ratios.sorted())
        let medianCompile = Harness.median(ofSorted: compiles.sorted())
        let medianPrepare = Harness.median(ofSorted: prepares.sorted())
        print(
            "\nmedian over \(ratios.count) queries: compile \(Format.microseconds(medianCompile)) µs, prepare \(Format.microseconds(medianPrepare)) µs, compile/prepare \(Format.fixed(medianRatio, 2))\n"
                + api.summary
        )
        return [
            "medianCompileMicroseconds": medianCompile / 1e3, "medianPrepareMicroseconds": medianPrepare / 1e3,
            "medianCompileToPrepareRatio": medianRatio,
        ].merging(api.medians) { a, _ in a }
    }
}
