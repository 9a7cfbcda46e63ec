/// The performance targets of the issue, checked against the figures of one run.
enum Targets {
    struct Target {
        var key: String
        var title: String
        var figure: Double?
        var text: String
        var limit: String
        var met: Bool?
    }

    static func evaluate(_ figures: [String: [String: Double]], notes: [String: String]) -> [Target] {
        func value(_ suite: String, _ key: String) -> Double? { figures[suite]?[key] }
        var targets: [Target] = []

        let ratio = value("sql", "medianCompileToPrepareRatio")
        targets.append(
            Target(
                key: "compileToPrepare", title: "compile / prepare, median over the benchmark corpus", figure: ratio,
                text: ratio.map { Format.fixed($0, 2) } ?? "-", limit: "≤ 0.25", met: ratio.map { $0 <= 0.25 }))
        if let example = value("compile", "medianCompileToPrepareRatio") {
            targets.append(
                Target(
                    key: "compileToPrepareExample", title: "compile / prepare, median over the example corpus", figure: example,
                    text: Format.fixed(example, 2), limit: "≤ 0.25", met: example <= 0.25))
        }

        for (suite, corpus) in [("sql", "benchmark"), ("compile", "example")] {
            guard let ratio = value(suite, "medianAPIToCompileRatio") else { continue }
            let toPrepare = value(suite, "medianAPIToPrepareRatio") ?? .nan
            targets.append(
                Target(
                    key: "apiToCompile\(suite == "sql" ? "" : "Example")",
                    title: "SiftDatabase.compile / the core, median over the \(corpus) corpus", figure: ratio,
                    text: Format.fixed(ratio, 2) + " (API / prepare \(Format.fixed(toPrepare, 2)))", limit: "≤ 1.10", met: ratio <= 1.10))
        }

        let worst = value("sql", "worstSQLRatio")
        let over = value("sql", "queriesOverSQLRatioTarget")
        let count = value("sql", "queryCount")
        targets.append(
            Target(
                key: "sqlRatio", title: "Sift's SQL / hand-written SQL, worst query", figure: worst,
                text: worst.map {
                    Format.fixed($0, 2) + "× (\(Int(over ?? 0)) of \(Int(count ?? 0)) queries over; median \(Format.fixed(value("sql", "medianSQLRatio") ?? .nan, 2)))"
                } ?? "-", limit: "≤ 1.10× every query", met: worst.map { $0 <= 1.10 }))

        if let postgresWorst = value("postgres", "worstSQLRatio") {
            let over = Int(value("postgres", "queriesOverSQLRatioTarget") ?? 0)
            let count = Int(value("postgres", "queryCount") ?? 0)
            targets.append(
                Target(
                    key: "postgresSQLRatio", title: "PostgreSQL: Sift's SQL / hand-written SQL, worst query", figure: postgresWorst,
                    text: Format.fixed(postgresWorst, 2)
                        + "× (\(over) of \(count) queries over; median \(Format.fixed(value("postgres", "medianSQLRatio") ?? .nan, 2)); \(Int(value("postgres", "users") ?? 0)) users)",
                    limit: "≤ 1.10× every query", met: postgresWorst <= 1.10))
        }
        if let postgresCompile = value("postgres", "medianCompileToPrepareRatio") {
            targets.append(
                Target(
                    key: "postgresCompileToPrepare", title: "PostgreSQL: compile / PREPARE, median (no target)", figure: postgresCompile,
                    text: Format.fixed(postgresCompile, 2), limit: "-", met: nil))
        }

        for kind in ["1-row", "0-rows"] {
            for (variant, key, label) in [("", "overheadMicroseconds", "by name"), (".positional", "positionalOverheadMicroseconds", "positional")] {
                let overhead = value("sql", "cacheHit.\(kind).\(key)")
                targets.append(
                    Target(
                        key: "cacheHit.\(kind)\(variant)", title: "statement-cache hit, Sift's overhead (\(kind), \(label))", figure: overhead,
                        text: overhead.map { Format.fixed($0, 2) + " µs" } ?? "-", limit: "≤ 1 µs", met: overhead.map { $0 <= 1 }))
            }
        }

        for variant in ["and", "mixed"] {
            let scaling = value("scaling", "\(variant).perClauseRatio10000To100")
            targets.append(
                Target(
                    key: "scaling.\(variant)", title: "per clause at 10,000 / at 100 (\(variant == "and" ? "&& chain" : "&&/|| chain"))",
                    figure: scaling, text: scaling.map { Format.fixed($0, 2) + "×" } ?? "-", limit: "≤ 2×", met: scaling.map { $0 <= 2 }))
        }
        let prepares = notes["scaling.and.10000.prepares"]
        targets.append(
            Target(
                key: "scaling.prepares", title: "the 10,000-clause SQL prepares in SQLite, no crash", figure: nil,
                text: prepares ?? "-", limit: "yes", met: prepares.map { $0 == "yes" }))

        let prompt = value("process", "replterminal.promptMilliseconds")
        targets.append(
            Target(
                key: "replStartup", title: "REPL start-up to the first prompt (pseudo-terminal)", figure: prompt,
                text: prompt.map { Format.fixed($0, 1) + " ms" } ?? "-", limit: "< 100 ms", met: prompt.map { $0 < 100 }))
        let memory = value("process", "replterminal.peakMegabytes")
        targets.append(
            Target(
                key: "replMemory", title: "REPL peak RSS at the first prompt (pseudo-terminal)", figure: memory,
                text: memory.map { Format.fixed($0, 1) + " MB" } ?? "-", limit: "< 30 MB", met: memory.map { $0 < 30 }))
        if let compile = value("process", "compile10000.peakMegabytes") {
            targets.append(
                Target(
                    key: "compileMemory", title: "peak RSS of sift compile, 10,000 clauses (no target)", figure: compile,
                    text: Format.fixed(compile, 1) + " MB (1 clause: \(Format.fixed(value("process", "compile1.peakMegabytes") ?? .nan, 1)) MB)",
                    limit: "-", met: nil))
        }
        return targets
    }

    /// Prints the summary table and returns the figures and notes for the JSON report.
    static func report(_ targets: [Target]) -> (figures: [String: Double], notes: [String: String]) {
        var table = Table([("target", .left), ("figure", .left), ("goal", .left), ("met", .left)])
        var figures: [String: Double] = [:]
        var notes: [String: String] = [:]
        for target in targets {
            let met = target.met.map { $0 ? "yes" : "NO" } ?? (target.limit == "-" ? "" : "not measured")
            table.add([target.title, target.text, target.limit, met])
            if let figure = target.figure { figures[target.key] = figure }
            if let isMet = target.met { figures[target.key + ".met"] = isMet ? 1 : 0 }
            notes["targets.\(target.key)"] = "\(target.text) (goal \(target.limit)): \(met.isEmpty ? "no target" : met)"
        }
        print("\n== targets ==\n")
        print(table.render())
        print()
        return (figures, notes)
    }
}
