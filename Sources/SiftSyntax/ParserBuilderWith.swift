/// StructuredQueries' common table expressions: `With { chain ... } query: { chain }`. Each chain
/// in the first closure selects its rows as a table type's columns (`.select { IncompleteReminder
/// .Columns(isFlagged: $0.isFlagged, title: $0.title) }`); the query reads that type as a table
/// (`IncompleteReminder.where { ... }`). They become the query's named sub-queries, as the
/// concise `with name = (...)` writes them: a chain that reads its own type (`.union(...)`) is a
/// recursive one.
extension Parser {
    /// Whether the tokens from here are `With {`.
    func atBuilderWith() -> Bool {
        current.kind == .identifier && tokenTextEquals(current, "With") && peek().kind == .leftBrace
    }

    /// A query-builder query: a chain, or `With { ... } query: { ... }`.
    mutating func atBuilderQuery() -> Bool { atBuilderChain() || atBuilderWith() }

    /// Parses what ``atBuilderQuery()`` found.
    mutating func parseAnyBuilderQuery() -> Query? { atBuilderWith() ? parseBuilderWith() : parseBuilderQuery() }

    /// `With { Reminder.where { ... }.select { Name.Columns(...) } ... } query: { Name.where { ... } }`.
    mutating func parseBuilderWith() -> Query? {
        let withPosition = position
        guard let query = parseBuilderWithParts() else {
            // Recovery: the rest of `With { ... } query: { ... }` is skipped, not read as more queries.
            var end = tokenAfterBraces(from: withPosition + 1)
            if tokens[end].kind == .identifier, tokenTextEquals(tokens[end], "query"), tokens[end + 1].kind == .colon,
                tokens[end + 2].kind == .leftBrace
            {
                end = tokenAfterBraces(from: end + 2)
            }
            if end > position { position = end }
            return nil
        }
        return query
    }

    /// The index of the token after the brace that closes the `{` at `start` (the end of the
    /// input when none does).
    private func tokenAfterBraces(from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < tokens.count - 1 {
            switch tokens[index].kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth -= 1
            default: break
            }
            index += 1
            if depth == 0 { break }
        }
        return min(index, tokens.count - 1)
    }

    private mutating func parseBuilderWithParts() -> Query? {
        let start = current.range.start
        let with = advance()  // `With`
        let open = advance()  // `{`
        var tables: [CommonTable] = []
        while !at(.rightBrace), !at(.endOfFile) {
            if consume(.semicolon) != nil { continue }
            let rowValue = current.kind == .identifier && peek().kind == .leftParen && !peek().leadingTrivia
            guard atBuilderChain() || rowValue else {
                error(
                    .expectedQuery,
                    "expected a query-builder chain that selects a table type's columns, as in 'Reminder.where { !$0.isCompleted }.select { IncompleteReminder.Columns(title: $0.title) }'",
                    at: current.range)
                return nil
            }
            // `Count(value: 1).union(...)`: a row written as a value starts a sub-query.
            let savedRowValues = readsRowValues
            readsRowValues = true
            let parsed = parseBuilderQuery()
            readsRowValues = savedRowValues
            guard let body = parsed else { return nil }
            guard let name = commonTableType(of: body) else {
                error(
                    .expectedQuery,
                    "a sub-query of 'With' selects the columns of the table type its rows are read as, as in '.select { IncompleteReminder.Columns(isFlagged: $0.isFlagged, title: $0.title) }'",
                    at: body.range)
                return nil
            }
            tables.append(CommonTable(name: name, isRecursive: true, query: body, range: body.range))
        }
        guard consume(.rightBrace) != nil else {
            _ = expectClosing(.rightBrace, opener: open, context: "the sub-queries of 'With'")
            return nil
        }
        if tables.isEmpty {
            error(.expectedQuery, "'With' needs at least one sub-query, as in 'With { Reminder.select { Row.Columns(title: $0.title) } } query: { Row.all }'", at: with.range.union(previous.range))
            return nil
        }
        guard at(.identifier), tokenTextEquals(current, "query"), peek().kind == .colon, peek(2).kind == .leftBrace else {
            let first = tables[0].name.name
            error(.expectedQuery, "expected 'query:' and the query that reads the sub-queries in braces, as in 'query: { \(first).all }'", at: missingTokenRange)
            return nil
        }
        advance()  // `query`
        advance()  // `:`
        let queryOpen = advance()  // `{`
        guard atBuilderChain() else {
            error(.expectedQuery, "expected the query-builder chain that reads the sub-queries, such as '\(tables[0].name.name).all'", at: current.range)
            return nil
        }
        guard var main = parseBuilderQuery() else { return nil }
        guard expectClosing(.rightBrace, opener: queryOpen, context: "the query of 'With'") != nil else { return nil }
        // `try With { ... } query: { ... }.fetchAll(db)`: the database handle is the host's.
        while at(.period), peek().kind == .identifier, peek(2).kind == .leftParen, !peek(2).leadingTrivia,
            let method = BuilderMethod(rawValue: text(peek())), [.fetchAll, .fetchOne, .fetchCount].contains(method)
        {
            let name = peek()
            advance()  // `.`
            advance()  // the method
            let open = advance()  // `(`
            if !at(.rightParen) { _ = skipBalanced(stopAtComma: false, closing: .rightParen) }
            guard expectClosing(.rightParen, opener: open) != nil else { return nil }
            switch method {
            case .fetchOne where main.limit == nil && main.measure == nil:
                main.limit = makeIntegerLiteral(1, at: name.range)
            case .fetchCount where main.measure == nil:
                main.measure = .count
                main.builder?.measure = .count
            default:
                break
            }
        }
        main.commonTables = tables
        main.range = SourceRange(start: start, end: previous.range.end)
        return main
    }

    /// The type whose `Columns(...)` the chain selects (`IncompleteReminder` in `.select {
    /// IncompleteReminder.Columns(...) }`), with where it is written; nil when it selects none.
    func commonTableType(of query: Query) -> Identifier? {
        guard let clauses = query.builder else { return nil }
        if query.namedModel?.name.name == BuilderClauses.rowOfValuesModel, let selection = clauses.selections.first,
            case .closure(let closure) = selection.clause, case .call(let call) = kind(of: closure.body), case .identifier(let type) = kind(of: call.callee)
        {
            return type  // `Count(value: 1)`
        }
        for selection in clauses.selections.reversed() {
            guard case .closure(let closure) = selection.clause, case .call(let call) = kind(of: closure.body),
                case .member(let base, let member) = kind(of: call.callee), member.name == "Columns",
                case .identifier(let type) = kind(of: base)
            else { continue }
            return type
        }
        return nil
    }
}
