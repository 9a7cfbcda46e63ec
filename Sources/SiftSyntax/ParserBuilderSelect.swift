/// The methods of a StructuredQueries chain that choose what the query returns rather than which
/// rows: `.select`, `.distinct()`, `.join` / `.leftJoin` / `.rightJoin` / `.fullJoin`, `.group`
/// and `.having`. Each clause remembers how many tables were joined before it: its closure takes
/// that many rows.
extension Parser {
    /// Reads `method`'s call into `clauses`; false after an error (reported).
    mutating func readBuilderSelectMethod(
        _ method: Identifier, _ call: Call, whole expr: Expr, model: Identifier, into clauses: inout BuilderClauses
    ) -> Bool {
        let tables = 1 + clauses.joins.count
        let arguments = call.arguments
        if clauses.selectionRange == nil { clauses.selectionRange = method.range }
        switch method.name {
        case "select":
            if let closure = call.trailingClosure ?? singleClosureArgument(call) {
                clauses.selections.append(BuilderScoped(.closure(closure), tables: tables))
                return true
            }
            let keyPaths: [KeyPath] = arguments.compactMap { argument in
                guard argument.label == nil, case .keyPath(let keyPath) = kind(of: argument.value) else { return nil }
                return keyPath
            }
            guard !arguments.isEmpty, keyPaths.count == arguments.count, call.trailingClosure == nil else {
                error(
                    .expectedQuery, "'select' takes a closure or a key path, as in '.select { ($0.title, $0.priority) }' or '.select(\\.title)'",
                    at: expr.range)
                return false
            }
            for keyPath in keyPaths { clauses.selections.append(BuilderScoped(.keyPath(keyPath), tables: tables)) }
        case "distinct":
            guard call.trailingClosure == nil, arguments.count <= 1, arguments.first.map({ $0.label == nil }) ?? true else {
                error(.invalidArgument, "'distinct' takes nothing or a 'Bool' literal, as in '.distinct()'", at: expr.range)
                return false
            }
            if let argument = arguments.first {
                guard case .booleanLiteral(let value) = kind(of: argument.value) else {
                    error(.invalidArgument, "'distinct' takes a 'Bool' literal here, such as 'true'", at: argument.value.range)
                    return false
                }
                clauses.isDistinct = value
            } else {
                clauses.isDistinct = true
            }
        case "join", "leftJoin", "rightJoin", "fullJoin":
            return readBuilderJoin(method, call, whole: expr, into: &clauses)
        case "group":
            if let closure = call.trailingClosure ?? singleClosureArgument(call) ?? closureArgument(call, labelled: "by") {
                // `group { ... }` is the library's `group(by: { ... })` with a trailing closure.
                clauses.groupings.append(BuilderScoped(.closure(closure), tables: tables))
            } else if arguments.count == 1, arguments[0].label?.name == "by", case .keyPath(let keyPath) = kind(of: arguments[0].value) {
                clauses.groupings.append(BuilderScoped(.keyPath(keyPath), tables: tables))
            } else {
                error(.expectedQuery, "'group' takes a key path or a closure, as in '.group(by: \\.remindersListID)' or '.group { $0.remindersListID }'", at: expr.range)
                return false
            }
        case "having":
            if let closure = call.trailingClosure ?? singleClosureArgument(call) {
                clauses.havings.append(BuilderScoped(.closure(closure), tables: tables))
            } else if arguments.count == 1, arguments[0].label == nil, case .keyPath(let keyPath) = kind(of: arguments[0].value) {
                clauses.havings.append(BuilderScoped(.keyPath(keyPath), tables: tables))
            } else {
                error(.expectedQuery, "'having' takes a closure or a key path, as in '.having { $0.count() > 2 }' or '.having(\\.isCompleted)'", at: expr.range)
                return false
            }
        default:
            return false
        }
        return true
    }

    /// `.join(RemindersList.all) { $0.remindersListID.eq($1.id) }`, `.leftJoin(RemindersList.where { ... }, on: { ... })`.
    mutating func readBuilderJoin(_ method: Identifier, _ call: Call, whole expr: Expr, into clauses: inout BuilderClauses) -> Bool {
        let kind = BuilderJoin.Kind(rawValue: method.name) ?? .inner
        let arguments = call.arguments
        var condition = call.trailingClosure
        if arguments.count == 2, arguments[1].label?.name == "on", case .closure(let closure) = self.kind(of: arguments[1].value), condition == nil {
            condition = closure
        }
        guard let first = arguments.first, first.label == nil, arguments.count == (call.trailingClosure == nil && condition != nil ? 2 : 1), let condition
        else {
            error(
                .invalidArgument,
                "'\(method.name)' takes the joined query and the condition, as in '.\(method.name)(RemindersList.all) { $0.remindersListID.eq($1.id) }'",
                at: expr.range)
            return false
        }
        var joined = BuilderClauses()
        var limit: Expr?
        var offset: Expr?
        guard let model = readBuilderChain(first.value, into: &joined, limit: &limit, offset: &offset) else { return false }
        if model.name == BuilderClauses.rowOfValuesModel {
            error(.unsupportedSyntax, "a row written as a value starts a sub-query of 'With'; join the table type that sub-query's rows are read as", at: first.value.range)
            return false
        }
        if limit != nil || offset != nil || joined.find != nil || !joined.orderings.isEmpty || !joined.joins.isEmpty || !joined.groupings.isEmpty
            || !joined.havings.isEmpty || joined.measure != nil || !joined.setOperations.isEmpty
        {
            error(
                .unsupportedSyntax,
                "the joined query is read with its 'where', 'select' and 'distinct' clauses only; write its other clauses on the whole query, as in '\(model.name).all'",
                at: first.value.range)
            return false
        }
        // StructuredQueries appends the joined query's columns to those selected so far.
        let row = clauses.joins.count + 1
        for selection in joined.selections { clauses.selections.append(BuilderScoped(selection.clause, tables: 1, joinedRow: row)) }
        clauses.isDistinct = clauses.isDistinct || joined.isDistinct
        clauses.joins.append(
            BuilderJoin(
                kind: kind, model: model, filters: joined.filters, condition: condition, filtersBefore: clauses.filters.count,
                orderingsBefore: clauses.orderings.count, methodRange: method.range, range: expr.range))
        return true
    }
}

extension Parser {
    /// `var rows: [(String, Priority?)]`, `var count = 0`, `var titles: [String] = []` after
    /// `@FetchAll(...)` / `@FetchOne(...)` around a chain: the property's type is read loosely
    /// (a tuple's elements are counted, to be compared with what the query selects), its initial
    /// value skipped. False when no property declaration follows.
    mutating func readBuilderPropertyTarget(into clauses: inout BuilderClauses) -> Bool {
        var index = position
        while tokens[index].kind == .identifier, Self.modifierNames.contains(text(tokens[index])) { index += 1 }
        guard tokens[index].kind == .kwVar || tokens[index].kind == .kwLet, tokens[index + 1].kind == .identifier else { return false }
        position = index + 2
        if at(.colon) {
            advance()
            let start = current.range.start
            var depth = 0
            var tupleDepth: Int?
            var elements = 0
            // Tokens of the type: brackets and parentheses balanced, then `?` or `.Member` suffixes.
            repeat {
                if at(.endOfFile) { break }
                switch current.kind {
                case .leftParen, .leftBracket:
                    depth += 1
                    // `[(A, B)]` or `(A, B)?`: the first parenthesis holds a row's values.
                    if current.kind == .leftParen, tupleDepth == nil {
                        tupleDepth = depth
                        elements = 1
                    }
                case .rightParen, .rightBracket:
                    depth -= 1
                case .comma where depth == tupleDepth:
                    elements += 1
                default:
                    break
                }
                advance()
            } while depth > 0 || at(.postfixQuestion) || at(.period) || (previous.kind == .period && at(.identifier))
            clauses.declaredType = SourceRange(start: start, end: previous.range.end)
            clauses.declaredArity = tupleDepth == nil ? nil : elements
        }
        if at(.equal) {
            advance()
            _ = parseExpression()
        }
        return true
    }
}
