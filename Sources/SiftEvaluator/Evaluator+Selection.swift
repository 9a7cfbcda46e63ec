import SiftChecker
import SiftSchema

/// The rows of a query that selects (``SiftChecker/CheckedSelection``), as Swift would compute
/// them in memory: one row per object matching the filter, or one per group of them.
public struct SelectionResult: Sendable, Hashable {
    /// The columns' names, in order.
    public var columnNames: [String]
    /// The rows, each a value per column, sorted, after offset and limit.
    public var rows: [[Value]]
    /// For each row, a number its whole run of neighbours that are equal on every sort key
    /// shares: rows of one run may come in any order from SQL, which orders ties as it meets
    /// them. Every row is in one run when nothing sorts them.
    package var tieRuns: [Int] = []

    /// A result of these columns and rows.
    init(columnNames: [String], rows: [[Value]], tieRuns: [Int] = []) {
        self.columnNames = columnNames
        self.rows = rows
        self.tieRuns = tieRuns
    }
}

extension Evaluator {
    /// Evaluates a query that selects: filters the objects (a row whose filter traps is not
    /// selected), groups them by the grouping keys (all in one group when only aggregates are
    /// selected), keeps the groups the group condition accepts, computes each column, sorts by the
    /// sort keys (ties keep the first row's dataset order), drops repeated rows for `distinct`,
    /// then applies the offset and the limit. A selected value Swift would trap on throws ``Trap``.
    /// A query measured by `count(...)` or `exists(...)` gives its one row; a query of whole
    /// objects gives each one's result columns.
    ///
    /// A StructuredQueries query has SQL's meaning, as SQLite answers it: its joins (inner, left,
    /// right, full), its conditions (NULL holds for no row), its aggregates and values (see
    /// `sqlAggregate` and `sqlValueOperation`), and rows grouped, made distinct and combined by
    /// SQL's equality (texts by their bytes, `1` equal to `1.0`).
    public func select(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value] = [:]) throws -> SelectionResult {
        if !query.commonTables.isEmpty {
            let (main, extended) = try withCommonTables(query, in: dataset, parameters: parameters)
            return try select(main, in: extended, parameters: parameters)
        }
        var dataset = dataset
        if query.model.name == CheckedCommonTable.rowOfValues.name, dataset.tables[query.model.name] == nil {
            // `Count(value: 1)`: the values are selected from one row of no column.
            dataset = try dataset.adding(CheckedCommonTable.rowOfValues, rows: [[]])
        }
        if query.measure != nil { return try measured(query, in: dataset, parameters: parameters) }
        guard let selection = query.selection else { return try wholeRows(query, in: dataset, parameters: parameters) }
        let sqlMeaning = query.form == .structuredQueries
        let checkedParameters = try Self.checkParameters(query, parameters, schema: dataset.schema)
        guard dataset.tables[query.model.name] != nil else { throw EvaluationError.unknownModel(query.model.name) }
        let evaluator = ExpressionEvaluator(
            dataset: dataset, tree: query.tree, parameters: checkedParameters, variableCount: query.variables.count)
        evaluator.groupRoot = query.root
        evaluator.sqlMeaning = sqlMeaning
        evaluator.rowAliases = selection.outerRowAliases
        typealias Row = JoinedRow
        let candidates = try joinedRows(query, selection, in: dataset, evaluator: evaluator)
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
            } else if sqlMeaning {
                // SQL's groups: NULLs together, texts by their bytes (under a written collation).
                let collations = selection.grouping.map { evaluator.explicitCollation($0) }
                groups = try Self.grouped(matching) { row in
                    evaluator.bind(row)
                    return SQLValueKey.row(try selection.grouping.map { try evaluator.evaluate($0) }, collations: collations)
                }
            } else {
                groups = try Self.grouped(matching) { row in
                    evaluator.bind(row)
                    return try selection.grouping.map { try Self.unwrapped(evaluator.evaluate($0)) }
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
            if let condition = selection.groupFilter, try !evaluator.holds(condition) { continue }
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
        var ties = Self.tieRuns(ordered.map(\.element.keys)) { a, b in
            zip(ownSort.indices, ownSort).allSatisfy { sorter.compare(a[$0.0], b[$0.0], key: $0.1) == 0 }
        }
        if combinesRows {
            result = try combinedRows(result, selection.setOperations, sqlMeaning: sqlMeaning, in: dataset, parameters: parameters)
            let columns = selection.combinedSortColumns
            if !query.sort.isEmpty {
                // Sorted by their columns; equal rows keep their order.
                result = result.enumerated().sorted { left, right in
                    for (position, key) in query.sort.enumerated() {
                        let column = columns[position]
                        let order = sorter.compare(left.element[column], right.element[column], key: key)
                        if order != 0 { return order < 0 }
                    }
                    return left.offset < right.offset
                }.map(\.element)
            }
            ties = Self.tieRuns(result) { a, b in
                zip(columns, query.sort).allSatisfy { sorter.compare(a[$0.0], b[$0.0], key: $0.1) == 0 }
            }
        }
        if selection.isDistinct {
            var kept: [Bool]
            if sqlMeaning {
                // SQL's `DISTINCT`: texts by their bytes, under a column's written collation.
                let collations = selection.columns.map { evaluator.explicitCollation($0.value) }
                var seen: Set<[SQLValueKey]> = []
                kept = result.map { seen.insert(SQLValueKey.row($0, collations: collations)).inserted }
            } else {
                var seen: Set<[Value]> = []
                kept = result.map { seen.insert($0).inserted }
            }
            result = zip(result, kept).filter(\.1).map(\.0)
            ties = zip(ties, kept).filter(\.1).map(\.0)
        }
        let offset = try query.offset.map { try count($0, "offset", evaluator) } ?? 0
        result = Array(result.dropFirst(offset))
        ties = Array(ties.dropFirst(offset))
        if let limit = try query.limit.map({ try count($0, "limit", evaluator) }) {
            result = Array(result.prefix(limit))
            ties = Array(ties.prefix(limit))
        }
        return SelectionResult(columnNames: selection.columns.map(\.name), rows: result, tieRuns: ties)
    }

    /// The rows of a query that returns whole objects: each object's result columns, in order.
    func wholeRows(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value]) throws -> SelectionResult {
        let objects = try evaluate(query, in: dataset, parameters: parameters)
        let columns = query.model.resultColumns
        let rows = objects.map { object in
            let attributes = dataset.storedObject(object).attributes
            return columns.map { Self.unwrapped(attributes[$0.name] ?? .null) }
        }
        let evaluator = ExpressionEvaluator(
            dataset: dataset, tree: query.tree, parameters: try Self.checkParameters(query, parameters, schema: dataset.schema),
            variableCount: query.variables.count)
        evaluator.sqlMeaning = query.form == .structuredQueries
        let sorter = RowSorter(keys: query.sort, dataset: dataset, tieBreak: tieBreak, evaluator: evaluator, root: query.root)
        let keys = try objects.map { object in try query.sort.map { try sorter.value(of: $0, for: object) } }
        let ties = Self.tieRuns(keys) { a, b in
            query.sort.indices.allSatisfy { sorter.compare(a[$0], b[$0], key: query.sort[$0]) == 0 }
        }
        return SelectionResult(columnNames: columns.map(\.name), rows: rows, tieRuns: ties)
    }

    /// Rows in groups of equal keys, each group where its first row is.
    static func grouped<Key: Hashable>(_ rows: [JoinedRow], by key: (JoinedRow) throws -> Key) throws -> [[JoinedRow]] {
        var groups: [[JoinedRow]] = []
        var index: [Key: Int] = [:]
        for row in rows {
            let key = try key(row)
            if let position = index[key] {
                groups[position].append(row)
            } else {
                index[key] = groups.count
                groups.append([row])
            }
        }
        return groups
    }

    /// For each of the elements in order, the position of the first of its run of neighbours
    /// that `same` calls equal.
    static func tieRuns<Element>(_ elements: [Element], same: (Element, Element) -> Bool) -> [Int] {
        var runs: [Int] = []
        runs.reserveCapacity(elements.count)
        for index in elements.indices {
            runs.append(index > 0 && same(elements[index - 1], elements[index]) ? runs[index - 1] : index)
        }
        return runs
    }

    /// A value without its `Optional` wrappers (nil stays nil).
    static func unwrapped(_ value: Value) -> Value {
        var value = value
        while case .some(let inner) = value { value = inner }
        return value
    }
}
