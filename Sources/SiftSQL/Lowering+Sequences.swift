import SiftChecker
import SiftSchema

/// `outer = inner`: how the rows of a to-many relationship are tied to the row they belong to.
///
/// The two columns are kept as names and written where they are used: as fragments made when
/// the sequence is opened, they would be two allocations a level that most levels never read.
struct Correlation {
    var outer: QualifiedColumn
    var inner: QualifiedColumn
    var outerMayBeNull: Bool
    var innerMayBeNull: Bool

    /// `inner = outer`, the level's first condition, in one buffer.
    var condition: SQLFragment {
        var condition = SQLFragment.column(inner.alias, inner.column)
        condition += " = "
        condition.appendColumn(outer.alias, outer.column)
        return condition
    }
}

/// A column of a table read under an alias: `"alias"."column"` when written.
struct QualifiedColumn {
    var alias: String
    var column: String

    /// The length of its bytes in a fragment (``SQLFragment/estimatedLength``).
    var estimatedLength: Int { alias.utf8.count + column.utf8.count + 11 }
}

extension SQLFragment {
    /// Appends `"alias"."column"`.
    mutating func append(_ column: QualifiedColumn) { appendColumn(column.alias, column.column) }
}

/// A sequence opened as a correlated subquery: its level, its filters, and how to reach an element.
struct OpenedSequence {
    var level: QueryLevel
    /// The element, when it is a value (for sequences of scalars).
    var element: Lowered?
    /// The element, when it is a row.
    var row: (alias: String, model: Model)?
    /// The order of elements, when the sequence has one (arrays).
    var order: SQLFragment?
    /// The `filter { }` conditions, in the order Swift applies them.
    var filters: [Lowered] = []
    /// Evaluating the sequence itself can trap (outside its filters).
    var mayTrap: Bool

    /// The conditions that select the elements: the filters (the level's correlation is its own).
    var selection: [SQLFragment] { filters.map { $0.operand(inside: .and) } }

    /// How a to-many sequence is tied to its base row: `outer` (the base's key) equals `inner` (the
    /// element's column) — the level's ``QueryLevel/correlation`` — and whether each may be NULL.
    var correlation: Correlation?

    /// Whether a filter can trap for some element.
    var filtersMayTrap: Bool { filters.contains(where: \.mayTrap) }
}

extension LoweringContext {
    /// Array literals of up to this many constants are written as `IN (?1, ?2, ...)`; longer ones
    /// are bound as one JSON array.
    static let longestInlineList = 64

    /// Opens a sequence expression as a subquery level (not yet closed into SQL).
    ///
    /// `needsElement: false` says the elements are only counted or tested for: a join table's
    /// links are then enough when every link points at a row (an intact reference).
    /// `keyOnly: true` says only the elements' key is read (``readsOnlyKey(of:in:sequence:)``): the
    /// links then stand for the elements too, their target column for the key.
    mutating func openSequence(
        _ sequence: TypedExpr, elementEncoding: ValueEncoding = .plain, needsElement: Bool = true, keyOnly: Bool = false
    ) -> OpenedSequence? {
        switch tree[sequence] {
        case .toMany(let base, let relationship):
            guard let baseRow = row(of: base) else { return nil }
            let target = model(named: relationship.target)
            switch relationship.link {
            case .inverseForeignKey(let targetColumn, let sourceColumn):
                let elementAlias = alias(target.tableName)
                let level = QueryLevel(from: SQLFragment.tableReference(target.tableName, alias: elementAlias))
                let correlation = Correlation(
                    outer: QualifiedColumn(alias: baseRow.alias, column: column(sourceColumn, ofRow: baseRow.alias)),
                    inner: QualifiedColumn(alias: elementAlias, column: targetColumn),
                    outerMayBeNull: baseRow.isOptional || mayBeNull(sourceColumn, of: baseRow.model),
                    innerMayBeNull: mayBeNull(targetColumn, of: target))
                level.correlation = correlation
                return OpenedSequence(level: level, row: (elementAlias, target), mayTrap: false, correlation: correlation)
            case .joinTable(let join):
                let joinAlias = alias(join.table)
                // A join table's columns are not attributes of a model: they may be NULL.
                let correlation = Correlation(
                    outer: QualifiedColumn(alias: baseRow.alias, column: column(join.sourceKey, ofRow: baseRow.alias)),
                    inner: QualifiedColumn(alias: joinAlias, column: join.sourceColumn),
                    outerMayBeNull: baseRow.isOptional || mayBeNull(join.sourceKey, of: baseRow.model), innerMayBeNull: true)
                // Links whose every key (NULL included) has its target row are the elements themselves.
                let reference = ForeignKeyReference(
                    table: join.table, column: join.targetColumn, targetTable: target.tableName, targetColumn: join.targetKey,
                    nullIsDangling: true)
                let level: QueryLevel
                var row: (alias: String, model: Model)?
                if !needsElement, isIntact(reference) {
                    level = QueryLevel(from: SQLFragment.tableReference(join.table, alias: joinAlias))
                } else if keyOnly, target.primaryKey == [join.targetKey], isIntact(reference) {
                    // The links are the elements, the target column their key: no join.
                    level = QueryLevel(from: SQLFragment.tableReference(join.table, alias: joinAlias))
                    row = (joinAlias, target)
                    linkKeyColumns[joinAlias] = (join.targetKey, join.targetColumn)
                } else {
                    let elementAlias = alias(target.tableName)
                    // `links AS l JOIN targets AS t ON t.key = l.target`, in one buffer.
                    var from = SQLFragment(reservingCapacity: 160)
                    from.appendTableReference(join.table, alias: joinAlias)
                    from += " JOIN "
                    from.appendTableReference(target.tableName, alias: elementAlias)
                    from += " ON "
                    from.appendColumn(elementAlias, join.targetKey)
                    from += " = "
                    from.appendColumn(joinAlias, join.targetColumn)
                    level = QueryLevel(from: from)
                    row = (elementAlias, target)
                }
                level.correlation = correlation
                return OpenedSequence(level: level, row: row, mayTrap: false, correlation: correlation)
            case .foreignKey:
                return nil
            }
        case .objects(let name):
            // Every object of a model: its conditions (the counted query's) tie it to the outer row.
            let target = model(named: name)
            let elementAlias = alias(target.tableName)
            let level = QueryLevel(from: SQLFragment.tableReference(target.tableName, alias: elementAlias))
            var opened = OpenedSequence(level: level, row: (elementAlias, target), mayTrap: false)
            if let entities = target.entitySelection {
                opened.filters.append(Lowered(entityCondition(entities, alias: elementAlias), isAtomic: true))
            }
            return opened
        case .filter(let inner, let variable, let predicate):
            guard var opened = openSequence(inner, elementEncoding: elementEncoding) else { return nil }
            bindElement(variable, of: opened)
            // The elements' WHERE: a NULL selects nothing, as false does.
            let condition = lowerThreeValuedFilter(predicate) ?? lowerFilterTerm(predicate)
            if condition.boolConstant != true { opened.filters.append(condition) }
            return opened
        case .parameter:
            return openJSONArray(lowerArray(sequence, elementEncoding: elementEncoding), type: sequence.type, elementEncoding: elementEncoding)
        case .arrayLiteral(let elements):
            let items = elements.map { lowerValue($0, hint: elementEncoding) }
            if items.allSatisfy({ constantValue(of: $0) != nil }) {
                return openJSONArray(lowerArray(sequence, elementEncoding: elementEncoding), type: sequence.type, elementEncoding: elementEncoding)
            }
            // Elements computed per row: a correlated `SELECT ... UNION ALL SELECT ...`.
            let elementAlias = alias("element")
            let rows = items.enumerated().map { index, item in
                "SELECT " + SQLFragment.binding(.constant(.integer(Int64(index)))) + " AS " + SQLFragment.identifier("position")
                    + ", " + item.sql + " AS " + SQLFragment.identifier("value")
            }
            let level = QueryLevel(from: "(" + SQLFragment.joined(rows, separator: " UNION ALL ") + ") AS " + .identifier(elementAlias))
            let element = Lowered(.column(elementAlias, "value"), isOptional: sequence.type.sequenceElement?.isOptional ?? false, isAtomic: true)
            return OpenedSequence(
                level: level, element: element, order: .column(elementAlias, "position"), mayTrap: items.contains(where: \.mayTrap))
        default:
            return nil
        }
    }

    /// Whether a column may hold NULL: unless it is a non-optional attribute (the schema knows it
    /// is `NOT NULL` or the rowid).
    mutating func mayBeNull(_ column: String, of model: Model) -> Bool {
        model.isColumnOptional(column) ?? true
    }

    mutating func openJSONArray(_ array: Lowered, type: SiftType, elementEncoding: ValueEncoding) -> OpenedSequence {
        let elementAlias = alias("element")
        let table = dialect.jsonArrayElements(
            array.sql, alias: elementAlias, elementType: storedType(of: type.sequenceElement ?? .error), encoding: elementEncoding)
        var element = Lowered(
            table.value, isOptional: type.sequenceElement?.isOptional ?? false, isAtomic: true,
            storage: dateStorage(ofElementsOf: type, encoding: elementEncoding))
        // Each string of a bound array is bound in NFC.
        if portable, type.sequenceElement?.unwrapped.isString == true { element.textForm = .nfc }
        return OpenedSequence(level: QueryLevel(from: table.from), element: element, order: table.order, mayTrap: false)
    }

    /// The storage the dates of an array bound with `encoding` are in: as the encoding says, or
    /// seconds since 2001 (how a date is bound when nothing says otherwise). Known, a date element
    /// meets a column of another storage as an instant.
    mutating func dateStorage(ofElementsOf type: SiftType, encoding: ValueEncoding) -> Storage? {
        guard type.sequenceElement?.unwrapped == .date else { return nil }
        return storage(of: encoding) ?? .dateReferenceSeconds
    }

    /// The value of a lowered constant, if it is one.
    func constantValue(of lowered: Lowered) -> SQLValue? {
        if case .constant(let value)? = lowered.sql.singleBinding { return value }
        if lowered.sql.isNullLiteral { return .null }
        return nil
    }

    /// An array literal of constants or an array parameter as one JSON array binding.
    mutating func lowerArray(_ sequence: TypedExpr, elementEncoding: ValueEncoding) -> Lowered {
        switch tree[sequence] {
        case .parameter(let name):
            return Lowered(.binding(.parameter(name: name, encoding: .jsonArray(element: elementEncoding))), isAtomic: true)
        case .arrayLiteral(let elements):
            let values = elements.map { constantValue(of: lowerValue($0, hint: elementEncoding)) ?? .null }
            return Lowered(.binding(.constant(.text(JSONArray.encode(values)))), isAtomic: true)
        default:
            return Lowered(SQLFragment("NULL"), isAtomic: true)
        }
    }

    mutating func bindElement(_ variable: VariableID, of opened: OpenedSequence) {
        if let row = opened.row {
            variables[variable] = .row(alias: row.alias, model: row.model, level: opened.level)
        } else if let element = opened.element {
            variables[variable] = .value(element)
        }
    }

    /// `(SELECT <what> FROM ... WHERE <correlation> AND <filters>)`.
    mutating func subquery(_ opened: OpenedSequence, select what: SQLFragment, suffix: SQLFragment = SQLFragment()) -> SQLFragment {
        subquery(opened, last: nil, lastPrefix: "", suffix: suffix, prefix: "", length: what.estimatedLength) { $0 += what }
    }

    /// `prefix(SELECT what FROM ... WHERE ... [AND lastPrefix last]suffix)` with SQL text to
    /// select (`1`, `count(*)`).
    mutating func subquery(
        _ opened: OpenedSequence, selectText what: StaticString, last: SQLFragment? = nil, lastPrefix: StaticString = "",
        suffix: SQLFragment = SQLFragment(), prefix: StaticString = ""
    ) -> SQLFragment {
        subquery(opened, last: last, lastPrefix: lastPrefix, suffix: suffix, prefix: prefix, length: what.utf8CodeUnitCount) {
            $0.appendText(what)
        }
    }

    /// The subquery written in one buffer (joining its parts made a fragment of each).
    private mutating func subquery(
        _ opened: OpenedSequence, last: SQLFragment?, lastPrefix: StaticString, suffix: SQLFragment, prefix: StaticString, length: Int,
        select: (inout SQLFragment) -> Void
    ) -> SQLFragment {
        let selection = opened.selection
        var sql = SQLFragment(
            reservingCapacity: prefix.utf8CodeUnitCount + 10 + length + opened.level.bodyLength(selection, last: last) + suffix.estimatedLength)
        sql.appendText(prefix)
        sql.appendText("(SELECT ")
        select(&sql)
        sql.appendText(" ")
        opened.level.appendBody(to: &sql, extraConditions: selection, last: last, lastPrefix: lastPrefix)
        sql += suffix
        sql.appendText(")")
        return sql
    }

    /// Wraps a result computed over a sequence so that it is NULL (a trap) when Swift would trap
    /// while computing it: every element goes through the filters in order (and then through
    /// `last`, the closure of `contains`/`allSatisfy`), and a trap for any element traps the row.
    mutating func guardTraps(of opened: OpenedSequence, _ result: Lowered, last: Lowered? = nil) -> Lowered {
        // Nothing can trap (the common case): the result as it is, without the lists below.
        if !opened.mayTrap, !(last?.mayTrap ?? false), !opened.filters.contains(where: \.mayTrap) { return result }
        let stages = opened.filters + (last.map { [$0] } ?? [])
        var trapCases: [SQLFragment] = []
        if opened.mayTrap, let element = opened.element {
            // An array literal whose elements trap: Swift builds the whole array first.
            trapCases.append((element.operand(inside: .comparison) + " IS NULL").parenthesized)
        }
        for (index, stage) in stages.enumerated() where stage.mayTrap {
            let passed = stages[..<index].map { $0.operand(inside: .and) }
            let trapped = stage.operand(inside: .comparison) + " IS NULL"
            trapCases.append(SQLFragment.joined(passed + [trapped], separator: " AND ").parenthesized)
        }
        var guarded = result
        if !trapCases.isEmpty {
            let trapped = "EXISTS (SELECT 1 " + opened.level.body(extraConditions: [SQLFragment.joined(trapCases, separator: " OR ")]) + ")"
            guarded = Lowered(
                "CASE WHEN " + trapped + " THEN NULL ELSE " + result.sql + " END", isOptional: result.isOptional, mayTrap: true,
                isAtomic: true, storage: result.storage)
            if result.isOptional { guarded.trapConditionNumber = numbered(anyOf([trapped, trapCondition(of: result)])) }
        }
        guarded.mayTrap = guarded.mayTrap || opened.mayTrap
        return guarded
    }

    /// `contains { ... }` (some element matches) and `allSatisfy { ... }` (no element fails).
    mutating func lowerQuantifier(sequence: TypedExpr, variable: VariableID, predicate: TypedExpr, isAll: Bool) -> Lowered {
        guard let opened = openSequence(sequence, keyOnly: readsOnlyKey(of: variable, in: predicate, sequence: sequence)) else {
            return constantBool(isAll)
        }
        bindElement(variable, of: opened)
        // In `allSatisfy` the closure's result is negated: a NULL there must not read as false.
        let condition = lowerWholeCondition(predicate, nullIsFalse: !isAll)
        if let constant = condition.boolConstant {
            // `contains { false }` is false and `allSatisfy { true }` true; `contains { true }` is
            // "not empty" and `allSatisfy { false }` "empty".
            if constant == isAll, !opened.filtersMayTrap, !opened.mayTrap { return constantBool(constant) }
            let result =
                constant == isAll
                ? constantBool(constant)
                : Lowered(subquery(opened, selectText: "1", prefix: isAll ? "NOT EXISTS " : "EXISTS ")).with(isAll ? .not : .comparison)
            return guardTraps(of: opened, result)
        }
        // `allSatisfy`'s test negated: `NOT` written before it in place.
        let test = condition.operand(inside: isAll ? .not : .and)
        let exists = subquery(opened, selectText: "1", last: test, lastPrefix: isAll ? "NOT " : "", prefix: isAll ? "NOT EXISTS " : "EXISTS ")
        return guardTraps(of: opened, Lowered(exists).with(isAll ? .not : .comparison), last: condition)
    }

    /// A condition that is the whole filter of a query level (the `WHERE` of the query, or the
    /// closure of `contains { }` / `allSatisfy { }`): there, `contains { }` over a relationship
    /// may become a semi-join (``lowerSemiJoin(sequence:variable:predicate:nullIsFalse:)``).
    /// `nullIsFalse` says the condition is only ever used as a filter (never negated), where a
    /// NULL selects nothing, as false does.
    mutating func lowerWholeCondition(_ expr: TypedExpr, nullIsFalse: Bool) -> Lowered {
        if nullIsFalse, let filter = lowerThreeValuedFilter(expr) { return filter }
        if case .any(let sequence, let variable, let predicate) = tree[expr],
            let semiJoin = lowerSemiJoin(sequence: sequence, variable: variable, predicate: predicate, nullIsFalse: nullIsFalse)
        {
            return semiJoin
        }
        return nullIsFalse ? lowerFilterTerm(expr) : lowerCondition(expr)
    }

    /// `contains { }` over a to-many or many-to-many relationship whose closure reads nothing but
    /// its element, as `key IN (SELECT fk FROM ... WHERE ...)`: SQLite computes the subquery once
    /// and can start from its rows, where a correlated `EXISTS` runs once per outer row (SQLite
    /// does not turn one into the other). Only where it is the level's whole condition: next to
    /// other conditions, which may select few rows through an index, the `EXISTS` costs less than
    /// computing every matching element. Two-valued like `EXISTS` (NULL keys on either side are
    /// left out), unless `nullIsFalse`: where the result only filters, a NULL (a key not in a list
    /// that holds a NULL) selects nothing, as false does, and testing each element's key for NULL
    /// would make SQLite read every candidate's row. nil when it does not apply (the closure may
    /// trap, or reads outer rows).
    mutating func lowerSemiJoin(sequence: TypedExpr, variable: VariableID, predicate: TypedExpr, nullIsFalse: Bool) -> Lowered? {
        guard case .toMany = tree[sequence], !ExpressionTraps.mayTrap(predicate),
            FreeVariables.readsOnly(variable, in: predicate, of: tree)
        else { return nil }
        guard let opened = openSequence(sequence, keyOnly: readsOnlyKey(of: variable, in: predicate, sequence: sequence)),
            let correlation = opened.correlation
        else { return nil }
        // The subquery is not tied to the row: the list is the same for every row.
        opened.level.correlation = nil
        bindElement(variable, of: opened)
        var selection = opened.selection
        if case .logical(let operands, .and) = tree[predicate] {
            // Duplicates do not change an IN list: a `contains { }` among the conditions joins
            // its rows into the subquery instead of being a correlated EXISTS per element.
            for operand in operands {
                if let joined = joinQuantifier(operand, into: opened.level) {
                    selection += joined
                    continue
                }
                let condition = lowerFilterTerm(operand)  // a term of the list's WHERE
                if condition.boolConstant != true { selection.append(condition.operand(inside: .and)) }
            }
        } else {
            let condition = lowerWholeCondition(predicate, nullIsFalse: true)  // it filters the list
            if condition.boolConstant == false { return constantBool(false) }
            if condition.boolConstant != true { selection.append(condition.operand(inside: .and)) }
        }
        if correlation.innerMayBeNull, !nullIsFalse {
            var test = SQLFragment.column(correlation.inner.alias, correlation.inner.column)
            test += " IS NOT NULL"
            selection.append(test)
        }
        // `[outer IS NOT NULL AND] outer IN (SELECT inner FROM ... WHERE ...)`, in one buffer.
        let testsOuter = correlation.outerMayBeNull && !nullIsFalse
        var sql = SQLFragment(
            reservingCapacity: (testsOuter ? 2 : 1) * correlation.outer.estimatedLength + correlation.inner.estimatedLength
                + opened.level.bodyLength(selection) + 40)
        if testsOuter {
            sql.append(correlation.outer)
            sql += " IS NOT NULL AND "
        }
        sql.append(correlation.outer)
        sql += " IN (SELECT "
        sql.append(correlation.inner)
        sql += " "
        opened.level.appendBody(to: &sql, extraConditions: selection)
        sql += ")"
        return Lowered(sql).with(testsOuter ? .and : .comparison)
    }

    /// `contains { }` over a relationship, inside the list of a semi-join, as a join: its tables
    /// join `level` and the conditions it needs are returned (its correlation and its closure).
    /// nil when it is not such a `contains`.
    mutating func joinQuantifier(_ expr: TypedExpr, into level: QueryLevel) -> [SQLFragment]? {
        guard case .any(let sequence, let variable, let predicate) = tree[expr], case .toMany = tree[sequence],
            let nested = openSequence(sequence, keyOnly: readsOnlyKey(of: variable, in: predicate, sequence: sequence)),
            nested.correlation != nil
        else { return nil }
        bindElement(variable, of: nested)
        let condition = lowerCondition(predicate)
        // SQLite reads a `JOIN` without `ON` as a cross join; PostgreSQL needs the words (the
        // condition is in the returned list, so the planner joins on it either way).
        level.from = level.from + (dialect.joinsWithoutCondition ? " JOIN " : " CROSS JOIN ") + nested.level.from
        level.appendJoins(of: nested.level)
        // Its correlation first, as its own body would write it.
        var conditions: [SQLFragment] = []
        if let correlation = nested.level.correlation { conditions.append(correlation.condition) }
        conditions += nested.selection
        if condition.boolConstant != true { conditions.append(condition.operand(inside: .and)) }
        return conditions
    }

    mutating func lowerCount(_ sequence: TypedExpr) -> Lowered {
        if case .arrayLiteral(let elements) = tree[sequence], !elements.contains(where: ExpressionTraps.mayTrap) {
            return Lowered(.binding(.constant(.integer(Int64(elements.count)))), isAtomic: true)
        }
        guard let opened = openSequence(sequence, needsElement: false) else { return Lowered(.binding(.constant(.integer(0))), isAtomic: true) }
        return guardTraps(of: opened, Lowered(subquery(opened, selectText: "count(*)"), isAtomic: true))
    }

    mutating func lowerIsEmpty(_ sequence: TypedExpr) -> Lowered {
        if case .arrayLiteral(let elements) = tree[sequence], !elements.contains(where: ExpressionTraps.mayTrap) {
            return constantBool(elements.isEmpty)
        }
        guard let opened = openSequence(sequence, needsElement: false) else { return constantBool(true) }
        return guardTraps(of: opened, Lowered(subquery(opened, selectText: "1", prefix: "NOT EXISTS ")).with(.not))
    }

    mutating func lowerFirst(_ sequence: TypedExpr, hint: ValueEncoding) -> Lowered {
        guard let opened = openSequence(sequence, elementEncoding: hint), let element = opened.element else {
            return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
        let order = opened.order.map { " ORDER BY " + $0 } ?? SQLFragment()
        var first = Lowered(subquery(opened, select: element.sql, suffix: order + " LIMIT 1"), isOptional: true, isAtomic: true, storage: element.storage)
        if portable, sequence.type.sequenceElement?.unwrapped.isString == true { first.textForm = portableForm(of: element) }
        if opened.mayTrap {
            // Swift builds the whole array first: a trap in any element traps.
            let trapped = subquery(opened, selectText: "1", last: element.operand(inside: .comparison) + " IS NULL", prefix: "EXISTS ")
            first = Lowered("CASE WHEN " + trapped + " THEN NULL ELSE " + first.sql + " END", isOptional: true, mayTrap: true, isAtomic: true, storage: element.storage)
            first.trapConditionNumber = numbered(trapped)
        }
        return guardTraps(of: opened, first)
    }

    mutating func lowerExtremum(_ sequence: TypedExpr, isMaximum: Bool, hint: ValueEncoding) -> Lowered {
        if case .arrayLiteral(let elements) = tree[sequence], !elements.isEmpty, sequence.hazards.contains(.notANumber),
            sequence.type.sequenceElement?.unwrapped.isFloatingPoint == true
        {
            // SQL's max/min would sort NaN among the numbers; Swift's loop never picks it after the first.
            if portable { refuse("'\(isMaximum ? "max()" : "min()")'", Self.mayBeNaN, at: sequence.range) }
            let values = elements.map { lowerValue($0) }
            let function: SiftFunction = isMaximum ? .maximumReal : .minimumReal
            let call = writesInPlace ? SQLFragment.siftCall(function, values.map(\.sql)) : dialect.call(function, values.map(\.sql))
            var result = Lowered(call, isOptional: true, mayTrap: values.contains(where: \.mayTrap), isAtomic: true)
            if result.mayTrap { result.trapConditionNumber = numbered(anyOf(values.map { trapTest(of: $0) })) }
            return result
        }
        guard let opened = openSequence(sequence, elementEncoding: hint), let element = opened.element else {
            return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
        var value = element
        if sequence.type.sequenceElement?.unwrapped.isString == true {
            value = inCodePointOrder(normalizedString(value, at: sequence.range))
        }
        var select: SQLFragment
        if let order = rankOrder(of: sequence.type.sequenceElement) {
            // A `String` raw-value enum: the extreme rank (Swift's order of the raw values, not
            // SQLite's text order), turned back into its raw value.
            var rank = SQLFragment(reservingCapacity: 64)
            rank += isMaximum ? "max(" : "min("
            rank.appendEnumRank(of: value.sql, order: order)
            rank += ")"
            select = SQLFragment(reservingCapacity: 64)
            select.appendEnumRawValue(ofRank: rank, order: order)
        } else {
            select = SQLFragment(isMaximum ? "max(" : "min(") + value.sql + ")"
        }
        var result = Lowered(subquery(opened, select: select), isOptional: true, isAtomic: true, storage: element.storage)
        if portable, sequence.type.sequenceElement?.unwrapped.isString == true { result.textForm = portableForm(of: value) }
        if opened.mayTrap {
            // An element that traps (NULL) would be skipped by max/min: trap instead.
            let trapped = subquery(opened, selectText: "1", last: element.operand(inside: .comparison) + " IS NULL", prefix: "EXISTS ")
            result = Lowered(
                "CASE WHEN " + trapped + " THEN NULL ELSE " + result.sql + " END", isOptional: true, mayTrap: true, isAtomic: true,
                storage: element.storage)
            result.trapConditionNumber = numbered(trapped)
        }
        return guardTraps(of: opened, result)
    }

    /// Swift's order of the raw values of `type` when it is a `String` raw-value enum (which `<`,
    /// ranges, `min()` and `max()` compare by rank, since SQLite's text order is not Swift's); nil
    /// for any other type, an `Int` raw-value enum included (its stored numbers compare as they are).
    mutating func rankOrder(of type: SiftType?) -> [EnumType.RawValue]? {
        guard case .enumeration(let enumName)? = type?.unwrapped.kind, let enumType = schema.enumType(named: enumName),
            enumType.rawType == .string
        else { return nil }
        return enumType.rawValuesInOrder
    }

    /// Whether every element is an integer or floating-point constant (the cases tested, their
    /// values not copied).
    mutating func areNumberConstants(_ elements: [TypedExpr]) -> Bool {
        for element in elements {
            switch tree[element] {
            case .constant(.int), .constant(.uint), .constant(.double): continue
            default: return false
            }
        }
        return true
    }

    /// `sequence.contains(element)`: a range test, an `IN` list, or a subquery.
    mutating func lowerContains(sequence: TypedExpr, element: TypedExpr) -> Lowered {
        let elementType = element.type
        switch tree[sequence] {
        case .range(let lower, let upper, let closed):
            // The operand that reads a column is lowered first; parameters take its storage. (Three
            // values by name, not in arrays: a query with a range built four arrays for them.)
            var value: Lowered
            var low: Lowered
            var high: Lowered
            if let order = rankOrder(of: elementType) {
                // A `String` raw-value enum: the ranks of the three raw values, as `<` compares them.
                value = enumRank(of: element, order: order)
                low = enumRank(of: lower, order: order)
                high = enumRank(of: upper, order: order)
            } else if isColumnLike(element) || !(isColumnLike(lower) || isColumnLike(upper)) {
                value = lowerValue(element)
                low = lowerValue(lower, hint: encoding(toMatch: value, type: lower.type))
                high = lowerValue(upper, hint: encoding(toMatch: value, type: upper.type))
            } else if isColumnLike(lower) {
                low = lowerValue(lower)
                value = lowerValue(element, hint: encoding(toMatch: low, type: element.type))
                high = lowerValue(upper, hint: encoding(toMatch: low, type: upper.type))
            } else {
                high = lowerValue(upper)
                value = lowerValue(element, hint: encoding(toMatch: high, type: element.type))
                low = lowerValue(lower, hint: encoding(toMatch: high, type: lower.type))
            }
            if elementType.unwrapped == .date, mixesStorages([value, low, high]) {
                (value, low, high) = (asInstant(value), asInstant(low), asInstant(high))
            }
            if elementType.unwrapped.isString {
                value = normalizedString(value, at: element.range)
                low = normalizedString(low, at: lower.range)
                high = normalizedString(high, at: upper.range)
            }
            if elementType.unwrapped.isString || (elementType.unwrapped == .date && value.storage == .dateISO8601) {
                value = inCodePointOrder(value)
            }
            if elementType.unwrapped.isFloatingPoint, sequence.hazards.union(element.hazards).contains(.notANumber) {
                // With NaN among them, `<=` is false: the range traps, or does not hold the value.
                if portable { refuse("this range test", Self.mayBeNaN, at: sequence.range.union(element.range)) }
                func ordered(_ a: SQLFragment, _ b: SQLFragment, orEqual: Bool) -> SQLFragment {
                    siftCall(.compareReal, a, b) + (orEqual ? " IN (-1, 0)" : " = -1")
                }
                let inside = ordered(low.sql, value.sql, orEqual: true) + " AND " + ordered(value.sql, high.sql, orEqual: closed)
                return Lowered(
                    "CASE WHEN " + ordered(low.sql, high.sql, orEqual: true) + " THEN " + inside + " END", mayTrap: true, isAtomic: true)
            }
            // The value's SQL moved in when it is written once (a copy still shared with the value
            // would be copied to be appended to); twice, into a buffer with room for the whole test.
            var test: SQLFragment
            if closed {
                test = value.takeOperand()
                test += " BETWEEN "
                test += low.operand
                test += " AND "
            } else {
                let operand = value.operand
                test = SQLFragment(reservingCapacity: 2 * operand.estimatedLength + low.sql.estimatedLength + high.sql.estimatedLength + 40)
                test += operand
                test += " >= "
                test += low.operand
                test += " AND "
                test += operand
                test += " < "
            }
            test += high.operand
            if ExpressionTraps.mayTrap(sequence) {
                // `lower...upper` with lower > upper traps in Swift (as do the bounds themselves).
                return Lowered(
                    "CASE WHEN " + low.operand + " <= " + high.operand + " THEN " + test + " END", mayTrap: true, isAtomic: true)
            }
            return Lowered(test, mayTrap: value.mayTrap).with(closed ? .comparison : .and)
        case .arrayLiteral(let elements):
            if elements.isEmpty { return constantBool(false) }
            // The operand that reads a column is lowered first; parameters take its storage.
            var value: Lowered
            var items: [Lowered] = []
            // The first element that reads a column leads, unless the value itself does.
            var leaderIndex: Int?
            if !isColumnLike(element) {
                for index in elements.indices where isColumnLike(elements[index]) {
                    leaderIndex = index
                    break
                }
            }
            if let leaderIndex {
                items.reserveCapacity(elements.count)
                let leader = lowerValue(elements[leaderIndex])
                value = lowerValue(element, hint: encoding(toMatch: leader, type: element.type))
                for (index, item) in elements.enumerated() {
                    items.append(index == leaderIndex ? leader : lowerValue(item, hint: encoding(toMatch: leader, type: item.type)))
                }
            } else {
                value = lowerValue(element)
                if elements.count <= Self.longestInlineList, !value.isOptional, !value.mayTrap, areNumberConstants(elements) {
                    // `[18, 21, 65].contains($0.age)`: what the general path below writes, each number's
                    // binding appended in place instead of first lowered into a fragment of its own.
                    var sql = value.takeOperand()
                    sql += " IN ("
                    for index in elements.indices {
                        if index > 0 { sql += ", " }
                        guard case .constant(let constant) = tree[elements[index]],
                            let number = numberValue(of: constant, type: elements[index].type)
                        else { preconditionFailure("a number constant without a value") }
                        sql.appendBinding(.constant(number))
                    }
                    sql += ")"
                    return Lowered(sql).with(.comparison)
                }
                items.reserveCapacity(elements.count)  // after the shortcut above, which needs no list
                for item in elements { items.append(lowerValue(item, hint: encoding(toMatch: value, type: item.type))) }
            }
            if elementType.unwrapped == .date, mixesStorages([value] + items) {
                value = asInstant(value)
                items = items.map { asInstant($0) }
            }
            if elementType.unwrapped.isString {
                value = normalizedString(value, at: element.range)
                for index in items.indices { items[index] = normalizedString(items[index], at: elements[index].range) }
            }
            if items.count > Self.longestInlineList, !value.isOptional {
                let constants = items.compactMap(constantValue(of:))
                if constants.count == items.count {
                    // A long list of constants is one bound JSON array, not thousands of `?NNN` (SQLite
                    // allows 32,766 bound values in a statement).
                    let table = dialect.jsonArrayElements(
                        .binding(.constant(.text(JSONArray.encode(constants)))), alias: alias("element"), elementType: storedType(of: elementType),
                        encoding: encoding(toMatch: value, type: elementType))
                    return Lowered(value.operand + " IN (SELECT " + table.value + " FROM " + table.from + ")", mayTrap: value.mayTrap)
                        .with(.comparison)
                }
            }
            // Swift builds the whole array first: a trap in any element traps, found or not. (The
            // test reads the values: made first, so that they can then be moved into the SQL.)
            let trapped = value.mayTrap || items.contains(where: \.mayTrap) ? anyOf(([value] + items).map { trapTest(of: $0) }) : nil
            var result: Lowered
            if elementType.unwrapped.isFloatingPoint, element.hazards.contains(.notANumber) || sequence.hazards.contains(.notANumber) {
                // NaN equals nothing, itself included; nil equals nil.
                if portable { refuse("'contains'", Self.mayBeNaN, at: sequence.range.union(element.range)) }
                let tests = items.map { item -> SQLFragment in
                    let equal = siftCall(.compareReal, value.sql, item.sql) + " = 0"
                    guard value.isOptional || item.isOptional else { return equal }
                    let missing = value.operand(inside: .comparison) + " IS NULL OR " + item.operand(inside: .comparison) + " IS NULL"
                    return "CASE WHEN " + missing + " THEN " + dialect.nullSafeEqual(value.operand, item.operand, negated: false) + " ELSE " + equal + " END"
                }
                result = Lowered(SQLFragment.joined(tests, separator: " OR ").parenthesized, isAtomic: true)
            } else if value.isOptional || items.contains(where: \.isOptional) {
                let tests = items.map { dialect.nullSafeEqual(value.operand, $0.operand, negated: false) }
                result = Lowered(SQLFragment.joined(tests, separator: " OR ").parenthesized, isAtomic: true)
            } else {
                // `value IN (a, b, ...)`, appended in place to the value's SQL.
                var sql = value.takeOperand()
                sql += " IN ("
                for index in items.indices {
                    if index > 0 { sql += ", " }
                    sql += items[index].sql
                }
                sql += ")"
                result = Lowered(sql).with(.comparison)
            }
            if let trapped {
                result = Lowered("CASE WHEN " + trapped + " THEN NULL ELSE " + result.sql + " END", mayTrap: true, isAtomic: true)
            }
            return result
        default:
            var value = lowerValue(element)
            let elementEncoding = encoding(toMatch: value, type: elementType)
            guard let opened = openSequence(sequence, elementEncoding: elementEncoding), let member = opened.element else {
                return constantBool(false)
            }
            var candidate = member
            if elementType.unwrapped.isString {
                value = normalizedString(value, at: element.range)
                candidate = normalizedString(candidate, at: sequence.range)
            }
            // Dates bound as seconds meeting a database timestamp: both as the `Double`s Swift compares.
            if elementType.unwrapped == .date, mixesStorages([value, candidate]) {
                value = asInstant(value)
                candidate = asInstant(candidate)
            }
            let test = dialect.nullSafeEqual(candidate.operand, value.operand, negated: false)
            let found = Lowered(subquery(opened, selectText: "1", last: test, prefix: "EXISTS "), mayTrap: value.mayTrap).with(.comparison)
            return guardTraps(of: opened, found)
        }
    }

    /// Whether `predicate` reads the element `variable` of the to-many `sequence` only through the
    /// key of its row: the key attribute, or a to-many relationship tied to the key. Anything else
    /// (another attribute, a to-one relationship, the row as a value) needs the element's row.
    /// Only an integer key: a link holding a text key may compare under another collation than
    /// the key's own (SQLite's check that the links are intact compares their types too).
    mutating func readsOnlyKey(of variable: VariableID, in predicate: TypedExpr, sequence: TypedExpr) -> Bool {
        guard case .toMany(_, let relationship) = tree[sequence], case .joinTable = relationship.link else { return false }
        let target = model(named: relationship.target)
        guard target.primaryKey.count == 1, let key = target.primaryKey.first,
            case .integer? = target.attributes.first(where: { $0.columnName == key })?.type
        else { return false }
        return readsOnlyKey(of: variable, in: predicate, key: key)
    }

    private func readsOnlyKey(of variable: VariableID, in expr: TypedExpr, key: String) -> Bool {
        // A relationship of the element read where a sequence is opened (``openSequence``),
        // which ties it to the element's row through `column(_:ofRow:)`.
        func isTiedToKey(_ sequence: TypedExpr) -> Bool {
            guard case .toMany(let base, let relationship) = tree[sequence], case .variable(variable) = tree[base] else { return false }
            switch relationship.link {
            case .inverseForeignKey(_, let sourceColumn): return sourceColumn == key
            case .joinTable(let join): return join.sourceKey == key
            case .foreignKey: return false
            }
        }
        var others: [TypedExpr] = []
        switch tree[expr] {
        case .variable(let id):
            return id != variable
        case .attribute(let base, let attribute):
            if case .variable(variable) = tree[base] { return attribute.columnName == key }
        case .any(let sequence, _, let predicate), .all(let sequence, _, let predicate), .filter(let sequence, _, let predicate):
            if isTiedToKey(sequence) { others = [predicate] }
        case .count(let sequence), .isEmpty(let sequence):
            if isTiedToKey(sequence) { return true }
        default:
            break
        }
        if !others.isEmpty { return readsOnlyKey(of: variable, in: others[0], key: key) }
        var only = true
        TypedTreeDepth.forEachChild(of: tree[expr]) { child in
            if only, !readsOnlyKey(of: variable, in: child, key: key) { only = false }
        }
        return only
    }
}
