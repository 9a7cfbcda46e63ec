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
    public func select(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value] = [:]) throws -> SelectionResult {
        guard let selection = query.selection else { throw EvaluationError.malformedTree("a query without a selection") }
        let checkedParameters = try Self.checkParameters(query, parameters, schema: dataset.schema)
        guard dataset.tables[query.model.name] != nil else { throw EvaluationError.unknownModel(query.model.name) }
        let evaluator = ExpressionEvaluator(
            dataset: dataset, tree: query.tree, parameters: checkedParameters, variableCount: query.variables.count)
        evaluator.groupRoot = query.root
        var matching: [ObjectReference] = []
        for object in dataset.objects(of: query.model.name) {
            guard let filter = query.filter else {
                matching.append(object)
                continue
            }
            evaluator.bind(query.root, .object(object))
            do {
                if try evaluator.truth(filter) { matching.append(object) }
            } catch is Trap {
                continue
            }
        }
        // Each row: its members (one object, or a group) and a representative to read grouped values from.
        var groups: [[ObjectReference]] = []
        if selection.isGrouped {
            if selection.grouping.isEmpty {
                groups = [matching]
            } else {
                var index: [[Value]: Int] = [:]
                for object in matching {
                    evaluator.bind(query.root, .object(object))
                    let key = try selection.grouping.map { try Self.unwrapped(evaluator.evaluate($0)) }
                    if let position = index[key] {
                        groups[position].append(object)
                    } else {
                        index[key] = groups.count
                        groups.append([object])
                    }
                }
            }
        } else {
            groups = matching.map { [$0] }
        }
        let sorter = RowSorter(keys: query.sort, dataset: dataset, tieBreak: tieBreak, evaluator: evaluator, root: query.root)
        var rows: [(values: [Value], keys: [Value], first: ObjectReference?)] = []
        for members in groups {
            evaluator.group = members
            evaluator.bind(query.root, members.first.map { .object($0) } ?? .null)
            if let condition = selection.groupFilter, try !evaluator.truth(condition) { continue }
            let values = try selection.columns.map { try Self.unwrapped(evaluator.evaluate($0.value)) }
            var keys: [Value] = []
            for key in query.sort {
                if case .computed(let expr) = key.value {
                    evaluator.bind(query.root, members.first.map { .object($0) } ?? .null)
                    keys.append(try Self.unwrapped(evaluator.evaluate(expr)))
                } else if let first = members.first {
                    keys.append(try sorter.value(of: key, for: first))
                } else {
                    keys.append(.null)
                }
            }
            rows.append((values, keys, members.first))
        }
        let ordered = rows.enumerated().sorted { left, right in
            for (position, key) in query.sort.enumerated() {
                let order = sorter.compare(left.element.keys[position], right.element.keys[position], key: key)
                if order != 0 { return order < 0 }
            }
            if tieBreak == .identity, !selection.isGrouped, let a = left.element.first?.identity, let b = right.element.first?.identity, a != b {
                return a < b
            }
            return left.offset < right.offset
        }
        var result = ordered.map(\.element.values)
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
