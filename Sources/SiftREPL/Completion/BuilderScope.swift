import Sift

/// What the closures and key paths of a StructuredQueries chain read, for completion:
/// `Reminder.where { $0.` (the chain's model), `.join(RemindersList.all) { $0.remindersListID.eq($1.`
/// (the rows of the tables joined so far, the joined one last), `.order(by: \.` (the model of the
/// chain the key path is an argument of, also inside a joined query: `.join(RemindersList.select(\.`).
extension QueryScope {
    /// The builder methods whose argument is a joined table's query.
    static let joinMethods: Set<String> = ["join", "leftJoin", "rightJoin", "fullJoin"]

    /// The rows a builder closure whose `{` is at `index` reads (`$0`, `$1`, ... in order); nil
    /// when the brace is not a closure of a builder chain.
    func builderRows(forBraceAt index: Int) -> [SiftType]? {
        // The method the closure is an argument of: `.where {`, `.where({`, `.join(X.all) {`, `on: {`.
        var method = index - 1
        var joinsThisCall = false
        if kind(method) == .colon, isIdentifier(method - 1), kind(method - 2) == .comma || kind(method - 2) == .leftParen {
            // `.join(X.all, on: {`: the call's `(` is before the first argument.
            guard let opener = enclosingParen(before: index) else { return nil }
            method = opener - 1
            joinsThisCall = true
        } else if kind(method) == .leftParen {
            method -= 1
        } else if kind(method) == .rightParen, let opener = matchingOpener(method) {
            method = opener - 1
            joinsThisCall = true
        }
        guard isIdentifier(method), kind(method - 1) == .period, var rows = builderChainRows(endingAt: method - 2) else { return nil }
        if joinsThisCall, Self.joinMethods.contains(text(method)), let joined = joinedModel(afterParen: method + 1) {
            rows.append(.model(joined))
        }
        return rows
    }

    /// The model of `\.` at `index` (the backslash) in a builder chain: the chain whose call it is
    /// an argument of.
    func builderKeyPathModel(backslash index: Int) -> String? {
        guard let opener = enclosingParen(before: index), isIdentifier(opener - 1), kind(opener - 2) == .period,
            let rows = builderChainRows(endingAt: opener - 3), case .model(let name) = rows.first?.kind
        else { return nil }
        return name.description
    }

    /// The rows of the chain whose last token is at `end` (`Reminder.where { ... }.join(X.all) { ... }`):
    /// its model, then each table joined; nil when the chain does not start with a model's name.
    func builderChainRows(endingAt end: Int) -> [SiftType]? {
        var joined: [String] = []
        var position = end
        while position >= 0 {
            switch tokens[position].kind {
            case .rightParen, .rightBrace:
                // A call: `.where { ... }`, `.where({ ... })`, `.join(X.all) { ... }`.
                guard var opener = matchingOpener(position) else { return nil }
                if tokens[opener].kind == .leftBrace, kind(opener - 1) == .rightParen, let parens = matchingOpener(opener - 1) {
                    opener = parens
                }
                position = opener - 1
                guard isIdentifier(position), kind(position - 1) == .period else { return nil }
                if Self.joinMethods.contains(text(position)), let model = joinedModel(afterParen: opener) { joined.insert(model, at: 0) }
                position -= 2
            case .identifier where kind(position - 1) == .period:
                position -= 2  // `.all`
            case .identifier:
                guard catalog.schema.model(named: text(position)) != nil else { return nil }
                return ([text(position)] + joined).map { .model($0) }
            default:
                return nil
            }
        }
        return nil
    }

    /// The model of the joined query in `join(X.all)` / `join(X.where { ... })`, whose `(` is at `paren`.
    func joinedModel(afterParen paren: Int) -> String? {
        guard kind(paren) == .leftParen, isIdentifier(paren + 1), catalog.schema.model(named: text(paren + 1)) != nil else { return nil }
        return text(paren + 1)
    }

    /// The `(` that encloses `position` (open before it and not closed), innermost; nil when a
    /// `{` or `[` is nearer.
    func enclosingParen(before position: Int) -> Int? {
        var depth = 0
        var index = position - 1
        while index >= 0 {
            switch tokens[index].kind {
            case .rightParen, .rightBrace, .rightBracket: depth += 1
            case .leftParen:
                if depth == 0 { return index }
                depth -= 1
            case .leftBrace, .leftBracket:
                if depth == 0 { return nil }
                depth -= 1
            default: break
            }
            index -= 1
        }
        return nil
    }

    /// The names of a closure's parameters: `{ r, l in` (empty for `$0`-style).
    func closureParameterNames(_ index: Int) -> [String] {
        var names: [String] = []
        var position = index + 1
        while isIdentifier(position) {
            names.append(text(position))
            if kind(position + 1) == .kwIn { return names }
            guard kind(position + 1) == .comma else { return [] }
            position += 2
        }
        return []
    }
}
