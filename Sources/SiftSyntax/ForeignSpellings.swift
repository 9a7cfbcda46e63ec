/// Spellings of other query languages that people paste into Sift: NSPredicate format strings
/// (`age > 20 AND name CONTAINS[cd] "kim"`) and regex literals (`/k.m/`). (StructuredQueries'
/// query builder is read: ParserBuilder.swift.)
///
/// Sift's grammar cannot read them, and the parser's own errors would only say where the foreign
/// text breaks it. So when a query has errors and holds one of these spellings, the errors in the
/// statement that holds it are replaced by one error that names the spelling and says what to
/// write in Sift instead (the whole condition rewritten, when its parts are simple enough).
extension Parser {
    /// Replaces the errors of a statement holding a foreign spelling by one that names it.
    /// Does nothing when the input parsed without errors (the common case costs one scan of the
    /// diagnostics).
    mutating func recognizeForeignSpellings() {
        guard diagnostics.contains(where: { $0.severity == .error }) else { return }
        var index = 0
        var found: [Diagnostic] = []
        while index < tokens.count - 1 {
            let statement = statementBounds(around: index)
            if let diagnostic = nsPredicateSpelling(in: statement) ?? regexLiteralSpelling(in: statement)
            {
                let first = tokens[statement.lowerBound].range.start
                let last = tokens[max(statement.lowerBound, statement.upperBound - 1)].range.end
                diagnostics.removeAll { $0.severity == .error && $0.range.start >= first && $0.range.start <= last }
                found.append(diagnostic)
            }
            index = max(statement.upperBound, index + 1)
        }
        diagnostics += found
    }

    /// The tokens of the statement starting at `index`: up to a `;` at depth 0, or a line break
    /// at depth 0 (an open bracket or brace carries the statement over lines), or the end.
    func statementBounds(around index: Int) -> Range<Int> {
        var depth = 0
        var end = index
        while end < tokens.count - 1 {
            let token = tokens[end]
            if end > index, depth == 0, token.atStartOfLine, token.kind != .period { break }
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth = max(0, depth - 1)
            case .semicolon where depth == 0: return index..<end
            default: break
            }
            end += 1
        }
        return index..<end
    }

    /// The token that closes the bracket or brace at `open` (or the last one before `limit`).
    func matchingClose(of open: Int, before limit: Int) -> Int {
        var depth = 0
        var index = open
        while index < limit {
            switch tokens[index].kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return max(open, limit - 1)
    }

    // MARK: Regex literals

    /// `/k.m/` where an expression starts (after `(`, `,`, `:`, an operator or at the start), with
    /// its closing `/` on the same line; or `#/…/#`.
    func regexLiteralSpelling(in statement: Range<Int>) -> Diagnostic? {
        for index in statement where tokens[index].kind == .slash {
            let before = index > statement.lowerBound ? tokens[index - 1].kind : nil
            let startsOperand: Bool
            switch before {
            case nil, .leftParen?, .comma?, .colon?, .equal?, .equalEqual?, .bangEqual?, .unknownOperator?, .kwReturn?, .leftBracket?,
                .pound?:
                startsOperand = true
            default: startsOperand = false
            }
            guard startsOperand else { continue }
            var close = index + 1
            while close < statement.upperBound, tokens[close].kind != .slash, !tokens[close].atStartOfLine { close += 1 }
            guard close < statement.upperBound, tokens[close].kind == .slash, close > index + 1 else { continue }
            let opening = before == .pound ? tokens[index - 1].range.start : tokens[index].range.start
            var closing = tokens[close].range.end
            if close + 1 < statement.upperBound, tokens[close + 1].kind == .pound, tokens[close + 1].range.start == closing {
                closing = tokens[close + 1].range.end
            }
            let body = source.text(in: SourceRange(start: tokens[index].range.end, end: tokens[close].range.start))
            let range = SourceRange(start: opening, end: closing)
            let isPlainText = !body.isEmpty && body.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == " " }
            let literal = "\"" + body + "\""
            return .error(
                .regexLiteral,
                "Sift does not read regex literals yet; match a fixed text with 'contains(_:)', 'hasPrefix(_:)', 'hasSuffix(_:)' or 'localizedStandardContains(_:)'",
                at: range,
                notes: isPlainText ? [Diagnostic.Note("'\(source.text(in: range))' matches only the text \(literal): write \(literal)")] : [],
                fixIts: isPlainText ? [Diagnostic.FixIt(replace: range, with: literal)] : [])
        }
        return nil
    }

    // MARK: NSPredicate format strings

    /// `age > 20 AND name CONTAINS[cd] "kim"`, `ANY interests.title == "x"`: words of NSPredicate's
    /// format syntax where Swift has an operator or a method.
    func nsPredicateSpelling(in statement: Range<Int>) -> Diagnostic? {
        guard let first = statement.first(where: { isFormatKeyword(at: $0, in: statement) }) else { return nil }
        let condition = conditionBounds(around: first, in: statement)
        var wordRange = tokens[first].range
        if tokens[first].kind == .percent { wordRange = wordRange.union(tokens[first + 1].range) }
        let range = SourceRange(start: tokens[condition.lowerBound].range.start, end: tokens[condition.upperBound - 1].range.end)
        var notes: [Diagnostic.Note] = []
        var fixIts: [Diagnostic.FixIt] = []
        if let rewritten = FormatRewriter(parser: self, range: condition).rewrite() {
            notes.append(Diagnostic.Note("in Swift: \(rewritten)"))
            fixIts.append(Diagnostic.FixIt(replace: range, with: rewritten))
        } else {
            notes.append(Diagnostic.Note(Self.formatGuide))
        }
        if tokens[first].kind == .percent {
            notes.append(
                Diagnostic.Note(
                    "'\(source.text(in: wordRange))' stands for an argument of the format: write the value, or a parameter (a name that is not a member, given with '.param set NAME VALUE' or '--param NAME=VALUE')"))
        }
        // Outside a closure, where the condition goes; the model, when the statement names it
        // (`Reminder where …`), makes the example concrete.
        let start = statement.lowerBound
        let inClosure = condition.lowerBound > start && [.leftBrace, .kwIn].contains(tokens[condition.lowerBound - 1].kind)
        if !inClosure {
            let model =
                statement.count > 1 && tokens[start].kind == .identifier && tokens[start + 1].kind == .identifier
                    && source.text(in: tokens[start + 1].range) == "where" ? source.text(in: tokens[start].range) : "Model"
            notes.append(
                Diagnostic.Note("write the condition in a 'where' clause ('\(model) where …') or in a '#Predicate<\(model)> { $0.… }'"))
        }
        return .error(
            .nsPredicateFormat,
            "'\(source.text(in: wordRange))' is NSPredicate's format syntax, not Swift's; write the condition in Swift, or quote it as a format string ('User \"age > 20 AND …\"')",
            at: range, notes: notes, fixIts: fixIts)
    }

    /// What each NSPredicate word is in Swift, when the condition is too complex to rewrite.
    static let formatGuide =
        "in Swift: AND is '&&', OR is '||', NOT is '!', 'a CONTAINS b' is 'a.contains(b)' ('[cd]': 'a.localizedStandardContains(b)'), BEGINSWITH is 'hasPrefix', ENDSWITH is 'hasSuffix', 'x IN {a, b}' is '[a, b].contains(x)', 'ANY r.m == v' is 'r.contains { $0.m == v }', 'ALL' is 'allSatisfy'"

    /// The binary words of the format syntax (between two operands).
    static let formatBinaryWords: Set<String> = [
        "AND", "OR", "CONTAINS", "BEGINSWITH", "ENDSWITH", "LIKE", "MATCHES", "IN", "BETWEEN",
    ]
    /// The prefix words of the format syntax (before an operand).
    static let formatPrefixWords: Set<String> = ["ANY", "ALL", "SOME", "NONE", "NOT", "SUBQUERY"]

    /// Whether the token at `index` is a word of the format syntax where it stands: a binary word
    /// (any case) between an operand and the start of another, a prefix word (capitals) before an
    /// operand, `TRUEPREDICATE`/`FALSEPREDICATE`, or `%@` / `%K`.
    func isFormatKeyword(at index: Int, in statement: Range<Int>) -> Bool {
        let token = tokens[index]
        let next = index + 1 < statement.upperBound ? tokens[index + 1] : nil
        if token.kind == .percent, let next, next.range.start == token.range.end,
            next.kind == .atSign || next.kind == .identifier && source.text(in: next.range) == "K"
        {
            return true
        }
        // Capitals only: `and`, `or` and `not` have diagnostics of their own, and `in` is Swift's.
        guard token.kind == .identifier else { return false }
        let word = source.text(in: token.range)
        if word == "TRUEPREDICATE" || word == "FALSEPREDICATE" { return true }
        let previousEndsOperand = index > statement.lowerBound && endsOperand(tokens[index - 1].kind)
        let nextStartsOperand = next.map { startsOperand($0.kind) || $0.kind == .leftBracket } ?? false
        if Self.formatBinaryWords.contains(word) {
            return previousEndsOperand && nextStartsOperand
        }
        if Self.formatPrefixWords.contains(word) {
            return next?.kind == .identifier || next?.kind == .leftParen || next?.kind == .dollarIdentifier
        }
        return false
    }

    func endsOperand(_ kind: TokenKind) -> Bool {
        switch kind {
        case .identifier, .dollarIdentifier, .integerLiteral, .floatLiteral, .stringLiteral, .kwTrue, .kwFalse, .kwNil,
            .rightParen, .rightBracket, .rightBrace:
            true
        default: false
        }
    }

    func startsOperand(_ kind: TokenKind) -> Bool {
        switch kind {
        case .identifier, .dollarIdentifier, .integerLiteral, .floatLiteral, .stringLiteral, .kwTrue, .kwFalse, .kwNil,
            .leftParen, .leftBrace, .minus, .prefixBang, .percent:
            true
        default: false
        }
    }

    /// The tokens of the condition that holds `index`: after the statement's `where` (or the `{`
    /// of a closure, or its `in`) up to the clause word, `}` or end that follows.
    func conditionBounds(around index: Int, in statement: Range<Int>) -> Range<Int> {
        var start = statement.lowerBound
        var depth = 0
        var scan = index - 1
        while scan >= statement.lowerBound {
            let kind = tokens[scan].kind
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace { depth += 1 }
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
                if depth == 0 {
                    if kind == .leftBrace {
                        start = scan + 1
                        break
                    }
                } else {
                    depth -= 1
                }
            }
            if depth == 0, kind == .kwIn || kind == .identifier && source.text(in: tokens[scan].range) == "where" {
                start = scan + 1
                break
            }
            scan -= 1
        }
        var end = index + 1
        depth = 0
        while end < statement.upperBound {
            let kind = tokens[end].kind
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace { depth += 1 }
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                if depth == 0 { break }
                depth -= 1
            }
            // The concise form's next clause ends the condition.
            if depth == 0, kind == .identifier, ["sort", "order", "limit", "offset"].contains(source.text(in: tokens[end].range)) {
                break
            }
            end += 1
        }
        return start..<max(end, start + 1)
    }
}

/// Rewrites a simple NSPredicate condition as Swift, token by token: paths and literals are kept,
/// `AND`/`OR`/`NOT` become operators, string and membership words become method calls, and
/// `ANY`/`ALL`/`NONE` become closures over the relationship. `nil` when any part is beyond that.
struct FormatRewriter {
    let parser: Parser
    let range: Range<Int>

    /// An operand or operator of the output, and whether a space came before it.
    private struct Piece {
        var text: String
        var spaced: Bool
        var isOperand: Bool
    }

    func rewrite() -> String? {
        var pieces: [Piece] = []
        var index = range.lowerBound
        var negateNext = false
        while index < range.upperBound {
            let token = parser.tokens[index]
            let spaced = token.leadingTrivia
            let word = parser.source.text(in: token.range)
            let upper = word.uppercased()
            if token.kind == .identifier, parser.isFormatKeyword(at: index, in: range) || word == "NOT" {
                switch upper {
                case "AND", "OR":
                    pieces.append(Piece(text: upper == "AND" ? "&&" : "||", spaced: true, isOperand: false))
                    index += 1
                case "NOT":
                    negateNext = true
                    index += 1
                case "ANY", "SOME", "ALL", "NONE":
                    guard let (text, next) = quantified(upper, at: index + 1) else { return nil }
                    pieces.append(Piece(text: text, spaced: spaced, isOperand: true))
                    index = next
                default:
                    // A binary word: the operand before it is the last piece.
                    guard let left = pieces.last, left.isOperand, let (text, next) = binary(upper, left: left.text, at: index) else {
                        return nil
                    }
                    pieces[pieces.count - 1].text = text
                    index = next
                }
                continue
            }
            guard let (operand, next) = self.operand(at: index) else {
                // A Swift operator between operands (`>`, `==`, `&&`) is kept as written.
                switch token.kind {
                case .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .ampAmp, .pipePipe, .plus, .minus, .star,
                    .slash:
                    pieces.append(Piece(text: word, spaced: spaced, isOperand: false))
                    index += 1
                    continue
                case .equal:
                    pieces.append(Piece(text: "==", spaced: spaced, isOperand: false))
                    index += 1
                    continue
                default:
                    return nil
                }
            }
            // A comparison written with a modifier, `==[c]`, has no plain Swift operator.
            pieces.append(Piece(text: operand, spaced: spaced, isOperand: true))
            index = next
            if negateNext {
                // `NOT a CONTAINS b`: the negation covers the comparison that follows.
                guard index < range.upperBound, parser.isFormatKeyword(at: index, in: range),
                    let (text, after) = binary(parser.source.text(in: parser.tokens[index].range).uppercased(), left: operand, at: index)
                else { return nil }
                pieces[pieces.count - 1].text = "!" + text
                index = after
                negateNext = false
            }
        }
        guard !negateNext, !pieces.isEmpty else { return nil }
        var out = ""
        for (offset, piece) in pieces.enumerated() {
            if offset > 0, piece.spaced || !piece.isOperand || !pieces[offset - 1].isOperand { out += " " }
            out += piece.text
        }
        return out
    }

    /// A path (`name`, `$0.company.name`) or a literal at `index`, and the index after it.
    private func operand(at index: Int) -> (String, Int)? {
        let tokens = parser.tokens
        switch tokens[index].kind {
        case .integerLiteral, .floatLiteral, .stringLiteral, .kwTrue, .kwFalse, .kwNil:
            return (parser.source.text(in: tokens[index].range), index + 1)
        case .identifier, .dollarIdentifier:
            var end = index + 1
            while end + 1 < range.upperBound, tokens[end].kind == .period, tokens[end + 1].kind == .identifier,
                !tokens[end].leadingTrivia
            {
                end += 2
            }
            let text = parser.source.text(in: SourceRange(start: tokens[index].range.start, end: tokens[end - 1].range.end))
            return (text, end)
        default:
            return nil
        }
    }

    /// `left WORD[mods] right` as Swift, and the index after `right`.
    private func binary(_ word: String, left: String, at index: Int) -> (String, Int)? {
        let tokens = parser.tokens
        var next = index + 1
        var modifiers = ""
        if next + 2 < range.upperBound, tokens[next].kind == .leftBracket, tokens[next + 1].kind == .identifier,
            tokens[next + 2].kind == .rightBracket
        {
            modifiers = parser.source.text(in: tokens[next + 1].range)
            next += 3
        }
        if word == "IN" || word == "BETWEEN" {
            guard next < range.upperBound, tokens[next].kind == .leftBrace else {
                guard word == "IN", let (collection, after) = operand(at: next) else { return nil }
                return ("\(collection).contains(\(left))", after)
            }
            let close = parser.matchingClose(of: next, before: range.upperBound)
            var values: [String] = []
            var scan = next + 1
            while scan < close {
                guard let (value, after) = operand(at: scan) else { return nil }
                values.append(value)
                scan = after
                if scan < close, tokens[scan].kind == .comma { scan += 1 }
            }
            if word == "IN" { return ("[\(values.joined(separator: ", "))].contains(\(left))", close + 1) }
            guard values.count == 2 else { return nil }
            return ("(\(left) >= \(values[0]) && \(left) <= \(values[1]))", close + 1)
        }
        guard next < range.upperBound, let (right, after) = operand(at: next) else { return nil }
        let method: String
        switch (word, modifiers.isEmpty) {
        case ("CONTAINS", true): method = "contains"
        case ("CONTAINS", false): method = "localizedStandardContains"
        case ("BEGINSWITH", true): method = "hasPrefix"
        case ("ENDSWITH", true): method = "hasSuffix"
        default: return nil
        }
        return ("\(left).\(method)(\(right))", after)
    }

    /// `ANY interests.title == "x"` (from the path after the word) as a closure over the
    /// relationship, and the index after the value.
    private func quantified(_ word: String, at index: Int) -> (String, Int)? {
        let tokens = parser.tokens
        guard index < range.upperBound, let (path, afterPath) = operand(at: index) else { return nil }
        let components = path.split(separator: ".")
        guard components.count >= 2 else { return nil }
        let relationship = components.dropLast().joined(separator: ".")
        let element = "$0." + components.last!
        guard afterPath < range.upperBound else { return nil }
        let condition: String
        let after: Int
        switch tokens[afterPath].kind {
        case .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .equal:
            guard let (value, next) = operand(at: afterPath + 1) else { return nil }
            let symbol = tokens[afterPath].kind == .equal ? "==" : parser.source.text(in: tokens[afterPath].range)
            condition = "\(element) \(symbol) \(value)"
            after = next
        default:
            guard parser.isFormatKeyword(at: afterPath, in: range),
                let (text, next) = binary(parser.source.text(in: tokens[afterPath].range).uppercased(), left: element, at: afterPath)
            else { return nil }
            condition = text
            after = next
        }
        switch word {
        case "ALL": return ("\(relationship).allSatisfy { \(condition) }", after)
        case "NONE": return ("!\(relationship).contains { \(condition) }", after)
        default: return ("\(relationship).contains { \(condition) }", after)
        }
    }
}

extension DiagnosticID {
    /// An NSPredicate format string (`age > 20 AND name CONTAINS[cd] "kim"`), which Sift does not read.
    public static let nsPredicateFormat: DiagnosticID = "nspredicate-format"
    /// A regex literal (`/k.m/`), which Sift does not read.
    public static let regexLiteral: DiagnosticID = "regex-literal"
}
