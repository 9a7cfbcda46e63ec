import SiftChecker
import SiftSchema

/// The rows of a query that selects (``SiftChecker/CheckedSelection``), as Swift would compute
/// them in memory: one row per object matching the filter, or one per group of them.
public struct SelectionResult: Sendable, Hashable {
    /// The columns' names, in order.
    public var columnNames: [String]
    /// The rows, each a value per column, sorted, after offset and limit.
    public var rows: [[Value]]
}

extension Evaluator {
    /// Evaluates a query that selects: filters the objects (a row whose filter traps is not
    /// selected), groups them by the grouping keys (all in one group when only aggregates are
    /// selected), keeps the groups the group condition accepts, computes each column, sorts by the
    /// sort keys (ties keep the first row's dataset order), drops repeated rows for `distinct`,
    /// then applies the offset and the limit. A selected value Swift would trap on throws ``Trap``.
    /// A query measured by `count(...)` or `exists(...)` gives its one row.
    public func select(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value] = [:]) throws -> SelectionResult {
        if !query.commonTables.isEmpty {
            let (main, extended) = try withCommonTables(query, in: dataset, parameters: parameters)
            return try select(main, in: extended, parameters: parameters)
        }
        if query.measure != nil { return try measured(query, in: dataset, parameters: parameters) }
        guard let selection = query.selection else { throw EvaluationError.malformedTree("a query without a selection") }
        // StructuredQueries' selections have SQL's meaning (its aggregates, outer joins, arithmetic): SQLite's to compute.
        if query.form == .structuredQueries { throw EvaluationError.needsDatabase("a StructuredQueries selection") }
        let checkedParameters = try Self.checkParameters(query, parameters, schema: dataset.schema)
        guard dataset.tables[query.model.name] != nil else { throw EvaluationError.unknownModel(query.model.name) }
        let evaluator = ExpressionEvaluator(
            dataset: dataset, tree: query.tree, parameters: checkedParameters, variableCount: query.variables.count)
        evaluator.groupRoot = query.root
        // Each row: its variables' values, the root row first, then each join's.
        typealias Row = [(VariableID, Value)]
        var candidates: [Row] = dataset.objects(of: query.model.name).map { [(query.root, .object($0))] }
        for join in selection.joins {
            guard dataset.tables[join.model.name] != nil else { throw EvaluationError.unknownModel(join.model.name) }
            var joined: [Row] = []
            for row in candidates {
                evaluator.bind(row)
                var targets: [ObjectReference] = []
                switch join.source {
                case .model:
                    targets = dataset.objects(of: join.model.name)
                case .relationship(let base, let relationship):
                    if case .object(let object) = Self.unwrapped(try evaluator.evaluate(base)) {
                        targets = dataset.targets(relationship.name, of: object)
                    }
                }
                var matched = false
                for target in targets {
                    evaluator.bind(row)
                    evaluator.bind(join.conditionVariable, .object(target))
                    if let condition = join.condition, try !evaluator.truth(condition) { continue }
                    matched = true
                    joined.append(row + [(join.variable, .object(target))])
                }
                if !matched, join.isOuter { joined.append(row + [(join.variable, .null)]) }
            }
            candidates = joined
        }
        var matching: [Row] = []
        for row in candidates {
            guard let filter = query.filter else {
                matching.append(row)
                continue
            }
            evaluator.bind(row)
            do {
                if try evaluator.truth(filter) { matching.append(row) }
            } catch is Trap {
                continue
            }
        }
        // Each result row's members: one row, or a group of them.
        var groups: [[Row]] = []
        if selection.isGrouped {
            if selection.grouping.isEmpty {
                groups = [matching]
            } else {
                var index: [[Value]: Int] = [:]
                for row in matching {
                    evaluator.bind(row)
                    let key = try selection.grouping.map { try Self.unwrapped(evaluator.evaluate($0)) }
                    if let position = index[key] {
                        groups[position].append(row)
                    } else {
                        index[key] = groups.count
                        groups.append([row])
                    }
                }
            }
        } else {
            groups = matching.map { [$0] }
        }
        // A selected count or existence of a query: one value for every row.
        var subqueryValues: [Int: Value] = [:]
        for (index, subquery) in selection.subqueries {
            subqueryValues[index] = try measured(subquery, in: dataset, parameters: parameters).rows.first?.first ?? .null
        }
        // Combined rows are sorted after they are combined, by their columns.
        let combinesRows = !selection.setOperations.isEmpty
        let ownSort = combinesRows ? [] : query.sort
        let sorter = RowSorter(keys: query.sort, dataset: dataset, tieBreak: tieBreak, evaluator: evaluator, root: query.root)
        var rows: [(values: [Value], keys: [Value], first: ObjectReference?)] = []
        for members in groups {
            evaluator.group = members
            evaluator.bind(query.root, .null)
            if let first = members.first { evaluator.bind(first) }
            let firstObject: ObjectReference? = members.first.flatMap { if case .object(let object) = $0[0].1 { object } else { nil } }
            if let condition = selection.groupFilter, try !evaluator.truth(condition) { continue }
            var values = try selection.columns.map { try Self.unwrapped(evaluator.evaluate($0.value)) }
            for (index, value) in subqueryValues { values[index] = value }
            var keys: [Value] = []
            for key in ownSort {
                if case .computed(let expr) = key.value {
                    if let first = members.first { evaluator.bind(first) }
                    keys.append(try Self.unwrapped(evaluator.evaluate(expr)))
                } else if let first = firstObject {
                    keys.append(try sorter.value(of: key, for: first))
                } else {
                    keys.append(.null)
                }
            }
            rows.append((values, keys, firstObject))
        }
        let ordered = rows.enumerated().sorted { left, right in
            for (position, key) in ownSort.enumerated() {
                let order = sorter.compare(left.element.keys[position], right.element.keys[position], key: key)
                if order != 0 { return order < 0 }
            }
            if tieBreak == .identity, !selection.isGrouped, let a = left.element.first?.identity, let b = right.element.first?.identity, a != b {
                return a < b
            }
            return left.offset < right.offset
        }
        var result = ordered.map(\.element.values)
        if combinesRows {
            result = try combinedRows(result, selection.setOperations, sqlMeaning: query.form == .structuredQueries, in: dataset, parameters: parameters)
            if !query.sort.isEmpty {
                // Sorted by their columns; equal rows keep their order.
                let columns = selection.combinedSortColumns
                result = result.enumerated().sorted { left, right in
                    for (position, key) in query.sort.enumerated() {
                        let column = columns[position]
                        let order = sorter.compare(left.element[column], right.element[column], key: key)
                        if order != 0 { return order < 0 }
                    }
                    return left.offset < right.offset
                }.map(\.element)
            }
        }
        if selection.isDistinct {
            var seen: Set<[Value]> = []
            result = result.filter { seen.insert($0).inserted }
        }
        let offset = try query.offset.map { try count($0, "offset", evaluator) } ?? 0
        result = Array(result.dropFirst(offset))
        if let limit = try query.limit.map({ try count($0, "limit", evaluator) }) { result = Array(result.prefix(limit)) }
        return SelectionResult(columnNames: selection.columns.map(\.name), rows: result)
    }

    /// A value without its `Optional` wrappers (nil stays nil).
    static func unwrapped(_ value: Value) -> Value {
        var value = value
        while case .some(let inner) = value { value = inner }
        return value
    }
}
