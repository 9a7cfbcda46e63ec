import SiftChecker
import SiftSchema

extension Evaluator {
    /// `count(query)` and `exists(query)`: one row, the number of rows the query gives (objects or
    /// selected rows) or whether it gives one. StructuredQueries' `.count()` counts the filtered
    /// rows, and its limit and offset apply to that one row.
    func measured(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value]) throws -> SelectionResult {
        guard let measure = query.measure else { throw EvaluationError.malformedTree("a query without a measure") }
        var inner = query
        inner.measure = nil
        let limitsTheCount = measure == .count && query.form == .structuredQueries
        if limitsTheCount {
            inner.sort = []
            inner.limit = nil
            inner.offset = nil
        }
        let count = inner.selection != nil
            ? try select(inner, in: dataset, parameters: parameters).rows.count
            : try evaluate(inner, in: dataset, parameters: parameters).count
        var rows: [[Value]] = [[measure == .count ? .int(Int64(count)) : .bool(count > 0)]]
        if limitsTheCount {
            let checkedParameters = try Self.checkParameters(query, parameters, schema: dataset.schema)
            let evaluator = ExpressionEvaluator(dataset: dataset, tree: query.tree, parameters: checkedParameters, variableCount: query.variables.count)
            let offset = try query.offset.map { try self.count($0, "offset", evaluator) } ?? 0
            rows = Array(rows.dropFirst(offset))
            if let limit = try query.limit.map({ try self.count($0, "limit", evaluator) }) { rows = Array(rows.prefix(limit)) }
        }
        return SelectionResult(columnNames: [measure.rawValue], rows: rows)
    }
}
