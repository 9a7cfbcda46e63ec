/// What is asked of a whole query instead of its rows: how many it gives (`count(Reminder where
/// isCompleted)`, StructuredQueries' `Reminder.count()`) or whether it gives any
/// (`exists(Reminder where isCompleted)`, `RemindersList.exists()`).
public enum QueryMeasure: String, Sendable, Hashable {
    /// The number of rows, an `Int`.
    case count
    /// Whether there is a row, a `Bool`.
    case exists
}

extension Parser {
    /// Whether the tokens from here are `count(` or `exists(` followed by a model's name, or by
    /// the name of a `with` sub-query in scope and `where` (`count(open where priority > 1)`; a
    /// lower-case name alone, `count(open)`, counts a value of the row, as `count(x)` does).
    mutating func atQueryMeasure() -> Bool {
        guard current.kind == .identifier, tokenTextEquals(current, "count") || tokenTextEquals(current, "exists") else { return false }
        guard peek().kind == .leftParen, !peek().leadingTrivia, peek(2).kind == .identifier else { return false }
        let name = peek(2)
        if text(name).unicodeScalars.first?.properties.isUppercase == true { return true }
        guard !commonTableNames.isEmpty, peek(3).kind == .identifier, tokenTextEquals(peek(3), "where") else { return false }
        return commonTableNames.contains(text(name))
    }

    /// `count(Reminder where remindersListID == list.id) > 2` in an expression: the measured query
    /// as a node, as tall as the tallest expression inside it and one more.
    mutating func parseMeasuredQueryExpression() -> Node {
        let start = current.range.start
        let outerTallest = tallestExpression
        tallestExpression = 0
        let query = parseMeasuredQuery()
        let inner = tallestExpression
        tallestExpression = max(outerTallest, inner)
        guard let query else { return errorNode(SourceRange(start: start, end: previous.range.end)) }
        return make(.measuredQuery(query), query.range, height: inner + 1)
    }

    /// `count(Reminder where isCompleted)`, `exists(Reminder.where { $0.isCompleted })`: the query
    /// inside, asked for its number of rows or whether it has one.
    mutating func parseMeasuredQuery() -> Query? {
        let start = current.range.start
        let measure: QueryMeasure = tokenTextEquals(advance(), "count") ? .count : .exists
        let open = advance()
        let inner = atBuilderChain() ? parseBuilderQuery() : parseConciseQuery()
        guard var query = inner else { return nil }
        if query.measure != nil {
            error(.invalidClause, "'\(measure.rawValue)' of a query that is already counted or tested has one row; ask of the query itself", at: query.range)
        }
        if consume(.rightParen) == nil { _ = expectClosing(.rightParen, opener: open) }
        query.measure = measure
        query.range = SourceRange(start: start, end: previous.range.end)
        return query
    }
}
