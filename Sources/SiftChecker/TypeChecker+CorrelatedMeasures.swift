import SiftSchema
import SiftSyntax

extension TypeChecker {
    /// A selected `count(query)` or `exists(query)` in a query that names its row
    /// (`RemindersList as list select title, open: count(Reminder where remindersListID == list.id &&
    /// !isCompleted)`): the counted query's condition reads that row, and the rows joined to it,
    /// by their names. Its value is the number of the model's objects the condition accepts for
    /// each selecting row (or whether there is one): `every object of the model, filtered`,
    /// counted, a value of this query's tree like `interests.filter { … }.count`.
    ///
    /// The counted query only filters: a `select`, `group by`, `join`, sort, limit or set
    /// operation is reported (checked apart, as an uncorrelated query's, it could not read the row).
    mutating func checkCorrelatedMeasure(_ subquery: Query, rowName: Identifier?, at range: SourceRange) -> TypedExpr? {
        guard let measure = subquery.measure, let modelName = subquery.namedModel?.name else { return nil }
        guard let model = lookupModel(modelName) else { return nil }
        if let rowName, model.member(named: rowName.name) != nil {
            error(
                .invalidClause,
                "'\(rowName.name)' names the selecting row, and hides the member '\(rowName.name)' of '\(model.name)' in the counted query; name the row otherwise, as in '\(implicitModel?.name ?? "Model") as row'",
                at: rowName.range, notes: [.init("the counted query reads it here", at: subquery.range)])
            return nil
        }
        let outerSelf = implicitSelf
        let outerModel = implicitModel
        let outerPlace = aggregatePlace
        defer {
            implicitSelf = outerSelf
            implicitModel = outerModel
            aggregatePlace = outerPlace
        }
        let element = declare("self", type: model.type, origin: .element, at: modelName.range)
        // `count(Reminder as r where …)`: its own row's name, for the queries it counts in turn.
        if let name = subquery.rowName { scopes.append((name.name, element)) }
        defer { if subquery.rowName != nil { scopes.removeLast() } }
        implicitSelf = element
        implicitModel = model
        // The counted query's condition tests one of its rows: an aggregate there has no meaning.
        aggregatePlace = .filter
        var predicate: TypedExpr?
        if case .implicit(let condition) = subquery.filter {
            predicate = checkPredicateBody(condition)
            if predicate!.type.isError { return nil }
        }
        let rows = make(.objects(model: model.name), .array(model.type), at: modelName.range)
        switch measure {
        case .count:
            let filtered = predicate.map { make(.filter(sequence: rows, variable: element, predicate: $0), .array(model.type), at: subquery.range) } ?? rows
            return make(.count(filtered), .int, at: range)
        case .exists:
            // `contains { condition }` of the objects: `EXISTS (SELECT 1 ... WHERE condition)`.
            let condition = predicate ?? make(.constant(.bool(true)), .bool, at: subquery.range)
            return make(.any(sequence: rows, variable: element, predicate: condition), .bool, at: range)
        }
    }

    /// Whether a counted query is one that can read the selecting row: a concise query that only
    /// filters its model's objects (and may name its own row for the queries it counts in turn).
    static func readsRowsAround(_ subquery: Query) -> Bool {
        guard subquery.form == .concise, subquery.projection == nil, subquery.sort.isEmpty, subquery.limit == nil, subquery.offset == nil,
            subquery.commonTables.isEmpty
        else { return false }
        switch subquery.filter {
        case .implicit?, nil: return true
        default: return false
        }
    }

    /// `count(Reminder where remindersListID == list.id) > 2`, `exists(...)` inside an expression
    /// of the concise form (a condition, a computed column, a sort key): a value of this query's
    /// tree, computed per row, of a query that only filters.
    mutating func checkMeasuredValue(_ query: Query, at range: SourceRange) -> TypedExpr {
        let written = query.measure?.rawValue ?? "count"
        guard queryForm == .concise else {
            error(
                .unsupportedConstruct,
                "'\(written)(…)' of a query is the concise form's spelling; in a closure, test a relationship's objects instead, as in '$0.reminders.contains { … }' or '$0.reminders.filter { … }.count'",
                at: range)
            return make(.error, .error, at: range)
        }
        guard Self.readsRowsAround(query) else {
            error(
                .unsupportedConstruct,
                "'\(written)(…)' inside an expression is of a query that only filters, as in '\(written)(Reminder where isCompleted)'; a query that selects, groups, joins, sorts or limits is counted as a column of its own ('n: \(written)(…)')",
                at: range)
            return make(.error, .error, at: range)
        }
        return checkCorrelatedMeasure(query, rowName: rowName, at: range) ?? make(.error, .error, at: range)
    }

    /// A name of a row of the selecting query, read by a counted query checked on its own (which
    /// cannot read it): an error saying what can.
    mutating func reportOuterRowName(_ name: Identifier) {
        error(
            .unsupportedConstruct,
            "'\(name.name)' is a row of the selecting query; a counted query reads it when the selecting query names its row ('Model as row select …') and the counted query only filters, as in 'count(Reminder where remindersListID == row.id)'",
            at: name.range)
    }
}
