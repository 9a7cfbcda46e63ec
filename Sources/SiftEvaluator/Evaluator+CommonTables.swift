import SiftChecker
import SiftSchema

extension Evaluator {
    /// A recursive sub-query that still finds new rows after this many rounds is refused (its
    /// rows grow without end, as a depth counter over a cycle does).
    static let recursionRounds = 10_000

    /// The dataset with each named sub-query's rows as objects of its model, in order, and the
    /// query without them. A recursive one starts from its base case's distinct rows, then adds
    /// the rows its other queries give from the rows found in the round before that are not
    /// found yet, until a round finds none (SQLite's `UNION` in `WITH RECURSIVE`).
    func withCommonTables(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value]) throws -> (CheckedQuery, Dataset) {
        var extended = dataset
        for table in query.commonTables {
            var rows: [[Value]]
            if table.isRecursive, var baseCase = Optional(table.query), let selection = table.query.selection {
                var baseSelection = selection
                baseSelection.setOperations = []
                baseCase.selection = baseSelection
                rows = []
                var seen: Set<[Value]> = []
                var round = try select(baseCase, in: extended, parameters: parameters).rows.filter { seen.insert($0).inserted }
                var rounds = 0
                while !round.isEmpty {
                    rows += round
                    rounds += 1
                    if rounds > Self.recursionRounds {
                        throw EvaluationError.malformedTree(
                            "the recursive sub-query '\(table.model.name)' still finds new rows after \(Self.recursionRounds) rounds")
                    }
                    let reading = try extended.adding(table.model, rows: round)
                    var next: [[Value]] = []
                    for operation in selection.setOperations {
                        for row in try select(operation.query, in: reading, parameters: parameters).rows where seen.insert(row).inserted {
                            next.append(row)
                        }
                    }
                    round = next
                }
            } else {
                rows = try select(table.query, in: extended, parameters: parameters).rows
            }
            extended = try extended.adding(table.model, rows: rows)
        }
        var main = query
        main.commonTables = []
        return (main, extended)
    }
}

extension Dataset {
    /// This dataset with a model added whose objects are `rows` (a value per attribute, in order).
    func adding(_ model: Model, rows: [[Value]]) throws -> Dataset {
        var extended = Dataset(schema: schema.adding(model))
        for (name, table) in tables { extended.tables[name] = table }
        for (index, row) in rows.enumerated() {
            var attributes: [String: Value] = [:]
            for (attribute, value) in zip(model.attributes, row) { attributes[attribute.name] = Evaluator.unwrapped(value) }
            try extended.insert(model.name, id: Int64(index + 1), attributes)
        }
        return extended
    }
}
