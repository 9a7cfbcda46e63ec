import Foundation
import Sift
import SiftEvaluator
import SiftSQLite

/// The in-memory evaluator as the baseline a user would have without SQL: the benchmark database
/// at `--evaluator-scale` (default 0.1 = 100,000 users: loading a million users' objects and
/// links into a `Dataset` takes long and a lot of memory) is loaded once by `DatasetLoader`
/// (timed once, reported), then a few corpus queries are evaluated by `Evaluator` (`eval/`) and,
/// on the same data, run by `SiftDatabase.forEachRow` (`sql/`). Both must select the same number
/// of rows.
final class EvaluatorSuite: Suite {
    let name = "evaluator"
    let title = "in-memory evaluator (DatasetLoader + Evaluator) vs. Sift's SQL on the same data"

    static let labels = [
        "age-gt", "name-eq-accented", "name-contains", "company-name", "interests-any", "interests-count",
        "nested-company-users-interests", "sort-birth-limit",
    ]

    struct Item {
        var query: BenchQuery
        var compiled: CompiledQuery
        var rows: Int
    }

    private var loaded: (database: SiftDatabase, dataset: Dataset, items: [Item], loadNanoseconds: Double, scale: Double, users: Int)?

    func benchmarks(_ context: SuiteContext) throws -> [Benchmark] {
        let scale = context.options.effectiveEvaluatorScale
        let (_, database) = try SQLSuite.open(context, scale: scale)
        let start = MonotonicClock.now()
        let dataset = try DatasetLoader.load(from: database.connection, schema: database.schema)
        let loadNanoseconds = Double(MonotonicClock.now() - start)
        let evaluator = Evaluator(tieBreak: .identity)
        var items: [Item] = []
        for label in Self.labels {
            guard let query = BenchCorpus.queries.first(where: { $0.label == label }) else { continue }
            let compiled = try database.compile(query.text)
            let sqlRows = try database.fetch(compiled, parameters: query.parameters).count
            let evaluated = try evaluator.evaluate(compiled.query, in: dataset).count
            guard sqlRows == evaluated else {
                throw BenchError(description: "evaluator: \(label) selects \(evaluated) rows in memory but \(sqlRows) with SQL")
            }
            items.append(Item(query: query, compiled: compiled, rows: sqlRows))
        }
        loaded = (database, dataset, items, loadNanoseconds, scale, dataset.count(of: "User"))
        var benchmarks: [Benchmark] = []
        for item in items {
            let label = item.query.label
            let checked = item.compiled.query
            benchmarks.append(
                Benchmark(suite: name, name: "eval/\(label)", group: label) {
                    { (try? evaluator.evaluate(checked, in: dataset).count) ?? -1 }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "sql/\(label)", group: label) {
                    let compiled = item.compiled
                    return {
                        var rows = 0
                        try? database.forEachRow(compiled) { _ in rows += 1 }
                        return rows
                    }
                })
        }
        return benchmarks
    }

    func report(_ results: [Result], _ context: SuiteContext) -> [String: Double] {
        guard let loaded else { return [:] }
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var figures: [String: Double] = [
            "scale": loaded.scale, "users": Double(loaded.users), "loadMilliseconds": loaded.loadNanoseconds / 1e6,
        ]
        var table = Table([
            ("query", .left), ("rows", .right), ("evaluator ms", .right), ("min–max", .right), ("SQL ms", .right),
            ("min–max", .right), ("evaluator/SQL", .right),
        ])
        for item in loaded.items {
            let label = item.query.label
            guard let eval = byName["eval/\(label)"], let sql = byName["sql/\(label)"] else { continue }
            figures["\(label).evaluatorMilliseconds"] = eval.medianNanoseconds / 1e6
            figures["\(label).sqlMilliseconds"] = sql.medianNanoseconds / 1e6
            table.add([
                label, String(item.rows), Format.milliseconds(eval.medianNanoseconds), Format.rangeMilliseconds(eval),
                Format.milliseconds(sql.medianNanoseconds), Format.rangeMilliseconds(sql),
                Format.fixed(eval.medianNanoseconds / sql.medianNanoseconds, 1),
            ])
        }
        print(
            "Scale \(Format.scale(loaded.scale)) (\(loaded.users) users): DatasetLoader.load took \(Format.duration(loaded.loadNanoseconds)) (one run). SQL = SiftDatabase.forEachRow.\n"
        )
        print(table.render())
        print()
        return figures
    }
}
