/// The execution part of a corpus suite's report, shared by the SQLite and PostgreSQL suites so that
/// both print the same table, summary and worst-ratio listing and record the same figure names.
///
/// Each query must have been measured three ways, named `exec/hand/LABEL` (hand-written SQL),
/// `exec/sift-sql/LABEL` (Sift's SQL read the same plain way) and `exec/sift/LABEL` (Sift's decoding
/// row loop); a query missing any of them is left out.
struct ExecutionReport {
    /// One query of the report: its label, corpus text and row count, and the lines printed under it
    /// when it is among the three worst SQL ratios (the SQL and parameters of both sides).
    struct Query {
        var label: String
        var text: String
        var rows: Int
        var details: () -> [String]
    }

    /// The SQL ratio above which a query misses its target and is marked ✗.
    static let sqlRatioTarget = 1.10

    /// Prints the report under `heading` and adds its figures to `figures`: `exec.LABEL.sqlRatio` for
    /// every query, then `worstSQLRatio`, `medianSQLRatio`, `queriesOverSQLRatioTarget`, `queryCount`,
    /// `worstEndToEndRatio` and `medianEndToEndRatio`. Prints nothing when no query was measured.
    static func report(
        _ queries: [Query], results byName: [String: Result], heading: String, figures: inout [String: Double]
    ) {
        var execTable = Table([
            ("query", .left), ("rows", .right), ("hand ms", .right), ("min–max", .right), ("Sift SQL ms", .right),
            ("min–max", .right), ("forEachRow ms", .right), ("SQL ratio", .right), ("end-to-end", .right),
        ])
        var executions: [(query: Query, ratio: Double, endToEnd: Double)] = []
        for query in queries {
            let label = query.label
            guard let hand = byName["exec/hand/\(label)"], let siftSQL = byName["exec/sift-sql/\(label)"],
                let sift = byName["exec/sift/\(label)"]
            else { continue }
            let ratio = Harness.pairedRatio(siftSQL, hand)
            let endToEnd = Harness.pairedRatio(sift, hand)
            executions.append((query, ratio, endToEnd))
            figures["exec.\(label).sqlRatio"] = ratio
            execTable.add([
                label, String(query.rows), Format.milliseconds(hand.medianNanoseconds), Format.rangeMilliseconds(hand),
                Format.milliseconds(siftSQL.medianNanoseconds), Format.rangeMilliseconds(siftSQL),
                Format.milliseconds(sift.medianNanoseconds), Format.fixed(ratio, 2) + (ratio > sqlRatioTarget ? " ✗" : ""),
                Format.fixed(endToEnd, 2),
            ])
        }
        guard !executions.isEmpty else { return }
        print(heading)
        print(execTable.render())
        let sortedRatios = executions.map(\.ratio).sorted()
        figures["worstSQLRatio"] = sortedRatios.last
        figures["medianSQLRatio"] = Harness.median(ofSorted: sortedRatios)
        figures["queriesOverSQLRatioTarget"] = Double(sortedRatios.filter { $0 > sqlRatioTarget }.count)
        figures["queryCount"] = Double(sortedRatios.count)
        figures["worstEndToEndRatio"] = executions.map(\.endToEnd).max()
        figures["medianEndToEndRatio"] = Harness.median(ofSorted: executions.map(\.endToEnd).sorted())
        print(
            "\nSQL ratio: median \(Format.fixed(figures["medianSQLRatio"]!, 2)), worst \(Format.fixed(sortedRatios.last!, 2)); \(Int(figures["queriesOverSQLRatioTarget"]!)) of \(sortedRatios.count) queries above 1.10. End-to-end: median \(Format.fixed(figures["medianEndToEndRatio"]!, 2)), worst \(Format.fixed(figures["worstEndToEndRatio"]!, 2)).\n"
        )
        print("The three worst SQL ratios:\n")
        for (rank, execution) in executions.sorted(by: { $0.ratio > $1.ratio }).prefix(3).enumerated() {
            print("\(rank + 1). \(execution.query.label) (\(Format.fixed(execution.ratio, 2))×): \(execution.query.text)")
            for line in execution.query.details() { print(line) }
        }
        print()
    }
}
