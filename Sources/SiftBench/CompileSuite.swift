import Foundation
import Sift
import SiftSQLite

/// Compiling a query (lex + parse + check + lower) against SQLite's own `sqlite3_prepare_v2` +
/// finalize of the SQL it produces, per query of the example corpus, measured in the same run.
///
/// The corpus is every query of `Examples/people.sift` and `Examples/reminders.sift`, checked
/// against the example database refined by `Examples/Models.swift` (built from
/// `Examples/example.sql` in a temporary directory). Compilation uses the facts the database
/// taught (NFC columns), as `SiftDatabase` does after its first query; learning them is setup.
final class CompileSuite: Suite {
    let name = "compile"
    let title = "compile (lex + parse + check + lower) vs. sqlite3_prepare_v2"

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
        }
        return benchmarks
    }

    static func compile(_ source: SourceFile, schema: Schema, options: SQLLowering.Options) -> Int {
        guard let checked = Compiler(schema: schema).check(source).checked else { return -1 }
        return SQLLowering.lower(checked, schema: schema, options: options).sql.utf8.count
    }

    func report(_ results: [Result], _ context: SuiteContext) -> [String: Double] {
        guard let items = loaded?.items else { return [:] }
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var table = Table([
            ("query", .left), ("source", .left), ("compile µs", .right), ("prepare µs", .right), ("compile/prepare", .right),
        ])
        var ratios: [Double] = []
        var compiles: [Double] = []
        var prepares: [Double] = []
        for item in items {
            guard let compile = byName["compile/\(item.label)"], let prepare = byName["prepare/\(item.label)"] else { continue }
            let ratio = Harness.pairedRatio(compile, prepare)
            ratios.append(ratio)
            compiles.append(compile.medianNanoseconds)
            prepares.append(prepare.medianNanoseconds)
            table.add([
                Format.snippet(item.source.text, width: 56), item.label, Format.microseconds(compile.medianNanoseconds),
                Format.microseconds(prepare.medianNanoseconds), Format.fixed(ratio, 2),
            ])
        }
        guard !ratios.isEmpty else { return [:] }
        print("Per query (median of samples; compile = Compiler.check + SQLLowering.lower)\n")
        print(table.render())
        let medianRatio = Harness.median(ofSorted: ratios.sorted())
        let medianCompile = Harness.median(ofSorted: compiles.sorted())
        let medianPrepare = Harness.median(ofSorted: prepares.sorted())
        print(
            "\nmedian over \(ratios.count) queries: compile \(Format.microseconds(medianCompile)) µs, prepare \(Format.microseconds(medianPrepare)) µs, compile/prepare \(Format.fixed(medianRatio, 2))\n"
        )
        return [
            "medianCompileMicroseconds": medianCompile / 1e3, "medianPrepareMicroseconds": medianPrepare / 1e3,
            "medianCompileToPrepareRatio": medianRatio,
        ]
    }
}
