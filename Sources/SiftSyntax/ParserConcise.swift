/// The concise prompt form: `User where age > 20 sort by birth desc, name limit 10 offset 20`.
///
/// The clause words are contextual: they are keywords only where a clause can start, so a model
/// can still have a member named `limit` (`User where limit > 3`).
extension Parser {
    /// The clauses of the concise form.
    enum ConciseClause: String {
        case `where`, sort, limit, offset, select, group, having, join
    }

    /// Where each clause of a concise query was first given, if it was.
    struct SeenClauses {
        private var whereRange, sortRange, limitRange, offsetRange: SourceRange?
        private var selectRange, groupRange, havingRange: SourceRange?

        subscript(clause: ConciseClause) -> SourceRange? {
            get {
                switch clause {
                case .where: whereRange
                case .sort: sortRange
                case .limit: limitRange
                case .offset: offsetRange
                case .select: selectRange
                case .group: groupRange
                case .having: havingRange
                case .join: nil  // joins may be written more than once
                }
            }
            set {
                switch clause {
                case .where: whereRange = newValue
                case .sort: sortRange = newValue
                case .limit: limitRange = newValue
                case .offset: offsetRange = newValue
                case .select: selectRange = newValue
                case .group: groupRange = newValue
                case .having: havingRange = newValue
                case .join: break
                }
            }
        }
    }

    /// The clause starting at the cursor, if any (`sort by` / `order by` are two words).
    mutating func conciseClause() -> ConciseClause? {
        guard at(.identifier) else { return nil }
        if atContextualKeyword("where") { return .where }
        if atContextualKeyword("limit") { return .limit }
        if atContextualKeyword("offset") { return .offset }
        if atContextualKeyword("select") { return .select }
        if atContextualKeyword("having") { return .having }
        if atContextualKeyword("join") { return .join }
        if atContextualKeyword("left") {
            let next = peek()
            if next.kind == .identifier, tokenTextEquals(next, "join") { return .join }
        }
        if atContextualKeyword("group") {
            let next = peek()
            if next.kind == .identifier, tokenTextEquals(next, "by") { return .group }
        }
        if atContextualKeyword("sort") || atContextualKeyword("order") {
            let next = peek()
            if next.kind == .identifier, tokenTextEquals(next, "by") { return .sort }
            if next.kind == .endOfFile || next.kind == .identifier || next.kind == .backslash { return .sort }
        }
        return nil
    }

    /// The words that start a clause, for "did you mean" (`wher` → `where`).
    static let conciseClauseWords = [
        "where", "sort by", "order by", "sort", "order", "limit", "offset", "select", "group by", "having", "join", "left join",
    ]

    mutating func parseConciseQuery() -> Query? {
        let start = current.range.start
        let modelToken = advance()
        // `RemindersList as list`: the row's name, read by the queries the row counts.
        var rowName: Identifier?
        if atContextualKeyword("as"), !current.atStartOfLine {
            advance()
            guard at(.identifier) else {
                error(.expectedExpression, "expected a name for the row after 'as', such as '\(text(modelToken)) as row'", at: missingTokenRange)
                return nil
            }
            rowName = name(of: advance())
        }
        var query = parseConciseClauses(model: name(of: modelToken), start: start)
        query.rowName = rowName
        return query
    }

    /// The clauses after the model of a concise query that starts at `start`.
    mutating func parseConciseClauses(model: Identifier, start: Int) -> Query {
        var filter: Query.Filter?
        var sort: [SortKey] = []
        var limit: Expr?
        var offset: Expr?
        var projection: Projection?
        // Where each clause was first given: four places, not a list (an allocation per query).
        var seen = SeenClauses()
        while let clause = conciseClause() {
            let keyword = advance()
            var keywordRange = keyword.range
            var isOuterJoin = false
            if clause == .group || (clause == .join && text(keyword) == "left") {
                isOuterJoin = clause == .join
                keywordRange = keywordRange.union(advance().range)
            }
            if clause == .sort {
                if at(.identifier), tokenTextEquals(current, "by") {
                    keywordRange = keywordRange.union(advance().range)
                } else {
                    error(
                        .invalidClause, "expected 'by' after '\(text(keyword))', as in 'sort by name'",
                        at: .point(keyword.range.end), fixIts: [.insert(" by", at: keyword.range.end)])
                }
            }
            if let first = seen[clause] {
                error(
                    .invalidClause, "the '\(source.text(in: keywordRange))' clause is given twice; combine them",
                    at: keywordRange, notes: [Diagnostic.Note("first given here", at: first)])
            } else {
                seen[clause] = keywordRange
            }
            switch clause {
            case .where:
                let expression = parseExpression()
                filter = .implicit(expression.expr)
            case .sort:
                sort = parseConciseSortKeys()
            case .limit:
                limit = parseExpression().expr
            case .offset:
                offset = parseExpression().expr
            case .select:
                var distinctRange: SourceRange?
                if atContextualKeyword("distinct"), !current.atStartOfLine { distinctRange = advance().range }
                var selected = projection ?? Projection()
                selected.isDistinct = distinctRange != nil
                selected.selectRange = distinctRange.map { keywordRange.union($0) } ?? keywordRange
                selected.items = parseSelectItems()
                projection = selected
            case .group:
                var grouped = projection ?? Projection()
                grouped.groupRange = keywordRange
                grouped.grouping = parseExpressionList()
                projection = grouped
            case .having:
                var grouped = projection ?? Projection()
                grouped.groupFilter = parseExpression().expr
                projection = grouped
            case .join:
                var joined = projection ?? Projection()
                if let join = parseJoin(isOuter: isOuterJoin, start: keywordRange.start) { joined.joins.append(join) }
                projection = joined
            }
        }
        // `union`, `intersect`, `except`: another query whose rows combine with these.
        var setOperations: [SetOperation] = []
        // The combined rows' order and limit are written after the last query.
        var combinedSort: [SortKey] = []
        var combinedLimit: Expr?
        var combinedOffset: Expr?
        while let op = setOperator() {
            var keyword = advance()
            if op == .unionAll { keyword.range = keyword.range.union(advance().range) }
            if setOperations.isEmpty, !sort.isEmpty || limit != nil || offset != nil {
                error(
                    .invalidClause,
                    "'sort by', 'limit' and 'offset' before '\(op.rawValue)' would apply to the combined rows; write them after the last query",
                    at: keyword.range)
            }
            guard at(.identifier) else {
                error(.expectedExpression, "expected a query after '\(op.rawValue)', such as '\(op.rawValue) User where age > 60 select name'", at: missingTokenRange)
                break
            }
            guard let operand = parseConciseQuery() else { break }
            // The operand's own operations follow this one's, left to right.
            var flat = operand
            let nested = flat.projection?.setOperations ?? []
            flat.projection?.setOperations = []
            (combinedSort, combinedLimit, combinedOffset) = (flat.sort, flat.limit, flat.offset)
            (flat.sort, flat.limit, flat.offset) = ([], nil, nil)
            setOperations.append(SetOperation(op: op, operatorRange: keyword.range, query: flat))
            setOperations += nested
        }
        if !setOperations.isEmpty {
            var combined = projection ?? Projection()
            combined.setOperations = setOperations
            projection = combined
            (sort, limit, offset) = (combinedSort, combinedLimit, combinedOffset)
        }
        // Anything else on the same line is not a clause.
        if at(.identifier), !current.atStartOfLine {
            let word = current
            let spelling = text(word)
            let suggestion = Suggestions.closest(to: spelling, among: Self.conciseClauseWords).first
            error(
                .invalidClause,
                "expected 'where', 'select', 'group by', 'having', 'join', 'sort by', 'limit', 'offset' or the end of the query, found '\(spelling)'"
                    + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                at: word.range, fixIts: suggestion.map { [Diagnostic.FixIt(replace: word.range, with: $0)] } ?? [])
            advance()
            while !at(.endOfFile), !at(.semicolon), !current.atStartOfLine { advance() }
        }
        var query = Query(
            form: .concise, modelName: model, filter: filter, sort: sort, limit: limit, offset: offset,
            range: SourceRange(start: start, end: previous.range.end))
        if let projection { query.projection = projection }
        return query
    }

    /// The set operator at the cursor, if any.
    mutating func setOperator() -> SetOperation.Operator? {
        guard at(.identifier) else { return nil }
        if atContextualKeyword("union") {
            // `union all`: every row of both, repeated rows kept.
            let next = peek()
            if next.kind == .identifier, tokenTextEquals(next, "all"), !next.atStartOfLine, peek(2).kind == .identifier { return .unionAll }
            return .union
        }
        if atContextualKeyword("intersect") { return .intersect }
        if atContextualKeyword("except") { return .except }
        return nil
    }

    /// `interests as interest on interest.category != nil` after `join`.
    mutating func parseJoin(isOuter: Bool, start: Int) -> JoinClause? {
        guard at(.identifier), let source = parseDottedPath() else {
            error(.expectedExpression, "expected a relationship or a model to join, such as 'join interests as interest'", at: missingTokenRange)
            return nil
        }
        var alias: Identifier?
        if atContextualKeyword("as"), !current.atStartOfLine {
            advance()
            guard at(.identifier) else {
                error(.expectedExpression, "expected a name after 'as', such as 'as other'", at: missingTokenRange)
                return nil
            }
            alias = name(of: advance())
        }
        var condition: Expr?
        if atContextualKeyword("on") {
            advance()
            condition = parseExpression().expr
        }
        return JoinClause(
            isOuter: isOuter, source: source, alias: alias, condition: condition, range: SourceRange(start: start, end: previous.range.end))
    }

    /// `name, total: sum(score), count()`: each item an expression, named when a label and a colon
    /// come first.
    mutating func parseSelectItems() -> [SelectItem] {
        var items: [SelectItem] = []
        repeat {
            let start = current.range.start
            var label: Identifier?
            if at(.identifier), peek().kind == .colon {
                label = name(of: advance())
                advance()
            }
            let value = parseExpression().expr
            if case .measuredQuery(let subquery) = kind(of: value) {
                // `count(Reminder where isCompleted)` alone: a query's count as a column (in an
                // expression, `count(…) + 1`, it is a value like any other).
                var item = SelectItem(label: label, value: make(.error, subquery.range, height: 1).expr, range: SourceRange(start: start, end: previous.range.end))
                item.subquery = subquery
                items.append(item)
                continue
            }
            items.append(SelectItem(label: label, value: value, range: SourceRange(start: start, end: previous.range.end)))
        } while consume(.comma) != nil
        return items
    }

    /// `remindersList, priority`: expressions separated by commas.
    mutating func parseExpressionList() -> [Expr] {
        var list: [Expr] = []
        repeat { list.append(parseExpression().expr) } while consume(.comma) != nil
        return list
    }

    /// Whether the dotted path at the current token is followed by `(`: a method call
    /// (`users.map(\.age).max()`), not a key path.
    func pathIsCalled() -> Bool {
        var distance = 1
        while true {
            switch peek(distance).kind {
            case .postfixQuestion, .postfixBang: distance += 1
            case .period where peek(distance + 1).kind == .identifier: distance += 2
            case .leftParen: return true
            default: return false
            }
        }
    }

    /// `birth desc, company?.name, \.name asc`.
    mutating func parseConciseSortKeys() -> [SortKey] {
        var keys: [SortKey] = []
        repeat {
            let start = current.range.start
            var keyPath: KeyPath?
            var expression: Expr?
            if at(.identifier), peek().kind == .leftParen || pathIsCalled() {
                // `count() desc`, `sum(score)`, `users.map(\.age).max()`: a computed value, not a key path.
                expression = parseExpression().expr
                keyPath = KeyPath(root: nil, components: [], range: expression!.range)
            } else if at(.backslash) {
                keyPath = parseKeyPath()
            } else if at(.identifier) || at(.dollarIdentifier) {
                keyPath = parseDottedPath()
            } else {
                error(
                    .expectedExpression, "expected a property to sort by, such as 'sort by name'",
                    at: missingTokenRange)
                break
            }
            guard let keyPath else { break }
            var order = SortOrder.forward
            var orderRange: SourceRange?
            if at(.identifier), !current.atStartOfLine {
                switch text(current) {
                case "asc", "ascending":
                    orderRange = advance().range
                case "desc", "descending":
                    orderRange = advance().range
                    order = .reverse
                default: break
                }
            }
            keys.append(
                SortKey(
                    keyPath: keyPath, order: order, orderRange: orderRange,
                    range: SourceRange(start: start, end: previous.range.end), expression: expression))
        } while consume(.comma) != nil
        return keys
    }

    /// `company?.name` or `$0.company.name` as a key path without a root.
    mutating func parseDottedPath() -> KeyPath? {
        let start = current.range.start
        var components: [KeyPathComponent] = []
        if at(.dollarIdentifier) {
            advance()
            guard at(.period) else {
                error(.invalidKeyPath, "expected a property after '$0', such as '$0.name'", at: .point(insertionPoint))
                return nil
            }
        } else {
            components.append(KeyPathComponent(name: advanceName()))
            readComponentSuffixes(&components)
        }
        while at(.period), !current.atStartOfLine {
            let period = advance()
            guard let name = parseMemberName(after: period) else { return nil }
            components.append(KeyPathComponent(name: name))
            readComponentSuffixes(&components)
        }
        guard !components.isEmpty else { return nil }
        return KeyPath(root: nil, components: components, range: SourceRange(start: start, end: previous.range.end))
    }

    private mutating func readComponentSuffixes(_ components: inout [KeyPathComponent]) {
        while true {
            if at(.postfixQuestion) {
                advance()
                components[components.count - 1].isOptionalChained = true
            } else if at(.postfixBang) {
                advance()
                components[components.count - 1].isForceUnwrapped = true
            } else {
                return
            }
        }
    }
}
