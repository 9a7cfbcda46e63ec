import SiftChecker
import SiftSchema

extension Evaluator {
    /// A recursive sub-query that still finds new rows after this many rounds is refused (its
    /// rows grow without end, as a depth counter over a cycle does).
    static let recursionRounds = 10_000

    /// The dataset with each named sub-query's rows as objects of its model, in order, and the
    /// query without them. A recursive one starts from its base case's distinct rows, then adds
    /// the rows its other queries give from the rows found in the round before that are not
    /// found yet, until a round finds none (SQLite's `UNION` in `WITH RECURSIVE`). A
    /// StructuredQueries one combined by `union(all: true)` keeps every row its queries give,
    /// repeated ones too (SQLite's `UNION ALL`), and compares rows by SQL's equality otherwise.
    ///
    /// SQLite hands a recursive sub-query's rows to the query that reads them as they are found:
    /// a StructuredQueries query that takes the first rows of the last one as they come (a
    /// `limit`, no order, no grouping, no join) stops it as soon as it has them, which ends a
    /// recursion that would not end by itself (`Count.limit(4)`). Its rounds stop there too.
    func withCommonTables(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value]) throws -> (CheckedQuery, Dataset) {
        var main = query
        main.commonTables = []
        let streamed = try streamedLimit(main, reading: query.commonTables.last, in: dataset, parameters: parameters)
        var extended = dataset
        for table in query.commonTables {
            var rows: [[Value]]
            if table.isRecursive, var baseCase = Optional(table.query), let selection = table.query.selection {
                var baseSelection = selection
                baseSelection.setOperations = []
                baseCase.selection = baseSelection
                rows = []
                let sqlMeaning = table.query.form == .structuredQueries
                let keepsRepeatedRows = sqlMeaning && selection.setOperations.allSatisfy { $0.op == .unionAll }
                var seen: Set<[Value]> = []
                var seenSQL: Set<[SQLValueKey]> = []
                func isNew(_ row: [Value]) -> Bool {
                    if keepsRepeatedRows { return true }
                    return sqlMeaning ? seenSQL.insert(SQLValueKey.row(row)).inserted : seen.insert(row).inserted
                }
                var round = try select(baseCase, in: extended, parameters: parameters).rows.filter(isNew)
                var rounds = 0
                while !round.isEmpty {
                    rows += round
                    if let streamed, table == query.commonTables.last,
                        try select(main, in: try extended.adding(table.model, rows: rows), parameters: parameters).rows.count >= streamed
                    {
                        break
                    }
                    rounds += 1
                    if rounds > Self.recursionRounds {
                        throw EvaluationError.malformedTree(
                            "the recursive sub-query '\(table.model.name)' still finds new rows after \(Self.recursionRounds) rounds")
                    }
                    let reading = try extended.adding(table.model, rows: round)
                    var next: [[Value]] = []
                    for operation in selection.setOperations {
                        for row in try select(operation.query, in: reading, parameters: parameters).rows where isNew(row) {
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
        return (main, extended)
    }

    /// The rows `main` takes from a recursive sub-query as SQLite gives them, when it takes its
    /// first rows without sorting, grouping or joining them (StructuredQueries' `Count.limit(4)`):
    /// its limit; nil when it reads them all.
    func streamedLimit(_ main: CheckedQuery, reading table: CheckedCommonTable?, in dataset: Dataset, parameters: [String: Value]) throws -> Int? {
        guard let table, table.isRecursive, main.form == .structuredQueries, main.model.name == table.model.name, main.sort.isEmpty,
            main.measure == nil, let limit = main.limit
        else { return nil }
        if let selection = main.selection {
            guard selection.joins.isEmpty, !selection.isGrouped, !selection.isDistinct, selection.setOperations.isEmpty,
                selection.subqueries.isEmpty
            else { return nil }
        }
        let evaluator = ExpressionEvaluator(
            dataset: dataset, tree: main.tree, parameters: try Self.checkParameters(main, parameters, schema: dataset.schema),
            variableCount: main.variables.count)
        return try count(limit, "limit", evaluator)
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
