import SiftSchema
import SiftSyntax

/// Where an aggregate call stands while it is checked.
enum AggregatePlace {
    /// In a filter, which tests one row at a time: an aggregate has no meaning there.
    case filter
    /// In a selection, a condition on groups or a sort key of a query that selects.
    case selection
    /// Inside the argument of another aggregate.
    case insideAggregate
    /// Inside `map` of a per-row aggregate (`users.map { … }.max()`), evaluated per related object.
    case mappedValue
}

extension TypeChecker {
    // MARK: Selections

    /// Checks `select`, `group by` and `having`: each value, and that a grouped query reads only
    /// grouped values and aggregates.
    mutating func checkProjection(_ projection: Projection, model: Model, root: VariableID) -> CheckedSelection {
        let outer = aggregatePlace
        aggregatePlace = .selection
        defer { aggregatePlace = outer }
        var grouping: [TypedExpr] = []
        for key in projection.grouping {
            aggregatePlace = .filter
            let typed = check(key, expected: nil)
            aggregatePlace = .selection
            if typed.type.isError { continue }
            guard groupPath(typed, root: root, bound: joinPaths) != nil else {
                error(
                    .invalidGroupKey, "rows can be grouped only by an attribute or a to-one relationship of '\(model.name)', or a path of them such as 'company?.name'",
                    at: key.range)
                continue
            }
            if case .array = typed.type.unwrapped.kind {
                error(.invalidGroupKey, "cannot group by a to-many relationship: a row has many values of it", at: key.range)
                continue
            }
            grouping.append(typed)
        }
        var columns: [SelectedColumn] = []
        var subqueries: [Int: CheckedQuery] = [:]
        for item in projection.items {
            if let subquery = item.subquery, let rowName, Self.readsRowsAround(subquery) {
                // It reads the selecting row: a value of this query's tree.
                guard let value = checkCorrelatedMeasure(subquery, rowName: rowName, at: item.value.range) else { continue }
                let name = item.label?.name ?? text(item.value.range)
                guard isNewColumnName(name, of: item, among: columns, labelling: name) else { continue }
                columns.append(SelectedColumn(name: name, value: value))
                continue
            }
            if let subquery = item.subquery {
                if let (column, checked) = checkSubqueryColumn(item, subquery, after: columns) {
                    subqueries[columns.count] = checked
                    columns.append(column)
                }
                continue
            }
            let typed = check(item.value, expected: nil)
            if typed.type.isError { continue }
            guard checkSelectable(typed, at: item.value.range) else { continue }
            let name = item.label?.name ?? text(item.value.range)
            guard isNewColumnName(name, of: item, among: columns, labelling: item.label == nil ? name : text(item.value.range)) else { continue }
            columns.append(SelectedColumn(name: name, value: typed))
        }
        if projection.items.isEmpty {
            // `group by` alone: the keys are the columns (a relationship key by its attributes' first).
            for (index, key) in grouping.enumerated() where checkSelectable(key, at: projection.grouping[index].range) {
                columns.append(SelectedColumn(name: text(projection.grouping[index].range), value: key))
            }
        }
        var groupFilter: TypedExpr?
        if let condition = projection.groupFilter {
            groupFilter = checkBoolean(condition, context: "the condition of 'having'")
        }
        let isGrouped = !grouping.isEmpty || projection.groupFilter != nil || columns.contains { containsAggregate($0.value) }
        if isGrouped {
            let keys = grouping.compactMap { groupPath($0, root: root, bound: joinPaths) }
            for column in columns { requireGrouped(column.value, keys: keys, root: root, bound: joinPaths) }
            if let groupFilter { requireGrouped(groupFilter, keys: keys, root: root, bound: joinPaths) }
        }
        if columns.isEmpty, !projection.joins.isEmpty {
            error(.invalidClause, "a query that joins must say what it selects, such as 'select name, \(projection.joins[0].alias?.name ?? "other").name'", at: projection.joins[0].range)
        }
        var selection = CheckedSelection(
            columns: columns, isDistinct: projection.isDistinct, grouping: grouping, groupFilter: groupFilter, isGrouped: isGrouped)
        selection.joins = checkedJoins
        selection.subqueries = subqueries
        return selection
    }

    /// A result column holds one value of a type a row can hold: not an object or a sequence.
    mutating func checkSelectable(_ typed: TypedExpr, at range: SourceRange) -> Bool {
        switch typed.type.unwrapped.kind {
        case .model(let name):
            let attribute = model(named: name).flatMap { sortableAttribute(of: $0) } ?? "name"
            error(
                .typeMismatch,
                "a column cannot hold a whole '\(typed.type.unwrapped)'; select its attributes, such as '\(text(range))\(typed.type.isOptional ? "?" : "").\(attribute)'",
                at: range)
            return false
        case .array, .range:
            error(.typeMismatch, "a column cannot hold a sequence ('\(typed.type)'); select its 'count', or aggregate it", at: range)
            return false
        case .comparisonResult, .nilLiteral:
            error(.typeMismatch, "a column cannot hold a value of type '\(typed.type)'", at: range)
            return false
        default:
            return true
        }
    }

    /// A sort key of a query that selects: a column's name or text (`sort by total desc`), a value
    /// (`sort by count() desc`), or a key path of the row.
    mutating func checkSelectionSortKey(_ key: SortKey, selection: CheckedSelection, model: Model, root: VariableID) -> CheckedSortKey? {
        if let expression = key.expression {
            let outer = aggregatePlace
            aggregatePlace = .selection
            defer { aggregatePlace = outer }
            let typed = check(expression, expected: nil)
            if typed.type.isError { return nil }
            guard typed.type.unwrapped.isComparable else {
                error(.unsortable, "cannot sort by a value of type '\(typed.type)': it is not Comparable", at: expression.range)
                return nil
            }
            if selection.isGrouped {
                requireGrouped(typed, keys: selection.grouping.compactMap { groupPath($0, root: root, bound: joinPaths) }, root: root, bound: joinPaths)
            }
            return CheckedSortKey(path: [], value: .computed(typed), order: key.order, comparator: nil, range: key.range)
        }
        let written = text(key.keyPath.range)
        if key.keyPath.root == nil, let index = selection.columns.firstIndex(where: { $0.name == written }), selection.subqueries[index] != nil {
            error(.unsortable, "'\(written)' is one value for every row; sorting by it changes nothing", at: key.keyPath.range)
            return nil
        }
        if key.keyPath.root == nil, let column = selection.columns.first(where: { $0.name == written }) {
            guard column.type.unwrapped.isComparable else {
                error(.unsortable, "cannot sort by '\(written)': '\(column.type)' is not Comparable", at: key.keyPath.range)
                return nil
            }
            return CheckedSortKey(path: [], value: .computed(column.value), order: key.order, comparator: nil, range: key.range)
        }
        guard let checked = checkSortKey(key, model: model, root: root) else { return nil }
        if selection.isGrouped || selection.isDistinct {
            let path = checked.path.map(\.name) + (checked.attribute.map { [$0.name] } ?? [])
            let keys = selection.grouping.compactMap { groupPath($0, root: root, bound: joinPaths) }
            let covered =
                selection.isGrouped
                ? keys.contains { path.starts(with: $0) } : selection.columns.contains { groupPath($0.value, root: root, bound: joinPaths) == path }
            if !covered {
                error(
                    .ungroupedValue,
                    selection.isGrouped
                        ? "cannot sort the groups by '\(written)': it is neither a grouping key nor an aggregate; group by it, or sort by an aggregate of it such as 'max(\(written))'"
                        : "cannot sort distinct rows by '\(written)', which is not selected; select it too",
                    at: key.keyPath.range)
                return nil
            }
        }
        return checked
    }

    // MARK: Joins

    /// Declares each joined row's variable in turn (a join's condition may read the earlier ones)
    /// and checks where its rows come from.
    mutating func checkJoins(_ joins: [JoinClause], model: Model, root: VariableID) {
        for join in joins {
            let components = join.source.components
            guard let first = components.first else { continue }
            var base: TypedExpr?
            var baseModel = model
            var memberName = first.name
            if components.count == 2, let variable = resolveVariable(first.name.name), let joined = checkedJoins.first(where: { $0.variable == variable }) {
                // `interest.users`: a relationship of an earlier join.
                base = reference(variable, at: first.name.range)
                baseModel = joined.model
                memberName = components[1].name
                if joined.isOuter {
                    error(.invalidClause, "cannot join along '\(first.name.name)', which a 'left join' may leave nil; join it with 'join'", at: first.name.range)
                    continue
                }
            } else if components.count != 1 {
                error(.invalidClause, "join a relationship of the row ('join interests') or of an earlier join ('join interest.users'), or a model by name", at: join.source.range)
                continue
            }
            let targetModel: Model
            let source: CheckedJoin.Source
            if base == nil, baseModel.member(named: memberName.name) == nil, let named = schema.model(named: memberName.name) {
                guard join.condition != nil else {
                    error(
                        .invalidClause, "joining the model '\(named.name)' needs a condition, such as 'join \(named.name) as other on other.id != id'",
                        at: join.range)
                    // Declared all the same: its uses are not reported again.
                    let name = join.alias?.name ?? named.name.prefix(1).lowercased() + named.name.dropFirst()
                    scopes.append((name, declare(name, type: named.type, origin: .binding, at: join.source.range)))
                    continue
                }
                if !named.hasTable { reportMissingTable(named, at: join.source.range) }
                targetModel = named
                source = .model
            } else {
                guard case .relationship(let relationship)? = baseModel.member(named: memberName.name) else {
                    if baseModel.member(named: memberName.name) != nil {
                        error(.invalidClause, "'\(memberName.name)' is an attribute; join a relationship or a model", at: memberName.range)
                    } else {
                        reportUnknownMember(memberName, in: baseModel)
                    }
                    continue
                }
                guard let target = schema.model(named: relationship.target) else { continue }
                targetModel = target
                source = .relationship(base: base ?? reference(root, at: .point(join.source.range.start)), relationship)
            }
            let name = join.alias?.name ?? (source == .model ? targetModel.name.prefix(1).lowercased() + targetModel.name.dropFirst() : memberName.name)
            // The condition reads a candidate row, present even for an outer join.
            let candidate = declare(name, type: targetModel.type, origin: .binding, at: join.alias?.range ?? join.source.range)
            var condition: TypedExpr?
            if let written = join.condition {
                scopes.append((name, candidate))
                condition = checkBoolean(written, context: "the condition of 'join'")
                scopes.removeLast()
            }
            var variable = candidate
            if join.isOuter {
                variable = declare(name, type: .optional(targetModel.type), origin: .binding, at: join.alias?.range ?? join.source.range)
            }
            scopes.append((name, variable))
            joinPaths[variable] = ["$join", name]
            checkedJoins.append(
                CheckedJoin(
                    variable: variable, model: targetModel, isOuter: join.isOuter, source: source, condition: condition, conditionVariable: candidate))
        }
    }

    // MARK: Aggregates

    /// `count()`, `sum(score)`, `groupConcat(name, separator: ", ")`, ...
    mutating func checkAggregate(_ function: AggregateFunction, _ name: Identifier, _ call: Call, at range: SourceRange) -> TypedExpr {
        switch aggregatePlace {
        case .filter:
            checkArgumentsForErrors(call)
            error(
                .aggregateInFilter,
                "'\(name.name)(…)' combines the rows of a group, but a filter tests one row at a time; test groups with 'having', as in 'group by … having \(text(range)) > 1'",
                at: range)
            return make(.error, .error, at: range)
        case .insideAggregate:
            error(.nestedAggregate, "an aggregate cannot be nested inside another: '\(name.name)' is applied to the rows, not to aggregates", at: range)
            return make(.error, .error, at: range)
        case .mappedValue:
            checkArgumentsForErrors(call)
            error(
                .nestedAggregate,
                "'\(name.name)(…)' combines the query's rows, but 'map' computes one value per related object; aggregate the mapped values with 'max()', 'min()', 'sum()' or 'average()' after 'map'",
                at: range)
            return make(.error, .error, at: range)
        case .selection:
            break
        }
        aggregatePlace = .insideAggregate
        defer { aggregatePlace = .selection }
        var argument: TypedExpr?
        var isDistinct = false
        var condition: TypedExpr?
        var separator: TypedExpr?
        var sortKey: TypedExpr?
        var sortKeyRange: SourceRange?
        var isDescending = false
        var orderRange: SourceRange?
        for written in call.arguments {
            switch written.label?.name {
            case nil where argument == nil:
                argument = check(written.value, expected: nil)
            case "distinct"? where argument == nil:
                isDistinct = true
                argument = check(written.value, expected: nil)
            case "where"? where function == .count && condition == nil:
                condition = checkBoolean(written.value, context: "the condition of 'count(where:)'")
            case "separator"? where function == .groupConcat && separator == nil:
                separator = check(written.value, expected: .string)
                if !separator!.type.isError, separator!.type != .string {
                    error(.typeMismatch, "the separator must be a 'String', but this is '\(separator!.type)'", at: written.value.range)
                }
            case "sortedBy"? where function == .groupConcat && sortKey == nil:
                sortKey = check(written.value, expected: nil)
                sortKeyRange = written.value.range
            case "order"? where function == .groupConcat && orderRange == nil:
                orderRange = written.range
                guard case .implicitMember(let name) = tree[written.value], name.name == "forward" || name.name == "reverse" else {
                    error(.badArguments, "'order:' is '.forward' or '.reverse', as SortDescriptor's is", at: written.value.range)
                    return make(.error, .error, at: range)
                }
                isDescending = name.name == "reverse"
            default:
                error(.badArguments, Self.aggregateUsage(function), at: written.range)
                return make(.error, .error, at: range)
            }
        }
        if let orderRange, sortKey == nil {
            error(
                .badArguments, "'order:' reverses the order of 'sortedBy:'; say what the strings are sorted by, as in 'sortedBy: \(text(call.arguments.first?.value.range ?? range))'",
                at: orderRange)
            return make(.error, .error, at: range)
        }
        if let key = sortKey, let keyRange = sortKeyRange {
            if key.type.isError { return make(.error, .error, at: range) }
            var sortable = key.type.unwrapped.isComparable && key.type.unwrapped != .bool
            switch key.type.unwrapped.kind {
            case .enumeration, .model, .array, .range, .comparisonResult, .nilLiteral: sortable = false
            default: break
            }
            guard sortable else {
                error(.unsortable, "'groupConcat' cannot sort by a value of type '\(key.type)'; sort by a string, a number or a date", at: keyRange)
                return make(.error, .error, at: range)
            }
            if isDistinct, let value = call.arguments.first?.value, text(keyRange) != text(value.range) {
                error(
                    .badArguments, "distinct strings are sorted by themselves: each may come from several rows; write 'sortedBy: \(text(value.range))'",
                    at: keyRange, fixIts: [.init(replace: keyRange, with: text(value.range))])
                return make(.error, .error, at: range)
            }
        }
        if let typed = argument, typed.type.isError { return make(.error, .error, at: range) }
        if argument == nil, function != .count {
            error(.badArguments, Self.aggregateUsage(function), at: call.argumentListRange ?? range)
            return make(.error, .error, at: range)
        }
        if let typed = argument, argument != nil, !checkSelectable(typed, at: typed.range) { return make(.error, .error, at: range) }
        let element = argument?.type.unwrapped ?? .int
        let type: SiftType
        switch function {
        case .count:
            type = .int
        case .sum, .average:
            guard element.isNumeric else {
                error(.typeMismatch, "'\(name.name)' adds numbers, but this value is '\(argument!.type)'", at: argument!.range)
                return make(.error, .error, at: range)
            }
            type = function == .sum ? element : .optional(.double)
        case .min, .max:
            var comparable = element.isComparable
            if case .enumeration = element.kind { comparable = false }
            guard comparable else {
                error(.notComparable, "'\(name.name)' needs Comparable values, but this value is '\(argument!.type)'", at: argument!.range)
                return make(.error, .error, at: range)
            }
            type = .optional(element)
        case .groupConcat:
            guard element.isString else {
                error(.typeMismatch, "'groupConcat' joins strings, but this value is '\(argument!.type)'; convert it, or use 'jsonGroupArray'", at: argument!.range)
                return make(.error, .error, at: range)
            }
            if isDistinct, separator != nil, sortKey == nil {
                error(
                    .badArguments, "'groupConcat(distinct:)' joins with ','; SQLite takes no separator with 'distinct' unless the strings are sorted: add 'sortedBy: \(text(argument!.range))'",
                    at: call.argumentListRange ?? range)
                return make(.error, .error, at: range)
            }
            type = .string
        case .jsonGroupArray:
            type = .string
        case .total:
            type = .double  // not a name the concise form reads (see `AggregateFunction.named`)
        }
        var aggregate = AggregateCall(function: function, argument: argument, isDistinct: isDistinct, condition: condition, separator: separator)
        aggregate.sortKey = sortKey
        aggregate.isDescending = isDescending
        return make(.aggregate(aggregate), type, at: range)
    }

    /// Whether a call of a free function `name` is an aggregate's (`min(a, b)` of two values is not).
    func isAggregateCall(_ name: String, _ call: Call) -> Bool {
        guard let function = AggregateFunction.named(name) else { return false }
        if function == .min || function == .max { return call.arguments.count == 1 }
        return true
    }

    static func aggregateUsage(_ function: AggregateFunction) -> String {
        switch function {
        case .count: "'count' takes no argument (the rows), a value ('count(nickname)': the rows where it is not nil), 'distinct:' or 'where:'"
        case .sum, .average, .min, .max: "'\(function.rawValue)' takes one value, as in '\(function.rawValue)(score)', or 'distinct:' one"
        case .groupConcat:
            "'groupConcat' takes a string (or 'distinct:' one), and optionally 'separator:', 'sortedBy:' and 'order:', as in 'groupConcat(name, separator: \", \", sortedBy: name, order: .reverse)'"
        case .jsonGroupArray: "'jsonGroupArray' takes one value, as in 'jsonGroupArray(name)'"
        case .total: "'total' takes one number, as in 'total(score)'"
        }
    }

    // MARK: Grouped values

    /// Whether `expr` contains an aggregate call.
    func containsAggregate(_ expr: TypedExpr) -> Bool {
        if case .aggregate = typedTree[expr] { return true }
        var found = false
        TypedTreeDepth.forEachChild(of: typedTree[expr]) { child in if !found, containsAggregate(child) { found = true } }
        return found
    }

    /// The names from the root row to the value, when `expr` is an attribute or a to-one path of
    /// the root (through optional chains): `["company", "name"]`; nil otherwise.
    func groupPath(_ expr: TypedExpr, root: VariableID, bound: [VariableID: [String]] = [:]) -> [String]? {
        switch typedTree[expr] {
        case .variable(let id):
            if id == root { return [] }
            return bound[id]
        case .attribute(let base, let attribute):
            return groupPath(base, root: root, bound: bound).map { $0 + [attribute.name] }
        case .toOne(let base, let relationship):
            return groupPath(base, root: root, bound: bound).map { $0 + [relationship.name] }
        case .injectOptional(let inner):
            return groupPath(inner, root: root, bound: bound)
        case .optionalMap(let source, let variable, let body):
            guard let sourcePath = groupPath(source, root: root, bound: bound) else { return nil }
            var inner = bound
            inner[variable] = sourcePath
            return groupPath(body, root: root, bound: inner)
        default:
            return nil
        }
    }

    /// Reports each part of `expr` that reads the row but is neither a grouping key, a value a key
    /// determines (`remindersList.title` when grouped by `remindersList`), nor inside an aggregate.
    mutating func requireGrouped(_ expr: TypedExpr, keys: [[String]], root: VariableID, bound: [VariableID: [String]] = [:]) {
        let kind = typedTree[expr]
        if case .aggregate = kind { return }
        // Reported apart: SQLite evaluates them in no grouped query (``reportFullTextFunctionsInGroups(_:)``).
        if case .sql(.highlight, _) = kind { return }
        if case .sql(.snippet, _) = kind { return }
        if let path = groupPath(expr, root: root, bound: bound) {
            if keys.contains(where: { path.starts(with: $0) }) { return }
            let written = text(expr.range)
            error(
                .ungroupedValue,
                keys.isEmpty
                    ? "'\(written)' has a value per row, but this query combines all the rows into one; aggregate it, as in 'max(\(written))', or group by it"
                    : "'\(written)' is neither grouped nor aggregated: a group holds many rows, each with its own value; group by it too, or aggregate it, as in 'max(\(written))'",
                at: expr.range)
            return
        }
        switch kind {
        case .rowAggregate(let aggregate):
            // Determined by the group only when its relationship starts from a grouping key.
            var sequence = aggregate.sequence
            while case .filter(let inner, _, _) = typedTree[sequence] { sequence = inner }
            if case .toMany(let base, _) = typedTree[sequence], let path = groupPath(base, root: root, bound: bound), !path.isEmpty,
                keys.contains(where: { path.starts(with: $0) })
            {
                return
            }
            let written = text(expr.range)
            error(
                .ungroupedValue,
                "'\(written)' has a value per row, but a group holds many rows; aggregate it, as in 'max(\(written))', or group by the relationship's owner",
                at: expr.range)
        case .variable(let id) where id == root || bound[id] != nil:
            error(.ungroupedValue, "'\(text(expr.range))' is a row of the group, which holds many; aggregate it, or group by it", at: expr.range)
        case .optionalMap(let source, let variable, let body):
            if let sourcePath = groupPath(source, root: root, bound: bound) {
                var inner = bound
                inner[variable] = sourcePath
                requireGrouped(body, keys: keys, root: root, bound: inner)
            } else {
                requireGrouped(source, keys: keys, root: root, bound: bound)
                requireGrouped(body, keys: keys, root: root, bound: bound)
            }
        default:
            TypedTreeDepth.forEachChild(of: kind) { child in requireGrouped(child, keys: keys, root: root, bound: bound) }
        }
    }
}
