import Foundation
import Sift
import SiftSQLite

/// `sift-bench --compile-loop N`: compiles every query of the benchmark corpus N times and exits,
/// with no measuring harness around it — a steady workload for a profiler:
///
///     valgrind --tool=callgrind .build/release/sift-bench --compile-loop 200 --scale 0.01
///     callgrind_annotate --inclusive=yes callgrind.out.*
///
/// `sift-bench --api-compile-loop N` compiles the same queries N times through
/// `SiftDatabase.compile(_:)`, from their text, as a program calls it: iteration i compiles
/// variant i of each query (``DistinctTexts``: the query and a numbered comment), so no text is
/// compiled twice while N ≤ ``DistinctTexts/count``. The variants are made before the loop: in
/// the difference of two loop counts only compilations remain.
///
/// `sift-bench --rerun-loop N` re-runs the compiled `identifier == userID` lookup N times with
/// `SiftDatabase.forEachRow` (statement-cache hits, one row each), alternating 256 identifiers.
///
/// With `--raw`, the same lookup runs through SQLite's C API alone (bind the text, step, read
/// each column), the baseline of the `cache-hit` benchmark.
///
/// `sift-bench --prepare-loop N` prepares and finalizes the SQL of every corpus query N times, the
/// SQLite side of the compile/prepare ratio, so both sides can be counted in instructions.
///
/// With `--filter LABEL`, the compile and prepare loops take only the corpus queries whose label
/// contains it; with `--text QUERY`, that one query (of the benchmark schema) instead.
///
/// Set-up (opening the benchmark database, learning the NFC facts) happens once, before the loop.
enum ProfileMode {
    static func run(_ options: Options, context: SuiteContext) throws {
        let (_, database) = try SQLSuite.open(context, scale: options.effectiveScale)
        if options.rerunLoop > 0 { return try rerun(options, database: database) }
        // `--filter LABEL` profiles only the queries whose label contains it.
        let queries = BenchCorpus.queries.filter { query in options.filters.isEmpty || options.filters.contains { query.label.contains($0) } }
        var sources = queries.map { SourceFile(name: $0.label, text: $0.text) }
        if let text = options.loopText { sources = [SourceFile(name: "text", text: text)] }
        for source in sources { _ = try database.compile(source) }
        if options.prepareLoop > 0 { return try prepare(sources, options, database: database) }
        if options.apiCompileLoop > 0 { return compileThroughDatabase(sources, options, database: database) }
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

    static func compileThroughDatabase(_ sources: [SourceFile], _ options: Options, database: SiftDatabase) {
        let texts = sources.map { DistinctTexts.variants(of: $0.text) }
        let start = MonotonicClock.now()
        var checksum = 0
        for iteration in 0..<options.apiCompileLoop {
            for variants in texts {
                checksum &+= (try? database.compile(variants[iteration % variants.count]))?.sql.utf8.count ?? -1
            }
        }
        let elapsed = Double(MonotonicClock.now() - start)
        let compilations = options.apiCompileLoop * sources.count
        print(
            "compiled \(sources.count) queries × \(options.apiCompileLoop) = \(compilations) texts through SiftDatabase.compile in \(Format.duration(elapsed)) (\(Format.microseconds(elapsed / Double(max(compilations, 1)))) µs each; checksum \(checksum))"
        )
    }

    static func prepare(_ sources: [SourceFile], _ options: Options, database: SiftDatabase) throws {
        let sqls = try sources.map { try database.compile($0).sql }
        let connection = database.connection
        let start = MonotonicClock.now()
        var checksum = 0
        for _ in 0..<options.prepareLoop {
            // prepare + finalize (the Statement finalizes when released)
            for sql in sqls { checksum &+= try connection.prepare(sql).parameterCount }
        }
        let elapsed = Double(MonotonicClock.now() - start)
        let preparations = options.prepareLoop * sqls.count
        print(
            "prepared \(sqls.count) statements × \(options.prepareLoop) = \(preparations) in \(Format.duration(elapsed)) (\(Format.microseconds(elapsed / Double(max(preparations, 1)))) µs each; checksum \(checksum))"
        )
    }

    static func rerun(_ options: Options, database: SiftDatabase) throws {
        let query = try database.compile("FetchDescriptor<User>(predicate: #Predicate { $0.identifier == userID })", parameterTypes: ["userID": .uuid])
        let identifiers = try database.connection.prepare("SELECT identifier FROM users LIMIT 256").rows().compactMap {
            $0.first?.textValue.flatMap(UUID.init(uuidString:))
        }
        guard !identifiers.isEmpty else { throw BenchError(description: "the benchmark database has no users") }
        var rows = 0
        let start: UInt64
        if options.rawRerun {
            let raw = try RawSQLite(path: database.connection.path, readOnly: true)
            let statement = try raw.prepare(query.sql)
            let texts = identifiers.map { SQLValue.text($0.uuidString) }
            start = MonotonicClock.now()
            for run in 0..<options.rerunLoop { rows += try statement.runReading([texts[run % texts.count]]) }
        } else {
            start = MonotonicClock.now()
            for run in 0..<options.rerunLoop {
                try database.forEachRow(query, parameters: ["userID": .uuid(identifiers[run % identifiers.count])]) { _ in rows += 1 }
            }
        }
        let elapsed = Double(MonotonicClock.now() - start)
        print("re-ran the lookup \(options.rerunLoop) times (\(rows) rows) in \(Format.duration(elapsed)) (\(Format.microseconds(elapsed / Double(options.rerunLoop))) µs each)")
    }
}
