/// A named sub-query (a common table expression) that the query after it reads as a model:
/// `with overdue = (Reminder where dueDate != nil && !isCompleted select title, priority)`, and
/// a recursive one whose later queries read its own rows: `with recursive tree = (Category where
/// parentID == nil select id, title, depth: 0 union Category join tree on tree.id == parentID
/// select id, title, depth: tree.depth + 1)`.
public struct CommonTable: Sendable, Hashable {
    /// The name the rows are read by, as a model's.
    public var name: Identifier
    /// `with recursive`: the query is a base case, then `union` and queries that read the rows
    /// found so far, repeated until they find no new row.
    public var isRecursive: Bool
    /// The query whose selected columns are the rows' attributes.
    public var query: Query
    /// Where the definition is written, name to closing parenthesis.
    public var range: SourceRange

    /// A named sub-query of these parts.
    public init(name: Identifier, isRecursive: Bool, query: Query, range: SourceRange) {
        self.name = name
        self.isRecursive = isRecursive
        self.query = query
        self.range = range
    }
}

extension Parser {
    /// Whether the tokens from here are `with name =` or `with recursive name`.
    mutating func atCommonTables() -> Bool {
        guard current.kind == .identifier, tokenTextEquals(current, "with") else { return false }
        let next = peek()
        guard next.kind == .identifier else { return false }
        if tokenTextEquals(next, "recursive"), peek(2).kind == .identifier { return true }
        return peek(2).kind == .equal
    }

    /// `with [recursive] name = (query), name = (query) query`.
    mutating func parseQueryWithCommonTables() -> Query? {
        let start = current.range.start
        advance()  // `with`
        var isRecursive = false
        if atContextualKeyword("recursive"), peek().kind == .identifier {
            advance()
            isRecursive = true
        }
        var tables: [CommonTable] = []
        // Each name is in scope in the sub-queries after it and in the query that reads them.
        let outerNames = commonTableNames.count
        defer { commonTableNames.removeSubrange(outerNames...) }
        repeat {
            guard at(.identifier) else {
                error(.expectedExpression, "expected a name for the sub-query, as in 'with overdue = (Reminder where …)'", at: missingTokenRange)
                return nil
            }
            let nameToken = advance()
            guard consume(.equal) != nil else {
                error(.expectedExpression, "expected '=' and the sub-query in parentheses after '\(text(nameToken))'", at: missingTokenRange)
                return nil
            }
            guard let open = consume(.leftParen) else {
                error(.expectedExpression, "expected the sub-query in parentheses, as in '\(text(nameToken)) = (Reminder where isCompleted select title)'", at: missingTokenRange)
                return nil
            }
            guard at(.identifier), let body = parseConciseQuery() else {
                if !at(.identifier) { error(.expectedQuery, "expected a concise query, such as 'Reminder where isCompleted select title'", at: missingTokenRange) }
                return nil
            }
            if consume(.rightParen) == nil { _ = expectClosing(.rightParen, opener: open) }
            tables.append(
                CommonTable(name: name(of: nameToken), isRecursive: isRecursive, query: body, range: SourceRange(start: nameToken.range.start, end: previous.range.end)))
            commonTableNames.append(tables[tables.count - 1].name.name)
        } while consume(.comma) != nil
        guard at(.identifier) else {
            let names = tables.map(\.name.name).joined(separator: "', '")
            let first = tables[0].name.name
            error(.expectedQuery, "expected the query that reads '\(names)' after the sub-queries, such as '\(first) where …' or 'count(\(first))'", at: missingTokenRange)
            return nil
        }
        // `count(tree)`: a sub-query's name need not start with a capital letter.
        let measures =
            (tokenTextEquals(current, "count") || tokenTextEquals(current, "exists")) && peek().kind == .leftParen && !peek().leadingTrivia
            && peek(2).kind == .identifier
        guard var main = measures ? parseMeasuredQuery() : parseConciseQuery() else { return nil }
        main.commonTables = tables
        main.range = SourceRange(start: start, end: previous.range.end)
        return main
    }
}
