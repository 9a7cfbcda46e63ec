import SiftSchema
import SiftSyntax

/// Values StructuredQueries computes in SQL: arithmetic (`$0.position + 1`, `+` on strings is
/// `||`), `??` (`coalesce`), `ifnull`, `Case(...).when(..., then: ...).else(...)`, and the aggregate
/// methods `count`, `sum`, `avg`, `min`, `max`, `groupConcat` and `jsonGroupArray` (with
/// `distinct:` and `filter:` where the library takes them), each with SQL's result: `sum` and
/// `groupConcat` of no rows are nil, `avg` is a `Double?`.
extension TypeChecker {
    /// An expression the operand reader does not know: arithmetic, `??`, a `Case` chain or a
    /// method call; nil for anything else (then it is reported as not read).
    mutating func checkBuilderExpression(_ expr: Expr) -> TypedExpr? {
        let range = expr.range
        switch tree[expr] {
        case .binary(let binary):
            switch binary.op {
            case .nilCoalescing:
                let value = checkSQLValue(binary.lhs, expected: nil)
                let fallback = checkSQLFallback(binary.rhs, for: value)
                return checkFallback(.coalesce, value, fallback, what: "'??'", at: range)
            case .add, .subtract, .multiply, .divide, .remainder:
                guard let op = ArithmeticOperator(rawValue: binary.op.rawValue) else { return nil }
                return checkSQLArithmetic(op, binary.lhs, binary.rhs, at: range)
            case .bitwiseAnd, .bitwiseOr, .shiftLeft, .shiftRight:
                guard let op = SQLBitwiseOperator(rawValue: binary.op.rawValue) else { return nil }
                return checkSQLBitwise(op, binary.lhs, binary.rhs, at: range)
            default:
                return nil
            }
        case .prefix(let prefix) where prefix.op == .negate:
            let operand = checkSQLValue(prefix.operand, expected: nil)
            if operand.type.isError { return make(.error, .error, at: range) }
            guard operand.type.unwrapped.isNumeric else {
                error(.typeMismatch, "'-' negates a number; '\(text(prefix.operand.range))' is '\(operand.type)'", at: range)
                return make(.error, .error, at: range)
            }
            return make(.sql(.negate, [operand]), operand.type, at: range)
        case .prefix(let prefix) where prefix.op == .bitwiseNot:
            let operand = checkSQLValue(prefix.operand, expected: .int)
            if operand.type.isError { return make(.error, .error, at: range) }
            guard operand.type.unwrapped.isInteger else {
                error(
                    .typeMismatch, "'~' inverts the bits of an integer, but '\(text(prefix.operand.range))' is '\(operand.type)'; apply it to an 'Int' value",
                    at: prefix.operand.range)
                return make(.error, .error, at: range)
            }
            return make(.sql(.bitwiseNot, [operand]), operand.type, at: range)
        case .call(let call):
            if case .member(let base, let method) = tree[call.callee] {
                return checkSQLMethod(base: base, method: method, call: call, at: range)
            }
            if case .identifier(let name) = tree[call.callee], name.name == "Case" {
                return checkCase(parts: [], head: call, at: range)
            }
            return nil
        default:
            return nil
        }
    }

    /// `a + b` and the other operators on two numbers of one type (`+` on strings too).
    mutating func checkSQLArithmetic(_ op: ArithmeticOperator, _ lhs: Expr, _ rhs: Expr, at range: SourceRange) -> TypedExpr {
        var left: TypedExpr
        var right: TypedExpr
        if needsContext(lhs), !needsContext(rhs) {
            right = checkSQLValue(rhs, expected: nil)
            left = checkSQLValue(lhs, expected: right.type.isError ? nil : right.type)
        } else {
            left = checkSQLValue(lhs, expected: nil)
            right = checkSQLValue(rhs, expected: left.type.isError ? nil : left.type)
        }
        if left.type.isError || right.type.isError { return make(.error, .error, at: range) }
        if !right.type.isNilLiteral, !left.type.isNilLiteral, left.type.unwrapped != right.type.unwrapped {
            error(
                .typeMismatch, "'\(op.rawValue)' takes two values of one type; '\(left.type)' and '\(right.type)' differ",
                at: range, notes: [.init("StructuredQueries' operators take operands of one type, as SQL's columns have")])
            return make(.error, .error, at: range)
        }
        let type = left.type.unwrapped
        let isOptional = left.type.isOptional || right.type.isOptional
        if op == .add, type == .string {
            return make(.sql(.concatenate, [left, right]), isOptional ? .optional(.string) : .string, at: range)
        }
        guard type.isNumeric, op != .remainder || type.isInteger else {
            error(
                .typeMismatch, "'\(op.rawValue)' applies to \(op == .remainder ? "integers" : "numbers")\(op == .add ? " and strings" : ""); '\(text(lhs.range))' is '\(left.type)'",
                at: range)
            return make(.error, .error, at: range)
        }
        // SQL's division by zero is NULL: a quotient or remainder is optional.
        let mayBeNull = isOptional || op == .divide || op == .remainder
        return make(.sql(.arithmetic(op), [left, right]), mayBeNull ? .optional(type) : type, at: range)
    }

    /// `a & b`, `a | b`, `a << b`, `a >> b` on two integers of one type (the library's
    /// `BinaryInteger` operators); optional when either is.
    mutating func checkSQLBitwise(_ op: SQLBitwiseOperator, _ lhs: Expr, _ rhs: Expr, at range: SourceRange) -> TypedExpr {
        var left: TypedExpr
        var right: TypedExpr
        if needsContext(lhs), !needsContext(rhs) {
            right = checkSQLValue(rhs, expected: nil)
            left = checkSQLValue(lhs, expected: right.type.isError ? nil : right.type.unwrapped)
        } else {
            left = checkSQLValue(lhs, expected: nil)
            right = checkSQLValue(rhs, expected: left.type.isError ? nil : left.type.unwrapped)
        }
        if left.type.isError || right.type.isError { return make(.error, .error, at: range) }
        for (side, expr) in [(left, lhs), (right, rhs)] where !side.type.unwrapped.isInteger {
            error(
                .typeMismatch, "'\(op.rawValue)' works on the bits of integers, but '\(text(expr.range))' is '\(side.type)'; apply it to 'Int' values",
                at: expr.range)
            return make(.error, .error, at: range)
        }
        guard left.type.unwrapped == right.type.unwrapped else {
            error(
                .typeMismatch, "'\(op.rawValue)' takes two integers of one type; '\(left.type)' and '\(right.type)' differ",
                at: range, notes: [.init("StructuredQueries' operators take operands of one type, as SQL's columns have")])
            return make(.error, .error, at: range)
        }
        let type = left.type.unwrapped
        return make(.sql(.bitwise(op), [left, right]), left.type.isOptional || right.type.isOptional ? .optional(type) : type, at: range)
    }

    /// `a ?? b` / `a.ifnull(b)`: `a` unless it is NULL; optional only when `b` is.
    /// The fallback of `??` or `ifnull`, of `value`'s type; `.now` in it takes the storage of
    /// `value`'s dates, as StructuredQueries writes it.
    mutating func checkSQLFallback(_ expr: Expr, for value: TypedExpr) -> TypedExpr {
        let outerDateStorage = dateStorageContext
        defer { dateStorageContext = outerDateStorage }
        dateStorageContext = dateStorage(of: value) ?? outerDateStorage
        return checkSQLValue(expr, expected: value.type.isError ? nil : value.type)
    }

    mutating func checkFallback(_ operation: SQLOperation, _ value: TypedExpr, _ fallback: TypedExpr, what: String, at range: SourceRange) -> TypedExpr {
        let checked = sameType(fallback, value, what: what)
        if value.type.isError || checked.type.isError { return make(.error, .error, at: range) }
        let type = value.type.isNilLiteral ? fallback.type : value.type.unwrapped
        return make(.sql(operation, [value, fallback]), fallback.type.isOptional ? .optional(type) : type, at: range)
    }

    /// The builder's methods of a value that are not conditions: aggregates, `ifnull`, and the
    /// `when`/`else` of a `Case`; nil for another name.
    mutating func checkBuilderValueMethod(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr? {
        switch method.name {
        case "count", "sum", "total", "avg", "min", "max", "groupConcat", "jsonGroupArray":
            return checkBuilderAggregate(base: base, method: method, call: call, at: range)
        case "jsonArrayLength":
            return checkJSONArrayLength(base: base, method: method, call: call, at: range)
        case "jsonObject":
            return checkJSONObject(base: base, method: method, call: call, at: range)
        case "likelihood":
            error(
                .unsupportedConstruct,
                "SQLite's 'likelihood' takes only a literal probability, and StructuredQueries binds it, so SQLite refuses the query; write '.likely()' (a probability of 0.9375) or '.unlikely()' (0.0625)",
                at: method.range.union(call.argumentListRange ?? method.range))
            return make(.error, .error, at: range)
        case "jsonExtract", "jsonEach", "jsonSet", "jsonInsert", "jsonAppend", "jsonRemove", "jsonReplace", "jsonPatch", "jsonArrayInsert",
            "jsonbExtract", "jsonbGroupArray", "jsonbObject":
            error(
                .unsupportedConstruct,
                "'\(method.name)' is not read yet: Sift reads a JSON column as its text, 'jsonArrayLength()', 'jsonGroupArray()' and a row's 'jsonObject()'; select the column ('$0.items') to see its JSON",
                at: method.range.union(call.argumentListRange ?? method.range))
            return make(.error, .error, at: range)
        case "unhex":
            error(
                .unsupportedConstruct,
                "'unhex' is SQLite 3.41's, and this SQLite is 3.40; compare the bytes' 'hex()' with the text instead, as in '$0.image.hex().eq(\"CAFE\")' (upper-case digits)",
                at: method.range.union(call.argumentListRange ?? method.range))
            return make(.error, .error, at: range)
        case "ifnull":
            guard call.arguments.count == 1, call.arguments[0].label == nil, call.trailingClosure == nil else {
                return wrongArguments(method, "(_:)", at: range)
            }
            let value = checkSQLValue(base, expected: nil)
            let fallback = checkSQLFallback(call.arguments[0].value, for: value)
            return checkFallback(.ifNull, value, fallback, what: "'ifnull'", at: range)
        case "when", "else":
            var parts: [(method: Identifier, call: Call)] = [(method, call)]
            var current = base
            while case .call(let inner) = tree[current] {
                if case .member(let innerBase, let innerMethod) = tree[inner.callee], innerMethod.name == "when" {
                    parts.insert((innerMethod, inner), at: 0)
                    current = innerBase
                    continue
                }
                if case .identifier(let name) = tree[inner.callee], name.name == "Case" {
                    return checkCase(parts: parts, head: inner, at: range)
                }
                break
            }
            return nil
        default:
            return nil
        }
    }

    // MARK: Case

    /// `Case(base).when(v, then: x)....else(y)` (`CASE base WHEN v THEN x ... ELSE y END`) or
    /// `Case().when(condition, then: x)...` (`CASE WHEN condition THEN x ... END`).
    mutating func checkCase(parts: [(method: Identifier, call: Call)], head: Call, at range: SourceRange) -> TypedExpr {
        guard head.arguments.count <= 1, head.arguments.first.map({ $0.label == nil }) ?? true, head.trailingClosure == nil else {
            error(.badArguments, "'Case' takes the value compared, as in 'Case($0.priority)', or nothing for conditions, as in 'Case()'", at: head.callee.range)
            return make(.error, .error, at: range)
        }
        guard !parts.isEmpty, parts[0].method.name == "when" else {
            error(.badArguments, "a 'Case' needs a 'when', as in 'Case($0.priority).when(.high, then: \"High\").else(\"Other\")'", at: range)
            return make(.error, .error, at: range)
        }
        var operands: [TypedExpr] = []
        let outerDateStorage = dateStorageContext
        defer { dateStorageContext = outerDateStorage }
        let base = head.arguments.first.map { checkSQLValue($0.value, expected: nil) }
        if let base {
            if base.type.isError { return make(.error, .error, at: range) }
            operands.append(base)
        }
        var result: TypedExpr?
        var anyOptional = false
        var hasElse = false
        for (index, part) in parts.enumerated() {
            let arguments = part.call.arguments
            if part.method.name == "else" {
                guard index == parts.count - 1, arguments.count == 1, arguments[0].label == nil else {
                    error(.badArguments, "'else' ends a 'Case' and takes one value, as in '.else(\"Other\")'", at: part.method.range)
                    return make(.error, .error, at: range)
                }
                dateStorageContext = result.flatMap { dateStorage(of: $0) } ?? outerDateStorage
                let value = checkSQLValue(arguments[0].value, expected: result?.type)
                if let result, !caseValuesAgree(value, result) { return make(.error, .error, at: range) }
                if value.type.isError { return make(.error, .error, at: range) }
                anyOptional = anyOptional || value.type.isOptional
                operands.append(value)
                hasElse = true
                continue
            }
            guard arguments.count == 2, arguments[0].label == nil, arguments[1].label?.name == "then" else {
                error(.badArguments, "'when' takes a value and 'then:', as in '.when(.high, then: \"High\")'", at: part.method.range)
                return make(.error, .error, at: range)
            }
            let test: TypedExpr
            if let base {
                dateStorageContext = dateStorage(of: base)
                test = checkCaseValue(arguments[0].value, against: base)
            } else {
                dateStorageContext = nil
                test = checkSQLCondition(arguments[0].value)
            }
            dateStorageContext = result.flatMap { dateStorage(of: $0) } ?? outerDateStorage
            let value = checkSQLValue(arguments[1].value, expected: result?.type)
            if test.type.isError || value.type.isError { return make(.error, .error, at: range) }
            if let result, !caseValuesAgree(value, result) { return make(.error, .error, at: range) }
            if result == nil || result!.type.isNilLiteral { result = value }
            anyOptional = anyOptional || value.type.isOptional
            operands += [test, value]
        }
        guard let result else { return make(.error, .error, at: range) }
        if case .model = result.type.unwrapped.kind {
            error(.typeMismatch, "a 'Case' gives a value, not a row", at: result.range)
            return make(.error, .error, at: range)
        }
        let type = result.type.unwrapped
        return make(.sql(.caseWhen(hasBase: base != nil, hasElse: hasElse), operands), anyOptional || !hasElse ? .optional(type) : type, at: range)
    }

    /// Whether a `then`/`else` value has the type of the first (reported otherwise).
    mutating func caseValuesAgree(_ value: TypedExpr, _ first: TypedExpr) -> Bool {
        if value.type.isNilLiteral || first.type.isNilLiteral || value.type.unwrapped == first.type.unwrapped { return true }
        error(
            .typeMismatch, "the values of a 'Case' are of one type; the first is '\(first.type)', this is '\(value.type)'",
            at: value.range, notes: [.init("the first value", at: first.range)])
        return false
    }

    /// A `when` value of `Case(base)`: of the base's type, or a literal of its enum's raw type
    /// (`Case($0.priority).when(1, then: ...)`: the stored values are compared).
    mutating func checkCaseValue(_ expr: Expr, against base: TypedExpr) -> TypedExpr {
        if case .enumeration(let name) = base.type.unwrapped.kind, let enumType = schema.enumType(named: name) {
            switch tree[expr] {
            case .integerLiteral, .stringLiteral, .floatLiteral:
                let raw = checkSQLValue(expr, expected: nil)
                if raw.type.isError { return raw }
                let matches: Bool =
                    switch (enumType.rawType, raw.type.kind) {
                    case (.integer, .integer), (.string, .string), (.double, .double): true
                    default: false
                    }
                if matches { return raw }
                error(
                    .typeMismatch, "'\(text(expr.range))' is not a value of '\(base.type.unwrapped)' nor of its raw type",
                    at: expr.range)
                return make(.error, .error, at: expr.range)
            default:
                break
            }
        }
        let value = checkSQLValue(expr, expected: base.type)
        return sameType(value, base, what: "'when'")
    }

    // MARK: Aggregates

    /// `$0.count()` (the rows: their primary key), `$0.id.count(distinct: true)`, `$0.position.sum()`,
    /// `avg`, `min`, `max`, `$1.title.groupConcat(", ")`, `groupConcat(distinct: true)`,
    /// `jsonGroupArray()`, each with `filter:` a condition on the rows.
    mutating func checkBuilderAggregate(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr {
        let function: AggregateFunction =
            switch method.name {
            case "count": .count
            case "sum": .sum
            case "total": .total
            case "avg": .average
            case "min": .min
            case "max": .max
            case "groupConcat": .groupConcat
            default: .jsonGroupArray
            }
        switch aggregatePlace {
        case .filter:
            let written = text(range)
            let clause = builderClause ?? "'where'"
            let remedy =
                switch clause {
                case "'order'": "group the rows first, as in '.group(by: \\.id)', to order the groups by it"
                case "'group'": "group by columns, and aggregate in 'select' or 'having'"
                default: "test groups with 'having', as in '.group(by: \\.id).having { \(written) > 1 }'"
                }
            error(
                .aggregateInFilter, "'\(written)' combines the rows of a group, but \(clause) reads one row at a time; \(remedy)", at: range)
            return make(.error, .error, at: range)
        case .insideAggregate, .mappedValue:
            error(.nestedAggregate, "an aggregate cannot be nested inside another: '\(method.name)' is applied to the rows, not to aggregates", at: range)
            return make(.error, .error, at: range)
        case .selection:
            break
        }
        aggregatePlace = .insideAggregate
        defer { aggregatePlace = .selection }
        var isDistinct = false
        var condition: TypedExpr?
        var separator: TypedExpr?
        var orderArgument: Argument?
        if call.trailingClosure != nil {
            error(.badArguments, Self.builderAggregateUsage(function), at: range)
            return make(.error, .error, at: range)
        }
        for argument in call.arguments {
            switch argument.label?.name {
            case "distinct"? where function != .min && function != .max:
                guard case .booleanLiteral(let value) = tree[argument.value] else {
                    error(.badArguments, "'distinct:' takes a 'Bool' literal, such as 'true'", at: argument.value.range)
                    return make(.error, .error, at: range)
                }
                isDistinct = value
            case "filter"?:
                let typed = checkSQLCondition(argument.value)
                if typed.type.isError { return make(.error, .error, at: range) }
                condition = typed
            case nil where function == .groupConcat && separator == nil, "separator"? where function == .groupConcat && separator == nil:
                let typed = checkSQLValue(argument.value, expected: .string)
                if typed.type.isError { return make(.error, .error, at: range) }
                guard typed.type.unwrapped == .string else {
                    error(.typeMismatch, "the separator must be a 'String', but this is '\(typed.type)'", at: argument.value.range)
                    return make(.error, .error, at: range)
                }
                separator = typed
            case "order"? where function == .groupConcat && orderArgument == nil:
                orderArgument = argument  // checked after the value: it may only repeat it under `distinct:`
            default:
                error(.badArguments, Self.builderAggregateUsage(function), at: argument.range)
                return make(.error, .error, at: range)
            }
        }
        if isDistinct, separator != nil, orderArgument == nil {
            error(.badArguments, "'groupConcat(distinct:)' joins with ','; SQLite takes no separator with 'distinct'", at: call.argumentListRange ?? range)
            return make(.error, .error, at: range)
        }
        var argument = checkSQLValue(base, expected: nil)
        if argument.type.isError { return make(.error, .error, at: range) }
        if case .model = argument.type.unwrapped.kind, !isBuilderRow(argument) {
            reportRelationshipValue(base.range)
            return make(.error, .error, at: range)
        }
        if function == .jsonGroupArray, case .model(let name) = argument.type.unwrapped.kind, let rowModel = model(named: name) {
            // `$1.jsonGroupArray()`: the rows as JSON objects; a left-joined row only where present.
            guard let (object, present) = jsonObject(ofRow: argument, model: rowModel, at: base.range) else { return make(.error, .error, at: range) }
            argument = object
            if let present {
                condition = condition.map { make(.sql(.logical(.and), [present, $0]), sqlResultType([present, $0]), at: $0.range) } ?? present
            }
        } else if case .model(let name) = argument.type.unwrapped.kind, let rowModel = model(named: name) {
            // `$0.count()`: StructuredQueries counts the table's primary key.
            guard function == .count, rowModel.primaryKey.count == 1, let key = rowModel.attributes.first(where: { $0.columnName == rowModel.primaryKey[0] })
            else {
                error(
                    .typeMismatch,
                    function == .count
                        ? "'\(rowModel.name)' has no primary key of one column to count; count one of its columns"
                        : "'\(method.name)' applies to a column; '\(text(base.range))' is a whole row",
                    at: base.range)
                return make(.error, .error, at: range)
            }
            argument = columnOfRow(argument, named: key.name)
            if argument.type.isError { return make(.error, .error, at: range) }
        }
        guard checkSelectable(argument, at: base.range) else { return make(.error, .error, at: range) }
        let element = argument.type.unwrapped
        let type: SiftType
        switch function {
        case .count:
            type = .int
        case .sum, .average, .total:
            guard element.isNumeric else {
                error(.typeMismatch, "'\(method.name)' adds numbers, but '\(text(base.range))' is '\(argument.type)'", at: base.range)
                return make(.error, .error, at: range)
            }
            type = function == .sum ? .optional(element) : function == .total ? .double : .optional(.double)
        case .min, .max:
            type = .optional(element)
        case .groupConcat:
            guard element == .string else {
                error(.typeMismatch, "'groupConcat' joins strings, but '\(text(base.range))' is '\(argument.type)'; use 'jsonGroupArray'", at: base.range)
                return make(.error, .error, at: range)
            }
            type = .optional(.string)
        case .jsonGroupArray:
            type = .string
            // A JSON column's values are nested as JSON (`json_group_array(json(tags))`), as the library writes them.
            if isJSONColumn(argument) { argument = make(.sql(.json, [argument]), argument.type, at: argument.range) }
        }
        var aggregate = AggregateCall(function: function, argument: argument, isDistinct: isDistinct, condition: condition, separator: separator)
        if let orderArgument {
            guard let (key, descending) = checkGroupConcatOrder(orderArgument.value, value: base, isDistinct: isDistinct) else {
                return make(.error, .error, at: range)
            }
            aggregate.sortKey = key
            aggregate.isDescending = descending
        }
        return make(.aggregate(aggregate), type, at: range)
    }

    /// `order: $0.priority`, `order: $0.title.desc()`, `order: $0.title.collate(.nocase)` of
    /// `groupConcat`: SQL's `group_concat(x ORDER BY k)` (the key compared as SQL compares stored
    /// values: text by its bytes or the collation written). Under `distinct:` the key is the
    /// value itself, as SQL requires. Nil after an error (reported).
    mutating func checkGroupConcatOrder(_ expr: Expr, value: Expr, isDistinct: Bool) -> (TypedExpr, Bool)? {
        var keyExpr = expr
        var descending = false
        if case .call(let call) = tree[expr], case .member(let base, let method) = tree[call.callee], method.name == "asc" || method.name == "desc" {
            guard call.arguments.isEmpty, call.trailingClosure == nil else {
                error(
                    .badArguments, "the order of 'groupConcat' puts NULL first ascending and last descending, as SQLite does; 'nulls:' is not read here",
                    at: call.arguments.first?.range ?? expr.range)
                return nil
            }
            keyExpr = base
            descending = method.name == "desc"
        }
        if case .tuple = tree[keyExpr] {
            error(.badArguments, "'groupConcat' is ordered by one value, as in 'order: $0.title.desc()'", at: expr.range)
            return nil
        }
        var orderedValue = keyExpr
        if case .call(let call) = tree[keyExpr], case .member(let base, let method) = tree[call.callee], method.name == "collate" { orderedValue = base }
        if isDistinct, text(orderedValue.range) != text(value.range) {
            error(
                .badArguments, "'groupConcat(distinct: true, order:)' orders the distinct values by themselves: write 'order: \(text(value.range))' (or its 'desc()')",
                at: keyExpr.range)
            return nil
        }
        let key = checkSQL(keyExpr)
        if key.type.isError { return nil }
        switch key.type.unwrapped.kind {
        case .model, .array:
            error(.typeMismatch, "'groupConcat' is ordered by a column's value; '\(text(keyExpr.range))' is '\(key.type)'", at: keyExpr.range)
            return nil
        default:
            break
        }
        if key.type.unwrapped == .data {
            error(.typeMismatch, "'groupConcat' is not ordered by bytes of 'Data' here; order by a text or a number", at: keyExpr.range)
            return nil
        }
        return (key, descending)
    }

    /// The column `name` of a row, optional when the row is.
    mutating func columnOfRow(_ row: TypedExpr, named name: String) -> TypedExpr {
        let identifier = Identifier(name, at: row.range)
        guard row.type.isOptional else { return member(of: row, name: identifier, baseRange: row.range, at: row.range) }
        let bound = declare("\(text(row.range))?", type: row.type.unwrapped, origin: .binding, at: row.range)
        let body = member(of: reference(bound, at: row.range), name: identifier, baseRange: row.range, at: row.range)
        if body.type.isError { return body }
        return make(.optionalMap(source: row, variable: bound, body: body), body.type.isOptional ? body.type : .optional(body.type), at: row.range)
    }

    static func builderAggregateUsage(_ function: AggregateFunction) -> String {
        switch function {
        case .count: "'count' takes 'distinct:' and 'filter:', as in '$0.id.count(distinct: true)' or '$0.count(filter: $0.isCompleted)'"
        case .sum: "'sum' takes 'distinct:' and 'filter:', as in '$0.position.sum(filter: $0.isCompleted)'"
        case .total: "'total' takes 'distinct:' and 'filter:', as in '$0.position.total()'"
        case .average: "'avg' takes 'distinct:' and 'filter:', as in '$0.position.avg()'"
        case .min, .max: "'\(function == .min ? "min" : "max")' takes 'filter:', as in '$0.position.\(function == .min ? "min" : "max")()'"
        case .groupConcat: "'groupConcat' takes a separator, 'distinct:', 'order:' and 'filter:', as in '$0.title.groupConcat(\", \", order: $0.title.desc())'"
        case .jsonGroupArray: "'jsonGroupArray' takes 'distinct:' and 'filter:', as in '$0.title.jsonGroupArray()'"
        }
    }
}
