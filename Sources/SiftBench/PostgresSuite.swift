import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport

/// The benchmark corpus (`BenchCorpus`) on PostgreSQL: a private server (`PostgresServer`) loaded
/// with the benchmark data at `--postgres-scale` (`PostgresBenchData`).
///
/// - `compile/` vs `prepare/`: compiling each query for PostgreSQL (lex + parse + check + lower
///   with `PostgreSQLDialect`) against the server's own preparation of the SQL it produces
///   (`PQprepare` of the unnamed statement over the Unix socket: parse, analysis and rewrite, one
///   round trip); `prepare/round-trip` prepares `SELECT 1`, the socket's share of every prepare.
/// - `exec/sift-sql/` vs `exec/hand/`: Sift's SQL and the hand-written PostgreSQL SQL
///   (`BenchCorpus.postgresHandSQL`), each a named statement prepared once on one connection,
///   executed with text parameters and every value of every row read; `exec/sift/`:
///   `PostgresDatabase.forEachRow`, as programs run a query (single-row mode, values decoded).
///   The SQL ratio is sift-sql / hand; the end-to-end ratio is sift / hand.
///
/// Before measuring, every pair runs once and must return the same rows; a query PostgreSQL's
/// dialect refuses (`unsupported-in-dialect`) is listed as skipped with the reason.
final class PostgresSuite: Suite {
    let name = "postgres"
    let title = "benchmark corpus on PostgreSQL: compile vs. PREPARE, Sift's SQL vs. hand-written SQL"

    struct Item {
        var query: BenchQuery
        var source: SourceFile
        var compiled: CompiledQuery
        var siftParameters: [String?]
        var hand: String
        var handParameters: [String?]
        var rows: Int
        /// The start-up check's own run of each variant (`sift-sql`, `hand`), in nanoseconds.
        var checkNanoseconds: [String: Double] = [:]
        /// A slow query's runs of each variant (`sift`, `sift-sql`, `hand`), timed at start-up in
        /// rounds (``slowRounds(_:scale:)``), in nanoseconds; empty for the others.
        var slowRunNanoseconds: [String: [Double]] = [:]
    }

    struct Loaded {
        var data: PostgresBenchData.Loaded
        var database: PostgresDatabase
        var raw: RawPostgres
        var items: [Item]
        var skipped: [(label: String, reason: String)]
        var serverVersion: String
    }

    private var loaded: Loaded?

    func load(_ context: SuiteContext) throws -> Loaded {
        if let loaded { return loaded }
        let data = try PostgresBenchData.load(context, scale: context.options.effectivePostgresScale)
        let database = try PostgresDatabase(uri: data.uri, modelFile: try SQLSuite.peopleModelFile(context))
        let raw = try RawPostgres(uri: data.uri)
        let serverVersion = try raw.rows("SHOW server_version").first?.first.flatMap { $0 } ?? "?"

        // A real identifier for the parameter query, picked by the seeded generator.
        var random = SeededRandom(seed: context.options.seed &+ 1)
        let probeID = 1 + random.below(data.size.users)
        guard let probeText = try raw.rows(#"SELECT identifier FROM users WHERE id = $1"#, [String(probeID)]).first?.first ?? nil,
            let probe = UUID(uuidString: probeText)
        else { throw BenchError(description: "the PostgreSQL benchmark database has no user \(probeID)") }

        if Self.executionPlan(scale: context.options.effectivePostgresScale) != nil {
            try raw.execute("SET statement_timeout = '\(Self.checkLimitSeconds)s'")
        }
        var items: [Item] = []
        var skipped: [(String, String)] = []
        var failures: [String] = []
        for var query in BenchCorpus.queries where mayBeSelected(query.label, context.options) {
            if query.parameters["userID"] != nil {
                query.parameters["userID"] = .uuid(probe)
                query.handBindings = [.text(probe.uuidString)]
            }
            let source = SourceFile(name: query.label, text: query.text)
            let compiled: CompiledQuery
            do {
                compiled = try database.compile(source)
            } catch let error as CompileError where error.diagnostics.contains(where: { $0.id == "unsupported-in-dialect" }) {
                let reason = error.diagnostics.first { $0.id == "unsupported-in-dialect" }?.message ?? "unsupported"
                skipped.append((query.label, "refused on PostgreSQL (unsupported-in-dialect): \(reason)"))
                continue
            } catch {
                throw BenchError(description: "the corpus query \(query.label) does not compile for PostgreSQL:\n\(error)")
            }
            let siftParameters = try compiled.bindings(for: query.parameters, schema: database.schema).map(RawPostgres.parameterText)
            let hand = BenchCorpus.postgresHandSQL(query)
            let handParameters = query.handBindings.map(RawPostgres.parameterText)
            let siftStart = MonotonicClock.now()
            let siftRows: [[String?]]
            do {
                siftRows = try raw.rows(compiled.sql, siftParameters)
            } catch let error as BenchError where Self.isTimeout(error) {
                skipped.append((query.label, "Sift's SQL ran over \(Self.checkLimitSeconds) s at this scale and was stopped (statement_timeout)"))
                continue
            }
            var checkNanoseconds = ["sift-sql": Double(MonotonicClock.now() - siftStart)]
            let handRows: [[String?]]
            do {
                let handStart = MonotonicClock.now()
                handRows = try raw.rows(hand, handParameters)
                checkNanoseconds["hand"] = Double(MonotonicClock.now() - handStart)
            } catch let error as BenchError where Self.isTimeout(error) {
                let sift = Format.fixed(checkNanoseconds["sift-sql"]! / 1e9, 1)
                skipped.append(
                    (query.label, "the hand-written SQL ran over \(Self.checkLimitSeconds) s at this scale and was stopped (statement_timeout); Sift's SQL took \(sift) s"))
                continue
            } catch {
                skipped.append(
                    (query.label, "the hand-written SQL does not run on PostgreSQL (give it a text in BenchCorpus.postgresHand): \(error)"))
                continue
            }
            if let difference = Self.difference(
                Self.unorderedAggregatesSorted(siftRows, label: query.label), Self.unorderedAggregatesSorted(handRows, label: query.label),
                order: query.order)
            {
                failures.append(
                    "\(query.label): \(difference)\n  query: \(query.text)\n  Sift's SQL (\(siftRows.count) rows): \(SQLSuite.oneLine(compiled.sql)) -- \(siftParameters)\n  hand-written (\(handRows.count) rows): \(hand) -- \(handParameters)"
                )
            }
            items.append(
                Item(
                    query: query, source: source, compiled: compiled, siftParameters: siftParameters, hand: hand,
                    handParameters: handParameters, rows: siftRows.count, checkNanoseconds: checkNanoseconds))
            let rounds = Self.slowRounds(checkNanoseconds, scale: context.options.effectivePostgresScale)
            if rounds > 0 {
                // Timed now, in rounds of the three variants side by side: the check's run of the
                // hand-written SQL is the first round's (it followed a run of Sift's SQL over the
                // same data); the check's run of Sift's SQL, which found a colder cache, is not.
                var runs: [String: [Double]] = ["hand": [checkNanoseconds["hand"]!]]
                func time(_ variant: String, _ body: () throws -> Void) throws {
                    let start = MonotonicClock.now()
                    try body()
                    runs[variant, default: []].append(Double(MonotonicClock.now() - start))
                }
                for round in 0..<rounds {
                    try time("sift") {
                        var rows = 0
                        try database.forEachRow(compiled, parameters: query.parameters) { _ in rows += 1 }
                    }
                    try time("sift-sql") { _ = try raw.rows(compiled.sql, siftParameters) }
                    if round > 0 { try time("hand") { _ = try raw.rows(hand, handParameters) } }
                }
                items[items.count - 1].slowRunNanoseconds = runs
            }
        }
        if !failures.isEmpty {
            throw BenchError(
                description: "on PostgreSQL, Sift's SQL and the hand-written SQL disagree for \(failures.count) corpus queries:\n"
                    + failures.joined(separator: "\n"))
        }
        print(
            "checked: the \(items.count) corpus queries return the same rows with Sift's SQL and the hand-written SQL on PostgreSQL \(serverVersion) (\(data.size))"
        )
        for (label, reason) in skipped { print("skipped: \(label): \(reason)") }
        print()
        let result = Loaded(data: data, database: database, raw: raw, items: items, skipped: skipped, serverVersion: serverVersion)
        loaded = result
        context.shared.postgresQueryRecords = items.map {
            Report.QueryRecord(label: $0.query.label, text: $0.query.text, siftSQL: $0.compiled.sql, handSQL: $0.hand, rows: $0.rows)
        }
        return result
    }

    /// The queries whose aggregate lists its group's values in no set order (`string_agg`,
    /// `json_agg` without `ORDER BY`), by label, with the separator of the list: the two SQL texts
    /// may list them in different orders under different plans (at scale 10 they do).
    static let unorderedAggregates: [String: String] = ["group-concat": ", ", "group-json-array": ","]

    /// `rows` with each value of an unordered aggregate's list in sorted order, for comparing.
    static func unorderedAggregatesSorted(_ rows: [[String?]], label: String) -> [[String?]] {
        guard let separator = unorderedAggregates[label] else { return rows }
        return rows.map { row in
            row.map { value in
                guard var text = value else { return nil }
                let isJSON = text.hasPrefix("[") && text.hasSuffix("]")
                if isJSON { text = String(text.dropFirst().dropLast()) }
                let items = text.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) }.sorted()
                return (isJSON ? "[" : "") + items.joined(separator: separator) + (isJSON ? "]" : "")
            }
        }
    }

    /// A value as compared: a number with a fraction to 12 significant digits (an average summed
    /// in another order, by parallel workers, may differ in its last bits), anything else as it is.
    static func comparable(_ value: String?) -> String {
        guard let value else { return "NULL" }
        if value.contains("."), let number = Double(value) { return String(format: "%.12g", number) }
        return value
    }

    /// Why two results differ, or nil when they are the same under `order` (as `SQLSuite.difference`).
    static func difference(_ sift: [[String?]], _ hand: [[String?]], order: BenchQuery.Order) -> String? {
        if sift.count != hand.count { return "\(sift.count) rows against \(hand.count)" }
        func rowText(_ row: [String?]) -> String { row.map(comparable).joined(separator: "\u{1F}") }
        func sortedRows(_ rows: [[String?]]) -> [String] { rows.map(rowText).sorted() }
        switch order {
        case .unordered:
            return sortedRows(sift) == sortedRows(hand) ? nil : "different rows"
        case .exact:
            if let index = zip(sift, hand).enumerated().first(where: { rowText($0.element.0) != rowText($0.element.1) })?.offset {
                return "row \(index + 1) differs: \(sift[index]) against \(hand[index])"
            }
            return nil
        case .keys(let columns):
            let siftKeys = sift.map { row in columns.map { comparable(row[$0]) } }
            let handKeys = hand.map { row in columns.map { comparable(row[$0]) } }
            if siftKeys != handKeys { return "the sort keys are in a different order" }
            return sortedRows(sift) == sortedRows(hand) ? nil : "different rows"
        }
    }

    func benchmarks(_ context: SuiteContext) throws -> [Benchmark] {
        guard PostgresServer.isInstalled else {
            print("\n== \(name): skipped: \(PostgresServer.notInstalledMessage) ==")
            context.shared.notes["postgres.skipped"] = PostgresServer.notInstalledMessage
            return []
        }
        let loaded = try load(context)
        let database = loaded.database
        let raw = loaded.raw
        let schema = database.schema
        let options = database.effectiveLoweringOptions
        var benchmarks: [Benchmark] = [
            Benchmark(suite: name, name: "prepare/round-trip") { { raw.prepareUnnamed("SELECT 1") ?? -1 } }
        ]
        for item in loaded.items {
            let label = item.query.label
            benchmarks.append(
                Benchmark(suite: name, name: "compile/\(label)", bytesPerRun: item.source.bytes.count, group: "compile/\(label)") {
                    { Self.compile(item.source, schema: schema, options: options) }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "prepare/\(label)", group: "compile/\(label)") {
                    { raw.prepareUnnamed(item.compiled.sql) ?? -1 }
                })
        }
        // Above scale 1 a query's run takes seconds: fewer samples of the slowest (reported).
        let executionPlan =
            Self.executionPlan(scale: context.options.effectivePostgresScale) ?? (context.options.quick ? nil : .pairedQueries)
        if loaded.items.contains(where: { Self.isTimedAtStartUp($0, scale: context.options.effectivePostgresScale) }) {
            context.shared.suitesMeasuredAtLoad.insert(name)
        }
        for item in loaded.items where !Self.isTimedAtStartUp(item, scale: context.options.effectivePostgresScale) {
            let label = item.query.label
            benchmarks.append(
                Benchmark(suite: name, name: "exec/sift/\(label)", group: "exec/\(label)", plan: executionPlan) {
                    let compiled = item.compiled
                    let parameters = item.query.parameters
                    return {
                        var rows = 0
                        try? database.forEachRow(compiled, parameters: parameters) { _ in rows += 1 }
                        return rows
                    }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "exec/sift-sql/\(label)", group: "exec/\(label)", plan: executionPlan) {
                    let statement = try raw.prepare(item.compiled.sql, parameterCount: item.siftParameters.count)
                    return { (try? statement.runReading(item.siftParameters)) ?? -1 }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "exec/hand/\(label)", group: "exec/\(label)", plan: executionPlan) {
                    let statement = try raw.prepare(item.hand, parameterCount: item.handParameters.count)
                    return { (try? statement.runReading(item.handParameters)) ?? -1 }
                })
        }
        return benchmarks
    }

    /// The plan of the execution benchmarks: the run's own up to scale 1, ``MeasurementPlan/largeData`` above.
    static func executionPlan(scale: Double) -> MeasurementPlan? { scale > 1 ? .largeData : nil }

    /// Above scale 1, a query whose start-up check took longer than this (either variant) is timed
    /// at start-up in rounds of the three variants (``slowRounds(_:scale:)``), not by the harness,
    /// whose samples would each take as long.
    static let startUpTimingSeconds = 4.0

    /// A slow query whose check took no longer than this is timed in three rounds, the median
    /// of which is read; a slower one in one round (at scale 10 a few queries take a minute or
    /// more a run, and three runs of each would take most of an hour).
    static let threeRoundsSeconds = 30.0

    /// How many rounds of the three variants time a query at start-up: none for a query the
    /// harness times (up to scale 1, or a check under ``startUpTimingSeconds``), three for a check
    /// under ``threeRoundsSeconds``, one above.
    static func slowRounds(_ checkNanoseconds: [String: Double], scale: Double) -> Int {
        guard executionPlan(scale: scale) != nil, let slowest = checkNanoseconds.values.max(), slowest > startUpTimingSeconds * 1e9 else { return 0 }
        return slowest <= threeRoundsSeconds * 1e9 ? 3 : 1
    }

    /// Whether the filters may select one of the benchmarks of the query `label`: the others are
    /// not checked at start-up (at scale 10 the check of the whole corpus takes a quarter of an hour).
    func mayBeSelected(_ label: String, _ options: Options) -> Bool {
        let names = ["compile/", "prepare/", "exec/sift/", "exec/sift-sql/", "exec/hand/"].map { "\(name)/\($0)\(label)" }
        return options.filters.isEmpty || options.filters.contains { filter in filter == name || names.contains { $0.contains(filter) } }
    }

    /// Above scale 1, the longest a start-up check's run of either SQL may take: a query over it is
    /// skipped, with the reason (at scale 10 a per-row `max` whose plan walks the `age` index for
    /// each company runs for many minutes both ways).
    static let checkLimitSeconds = 120

    /// Whether `error` is PostgreSQL's cancellation by `statement_timeout`.
    static func isTimeout(_ error: BenchError) -> Bool { error.description.contains("statement timeout") }

    static func isTimedAtStartUp(_ item: Item, scale: Double) -> Bool { executionPlan(scale: scale) != nil && !item.slowRunNanoseconds.isEmpty }

    /// A slow query's runs timed at start-up, as samples of each variant (the rounds pair them).
    static func checkResults(_ item: Item) -> [Result] {
        item.slowRunNanoseconds.map { variant, runs in
            let sorted = runs.sorted()
            return Result(
                suite: "postgres", name: "exec/\(variant)/\(item.query.label)", samples: runs.count, runsPerSample: 1,
                medianNanoseconds: Harness.median(ofSorted: sorted), minimumNanoseconds: sorted.first!, maximumNanoseconds: sorted.last!,
                itemsPerRun: 1, bytesPerRun: nil, checksum: 0, sampleNanoseconds: runs)
        }
    }

    /// Checks and lowers `source` for PostgreSQL; returns the SQL's length (-1 when it does not check).
    static func compile(_ source: SourceFile, schema: Schema, options: SQLLowering.Options) -> Int {
        guard let checked = Compiler(schema: schema).check(source).checked else { return -1 }
        return SQLLowering.lower(checked, schema: schema, dialect: PostgreSQLDialect(), options: options).sql.utf8.count
    }

    func report(_ results: [Result], _ context: SuiteContext) -> [String: Double] {
        guard let loaded else { return [:] }
        let scale = context.options.effectivePostgresScale
        let timedAtStartUp = loaded.items.filter { Self.isTimedAtStartUp($0, scale: scale) }
        let byName = Dictionary((results + timedAtStartUp.flatMap(Self.checkResults)).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var figures: [String: Double] = [
            "users": Double(loaded.data.size.users), "loadSeconds": loaded.data.loadSeconds, "indexSeconds": loaded.data.indexSeconds,
            "skippedQueries": Double(loaded.skipped.count),
        ]
        print(
            "PostgreSQL \(loaded.serverVersion), \(loaded.data.size): COPY \(Format.fixed(loaded.data.loadSeconds, 1)) s, keys + indexes + VACUUM ANALYZE \(Format.fixed(loaded.data.indexSeconds, 1)) s\n"
        )

        // Compile vs. PREPARE
        var compileTable = Table([
            ("query", .left), ("source", .left), ("compile µs", .right), ("min–max", .right), ("PREPARE µs", .right),
            ("min–max", .right), ("compile/PREPARE", .right),
        ])
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
            compileTable.add([
                label, Format.snippet(item.query.text, width: 48), Format.microseconds(compile.medianNanoseconds), Format.range(compile),
                Format.microseconds(prepare.medianNanoseconds), Format.range(prepare), Format.fixed(ratio, 2),
            ])
        }
        if !ratios.isEmpty {
            print(
                "Compile vs. PostgreSQL's PREPARE per query (median of samples, µs; compile = Compiler.check + SQLLowering.lower with\nPostgreSQLDialect; PREPARE = PQprepare of the same SQL over the Unix socket, one round trip)\n"
            )
            print(compileTable.render())
            figures["medianCompileMicroseconds"] = Harness.median(ofSorted: compiles.sorted()) / 1e3
            figures["medianPrepareMicroseconds"] = Harness.median(ofSorted: prepares.sorted()) / 1e3
            figures["medianCompileToPrepareRatio"] = Harness.median(ofSorted: ratios.sorted())
            figures["maximumCompileToPrepareRatio"] = ratios.max()
            var line =
                "\nmedian over \(ratios.count) queries: compile \(Format.fixed(figures["medianCompileMicroseconds"]!, 2)) µs, PREPARE \(Format.fixed(figures["medianPrepareMicroseconds"]!, 2)) µs, compile/PREPARE \(Format.fixed(figures["medianCompileToPrepareRatio"]!, 2))"
            if let roundTrip = byName["prepare/round-trip"] {
                figures["roundTripMicroseconds"] = roundTrip.medianNanoseconds / 1e3
                line += "; a PREPARE of SELECT 1 (the round trip): \(Format.microseconds(roundTrip.medianNanoseconds)) µs"
            }
            print(line + "\n")
        }

        // Execution
        ExecutionReport.report(
            loaded.items.map { item in
                ExecutionReport.Query(label: item.query.label, text: item.query.text, rows: item.rows) {
                    [
                        "   Sift:  \(SQLSuite.oneLine(item.compiled.sql))",
                        "          parameters \(item.siftParameters.map { $0 ?? "NULL" })",
                        "   hand:  \(item.hand)",
                        "          parameters \(item.handParameters.map { $0 ?? "NULL" })",
                    ]
                }
            },
            results: byName,
            heading:
                "Execution on PostgreSQL per query, every row read (median of samples). SQL ratio = Sift's SQL / hand-written, both\nprepared once and read as text; end-to-end = PostgresDatabase.forEachRow (single-row mode, decoding) / hand-written;\neach ratio is the median of the ratios of samples taken side by side. Target: SQL ratio ≤ 1.10 for every query.\n",
            figures: &figures)
        if let plan = Self.executionPlan(scale: scale) {
            // Fewer samples where a run is slow: say which queries, so their ratios are read as such.
            let fewer = loaded.items.compactMap { item -> String? in
                guard !Self.isTimedAtStartUp(item, scale: scale), let samples = byName["exec/hand/\(item.query.label)"]?.samples, samples < plan.samples
                else { return nil }
                return "\(item.query.label) (\(samples))"
            }
            print(
                "Above scale 1, a query gets as many samples as fit in \(Format.fixed(plan.maximumSecondsPerBenchmark, 1)) s per variant, at least \(plan.minimumSamples); fewer than \(plan.samples): "
                    + (fewer.isEmpty ? "none" : fewer.joined(separator: ", ")) + ".\nA query whose start-up check took over \(Format.fixed(Self.startUpTimingSeconds, 0)) s is timed at start-up, in three rounds of the variants side by side (one round over \(Format.fixed(Self.threeRoundsSeconds, 0)) s): "
                    + (timedAtStartUp.isEmpty ? "none" : timedAtStartUp.map(\.query.label).joined(separator: ", ")) + "\n")
            figures["queriesWithFewerSamples"] = Double(fewer.count)
            figures["queriesTimedAtStartUp"] = Double(timedAtStartUp.count)
        }
        if !loaded.skipped.isEmpty {
            print("Skipped on PostgreSQL:")
            for (label, reason) in loaded.skipped { print("  \(label): \(reason)") }
            print()
        }
        return figures
    }
}
