import SiftSchema
import SiftSyntax

/// StructuredQueries' builder beyond whole rows: `.select`, `.distinct()`, the joins, `.group`,
/// `.having` and the aggregates, checked into the same ``CheckedSelection`` the concise `select`
/// makes, with SQL's meaning (each value a ``TypedExprKind/sql(_:_:)`` node or an aggregate whose
/// result is SQL's: `sum` of no rows is nil, strings compare by their bytes).
///
/// A closure reads the rows of the tables joined before its clause: `$0` the query's table, `$1`
/// the first joined, and so on. A left join makes its row optional (`$1.title` is `String?`); a
/// right join makes the rows before it optional; a full join both.
extension TypeChecker {
    /// A builder query that selects, joins or groups.
    mutating func checkBuilderSelection(_ query: Query, clauses: BuilderClauses, model: Model) -> CheckedQuery {
        let root = declare("$0", type: model.type, origin: .root, at: query.range)
        var rows: [VariableID] = [root]
        var models: [Model] = [model]
        var joins: [CheckedJoin] = []
        var conditions: [TypedExpr] = []
        var aliases: [VariableID: VariableID] = [:]
        let outerPlace = aggregatePlace
        defer { aggregatePlace = outerPlace }
        aggregatePlace = .filter
        for join in clauses.joins {
            guard let target = lookupModel(join.model) else { return failedBuilderSelection(query, model: model, root: root) }
            let candidate = declare("$\(rows.count)", type: target.type, origin: .binding, at: join.model.range)
            for filter in join.filters {
                switch filter {
                case .closure(let closure):
                    conditions.append(withBuilderRows(closure, rows: [candidate]) { checker in checker.checkSQLCondition(closure.body) })
                case .keyPath(let keyPath):
                    conditions.append(checkFilterKeyPath(keyPath, model: target, root: candidate))
                }
            }
            var condition: TypedExpr?
            if let closure = join.condition {
                builderClause = "the condition of '\(join.kind.rawValue)'"
                condition = withBuilderRows(closure, rows: rows + [candidate]) { checker in checker.checkSQLCondition(closure.body) }
                builderClause = nil
            }
            let keepsRowsBefore = join.kind == .left || join.kind == .full
            let keepsJoinedRows = join.kind == .right || join.kind == .full
            if keepsJoinedRows {
                // The rows before may now be missing: each is read through an optional of its own.
                for index in rows.indices where !variables[rows[index].index].type.isOptional {
                    let original = rows[index]
                    let optional = declare(variables[original.index].name, type: .optional(models[index].type), origin: .binding, at: join.methodRange)
                    aliases[optional] = aliases[original] ?? original
                    rows[index] = optional
                }
            }
            var variable = candidate
            if keepsRowsBefore {
                variable = declare("$\(rows.count)", type: .optional(target.type), origin: .binding, at: join.model.range)
            }
            var checked = CheckedJoin(
                variable: variable, model: target, isOuter: keepsRowsBefore, source: .model, condition: condition, conditionVariable: candidate)
            checked.isRightOuter = keepsJoinedRows
            joins.append(checked)
            rows.append(variable)
            models.append(target)
        }
        // Which rows a clause reads: those of the tables joined before it.
        func rowsBefore(filter index: Int) -> [VariableID] {
            Array(rows.prefix(1 + clauses.joins.count(where: { $0.filtersBefore <= index })))
        }
        func rowsBefore(ordering index: Int) -> [VariableID] {
            Array(rows.prefix(1 + clauses.joins.count(where: { $0.orderingsBefore <= index })))
        }
        for (index, filter) in clauses.filters.enumerated() {
            switch filter {
            case .closure(let closure):
                conditions.append(withBuilderRows(closure, rows: rowsBefore(filter: index)) { checker in checker.checkSQLCondition(closure.body) })
            case .keyPath(let keyPath):
                conditions.append(checkFilterKeyPath(keyPath, model: model, root: root))
            }
        }
        if let find = clauses.find { conditions.append(checkFind(find, model: model, root: root)) }
        let filter = builderFilter(conditions)

        // Grouping keys: values of one row each.
        var grouping: [TypedExpr] = []
        builderClause = "'group'"
        for written in clauses.groupings {
            switch written.clause {
            case .keyPath(let keyPath):
                if let value = columnOfKeyPath(keyPath, model: model, root: root, what: "'group(by:)'") { grouping.append(value) }
            case .closure(let closure):
                withBuilderRows(closure, rows: Array(rows.prefix(written.tables))) { checker in
                    for element in checker.tupleElements(closure.body) {
                        let key = checker.checkSQL(element)
                        if key.type.isError { continue }
                        if case .model = key.type.unwrapped.kind {
                            checker.error(
                                .invalidGroupKey, "'\(checker.text(element.range))' is a whole row; group by one of its columns, such as its primary key",
                                at: element.range)
                            continue
                        }
                        grouping.append(key)
                    }
                }
            }
        }
        builderClause = nil

        // The columns, then the conditions on groups: aggregates have a meaning there.
        aggregatePlace = .selection
        var columns: [SelectedColumn] = []
        for written in clauses.selections {
            // A joined query's `select` reads its own row alone.
            let scope = written.joinedRow.map { [rows[$0]] } ?? Array(rows.prefix(written.tables))
            switch written.clause {
            case .keyPath(let keyPath):
                if let joined = written.joinedRow {
                    if let value = columnOfJoinedKeyPath(keyPath, model: models[joined], row: rows[joined]) {
                        appendColumn(named: keyPath.components.map(\.name.name).joined(separator: "."), value: value, to: &columns)
                    }
                } else if appendEnumColumns(keyPath, model: model, root: root, to: &columns) {
                    // `\.kind`, `\.kind.image`: the columns of the enum, or of the case.
                } else if let value = columnOfKeyPath(keyPath, model: model, root: root, what: "'select'") {
                    appendColumn(named: keyPath.components.map(\.name.name).joined(separator: "."), value: value, to: &columns)
                }
            case .closure(let closure):
                if model.name == BuilderClauses.rowOfValuesModel, let (type, call) = rowOfValues(closure.body) {
                    // `Count(value: 1)`: the values, named by their labels.
                    checkBuilderColumnsCall(type, call, at: closure.body.range, into: &columns)
                    continue
                }
                var closureColumns = written.joinedRow == nil ? columns : []
                withBuilderRows(closure, rows: scope) { checker in
                    for element in checker.tupleElements(closure.body) {
                        checker.checkBuilderColumn(element, tables: rows.count, into: &closureColumns)
                    }
                }
                guard let joined = written.joinedRow else {
                    columns = closureColumns
                    continue
                }
                // The joined query's `$0` is the whole query's `$1` (or later): named so.
                for column in closureColumns {
                    let name = column.name.hasPrefix("$0") ? "$\(joined)" + column.name.dropFirst(2) : column.name
                    appendColumn(named: name, value: column.value, to: &columns)
                }
            }
        }
        checkDeclaredArity(clauses, tables: rows.count)
        if clauses.selections.isEmpty {
            // StructuredQueries selects every column of every table.
            for (index, row) in rows.enumerated() {
                let reference = reference(row, at: query.range)
                appendRowColumns(reference, model: models[index], prefix: rows.count == 1 ? nil : "$\(index)", to: &columns)
            }
        }
        var havings: [TypedExpr] = []
        for written in clauses.havings {
            switch written.clause {
            case .closure(let closure):
                havings.append(withBuilderRows(closure, rows: Array(rows.prefix(written.tables))) { checker in checker.checkSQLCondition(closure.body) })
            case .keyPath(let keyPath):
                havings.append(checkFilterKeyPath(keyPath, model: model, root: root))
            }
        }
        let groupFilter = havings.isEmpty ? nil : havings.count == 1 ? havings[0] : make(.sql(.logical(.and), havings), sqlResultType(havings), at: havings[0].range.union(havings[havings.count - 1].range))
        let isGrouped = !grouping.isEmpty || columns.contains { containsAggregate($0.value) } || havings.contains { containsAggregate($0) }
        if let first = clauses.havings.first, !isGrouped {
            error(
                .invalidClause, "'having' tests groups, but this query has none: group its rows, as in '.group(by: \\.id)', or test the rows with 'where'",
                at: Self.range(of: first.clause), fixIts: [])
        }

        // Orderings: values of a row, or of a group when the query groups.
        aggregatePlace = isGrouped ? .selection : .filter
        builderClause = "'order'"
        var sort: [CheckedSortKey] = []
        for (index, ordering) in clauses.orderings.enumerated() {
            switch ordering {
            case .keyPath(let keyPath):
                if let key = checkOrderingKeyPath(keyPath, model: model, root: root) { sort.append(key) }
            case .closure(let closure):
                withBuilderRows(closure, rows: rowsBefore(ordering: index)) { checker in checker.checkOrderingTerms(closure.body, into: &sort) }
            }
        }
        builderClause = nil
        aggregatePlace = .filter
        if isGrouped {
            for column in columns { warnUngrouped(column.value, grouping: grouping, models: models, rows: rows, aliases: aliases) }
        }
        let limit = query.limit.map { checkCount($0, what: "limit") }
        let offset = query.offset.map { checkCount($0, what: "offset") }
        var selection = CheckedSelection(columns: columns, isDistinct: clauses.isDistinct, grouping: grouping, groupFilter: groupFilter, isGrouped: isGrouped)
        selection.joins = joins
        selection.outerRowAliases = aliases
        var checked = CheckedQuery(
            model: model, root: root, tree: typedTree, filter: filter, sort: sort, limit: limit, offset: offset,
            variables: variables, parameters: parameters, form: query.form)
        checked.selection = selection
        return checked
    }

    /// `.join(RemindersList.select(\.title)) { ... }`: a column of the joined row, optional when an
    /// outer join may leave the row nil.
    mutating func columnOfJoinedKeyPath(_ keyPath: KeyPath, model joinedModel: Model, row: VariableID) -> TypedExpr? {
        guard keyPath.components.count == 1, let attribute = joinedModel.attribute(named: keyPath.components[0].name.name) else {
            if keyPath.components.count == 1 {
                error(.unknownMember, "'\(joinedModel.name)' has no column '\(keyPath.components[0].name.name)'", at: keyPath.range)
            } else {
                error(.unsupportedConstruct, "'select' takes a key path to a column, such as '\\.title'", at: keyPath.range)
            }
            return nil
        }
        let value = columnOfRow(reference(row, at: keyPath.range), named: attribute.name)
        return value.type.isError ? nil : value
    }

    /// `@FetchAll(Reminder.select { ($0.title, $0.priority) }) var rows: [(String, Priority?)]`: the
    /// declared row holds as many values as the query selects (a whole row counts as one).
    mutating func checkDeclaredArity(_ clauses: BuilderClauses, tables: Int) {
        guard let declared = clauses.declaredType else { return }
        var selected = 0
        for written in clauses.selections {
            switch written.clause {
            case .keyPath: selected += 1
            case .closure(let closure): selected += tupleElements(closure.body).count
            }
        }
        if clauses.selections.isEmpty { selected = tables }
        let holds = clauses.declaredArity ?? 1
        guard holds != selected else { return }
        let values = selected == 1 ? "one value" : "\(selected) values"
        error(
            .typeMismatch,
            "the query selects \(values) per row, but '\(text(declared))' holds \(holds == 1 ? "one" : String(holds)); declare a row of \(selected == 1 ? "one value" : "a tuple of \(selected)"), or select \(holds == 1 ? "one value" : "\(holds) values")",
            at: declared)
    }

    /// The query after an error that leaves nothing more to check (an unknown joined model, reported).
    mutating func failedBuilderSelection(_ query: Query, model: Model, root: VariableID) -> CheckedQuery {
        CheckedQuery(
            model: model, root: root, tree: typedTree, filter: nil, sort: [], limit: nil, offset: nil, variables: variables,
            parameters: parameters, form: query.form)
    }

    /// The conditions of the `where` clauses joined by `AND`; a row whose condition is NULL is not
    /// selected, as SQL's `WHERE` does.
    mutating func builderFilter(_ conditions: [TypedExpr]) -> TypedExpr? {
        var filter: TypedExpr?
        if conditions.count == 1 {
            filter = conditions[0]
        } else if conditions.count > 1 {
            let range = conditions[0].range.union(conditions[conditions.count - 1].range)
            filter = make(.sql(.logical(.and), conditions), sqlResultType(conditions), at: range)
        }
        if let condition = filter, condition.type.isOptional {
            let no = make(.constant(.bool(false)), .bool, at: condition.range)
            filter = make(.nilCoalescing(condition, no), .bool, at: condition.range)
        }
        if let filter { reportMisplacedFullTextMatches(in: filter) }
        return filter
    }

    /// Where a key path or closure is written.
    static func range(of values: BuilderValues) -> SourceRange {
        switch values {
        case .keyPath(let keyPath): keyPath.range
        case .closure(let closure): closure.range
        }
    }

    /// The elements of `(a, b)`, or the one expression.
    func tupleElements(_ expr: Expr) -> [Expr] {
        switch tree[expr] {
        case .tuple(let elements): elements
        default: [expr]
        }
    }

    /// Runs `body` with the closure's parameters (`$0`, `$1`, ... or their names) standing for `rows`.
    mutating func withBuilderRows<T>(_ closure: Closure, rows: [VariableID], _ body: (inout TypeChecker) -> T) -> T {
        let outerScope = anonymousScope
        let outerRows = builderRows
        anonymousScope = rows[0]
        builderRows = rows
        let scopeCount = scopes.count
        defer {
            anonymousScope = outerScope
            builderRows = outerRows
            scopes.removeSubrange(scopeCount...)
        }
        if let parameters = closure.parameters {
            if parameters.count != rows.count {
                let range = parameters.count > 1 ? parameters[0].name.range.union(parameters.last!.name.range) : closure.range
                let tables = rows.count == 1 ? "the row of one table" : "the rows of \(rows.count) tables (the query's and the \(rows.count - 1) joined before it)"
                error(
                    .closureArity, "this closure takes \(tables), but it names \(parameters.count) parameter\(parameters.count == 1 ? "" : "s")",
                    at: range)
            }
            for (parameter, row) in zip(parameters, rows) { scopes.append((parameter.name.name, row)) }
        }
        return body(&self)
    }

    /// One element of a `select`: a value, or a whole row (each of its columns).
    mutating func checkBuilderColumn(_ element: Expr, tables: Int, into columns: inout [SelectedColumn]) {
        if let (type, call) = builderColumnsCall(element) {
            checkBuilderColumnsCall(type, call, at: element.range, into: &columns)
            return
        }
        if appendEnumColumns(element, to: &columns) { return }
        let typed = checkSQL(element)
        if typed.type.isError { return }
        if case .model(let name) = typed.type.unwrapped.kind, let rowModel = model(named: name) {
            guard isBuilderRow(typed) else {
                reportRelationshipValue(element.range)
                return
            }
            appendRowColumns(typed, model: rowModel, prefix: tables == 1 ? nil : text(element.range), to: &columns)
            return
        }
        guard checkSelectable(typed, at: element.range) else { return }
        appendColumn(named: text(element.range), value: typed, to: &columns)
    }

    /// Whether `typed` is one of the rows a builder closure reads (`$0`, `$1`, a named parameter),
    /// not a relationship of one.
    func isBuilderRow(_ typed: TypedExpr) -> Bool {
        if case .variable(let id) = typedTree[typed] { return builderRows.contains(id) }
        return false
    }

    /// A relationship used as a value: StructuredQueries has columns and joined tables only.
    mutating func reportRelationshipValue(_ range: SourceRange) {
        error(
            .unsupportedConstruct,
            "'\(text(range))' is a relationship; StructuredQueries reads a column, such as its foreign key, or the row of a joined table",
            at: range)
    }

    /// Each column of a row (optional after an outer join), named `prefix.column` or `column`.
    mutating func appendRowColumns(_ row: TypedExpr, model rowModel: Model, prefix: String?, to columns: inout [SelectedColumn]) {
        for attribute in rowModel.attributes {
            let name = Identifier(attribute.name, at: row.range)
            let value: TypedExpr
            if row.type.isOptional {
                let bound = declare("\(prefix ?? "$0")?", type: row.type.unwrapped, origin: .binding, at: row.range)
                let body = member(of: reference(bound, at: row.range), name: name, baseRange: row.range, at: row.range)
                value = make(.optionalMap(source: row, variable: bound, body: body), body.type.isOptional ? body.type : .optional(body.type), at: row.range)
            } else {
                value = member(of: row, name: name, baseRange: row.range, at: row.range)
            }
            if value.type.isError { continue }
            appendColumn(named: prefix.map { "\($0).\(attribute.name)" } ?? attribute.name, value: value, to: &columns)
        }
    }

    /// Appends a column; a name already taken gets a number (`title_2`): StructuredQueries reads
    /// columns by position, and a result's columns are read by name.
    mutating func appendColumn(named name: String, value: TypedExpr, to columns: inout [SelectedColumn]) {
        var unique = name
        var number = 2
        while columns.contains(where: { $0.name == unique }) {
            unique = "\(name)_\(number)"
            number += 1
        }
        columns.append(SelectedColumn(name: unique, value: value))
    }

    // MARK: Members of an optional row

    /// The row variable `expr` names (`$1`, or a closure's parameter) when it is optional (after
    /// an outer join); nil otherwise.
    mutating func optionalBuilderRow(_ expr: Expr) -> VariableID? {
        guard !builderRows.isEmpty else { return nil }
        var variable: VariableID?
        switch tree[expr] {
        case .anonymousParameter(let index) where anonymousScope == builderRows[0] && index < builderRows.count:
            variable = builderRows[index]
        case .identifier(let name):
            variable = resolveVariable(name.name).flatMap { builderRows.contains($0) ? $0 : nil }
        default:
            break
        }
        guard let variable, variables[variable.index].type.isOptional else { return nil }
        if case .model = variables[variable.index].type.unwrapped.kind { return variable }
        return nil
    }

    /// `$1.title` of a row an outer join may leave nil: `String?`, nil when the row is.
    mutating func optionalRowMember(_ variable: VariableID, base: Expr, name: Identifier, at range: SourceRange) -> TypedExpr {
        let source = reference(variable, at: base.range)
        let bound = declare("\(text(base.range))?", type: variables[variable.index].type.unwrapped, origin: .binding, at: base.range)
        let body = member(of: reference(bound, at: base.range), name: name, baseRange: base.range, at: range)
        if body.type.isError { return body }
        if case .model = body.type.unwrapped.kind {
            error(.unsupportedConstruct, "'\(text(range))' is a relationship; StructuredQueries reads a column, such as its foreign key", at: range)
            return make(.error, .error, at: range)
        }
        return make(.optionalMap(source: source, variable: bound, body: body), body.type.isOptional ? body.type : .optional(body.type), at: range)
    }

    // MARK: Grouped values

    /// Warns of a column read from a row of the group that the grouping does not determine: SQLite
    /// takes it from one row of the group, which one it does not say. A column is determined when
    /// it is grouped, or its table's primary key is.
    mutating func warnUngrouped(
        _ expr: TypedExpr, grouping: [TypedExpr], models: [Model], rows: [VariableID], aliases: [VariableID: VariableID]
    ) {
        let tree = typedTree
        func table(_ variable: VariableID) -> VariableID { aliases[variable] ?? variable }
        func column(_ expr: TypedExpr) -> (VariableID, String)? {
            switch tree[expr] {
            case .attribute(let base, let attribute):
                if case .variable(let id) = tree[base] { return (id, attribute.name) }
                return nil
            case .optionalMap(let source, let bound, let body):
                guard case .variable(let id) = tree[source], case .attribute(let base, let attribute) = tree[body],
                    case .variable(let inner) = tree[base], inner == bound
                else { return nil }
                return (id, attribute.name)
            default:
                return nil
            }
        }
        var keys: [(VariableID, String)] = []
        for key in grouping { if let found = column(key) { keys.append((table(found.0), found.1)) } }
        func determined(_ variable: VariableID, _ name: String) -> Bool {
            let id = table(variable)
            if keys.contains(where: { $0.0 == id && $0.1 == name }) { return true }
            guard let position = rows.firstIndex(where: { table($0) == id }) else { return false }
            return models[position].primaryKey.allSatisfy { key in keys.contains { $0.0 == id && $0.1 == key } }
        }
        // A value written as a grouping key is (`.group { $0.priority.is(nil) }` then selected).
        let source = self.source
        let groupTexts = grouping.map { source.text(in: $0.range) }
        var undetermined: [TypedExpr] = []
        func visit(_ expr: TypedExpr) {
            if case .aggregate = tree[expr] { return }
            if groupTexts.contains(source.text(in: expr.range)) { return }
            if let (variable, name) = column(expr) {
                if !determined(variable, name) { undetermined.append(expr) }
                return
            }
            TypedTreeDepth.forEachChild(of: tree[expr]) { child in visit(child) }
        }
        visit(expr)
        var warned: [SourceRange] = []
        for value in undetermined where !warned.contains(value.range) {
            // Once per place: a row's `jsonObject()` reads each of its columns at the row.
            warned.append(value.range)
            let written = text(value.range)
            warning(
                .ungroupedValue,
                "'\(written)' is neither grouped nor aggregated: SQLite takes it from one row of each group, which one it does not say; group by it, or aggregate it, as in '\(written).max()'",
                at: value.range)
        }
    }
}
