import Foundation
import Sift
import SiftSQLite

/// The benchmark corpus (`BenchCorpus`) on the benchmark database (`BenchData`):
///
/// - `compile/` vs `prepare/`: compiling each query (lex + parse + check + lower, with the NFC
///   facts already learned) against `sqlite3_prepare_v2` + finalize of the SQL it produces;
///   `api/`: compiling it through `SiftDatabase.compile(_:)` from its text, on texts it has not
///   seen before (``DistinctTexts``).
/// - `exec/sift/`: `SiftDatabase.forEachRow` (cached statement, bindings, decoding every value as
///   users get them); `exec/sift-sql/`: Sift's SQL with plain `SQLValue` reads; `exec/hand/`:
///   the hand-written SQL with the same plain reads. Both plain runs use a statement prepared once
///   on the same connection and step through every row reading every column. The SQL ratio is
///   sift-sql / hand; the end-to-end ratio is sift / hand.
/// - `cache-hit/`: re-running a compiled query with a new parameter value each run (the statement
///   cache hits): `SiftDatabase.forEachRow` (values by name, and positional) against a raw
///   `sqlite3_reset` + bind + step of the same SQL on a bare `sqlite3*` handle to the same file,
///   reading the columns as plain values. The three alternate run by run, over 16 identifiers
///   (every page they touch stays in both connections' caches), so the paired difference is
///   Sift's own work, not the machine's or the page cache's moods.
final class SQLSuite: Suite {
    let name = "sql"
    let title = "benchmark corpus: compile vs. prepare, Sift's SQL vs. hand-written SQL, cache hits"

    struct Item {
        var query: BenchQuery
        var source: SourceFile
        var compiled: CompiledQuery
        var siftBindings: [SQLValue]
        var rows: Int
    }

    struct Loaded {
        var path: String
        var database: SiftDatabase
        var items: [Item]
        /// Identifiers of existing users (1-row lookups) and of no user (0-row lookups).
        var existing: [UUID]
        var missing: [UUID]
    }

    private var loaded: Loaded?

    /// The people models of `Examples/Models.swift` (the part before `// MARK: Reminders`), written
    /// to `bench-data/People.swift`: the benchmark database has no reminders tables.
    static func peopleModelFile(_ context: SuiteContext) throws -> String {
        let models = try context.read("Examples/Models.swift")
        guard let cut = models.range(of: "// MARK: Reminders") else {
            throw BenchError(description: "Examples/Models.swift has no '// MARK: Reminders' line to cut the people models at")
        }
        let path = context.file("bench-data/People.swift").path
        let text = String(models[..<cut.lowerBound])
        if (try? String(contentsOfFile: path, encoding: .utf8)) != text {
            try FileManager.default.createDirectory(atPath: context.file("bench-data").path, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return path
    }

    /// Opens the benchmark database for Sift at `scale`.
    static func open(_ context: SuiteContext, scale: Double) throws -> (path: String, database: SiftDatabase) {
        let path = try context.benchmarkDatabase(scale: scale)
        let database = try SiftDatabase(path: path, modelFile: try peopleModelFile(context))
        return (path, database)
    }

    func load(_ context: SuiteContext) throws -> Loaded {
        if let loaded { return loaded }
        let (path, database) = try Self.open(context, scale: context.options.effectiveScale)
        let connection = database.connection

        // Real identifiers for the parameter queries, picked by the seeded generator.
        let userCount = Int(try connection.prepare("SELECT max(id) FROM users").rows()[0][0].integerValue ?? 0)
        var random = SeededRandom(seed: context.options.seed &+ 1)
        var existing: [UUID] = []
        let lookup = try connection.prepare("SELECT identifier FROM users WHERE id = ?1")
        for _ in 0..<256 {
            let row = try lookup.rows(bindings: [.integer(Int64(1 + random.below(userCount)))])
            if let text = row.first?.first?.textValue, let uuid = UUID(uuidString: text) { existing.append(uuid) }
        }
        let missing = (0..<256).map { _ in UUID(uuidString: BenchData.uuidString(&random).replacingOccurrences(of: "-4", with: "-5"))! }
        guard let probe = existing.first else { throw BenchError(description: "the benchmark database has no users") }

        var items: [Item] = []
        var failures: [String] = []
        for var query in BenchCorpus.queries {
            if query.parameters["userID"] != nil {
                query.parameters["userID"] = .uuid(probe)
                query.handBindings = [.text(probe.uuidString)]
            }
            let source = SourceFile(name: query.label, text: query.text)
            let compiled: CompiledQuery
            do {
                compiled = try database.compile(source)  // learns the NFC facts once
            } catch {
                throw BenchError(description: "the corpus query \(query.label) does not compile:\n\(error)")
            }
            let siftBindings = try compiled.bindings(for: query.parameters, schema: database.schema)
            let siftRows = try connection.prepare(compiled.sql).rows(bindings: siftBindings)
            let handRows = try connection.prepare(query.hand).rows(bindings: query.handBindings)
            if let difference = Self.difference(siftRows, handRows, order: query.order) {
                failures.append(
                    "\(query.label): \(difference)\n  query: \(query.text)\n  Sift's SQL (\(siftRows.count) rows): \(Self.oneLine(compiled.sql)) -- \(siftBindings)\n  hand-written (\(handRows.count) rows): \(query.hand) -- \(query.handBindings)"
                )
            }
            items.append(Item(query: query, source: source, compiled: compiled, siftBindings: siftBindings, rows: siftRows.count))
        }
        if !failures.isEmpty {
            throw BenchError(
                description: "Sift's SQL and the hand-written SQL disagree for \(failures.count) corpus queries:\n" + failures.joined(separator: "\n"))
        }
        let result = Loaded(path: path, database: database, items: items, existing: existing, missing: missing)
        loaded = result
        context.shared.queryRecords = items.map {
            Report.QueryRecord(label: $0.query.label, text: $0.query.text, siftSQL: $0.compiled.sql, handSQL: $0.query.hand, rows: $0.rows)
        }
        print("checked: the \(items.count) corpus queries return the same rows with Sift's SQL and the hand-written SQL (\(path))\n")
        return result
    }

    static func oneLine(_ sql: String) -> String {
        sql.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Why two results differ, or nil when they are the same under `order`.
    static func difference(_ sift: [[SQLValue]], _ hand: [[SQLValue]], order: BenchQuery.Order) -> String? {
        if sift.count != hand.count { return "\(sift.count) rows against \(hand.count)" }
        func sortedRows(_ rows: [[SQLValue]]) -> [String] { rows.map { $0.description }.sorted() }
        switch order {
        case .unordered:
            return sortedRows(sift) == sortedRows(hand) ? nil : "different rows"
        case .exact:
            if let index = zip(sift, hand).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                return "row \(index + 1) differs: \(sift[index]) against \(hand[index])"
            }
            return nil
        case .keys(let columns):
            let siftKeys = sift.map { row in columns.map { row[$0] } }
            let handKeys = hand.map { row in columns.map { row[$0] } }
            if siftKeys != handKeys { return "the sort keys are in a different order" }
            return sortedRows(sift) == sortedRows(hand) ? nil : "different rows"
        }
    }

    func benchmarks(_ context: SuiteContext) throws -> [Benchmark] {
        let loaded = try load(context)
        let database = loaded.database
        let connection = database.connection
        let schema = database.schema
        let options = database.effectiveLoweringOptions
        var benchmarks: [Benchmark] = []
        for item in loaded.items {
            let label = item.query.label
            benchmarks.append(
                Benchmark(suite: name, name: "compile/\(label)", bytesPerRun: item.source.bytes.count, group: "compile/\(label)") {
                    { CompileSuite.compile(item.source, schema: schema, options: options) }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "prepare/\(label)", group: "compile/\(label)") {
                    { (try? connection.prepare(item.compiled.sql))?.parameterCount ?? -1 }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "api/\(label)", group: "compile/\(label)") {
                    CompileSuite.compileThroughDatabase(database, DistinctTexts.variants(of: item.query.text))
                })
        }
        for item in loaded.items {
            let label = item.query.label
            benchmarks.append(
                Benchmark(suite: name, name: "exec/sift/\(label)", group: "exec/\(label)") {
                    let compiled = item.compiled
                    let parameters = item.query.parameters
                    return {
                        var rows = 0
                        try? database.forEachRow(compiled, parameters: parameters) { _ in rows += 1 }
                        return rows
                    }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "exec/sift-sql/\(label)", group: "exec/\(label)") {
                    let statement = try connection.prepare(item.compiled.sql)
                    return { (try? Self.stepAll(statement, item.siftBindings)) ?? -1 }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "exec/hand/\(label)", group: "exec/\(label)") {
                    let statement = try connection.prepare(item.query.hand)
                    return { (try? Self.stepAll(statement, item.query.handBindings)) ?? -1 }
                })
        }
        if let item = loaded.items.first(where: { $0.query.parameters["userID"] != nil }) {
            for (kind, identifiers) in [("1-row", loaded.existing), ("0-rows", loaded.missing)] {
                let texts = identifiers.map { SQLValue.text($0.uuidString) }
                let values = identifiers.map { ParameterValue.uuid($0) }
                benchmarks.append(
                    Benchmark(suite: name, name: "cache-hit/sift/\(kind)", group: "cache-hit/\(kind)", alternateRuns: true) {
                        var next = 0
                        let compiled = item.compiled
                        return {
                            next = (next + 1) & 15
                            var rows = 0
                            try? database.forEachRow(compiled, parameters: ["userID": values[next]]) { _ in rows += 1 }
                            return rows
                        }
                    })
                benchmarks.append(
                    Benchmark(suite: name, name: "cache-hit/sift-positional/\(kind)", group: "cache-hit/\(kind)") {
                        var next = 0
                        let compiled = item.compiled
                        return {
                            next = (next + 1) & 15
                            var rows = 0
                            try? database.forEachRow(compiled, values: [values[next]]) { _ in rows += 1 }
                            return rows
                        }
                    })
                benchmarks.append(
                    Benchmark(suite: name, name: "cache-hit/raw/\(kind)", group: "cache-hit/\(kind)") {
                        let raw = try RawSQLite(path: loaded.path, readOnly: true)
                        let statement = try raw.prepare(item.compiled.sql)
                        var next = 0
                        return {
                            next = (next + 1) & 15
                            return (try? statement.runReading([texts[next]])) ?? -1
                        }
                    })
            }
        }
        return benchmarks
    }

    /// Binds, steps through every row reading every column as a plain `SQLValue`, resets.
    static func stepAll(_ statement: Statement, _ bindings: [SQLValue]) throws -> Int {
        try statement.bind(bindings)
        defer { statement.reset() }
        let columns = statement.columnCount
        var rows = 0
        while try statement.step() {
            for column in 0..<columns { withExtendedLifetime(statement.value(at: column)) {} }
            rows += 1
        }
        return rows
    }

    func report(_ results: [Result], _ context: SuiteContext) -> [String: Double] {
        guard let loaded else { return [:] }
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var figures: [String: Double] = [:]

        // Compile vs. prepare
        var compileTable = Table([
            ("query", .left), ("source", .left), ("compile µs", .right), ("min–max", .right), ("prepare µs", .right),
            ("min–max", .right), ("compile/prepare", .right), ("API µs", .right), ("API/compile", .right), ("API/prepare", .right),
        ])
        var api = CompileSuite.APIFigures()
        var ratios: [Double] = []
        var compiles: [Double] = []
        var prepares: [Double] = []
        for item in loaded.items {
            let label = item.query.label
            guard let compile = byName["compile/\(label)"], let prepare = byName["prepare/\(label)"] else { continue }
            let ratio = Harness.pairedRatio(compile, prepare)
            ratios.append(ratio)
            compiles.append(compile.medianNanoseconds)
            prepares.append(prepare.medianNanoseconds)
            let apiFigures = api.add(api: byName["api/\(label)"], compile: compile, prepare: prepare)
            compileTable.add(
                [
                    label, Format.snippet(item.query.text, width: 48), Format.microseconds(compile.medianNanoseconds),
                    Format.range(compile), Format.microseconds(prepare.medianNanoseconds), Format.range(prepare),
                    Format.fixed(ratio, 2),
                ] + CompileSuite.APIFigures.cells(apiFigures))
        }
        if !ratios.isEmpty {
            print(
                "Compile vs. prepare per query (median of samples, µs; compile = Compiler.check + SQLLowering.lower; API = SiftDatabase.compile of a new text)\n"
            )
            print(compileTable.render())
            let medianRatio = Harness.median(ofSorted: ratios.sorted())
            figures["medianCompileMicroseconds"] = Harness.median(ofSorted: compiles.sorted()) / 1e3
            figures["medianPrepareMicroseconds"] = Harness.median(ofSorted: prepares.sorted()) / 1e3
            figures["medianCompileToPrepareRatio"] = medianRatio
            figures["maximumCompileToPrepareRatio"] = ratios.max()
            print(
                "\nmedian over \(ratios.count) queries: compile \(Format.fixed(figures["medianCompileMicroseconds"]!, 2)) µs, prepare \(Format.fixed(figures["medianPrepareMicroseconds"]!, 2)) µs, compile/prepare \(Format.fixed(medianRatio, 2)) (target ≤ 0.25)\n"
                    + api.summary
            )
            figures.merge(api.medians) { a, _ in a }
        }

        // Execution
        ExecutionReport.report(
            loaded.items.map { item in
                ExecutionReport.Query(label: item.query.label, text: item.query.text, rows: item.rows) {
                    [
                        "   Sift:  \(Self.oneLine(item.compiled.sql))",
                        "          bindings \(item.siftBindings)",
                        "   hand:  \(item.query.hand)",
                        "          bindings \(item.query.handBindings)",
                    ]
                }
            },
            results: byName,
            heading:
                "Execution per query, every row stepped (median of samples). SQL ratio = Sift's SQL / hand-written, both with plain\nSQLValue reads; end-to-end = SiftDatabase.forEachRow (decoding) / hand-written; each ratio is the median of the\nratios of samples taken side by side. Target: SQL ratio ≤ 1.10 for every query.\n",
            figures: &figures)

        // Cache hits
        var cacheTable = Table([
            ("lookup", .left), ("by name µs", .right), ("min–max", .right), ("positional µs", .right), ("min–max", .right),
            ("raw bind+step µs", .right), ("min–max", .right), ("overhead by name", .right), ("positional", .right),
        ])
        for kind in ["1-row", "0-rows"] {
            guard let sift = byName["cache-hit/sift/\(kind)"], let raw = byName["cache-hit/raw/\(kind)"] else { continue }
            let overhead = Harness.pairedDifference(sift, raw) / 1e3
            figures["cacheHit.\(kind).siftMicroseconds"] = sift.medianNanoseconds / 1e3
            figures["cacheHit.\(kind).rawMicroseconds"] = raw.medianNanoseconds / 1e3
            figures["cacheHit.\(kind).overheadMicroseconds"] = overhead
            var positionalOverhead = Double.nan
            if let positional = byName["cache-hit/sift-positional/\(kind)"] {
                positionalOverhead = Harness.pairedDifference(positional, raw) / 1e3
                figures["cacheHit.\(kind).positionalMicroseconds"] = positional.medianNanoseconds / 1e3
                figures["cacheHit.\(kind).positionalOverheadMicroseconds"] = positionalOverhead
            }
            let positional = byName["cache-hit/sift-positional/\(kind)"]
            cacheTable.add([
                "identifier == userID (\(kind))", Format.microseconds(sift.medianNanoseconds), Format.range(sift),
                positional.map { Format.microseconds($0.medianNanoseconds) } ?? "-", positional.map(Format.range) ?? "-",
                Format.microseconds(raw.medianNanoseconds), Format.range(raw), Format.fixed(overhead, 2), Format.fixed(positionalOverhead, 2),
            ])
        }
        if !cacheTable.rows.isEmpty {
            print(
                """
                Statement-cache hit: a compiled query re-run with a new UUID parameter each run, its value given by name
                (forEachRow(_:parameters:), a dictionary) and positionally (forEachRow(_:values:)); overhead = Sift minus the
                raw C-API run, µs (target: Sift overhead ≤ 1 µs)

                """)
            print(cacheTable.render())
            print()
        }
        return figures
    }
}
