import SiftChecker
import SiftSchema
import SiftSyntax

/// The SQL function the runtime registers that stops a statement with an error: a selected value
/// whose evaluation Swift would trap on (an overflow, a division by zero, nil unwrapped) fails the
/// query instead of showing NULL.
public let siftTrapFunctionName = "sift_trap"

/// What `sift_trap()` fails the statement with: the runtime and the loadable extension say the same.
public let siftTrapMessage =
    "the query computes a value on which Swift would trap (an integer overflow, a division by zero or nil unwrapped with '!')"

extension LoweringContext {
    /// A query that selects columns (``CheckedSelection``): `SELECT [DISTINCT] values FROM ...
    /// WHERE ... GROUP BY keys HAVING condition ORDER BY ... LIMIT ...`.
    ///
    /// A query whose rows combine with others' (`asOperand`, or with set operations) selects its
    /// strings in NFC and its dates as instants, so that rows are the same exactly when Swift's
    /// `==` says their values are. Such a query is not sorted or limited, unless it is a named
    /// sub-query's body that combines with no other (`keepsOrderAndLimit`): its order and limit
    /// decide which rows it gives.
    mutating func lowerSelectionQuery(
        _ selection: CheckedSelection, rootAlias: String, asOperand: Bool = false, keepsOrderAndLimit: Bool = false
    ) -> CompiledQuery {
        let combinesRows = asOperand || !selection.setOperations.isEmpty
        let root = query.model
        // StructuredQueries' selections have SQL's meaning: strings by their bytes, SQL's aggregates.
        let sqlMeaning = query.form == .structuredQueries
        // A row a right join may leave nil is read through an optional variable of its own: bound
        // to the row's alias as soon as the row is (a later join's condition may read it).
        func bindOuterRowAliases(_ context: inout LoweringContext) {
            for (alias, original) in selection.outerRowAliases {
                if let bound = context.variables[original] { context.variables[alias] = bound }
            }
        }
        bindOuterRowAliases(&self)
        var joins: [SQLFragment] = []
        for join in selection.joins {
            joins += lowerJoin(join)
            bindOuterRowAliases(&self)
        }
        var conjuncts = WhereTerms()
        if let filter = query.filter { conjuncts = lowerWhereClause(filter) }
        if let entities = root.entitySelection {
            // A sub-entity's rows share their table with other entities: its own first.
            conjuncts.prepend(entityCondition(entities, alias: rootAlias))
        }
        var columns: [SQLFragment] = []
        var attributes: [Attribute] = []
        for (index, column) in selection.columns.enumerated() {
            if let subquery = selection.subqueries[index] {
                columns.append(lowerSubqueryValue(subquery))
                attributes.append(resultAttribute(column, storage: nil))
                continue
            }
            var value = lowerValue(column.value)
            if column.type.unwrapped == .date, value.storage == nil || (!sqlMeaning && (value.column == nil || combinesRows)) {
                // A computed date: in seconds since 2001, as `Date` holds it.
                value = asInstant(value)
                value.storage = .dateReferenceSeconds
            }
            if selection.isDistinct || combinesRows, column.type.unwrapped == .string, !sqlMeaning {
                // Swift's `==` on strings is canonical equivalence: distinct in NFC.
                value.sql = canonicalText(
                    value, construct: "text compared by canonical equivalence ('select distinct', 'union', 'intersect', 'except')", at: column.value.range)
            } else if !writesInPlace, !selection.grouping.isEmpty, value.column != nil, column.type.unwrapped == .string, !sqlMeaning {
                // A string column of a group is one of its canonically equivalent texts: another
                // dialect than SQLite's selects only what it groups by, the NFC text.
                value.sql = canonicalText(value)
            }
            columns.append(guardedAgainstTraps(value, at: column.value.range))
            attributes.append(resultAttribute(column, storage: value.storage))
        }
        var groupKeys: [SQLFragment] = []
        for key in selection.grouping {
            let value = lowerValue(key)
            // Strings group as Swift's `==` compares them: by canonical equivalence.
            groupKeys.append(
                key.type.unwrapped == .string && !sqlMeaning
                    ? canonicalText(value, construct: "grouping text by canonical equivalence", at: key.range) : value.sql)
            // PostgreSQL selects only grouped columns and the columns of a table whose primary key
            // is grouped: a to-one key (its foreign key) also groups by its joined target's key,
            // which the foreign key determines (the groups stay the same).
            if dialect.selectsOnlyGroupedColumns, let target = joinedToOneKey(key), !groupKeys.contains(target) { groupKeys.append(target) }
        }
        var having: SQLFragment?
        if let condition = selection.groupFilter, sqlMeaning {
            having = lowerSQLClauseCondition(condition)
        } else if let condition = selection.groupFilter {
            // NULL only for a trap, which fails the query as Swift would.
            let lowered = lowerCondition(condition)
            if lowered.boolConstant != true { having = guardedAgainstTraps(lowered, at: condition.range) }
        }
        let ordersOwnRows = !combinesRows || (keepsOrderAndLimit && selection.setOperations.isEmpty)
        let tail = ordersOwnRows ? lowerSelectionOrderAndLimit(selection, rootAlias: rootAlias) : nil
        let level = rootLevel
        if let level, level.hasJoins, let filter = query.filter {
            makeRequiredJoinsInner(filter, rootAlias: rootAlias, level: level)
        }
        let ownTable = level.map { $0.readsOwnTable ? $0.ownTable : nil } ?? root.tableName
        let parts = SelectionParts(
            isDistinct: selection.isDistinct, columns: columns, names: attributes.map(\.name), ownTable: ownTable, level: level, joins: joins,
            conjuncts: conjuncts, groupKeys: groupKeys, having: having, tail: tail)
        let rendered = writesInPlace ? writeSelection(parts, in: SQLiteDialect()) : writeSelection(parts, in: dialect)
        let parameters = Self.typed(rendered.parameters, in: query)
        var compiled = CompiledQuery(
            sql: rendered.text, bindings: rendered.bindings, parameters: parameters, query: query, textFacts: textColumns,
            references: references)
        compiled.selectedColumns = attributes
        compiled.dialectDiagnostics = dialectDiagnostics()
        if portable { compiled.portabilityDiagnostics = portabilityDiagnostics(sql: compiled.sql) }
        if !selection.setOperations.isEmpty {
            combine(&compiled, with: selection.setOperations)
            appendCombinedOrderAndLimit(selection, to: &compiled)
        }
        compiled.indexBindingParameters()
        return compiled
    }

    /// The parts of a selecting `SELECT`, lowered, for ``writeSelection(_:in:)``.
    struct SelectionParts {
        var isDistinct: Bool
        var columns: [SQLFragment]
        var names: [String]
        var ownTable: String?
        var level: QueryLevel?
        var joins: [SQLFragment]
        var conjuncts: WhereTerms
        var groupKeys: [SQLFragment]
        var having: SQLFragment?
        var tail: SQLFragment?
    }

    /// The selecting `SELECT`, written by the renderer in `dialect`.
    private func writeSelection(_ parts: SelectionParts, in dialect: some SQLDialect) -> RenderedSQL {
        var sql = SQLRenderer(dialect: dialect, readable: options.readableLayout, capacity: 256, bindings: 4)
        if !writesInPlace {
            sql.parameterTypes = parameterTypes()
        }
        sql.append(sql: parts.isDistinct ? "SELECT DISTINCT " : "SELECT ")
        for (index, column) in parts.columns.enumerated() {
            if index > 0 { sql.append(sql: ", ") }
            sql.append(column)
            sql.append(sql: " AS ")
            sql.append(identifier: parts.names[index])
        }
        sql.appendNewline(indent: 0)
        sql.append(sql: "FROM ")
        if let ownTable = parts.ownTable { sql.append(identifier: ownTable) } else if let level = parts.level { sql.append(level.from) }
        for join in parts.joins {
            sql.appendNewline(indent: 0)
            sql.append(join)
        }
        if let level = parts.level {
            if let join = level.firstJoin { sql.appendJoin(join) }
            for join in level.otherJoins { sql.appendJoin(join) }
        }
        var terms: [SQLFragment] = parts.conjuncts.list ?? []
        if parts.conjuncts.list == nil, let first = parts.conjuncts.first {
            terms.append(first)
            if let rest = parts.conjuncts.rest { terms.append(rest) }
        }
        if !terms.isEmpty {
            sql.appendNewline(indent: 0)
            sql.append(sql: "WHERE ")
            for (index, term) in terms.enumerated() {
                if index > 0 {
                    sql.appendNewline(indent: 1)
                    sql.append(sql: "AND ")
                }
                sql.append(term)
            }
        }
        if !parts.groupKeys.isEmpty {
            sql.appendNewline(indent: 0)
            sql.append(sql: "GROUP BY ")
            for (index, key) in parts.groupKeys.enumerated() {
                if index > 0 { sql.append(sql: ", ") }
                sql.append(key)
            }
        }
        if let having = parts.having {
            sql.appendNewline(indent: 0)
            sql.append(sql: "HAVING ")
            sql.append(having)
        }
        if let tail = parts.tail { sql.append(tail) }
        return sql.rendered
    }

    /// `JOIN "table" AS "alias" ON ...` (`LEFT JOIN` for an outer join): through a join table, two
    /// joins. Binds the join's variable to the joined row.
    ///
    /// The to-one joins its condition reads are written before it (`company?.name` of the row), or
    /// inside it in parentheses when they start from the joined row (`JOIN ("users" AS "u" LEFT
    /// JOIN "companies" AS "c" ON ...) ON ...`): a condition reads only tables joined before it.
    mutating func lowerJoin(_ join: CheckedJoin) -> [SQLFragment] {
        let toOneJoinsBefore = rootLevel?.joinCount ?? 0
        let keyword: SQLFragment =
            switch (join.isOuter, join.isRightOuter) {
            case (true, true): SQLFragment("FULL JOIN ")
            case (false, true): SQLFragment("RIGHT JOIN ")
            case (true, false): SQLFragment("LEFT JOIN ")
            case (false, false): SQLFragment("JOIN ")
            }
        let target = join.model
        let targetAlias = alias(target.tableName)
        var clauses: [SQLFragment] = []
        var on: SQLFragment?
        var linkGroup: SQLFragment?
        var linkGroupOn = SQLFragment()
        switch join.source {
        case .model:
            break
        case .relationship(let base, let relationship):
            guard let baseRow = row(of: base) else { return [] }
            switch relationship.link {
            case .foreignKey(let column, let targetColumn):
                on = SQLFragment.column(targetAlias, targetColumn) + " = " + SQLFragment.column(baseRow.alias, column)
            case .inverseForeignKey(let targetColumn, let sourceColumn):
                on = SQLFragment.column(targetAlias, targetColumn) + " = " + SQLFragment.column(baseRow.alias, sourceColumn)
            case .joinTable(let link):
                let linkAlias = alias(link.table)
                let correlation = SQLFragment.column(linkAlias, link.sourceColumn) + " = " + SQLFragment.column(baseRow.alias, link.sourceKey)
                let toTarget = SQLFragment.column(targetAlias, link.targetKey) + " = " + SQLFragment.column(linkAlias, link.targetColumn)
                if join.isOuter, join.condition != nil {
                    // A row keeps one nil match when no (link, object) pair meets the condition, not
                    // one per link that fails it: the links join their objects inside, the
                    // condition stays outside.
                    linkGroup = SQLFragment.tableReference(link.table, alias: linkAlias) + " JOIN "
                    linkGroupOn = toTarget
                    on = correlation
                } else {
                    clauses.append(keyword + SQLFragment.tableReference(link.table, alias: linkAlias) + " ON " + correlation)
                    on = toTarget
                }
            }
        }
        if let entities = target.entitySelection {
            let own = entityCondition(entities, alias: targetAlias)
            on = on.map { own + " AND " + $0 } ?? own
        }
        variables[join.variable] = .row(alias: targetAlias, model: target, level: nil)
        variables[join.conditionVariable] = .row(alias: targetAlias, model: target, level: nil)
        if let condition = join.condition, case .sql = tree[condition] {
            let lowered = lowerSQLClauseCondition(condition)
            on = on.map { $0 + " AND " + lowered } ?? lowered
        } else if let condition = join.condition {
            let lowered = guardedAgainstTraps(lowerCondition(condition))
            on = on.map { $0 + " AND " + lowered } ?? lowered
        }
        var table = SQLFragment.tableReference(target.tableName, alias: targetAlias)
        var nested = false
        if let linkGroup {
            table = linkGroup + table + " ON " + linkGroupOn
            nested = true
        }
        // To-one joins made for this join's relationship or condition, split by where they start.
        var before: [SQLFragment] = []
        var inside: Set<String> = [targetAlias]
        for toOne in rootLevel?.removeJoins(from: toOneJoinsBefore) ?? [] {
            let written = toOne.keyword + toOne.target
            if inside.contains(toOne.key.baseAlias) {
                if let alias = rootLevel?.joinAliases[toOne.key] { inside.insert(alias) }
                table = table + " " + written
                nested = true
            } else {
                before.append(written)
            }
        }
        if nested { table = "(" + table + ")" }
        clauses.append(keyword + table + " ON " + (on ?? SQLFragment(dialect.trueLiteral)))
        return before + clauses
    }

    /// A string value in NFC, so that canonically equivalent texts are one value (as Swift's `==`
    /// has them), or bare when its column is known to hold only NFC text. In portable SQL, bare
    /// when the value is known to be NFC, else `construct` (what needs it) is refused at `range`.
    mutating func canonicalText(_ value: Lowered, construct: String? = nil, at range: SourceRange? = nil) -> SQLFragment {
        if portable, range != nil, isPortableText(value, atLeast: .nfc) { return value.sql }
        if portable, let construct, let range, value.column.map({ knownForm(of: $0) != .nfc }) ?? true {
            refuse(construct, Self.notNFC, at: range)
        }
        if let column = value.column, knownForm(of: column) == .nfc {
            textColumns.assume(.nfc, for: column)
            return value.sql
        }
        return siftCall(.nfc, value.sql)
    }

    /// The value, or an error from the statement where Swift would trap computing it.
    ///
    /// In portable SQL the guard is refused at `range` (when given): SQLite's built-in functions
    /// cannot stop a statement where Swift would trap.
    mutating func guardedAgainstTraps(_ value: Lowered, at range: SourceRange? = nil) -> SQLFragment {
        guard value.mayTrap else { return value.sql }
        if portable, let range, !value.isOptional || trapTest(of: value) != nil {
            refuse(
                "a selected value on which Swift may trap (an integer overflow, a division by zero, nil unwrapped with '!')",
                "plain SQLite cannot stop the query where Swift would trap", at: range)
        }
        if !writesInPlace {
            if !value.isOptional { return dialect.failingOnTrap(value.sql, trap: nil) }
            guard let trap = trapTest(of: value) else { return value.sql }
            return dialect.failingOnTrap(value.sql, trap: trap)
        }
        // A non-optional value trapped exactly when it is NULL: `sift_trap()` runs only then.
        if !value.isOptional { return "coalesce(" + value.sql + ", " + SQLFragment(siftTrapFunctionName) + "())" }
        guard let trap = trapTest(of: value) else { return value.sql }
        return "CASE WHEN " + trap + " THEN " + SQLFragment(siftTrapFunctionName) + "() ELSE " + value.sql + " END"
    }

    /// The column's description for the runtime: its name, Swift type and how its values are stored.
    mutating func resultAttribute(_ column: SelectedColumn, storage: Storage?) -> Attribute {
        let type = column.type.unwrapped
        let scalar: ScalarType
        switch type.kind {
        case .bool: scalar = .bool
        case .integer(let kind): scalar = .integer(kind)
        case .double: scalar = .double
        case .float: scalar = .float
        case .date: scalar = .date
        case .uuid: scalar = .uuid
        case .data: scalar = .data
        case .url: scalar = .url
        case .enumeration(let name): scalar = .enumeration(name.description)
        default: scalar = .string
        }
        let enumRawType = schema.enumType(named: { if case .enumeration(let name) = scalar { name } else { "" } }())?.rawType
        let defaultStorage = Storage.defaultStorage(for: scalar, enumRawType: enumRawType, modelStyle: .model)
        return Attribute(
            name: column.name, type: scalar, isOptional: column.type.isOptional, storage: storage ?? defaultStorage)
    }

    /// `ORDER BY` and `LIMIT` of a query that selects: computed keys (a column, an aggregate) by
    /// their value, strings in NFC as Swift compares them; ties by primary key only where each row
    /// is an object's (not grouped, not distinct).
    mutating func lowerSelectionOrderAndLimit(_ selection: CheckedSelection, rootAlias: String) -> SQLFragment? {
        let keys = query.sort
        guard !keys.isEmpty || query.limit != nil || query.offset != nil else { return nil }
        var sql = SQLFragment(reservingCapacity: 64 + 40 * keys.count)
        if !keys.isEmpty {
            sql.appendNewline(indent: 0)
            sql += "ORDER BY "
            for index in keys.indices {
                if index > 0 { sql += ", " }
                let key = keys[index]
                if case .computed(let expr) = key.value, query.form == .structuredQueries {
                    // SQL's order: the stored values, strings by their bytes, NULL where `nulls:` says.
                    sql += lowerSQLOperand(expr, toMatch: nil).sql
                    if key.order == .reverse { sql += " DESC" }
                    switch key.sqlNulls {
                    case .default?, nil: break
                    case .first: sql += " NULLS FIRST"
                    case .last: sql += " NULLS LAST"
                    }
                } else if case .computed(let expr) = key.value {
                    let value = lowerValue(expr)
                    if expr.type.unwrapped == .string {
                        let normalized = canonicalText(value)
                        sql += writesInPlace ? normalized : dialect.codePointOrder(normalized)
                    } else {
                        sql += value.sql
                    }
                    if key.order == .reverse { sql += " DESC" }
                    if !writesInPlace, dialect.sortsNullsLast, expr.type.isOptional { sql += key.order == .reverse ? " NULLS LAST" : " NULLS FIRST" }
                } else {
                    appendSortKey(key, rootAlias: rootAlias, to: &sql)
                }
            }
            if options.breakTiesByPrimaryKey, !selection.isGrouped, !selection.isDistinct {
                for column in query.model.primaryKey {
                    sql += ", "
                    sql.appendColumn(rootAlias, column)
                }
            }
        }
        if query.limit != nil || query.offset != nil {
            sql.appendNewline(indent: 0)
            if !writesInPlace {
                sql += dialect.limit(query.limit.map { lowerValue($0, hint: .count).sql }, offset: query.offset.map { lowerValue($0, hint: .count).sql })
                return sql
            }
            let limit = query.limit.map { lowerValue($0, hint: .count).sql } ?? SQLFragment("-1")
            sql += "LIMIT " + limit
            if let offset = query.offset { sql += " OFFSET " + lowerValue(offset, hint: .count).sql }
        }
        return sql
    }

    // MARK: Aggregates

    /// `count(*)`, `coalesce(sum(x), 0)`, `avg(x)`, `min(x)`, `group_concat(x, ?)`, `json_group_array(x)`.
    mutating func lowerAggregate(_ call: AggregateCall, type: SiftType) -> Lowered {
        if query.form == .structuredQueries { return lowerSQLAggregate(call, type: type) }
        var argument: Lowered?
        if let expr = call.argument {
            var value = lowerValue(expr)
            if expr.type.unwrapped == .date, value.storage != nil, call.function != .min, call.function != .max {
                value = asInstant(value)
            }
            if call.function == .jsonGroupArray, writesInPlace, expr.type.unwrapped.isFloatingPoint || expr.type.unwrapped == .date {
                // Swift's shortest exact digits, as a JSON number (SQLite's JSON keeps 15 digits);
                // a date as its seconds since 2001, as JSONEncoder's default writes a `Date`.
                let isFloat: Int64 = expr.type.unwrapped == .float ? 1 : 0
                if portable { refuse("'jsonGroupArray' of a '\(expr.type.unwrapped)'", "SQLite's JSON writes 15 digits, not Swift's exact ones", at: expr.range) }
                value = Lowered(
                    "json(" + siftCall(.jsonNumber, value.sql, SQLFragment.binding(.constant(.integer(isFloat)))) + ")", isOptional: value.isOptional,
                    mayTrap: value.mayTrap, isAtomic: true)
            }
            if expr.type.unwrapped == .bool, call.function == .jsonGroupArray, writesInPlace {
                // JSON's own true and false, as Swift's encoder writes a `Bool`.
                value = Lowered(
                    "CASE " + value.operand + " WHEN 1 THEN json('true') WHEN 0 THEN json('false') END", isOptional: value.isOptional,
                    mayTrap: value.mayTrap, isAtomic: true)
            }
            if expr.type.unwrapped == .string, call.isDistinct || call.function == .min || call.function == .max {
                // Compared as Swift compares strings: canonically equivalent texts are equal.
                value.sql = canonicalText(value, construct: "'\(call.function)' of text compared by canonical equivalence", at: expr.range)
                value.column = nil
                if call.function != .count, !writesInPlace { value.sql = dialect.codePointOrder(value.sql) }
            }
            argument = Lowered(guardedAgainstTraps(value), isOptional: value.isOptional, isAtomic: true, storage: value.storage)
        }
        let distinct: SQLFragment = call.isDistinct ? SQLFragment("DISTINCT ") : SQLFragment()
        var sql: SQLFragment
        if !writesInPlace, call.function == .groupConcat, call.sortKey != nil {
            sql = lowerSortedConcatenation(call, value: argument!)
        } else if !writesInPlace {
            sql = dialect.aggregate(
                call.function, distinct: call.isDistinct, argument: argument?.sql, separator: call.separator.map { lowerValue($0).sql },
                resultType: type)
        } else {
        switch call.function {
        case .count:
            sql = argument.map { "count(" + distinct + $0.sql + ")" } ?? SQLFragment("count(*)")
        case .sum:
            sql = "sum(" + distinct + argument!.sql + ")"
        case .average:
            sql = "avg(" + distinct + argument!.sql + ")"
        case .min:
            sql = "min(" + distinct + argument!.sql + ")"
        case .max:
            sql = "max(" + distinct + argument!.sql + ")"
        case .groupConcat where call.sortKey != nil:
            sql = lowerSortedConcatenation(call, value: argument!)
        case .groupConcat:
            sql = "group_concat(" + distinct + argument!.sql
            if let separator = call.separator { sql += ", " + lowerValue(separator).sql }
            sql += ")"
        case .jsonGroupArray:
            sql = "json_group_array(" + distinct + argument!.sql + ")"
        case .total:
            sql = "total(" + distinct + argument!.sql + ")"
        }
        }
        if let condition = call.condition {
            sql += " FILTER (WHERE " + guardedAgainstTraps(lowerCondition(condition)) + ")"
        }
        switch call.function {
        case .sum:
            // The sum of nothing is 0, as `reduce(0, +)` gives; an `Int` overflow is SQLite's error.
            sql = "coalesce(" + sql + ", " + lowerConstant(type.isInteger ? .int(0) : .double(0), type: type).sql + ")"
        case .groupConcat:
            sql = "coalesce(" + sql + ", " + lowerConstant(.string(""), type: .string).sql + ")"
        default:
            break
        }
        let storage = call.function == .min || call.function == .max ? argument?.storage : nil
        return Lowered(sql, isOptional: type.isOptional, isAtomic: true, storage: storage)
    }
}

extension LoweringContext {
    /// A condition of `ON`, `HAVING` or `FILTER` with SQL's meaning: a NULL condition holds for no row.
    mutating func lowerSQLClauseCondition(_ condition: TypedExpr) -> SQLFragment {
        if case .sql = tree[condition] { return lowerSQLOperand(condition, toMatch: nil).sql }
        return guardedAgainstTraps(lowerCondition(condition))
    }

    /// An aggregate as StructuredQueries writes it: `count(x)`, `sum(x)` (NULL for no rows),
    /// `avg(x)`, `min(x)`, `max(x)`, `group_concat(x[, separator])`, `json_group_array(x)`, each
    /// with `DISTINCT` and `FILTER (WHERE ...)` when written, over the stored values.
    mutating func lowerSQLAggregate(_ call: AggregateCall, type: SiftType) -> Lowered {
        let name: String =
            switch call.function {
            case .count: "count("
            case .sum: "sum("
            case .average: "avg("
            case .min: "min("
            case .max: "max("
            case .groupConcat: "group_concat("
            case .jsonGroupArray: "json_group_array("
            case .total: "total("
            }
        if let key = call.sortKey {
            if portable {
                refuse("'groupConcat(order:)'", "SQLite's 'group_concat' takes no 'ORDER BY' before version 3.44: the rows are sorted by Sift's 'sift_sorted_concat'", at: key.range)
            }
            return lowerSQLSortedConcatenation(call, key: key)
        }
        if !writesInPlace {
            // Another dialect's names for SQLite's aggregates (`string_agg` for `group_concat`).
            let value = call.argument.map { lowerSQLOperand($0, toMatch: nil) }
            var sql = dialect.aggregate(
                call.function, distinct: call.isDistinct, argument: value?.sql,
                separator: call.separator.map { lowerSQLOperand($0, toMatch: nil).sql }, resultType: type)
            if let condition = call.condition { sql += " FILTER (WHERE " + lowerSQLClauseCondition(condition) + ")" }
            let keepsStorage = call.function == .min || call.function == .max
            return Lowered(sql, isOptional: type.isOptional, isAtomic: true, storage: keepsStorage ? value?.storage : nil)
        }
        var sql = SQLFragment(name)
        if call.isDistinct { sql += "DISTINCT " }
        var storage: Storage?
        if let argument = call.argument {
            let value = lowerSQLOperand(argument, toMatch: nil)
            storage = value.storage
            sql += value.sql
        } else {
            sql += "*"
        }
        if let separator = call.separator { sql += ", " + lowerSQLOperand(separator, toMatch: nil).sql }
        sql += ")"
        if let condition = call.condition { sql += " FILTER (WHERE " + lowerSQLClauseCondition(condition) + ")" }
        let keepsStorage = call.function == .min || call.function == .max
        return Lowered(sql, isOptional: type.isOptional, isAtomic: true, storage: keepsStorage ? storage : nil)
    }
}

extension LoweringContext {
    /// The primary key column of the to-one target that `expr` (a relationship) reads, when that
    /// target is joined already; nil otherwise.
    mutating func joinedToOneKey(_ expr: TypedExpr) -> SQLFragment? {
        switch tree[expr] {
        case .injectOptional(let inner):
            return joinedToOneKey(inner)
        case .toOne(let base, let relationship):
            guard case .foreignKey(_, let targetColumn) = relationship.link, let baseRow = row(of: base) else { return nil }
            let level = resolvedLevel(baseRow.level)
            guard let alias = level.joinAliases[JoinKey(baseAlias: baseRow.alias, relationship: relationship.name)] else { return nil }
            return .column(alias, targetColumn)
        default:
            return nil
        }
    }
}
