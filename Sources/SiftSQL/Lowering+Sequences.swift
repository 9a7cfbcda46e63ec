import SiftChecker
import SiftSchema

/// A sequence opened as a correlated subquery: its level, and how to reach an element.
struct OpenedSequence {
    var level: QueryLevel
    /// The element, when it is a value (for sequences of scalars).
    var element: Lowered?
    /// The element, when it is a row.
    var row: (alias: String, model: Model)?
    /// The order of elements, when the sequence has one (arrays).
    var order: SQLFragment?
    var mayTrap: Bool
}

extension LoweringContext {
    /// Opens a sequence expression as a subquery level (not yet closed into SQL).
    func openSequence(_ sequence: TypedExpr, elementEncoding: ValueEncoding = .plain) -> OpenedSequence? {
        switch sequence.kind {
        case .toMany(let base, let relationship):
            guard let baseRow = row(of: base) else { return nil }
            let target = model(named: relationship.target)
            switch relationship.link {
            case .inverseForeignKey(let targetColumn, let sourceColumn):
                let elementAlias = alias(target.tableName)
                let level = QueryLevel(from: tableReference(target.tableName, alias: elementAlias))
                level.conditions.append(.column(elementAlias, targetColumn) + " = " + .column(baseRow.alias, sourceColumn))
                return OpenedSequence(level: level, row: (elementAlias, target), mayTrap: false)
            case .joinTable(let join):
                let joinAlias = alias(join.table)
                let elementAlias = alias(target.tableName)
                let level = QueryLevel(
                    from: tableReference(join.table, alias: joinAlias) + " JOIN " + tableReference(target.tableName, alias: elementAlias)
                        + " ON " + .column(elementAlias, join.targetKey) + " = " + .column(joinAlias, join.targetColumn))
                level.conditions.append(.column(joinAlias, join.sourceColumn) + " = " + .column(baseRow.alias, join.sourceKey))
                return OpenedSequence(level: level, row: (elementAlias, target), mayTrap: false)
            case .foreignKey:
                return nil
            }
        case .filter(let inner, let variable, let predicate):
            guard var opened = openSequence(inner, elementEncoding: elementEncoding) else { return nil }
            bindElement(variable, of: opened)
            let condition = lowerCondition(predicate)
            if condition.boolConstant != true {
                opened.level.conditions.append(condition.operand(inside: .and))
                opened.mayTrap = opened.mayTrap || condition.mayTrap
            }
            return opened
        case .arrayLiteral, .parameter:
            let array = lowerArray(sequence, elementEncoding: elementEncoding)
            let elementAlias = alias("element")
            let table = dialect.jsonArrayElements(array.sql, alias: elementAlias)
            let level = QueryLevel(from: table.from)
            let element = Lowered(table.value, isOptional: sequence.type.sequenceElement?.isOptional ?? false, isAtomic: true)
            return OpenedSequence(level: level, element: element, order: table.order, mayTrap: false)
        default:
            return nil
        }
    }

    /// An array literal or parameter as one JSON array binding.
    func lowerArray(_ sequence: TypedExpr, elementEncoding: ValueEncoding) -> Lowered {
        switch sequence.kind {
        case .parameter(let name):
            return Lowered(.binding(.parameter(name: name, encoding: .jsonArray(element: elementEncoding))), isAtomic: true)
        case .arrayLiteral(let elements):
            let values = elements.map { element -> SQLValue in
                if case .binding(.constant(let value))? = lowerValue(element).sql.segments.first { return value }
                return .null
            }
            return Lowered(.binding(.constant(.text(JSONArray.encode(values)))), isAtomic: true)
        default:
            return Lowered(SQLFragment("NULL"), isAtomic: true)
        }
    }

    func bindElement(_ variable: VariableID, of opened: OpenedSequence) {
        if let row = opened.row {
            variables[variable] = .row(alias: row.alias, model: row.model, level: opened.level)
        } else if let element = opened.element {
            variables[variable] = .value(element)
        }
    }

    /// `SELECT <what> FROM ... WHERE ...` of an opened sequence.
    func subquery(_ opened: OpenedSequence, select what: String, extra: [SQLFragment] = []) -> SQLFragment {
        "(SELECT " + SQLFragment(what) + " " + opened.level.body(extraConditions: extra) + ")"
    }

    /// `contains { ... }` (some element matches) and `allSatisfy { ... }` (no element fails).
    func lowerQuantifier(sequence: TypedExpr, variable: VariableID, predicate: TypedExpr, isAll: Bool) -> Lowered {
        guard let opened = openSequence(sequence) else { return constantBool(isAll) }
        bindElement(variable, of: opened)
        let condition = lowerCondition(predicate)
        if let constant = condition.boolConstant {
            // `contains { true }` is "not empty"; `allSatisfy { false }` is "empty".
            if isAll == constant { return constantBool(true) }
            let exists = "EXISTS " + subquery(opened, select: "1")
            return Lowered(isAll ? "NOT " + exists : exists, mayTrap: opened.mayTrap).with(isAll ? .not : .comparison)
        }
        let test = isAll ? "NOT " + condition.operand(inside: .not) : condition.operand(inside: .and)
        let exists = "EXISTS " + subquery(opened, select: "1", extra: [test])
        var result = Lowered(isAll ? "NOT " + exists : exists, mayTrap: opened.mayTrap).with(isAll ? .not : .comparison)
        if condition.mayTrap {
            // Every element is evaluated: a trap in any of them traps the row.
            let trapped = "EXISTS " + subquery(opened, select: "1", extra: [condition.operand(inside: .comparison) + " IS NULL"])
            result = Lowered("CASE WHEN " + trapped + " THEN NULL ELSE " + result.sql + " END", mayTrap: true, isAtomic: true)
        }
        return result
    }

    func lowerCount(_ sequence: TypedExpr) -> Lowered {
        if case .arrayLiteral(let elements) = sequence.kind {
            return Lowered(.binding(.constant(.integer(Int64(elements.count)))), isAtomic: true)
        }
        guard let opened = openSequence(sequence) else { return Lowered(.binding(.constant(.integer(0))), isAtomic: true) }
        return Lowered(subquery(opened, select: "count(*)"), mayTrap: opened.mayTrap, isAtomic: true)
    }

    func lowerIsEmpty(_ sequence: TypedExpr) -> Lowered {
        if case .arrayLiteral(let elements) = sequence.kind { return constantBool(elements.isEmpty) }
        guard let opened = openSequence(sequence) else { return constantBool(true) }
        return Lowered("NOT EXISTS " + subquery(opened, select: "1"), mayTrap: opened.mayTrap).with(.not)
    }

    func lowerFirst(_ sequence: TypedExpr, hint: ValueEncoding) -> Lowered {
        guard let opened = openSequence(sequence, elementEncoding: hint), let element = opened.element else {
            return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
        let order = opened.order.map { " ORDER BY " + $0 } ?? SQLFragment()
        return Lowered(
            "(SELECT " + element.sql + " " + opened.level.body() + order + " LIMIT 1)", isOptional: true, mayTrap: opened.mayTrap,
            isAtomic: true)
    }

    func lowerExtremum(_ sequence: TypedExpr, isMaximum: Bool, hint: ValueEncoding) -> Lowered {
        guard let opened = openSequence(sequence, elementEncoding: hint), let element = opened.element else {
            return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
        var value = element
        if sequence.type.sequenceElement?.unwrapped == .string { value = normalizedString(value) }
        return Lowered(
            "(SELECT " + SQLFragment(isMaximum ? "max(" : "min(") + value.sql + ") " + opened.level.body() + ")", isOptional: true,
            mayTrap: opened.mayTrap, isAtomic: true)
    }

    /// `sequence.contains(element)`: a range test, an `IN` list, or a subquery.
    func lowerContains(sequence: TypedExpr, element: TypedExpr) -> Lowered {
        let elementType = element.type
        switch sequence.kind {
        case .range(let lower, let upper, let closed):
            var value = lowerValue(element)
            var low = lowerValue(lower, hint: encoding(toMatch: value, type: lower.type))
            var high = lowerValue(upper, hint: encoding(toMatch: value, type: upper.type))
            if elementType.unwrapped == .string {
                value = normalizedString(value)
                low = normalizedString(low)
                high = normalizedString(high)
            }
            let test: SQLFragment =
                closed
                ? value.operand + " BETWEEN " + low.operand + " AND " + high.operand
                : value.operand + " >= " + low.operand + " AND " + value.operand + " < " + high.operand
            if ExpressionTraps.mayTrap(sequence) {
                // `lower...upper` with lower > upper traps in Swift.
                return Lowered(
                    "CASE WHEN " + low.operand + " <= " + high.operand + " THEN " + test + " END", mayTrap: true, isAtomic: true)
            }
            return Lowered(test, mayTrap: value.mayTrap || low.mayTrap || high.mayTrap).with(closed ? .comparison : .and)
        case .arrayLiteral(let elements):
            if elements.isEmpty { return constantBool(false) }
            var value = lowerValue(element)
            var items = elements.map { lowerValue($0, hint: encoding(toMatch: value, type: $0.type)) }
            if elementType.unwrapped == .string {
                value = normalizedString(value)
                items = items.map(normalizedString)
            }
            if value.isOptional || items.contains(where: \.isOptional) {
                let tests = items.map { dialect.nullSafeEqual(value.operand, $0.operand, negated: false) }
                return Lowered(SQLFragment.joined(tests, separator: " OR ").parenthesized, mayTrap: value.mayTrap, isAtomic: true)
            }
            return Lowered(
                value.operand + " IN (" + SQLFragment.joined(items.map(\.sql), separator: ", ") + ")",
                mayTrap: value.mayTrap || items.contains(where: \.mayTrap)).with(.comparison)
        default:
            var value = lowerValue(element)
            let elementEncoding = encoding(toMatch: value, type: elementType)
            guard let opened = openSequence(sequence, elementEncoding: elementEncoding), let member = opened.element else {
                return constantBool(false)
            }
            var candidate = member
            if elementType.unwrapped == .string {
                value = normalizedString(value)
                candidate = normalizedString(candidate)
            }
            let test = dialect.nullSafeEqual(candidate.operand, value.operand, negated: false)
            return Lowered("EXISTS " + subquery(opened, select: "1", extra: [test]), mayTrap: value.mayTrap || opened.mayTrap).with(.comparison)
        }
    }
}
