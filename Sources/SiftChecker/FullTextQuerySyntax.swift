/// The syntax of an FTS5 full-text query (https://www.sqlite.org/fts5.html#full_text_query_syntax),
/// checked before the query reaches SQLite: a literal query text with a syntax error is reported
/// at the literal, where SQLite would only say "fts5: syntax error near ...".
///
///     query   := and ("OR" and)*
///     and     := not (["AND"] not)*
///     not     := primary ("NOT" primary)*
///     primary := "(" query ")" | [filter] (near | phrase ("+" phrase)*)
///     filter  := ["-"] (word | "{" word+ "}") ":"
///     near    := "NEAR" "(" phrase+ ["," number] ")"
///     phrase  := ["^"] (word | "\"" text "\"") ["*"]
///
/// A word is a run of ASCII letters, digits, `_`, and characters beyond ASCII.
package enum FullTextQuerySyntax {
    enum Token: Equatable {
        case word(String)
        case string
        case symbol(Character)
    }

    /// What is wrong with `text` as a full-text query, or nil when it is well formed.
    /// `columns`, when given, are the table's columns: a column filter must name one of them
    /// (SQLite says "no such column" at run time otherwise).
    package static func problem(in text: String, columns: [String]? = nil) -> String? {
        var tokens: [Token] = []
        // FTS5 reads the query as a C string: nothing after a NUL is part of it.
        var characters = Array(text.prefix { $0 != "\0" })[...]
        while let character = characters.first {
            if character == " " || character == "\t" || character == "\n" || character == "\r" {
                characters.removeFirst()
            } else if character == "\"" {
                characters.removeFirst()
                var closed = false
                while let next = characters.first {
                    characters.removeFirst()
                    if next == "\"" {
                        if characters.first == "\"" {
                            characters.removeFirst()
                            continue
                        }
                        closed = true
                        break
                    }
                }
                if !closed { return "the string that starts with '\"' is not closed" }
                tokens.append(.string)
            } else if isWordCharacter(character) {
                var word = ""
                while let next = characters.first, isWordCharacter(next) {
                    word.append(next)
                    characters.removeFirst()
                }
                tokens.append(.word(word))
            } else if "(){}:+*^,-".contains(character) {
                tokens.append(.symbol(character))
                characters.removeFirst()
            } else {
                return "'\(character)' is not part of FTS5's query syntax outside a quoted string"
            }
        }
        if tokens.isEmpty { return "the query is empty" }
        var parser = Reader(tokens: tokens, columns: columns)
        if let problem = parser.query() { return problem }
        if parser.position < tokens.count { return "unexpected \(describe(tokens[parser.position]))" }
        return nil
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return true }
        return ascii == 0x1A || ascii == UInt8(ascii: "_") || (character.isLetter || character.isNumber)
    }

    static func describe(_ token: Token) -> String {
        switch token {
        case .word(let word): "'\(word)'"
        case .string: "a quoted string"
        case .symbol(let symbol): "'\(symbol)'"
        }
    }

    struct Reader {
        let tokens: [Token]
        let columns: [String]?
        var position = 0

        /// Whether `word` names a column (every word does when the columns are not known).
        func isColumn(_ word: String) -> Bool {
            // FTS5 compares column names without ASCII case.
            columns.map { $0.contains { $0.lowercased() == word.lowercased() } } ?? true
        }

        var current: Token? { position < tokens.count ? tokens[position] : nil }
        func isKeyword(_ word: String) -> Bool { current == .word(word) }

        mutating func query() -> String? {
            if let problem = and() { return problem }
            while isKeyword("OR") {
                position += 1
                if let problem = and() { return problem }
            }
            return nil
        }

        /// Terms joined by `AND`, or by nothing: FTS5 joins two terms without an operator only
        /// when neither is a group in parentheses (`gym (milk)` is an error).
        mutating func and() -> String? {
            var (problem, previousIsGroup) = not()
            if let problem { return problem }
            while let token = current {
                var explicit = false
                if token == .word("AND") {
                    position += 1
                    explicit = true
                } else if token == .word("OR") || token == .word("NOT") || token == .symbol(")") {
                    return nil
                }
                let start = position
                let (next, isGroup) = not()
                if let next { return next }
                if !explicit, previousIsGroup || isGroup {
                    return "a group in parentheses is joined to its neighbour by AND, OR or NOT, not by a space (at \(FullTextQuerySyntax.describe(tokens[start])))"
                }
                previousIsGroup = isGroup
            }
            return nil
        }

        /// Terms joined by `NOT`; whether the whole is one group in parentheses.
        mutating func not() -> (String?, Bool) {
            let (problem, isGroup) = primary()
            if let problem { return (problem, isGroup) }
            var joined = false
            while isKeyword("NOT") {
                position += 1
                joined = true
                let (next, _) = primary()
                if let next { return (next, false) }
            }
            return (nil, isGroup && !joined)
        }

        /// A term after an optional column filter: a phrase (or phrases joined by '+'), a NEAR
        /// group, or a group in parentheses (then the Bool is true).
        mutating func primary() -> (String?, Bool) {
            guard current != nil else { return ("the query ends where a word or a phrase is expected", false) }
            // A column filter: `title:`, `{title notes}:`, `-title:`.
            let start = position
            if current == .symbol("-") { position += 1 }
            if current == .symbol("{") {
                position += 1
                var words = 0
                while case .word(let word) = current {
                    if !isColumn(word) { return ("'\(word)' is not a column of the table", false) }
                    position += 1
                    words += 1
                }
                guard words > 0, current == .symbol("}") else { return ("a column list '{...}' holds column names and ends with '}'", false) }
                position += 1
                guard current == .symbol(":") else { return ("a column list '{...}' is followed by ':'", false) }
                position += 1
            } else if case .word(let word) = current, position + 1 < tokens.count, tokens[position + 1] == .symbol(":") {
                if !isColumn(word) { return ("'\(word)' is not a column of the table", false) }
                position += 2
            } else if position != start {
                return ("'-' starts a column filter, as in '-title: milk'", false)
            }
            if current == .symbol("(") { return (group(), true) }
            if isKeyword("NEAR"), position + 1 < tokens.count, tokens[position + 1] == .symbol("(") {
                return (near(), false)
            }
            if let problem = phrase() { return (problem, false) }
            while current == .symbol("+") {
                position += 1
                if let problem = phrase(initialMarker: false) { return (problem, false) }
            }
            return (nil, false)
        }

        /// `( query )`, from its `(`.
        mutating func group() -> String? {
            position += 1
            if let problem = query() { return problem }
            guard current == .symbol(")") else { return "a '(' is not closed" }
            position += 1
            return nil
        }

        /// `NEAR(phrase phrase ..., N)`, from `NEAR`.
        mutating func near() -> String? {
            position += 2
            var phrases = 0
            while let token = current, token != .symbol(")"), token != .symbol(",") {
                if let problem = phrase() { return problem }
                phrases += 1
            }
            if phrases == 0 { return "'NEAR(...)' needs phrases" }
            if current == .symbol(",") {
                position += 1
                guard case .word(let number) = current, number.allSatisfy(\.isASCII), Int(number) != nil else {
                    return "'NEAR(..., N)' takes a number of tokens after ','"
                }
                position += 1
            }
            guard current == .symbol(")") else { return "'NEAR(' is not closed" }
            position += 1
            return nil
        }

        /// A phrase; `^` (the column's first token) only where a phrase starts a term.
        mutating func phrase(initialMarker: Bool = true) -> String? {
            if current == .symbol("^") {
                guard initialMarker else { return "'^' marks the first phrase of a term, not one joined with '+'" }
                position += 1
            }
            switch current {
            case .word(let word) where word == "AND" || word == "OR" || word == "NOT":
                return "'\(word)' is an operator here; quote it to search for the word: '\"\(word)\"'"
            case .word, .string:
                position += 1
            case let token?:
                return "unexpected \(FullTextQuerySyntax.describe(token)) where a word or a phrase is expected"
            case nil:
                return "the query ends where a word or a phrase is expected"
            }
            if current == .symbol("*") { position += 1 }
            return nil
        }
    }
}
