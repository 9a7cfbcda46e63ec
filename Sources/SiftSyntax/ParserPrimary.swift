/// The tokens that start an expression: literals, names, prefix operators, groups.
extension Parser {
    /// Dispatches on the prefix handler of the current token's rule.
    mutating func parsePrefixPosition() -> Node {
        let token = current
        guard let handler = ParseRule.rule(for: token.kind).prefix else {
            return expectedExpression()
        }
        switch handler {
        case .integerLiteral: return parseIntegerLiteral()
        case .floatLiteral: return parseFloatLiteral()
        case .stringLiteral:
            advance()
            let value = stringValues[token.range.start] ?? Lexer.decodeStringLiteral(token, in: source)
            return leaf(.stringLiteral(value), token.range)
        case .booleanLiteral:
            advance()
            return leaf(.booleanLiteral(token.kind == .kwTrue), token.range)
        case .nilLiteral:
            advance()
            return leaf(.nilLiteral, token.range)
        case .identifier:
            if tokenTextEquals(token, "switch") { return parseSwitch() }
            if atQueryMeasure() { return parseMeasuredQueryExpression() }
            advance()
            return leaf(.identifier(name(of: token)), token.range)
        case .anonymousParameter: return parseAnonymousParameter()
        case .implicitMember: return parseImplicitMember()
        case .keyPath: return parseKeyPathExpression()
        case .parenthesized: return parseParenthesized()
        case .arrayLiteral: return parseArrayLiteral()
        case .closure: return parseClosureExpression()
        case .macroExpansion: return parseMacroExpansionExpression()
        case .ifExpression: return parseIfExpression()
        case .prefixOperator: return parsePrefixOperator()
        case .oneSidedRange:
            advance()
            error(
                .unsupportedSyntax,
                "one-sided ranges such as '\(text(token))5' are not supported in a query; write both bounds, as in '1\(text(token))5'",
                at: token.range)
            let operand = parsePrecedence(.prefix)
            return errorNode(token.range.union(operand.range))
        case .unsupportedPrefixOperator:
            return parseUnsupportedPrefixOperator()
        }
    }

    /// Reports a missing expression without consuming the current token.
    mutating func expectedExpression() -> Node {
        let previousToken = previous
        let message: String
        if position > 0, previousToken.kind.isOperatorLike {
            message = "expected expression after '\(text(previousToken))'"
        } else if position > 0, previousToken.kind == .leftParen || previousToken.kind == .comma {
            message = "expected expression in list of expressions"
        } else if position > 0, previousToken.kind == .identifier, tokenTextEquals(previousToken, "where") {
            message = "expected a condition after 'where', such as 'age > 20'"
        } else if position > 0, previousToken.kind == .kwReturn {
            message = "expected expression after 'return'"
        } else if position > 0, previousToken.kind == .leftBrace || previousToken.kind == .kwIn {
            message = "expected an expression as the closure's body, such as '$0.age > 20'"
        } else {
            message = "expected expression"
        }
        let found = at(.endOfFile) || current.atStartOfLine ? "" : ", found \(currentDescription)"
        error(.expectedExpression, message + found, at: missingTokenRange)
        // Tokens no construct could use are consumed so that recovery always makes progress.
        switch current.kind {
        case .rightParen, .rightBracket, .rightBrace, .comma, .colon, .semicolon, .endOfFile, .kwElse, .kwIn:
            break
        default:
            if !current.atStartOfLine { advance() }
        }
        return errorNode(.point(missingTokenRange.start))
    }

    /// `switch subject { case ...: ... }`: reported (as `#Predicate` does) and read through.
    mutating func parseSwitch() -> Node {
        let keyword = advance()
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = false
        if !at(.leftBrace) { _ = parseExpression() }
        allowsTrailingClosure = savedTrailing
        if consume(.leftBrace) != nil, skipBalanced(stopAtComma: false, closing: .rightBrace) { advance() }
        let range = SourceRange(start: keyword.range.start, end: previous.range.end)
        error(
            .unsupportedSyntax, "'switch' is not supported in a predicate (#Predicate does not accept it either); use 'if' / 'else if' or '?:'",
            at: range)
        return errorNode(range)
    }

    // MARK: Literals

    mutating func parseIntegerLiteral() -> Node {
        let token = advance()
        var slice = bytes[token.range.start..<token.range.end]
        var radix = 10
        if slice.count > 2, slice.first == UInt8(ascii: "0") {
            switch slice[slice.startIndex + 1] {
            case UInt8(ascii: "x"): radix = 16
            case UInt8(ascii: "o"): radix = 8
            case UInt8(ascii: "b"): radix = 2
            default: break
            }
            if radix != 10 { slice = slice.dropFirst(2) }
        }
        // One pass over the bytes checks the digits and computes the magnitude; separators are
        // rare, so without one the digits are the slice as it is (no array to filter into).
        var magnitude: UInt64? = 0
        var hasSeparator = false
        var digitCount = 0
        for byte in slice {
            if byte == UInt8(ascii: "_") {
                hasSeparator = true
                continue
            }
            guard let value = CharacterClasses.hexValue(byte), Int(value) < radix else {
                return errorNode(token.range)  // the lexer has reported it
            }
            digitCount += 1
            if let current = magnitude {
                let (shifted, overflow) = current.multipliedReportingOverflow(by: UInt64(radix))
                let (sum, carry) = shifted.addingReportingOverflow(UInt64(value))
                magnitude = overflow || carry ? nil : sum
            }
        }
        guard digitCount > 0 else { return errorNode(token.range) }  // the lexer has reported it
        // A decimal whose digits (separators aside) have no leading zero is spelled by its
        // magnitude: no string.
        let firstDigit = slice.first { $0 != UInt8(ascii: "_") }
        let canonical = radix == 10 && magnitude != nil && (magnitude == 0 ? digitCount == 1 : firstDigit != UInt8(ascii: "0"))
        let digits: String? =
            canonical
            ? nil
            : hasSeparator
                ? String(decoding: slice.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self) : bytes.utf8String(slice.startIndex..<slice.endIndex)
        return leaf(.integerLiteral(IntegerLiteral(writtenDigits: digits, radix: radix, magnitude: magnitude)), token.range)
    }

    mutating func parseFloatLiteral() -> Node {
        let token = advance()
        let slice = bytes[token.range.start..<token.range.end]
        let text =
            slice.contains(UInt8(ascii: "_"))
            ? String(decoding: slice.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self) : String(decoding: slice, as: UTF8.self)
        let literal = FloatLiteral(text: text)
        guard literal.value != nil else { return errorNode(token.range) }  // the lexer has reported it
        return leaf(.floatLiteral(literal), token.range)
    }

    mutating func parseAnonymousParameter() -> Node {
        let token = advance()
        let digits = bytes[(token.range.start + 1)..<token.range.end]
        let allDigits = digits.allSatisfy(CharacterClasses.isDigit)
        // The number, read from the bytes (no String): nil when there is none or it overflows.
        var number: Int? = allDigits && !digits.isEmpty ? 0 : nil
        if allDigits {
            for digit in digits {
                guard let value = number else { break }
                let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = shifted.addingReportingOverflow(Int(digit &- UInt8(ascii: "0")))
                number = overflowA || overflowB ? nil : sum
            }
        }
        guard allDigits, let index = number else {
            if allDigits {
                error(
                    .invalidAnonymousParameter, "'\(text(token))' is not a valid anonymous closure parameter",
                    at: token.range)
            }
            return errorNode(token.range)
        }
        return leaf(.anonymousParameter(index), token.range)
    }

    // MARK: Names

    /// Whether a token can be a member name after `.`: any identifier or keyword.
    mutating func isMemberName(_ token: Token) -> Bool {
        token.kind == .identifier || token.kind.isKeyword
    }

    /// Consumes a member name after a `.`, or reports it missing.
    mutating func parseMemberName(after period: Token) -> Identifier? {
        if isMemberName(current), !current.atStartOfLine {
            return advanceName()
        }
        error(
            .expectedMemberName, "expected member name following '.'", at: .point(period.range.end),
            fixIts: [.insert("<#name#>", at: period.range.end)])
        return nil
    }

    /// `.reverse`: a member of a type known from context.
    mutating func parseImplicitMember() -> Node {
        let period = advance()
        guard let member = parseMemberName(after: period) else { return errorNode(period.range) }
        return leaf(.implicitMember(member), period.range.union(member.range))
    }

    // MARK: Prefix operators

    mutating func parsePrefixOperator() -> Node {
        let opToken = advance()
        let op: PrefixOperator = opToken.kind == .minus ? .negate : opToken.kind == .unknownOperator ? .bitwiseNot : .not
        if opToken.trailingTrivia, !at(.endOfFile) {
            error(
                .operatorSpacing,
                "unary operator cannot be separated from its operand; remove the space after '\(op.rawValue)'",
                at: opToken.range,
                fixIts: [FixItEmpty.remove(SourceRange(start: opToken.range.end, end: current.range.start))])
        }
        let operand = parsePrecedence(.prefix)
        return make(
            .prefix(PrefixExpr(op: op, operatorRange: opToken.range, operand: operand.expr)),
            opToken.range.union(operand.range), height: operand.height + 1)
    }

    mutating func parseUnsupportedPrefixOperator() -> Node {
        if readsTuples, current.kind == .unknownOperator, text(current) == "~" {
            // `~$0.flags` inside a query builder's closures: StructuredQueries' bitwise not.
            return parsePrefixOperator()
        }
        let opToken = advance()
        let spelling = text(opToken)
        if opToken.kind == .unknownOperator || opToken.kind == .plus {
            error(
                .unsupportedOperator,
                "'\(spelling)' is not a prefix operator in a query; the prefix operators are '!' and '-'",
                at: opToken.range)
        } else {
            error(.expectedExpression, "expected expression before '\(spelling)'", at: opToken.range)
        }
        if startsExpression(current), !current.atStartOfLine {
            let operand = parsePrecedence(.prefix)
            return errorNode(opToken.range.union(operand.range))
        }
        return errorNode(opToken.range)
    }

    // MARK: Groups

    /// `(expr)`; tuples are reported.
    mutating func parseParenthesized() -> Node {
        let open = advance()
        if let close = consume(.rightParen) {
            error(
                .expectedExpression, "expected expression in parentheses",
                at: SourceRange(start: open.range.start, end: close.range.end))
            return errorNode(open.range.union(close.range))
        }
        // The common case, `(expression)`, without the list machinery (fewer stack frames per level).
        var isTuple = false
        var first: Node?
        if !(isMemberName(current) && peek().kind == .colon) {
            let savedTrailing = allowsTrailingClosure
            allowsTrailingClosure = true
            let inner = parsePrecedence(.ternary)
            allowsTrailingClosure = savedTrailing
            if let close = consume(.rightParen) {
                return make(.paren(inner.expr), open.range.union(close.range), height: inner.height + 1)
            }
            if !at(.comma) {
                expectClosing(.rightParen, opener: open)
                return make(
                    .paren(inner.expr), SourceRange(start: open.range.start, end: previous.range.end),
                    height: inner.height + 1)
            }
            advance()
            isTuple = true
            first = inner
        }
        let errorsBefore = diagnostics.count
        var elements = parseArgumentList(closing: .rightParen, opener: open)
        if let first {
            elements.insert(ParsedArgument(argument: Argument(label: nil, value: first.expr, range: first.range), node: first), at: 0)
        }
        let end = previous.range.end
        let range = SourceRange(start: open.range.start, end: end)
        if !isTuple, elements.count == 1, elements[0].argument.label == nil {
            let inner = elements.removeFirst().node
            return make(.paren(inner.expr), range, height: inner.height + 1)
        }
        if readsTuples, diagnostics.count == errorsBefore, elements.allSatisfy({ $0.argument.label == nil }) {
            let height = elements.map(\.node.height).max() ?? 0
            return make(.tuple(elements.map(\.argument.value)), range, height: height + 1)
        }
        if diagnostics.count == errorsBefore, readsTuples, let labeled = elements.first(where: { $0.argument.label != nil }) {
            // Inside a query builder's closure: the columns are named after their expressions.
            let label = labeled.argument.label!
            let written = SourceRange(start: label.range.start, end: labeled.argument.value.range.start)
            error(
                .unsupportedSyntax,
                "a tuple's labels are not read here: each column is named after its expression; remove '\(label.name):'",
                at: written, fixIts: [.init(replace: written, with: "")])
        } else if diagnostics.count == errorsBefore {
            error(
                .unsupportedSyntax,
                "tuples are not supported in a query; use one expression in parentheses", at: range)
        }
        return errorNode(range)
    }

    /// `[a, b]`; dictionary literals are reported.
    mutating func parseArrayLiteral() -> Node {
        let open = advance()
        if at(.colon), peek().kind == .rightBracket {
            advance()
            let close = advance()
            error(
                .unsupportedSyntax, "dictionary literals are not supported in a query: a model has no dictionary attributes",
                at: open.range.union(close.range))
            return errorNode(open.range.union(close.range))
        }
        var elements: [Expr] = []
        elements.reserveCapacity(4)  // a short literal in one list, not grown one by one
        var height = 0
        var reportedDictionary = false
        let errorsBefore = diagnostics.count
        parseDelimitedList(closing: .rightBracket, opener: open, what: "array element") { parser in
            let element = parser.parseExpression()
            if parser.at(.colon), parser.readsTuples {
                // Inside a query builder's closures (`$0.bm25([\.title: 10])`): a pair, kept as a
                // tuple of the key and the value.
                parser.advance()
                let value = parser.parseExpression()
                let pair = parser.make(.tuple([element.expr, value.expr]), element.range.union(value.range), height: max(element.height, value.height) + 1)
                elements.append(pair.expr)
                height = max(height, pair.height)
                return
            }
            if parser.at(.colon) {
                let colon = parser.advance()
                if !reportedDictionary {
                    reportedDictionary = true
                    parser.error(
                        .unsupportedSyntax, "dictionary literals are not supported in a query: a model has no dictionary attributes", at: colon.range)
                }
                _ = parser.parseExpression()
            }
            elements.append(element.expr)
            height = max(height, element.height)
        }
        let range = SourceRange(start: open.range.start, end: previous.range.end)
        if reportedDictionary || (diagnostics.count > errorsBefore && elements.isEmpty) {
            return errorNode(range)
        }
        return make(.arrayLiteral(elements), range, height: height + 1)
    }

    /// An argument being parsed, with its tree height.
    struct ParsedArgument {
        var argument: Argument
        var node: Node
    }

    /// `label: value, value, ...` up to and including the closing delimiter.
    mutating func parseArgumentList(closing: TokenKind, opener: Token) -> [ParsedArgument] {
        var arguments: [ParsedArgument] = []
        parseDelimitedList(closing: closing, opener: opener, what: "argument") { parser in
            arguments.append(parser.parseArgument())
        }
        return arguments
    }

    /// `label: value` or `value`. Any identifier or keyword can be a label.
    mutating func parseArgument() -> ParsedArgument {
        var label: Identifier?
        let start = current.range.start
        if isMemberName(current), peek().kind == .colon {
            label = advanceName()
            advance()
        }
        let value = parseExpression()
        let range = SourceRange(start: start, end: max(start, value.range.end))
        return ParsedArgument(argument: Argument(label: label, value: value.expr, range: range), node: value)
    }

    /// A comma-separated list up to its closing delimiter, which it consumes. A trailing comma is
    /// allowed. After an error inside the list, the rest of the list is skipped to its close.
    mutating func parseDelimitedList(closing: TokenKind, opener: Token, what: String, element: (inout Parser) -> Void) {
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = true
        defer { allowsTrailingClosure = savedTrailing }
        while !at(closing) && !at(.endOfFile) {
            let start = position
            element(&self)
            if consume(.comma) != nil { continue }
            if at(closing) || at(.endOfFile) { break }
            // Something else follows the element.
            if isClosingDelimiter(current.kind) {
                break  // an outer closer: the missing closer is reported below
            }
            let message: String
            if startsExpression(current) {
                message =
                    "expected ',' or '\(closing.spelling)' after \(what), found \(currentDescription); separate \(what)s with ',' or join expressions with an operator"
            } else {
                message = "expected ',' or '\(closing.spelling)' after \(what), found \(currentDescription)"
            }
            error(
                .expectedToken, message, at: current.range,
                notes: [Diagnostic.Note("to match this opening '\(opener.kind.spelling)'", at: opener.range)])
            if skipBalanced(stopAtComma: false, closing: closing) {
                advance()
                return
            }
            if position == start { advance() }
            return
        }
        expectClosing(closing, opener: opener)
    }

    func isClosingDelimiter(_ kind: TokenKind) -> Bool {
        kind == .rightParen || kind == .rightBracket || kind == .rightBrace
    }

    /// Consumes the closing delimiter, or reports it missing (with a note at the opener) and
    /// skips to it when it comes later.
    @discardableResult
    mutating func expectClosing(_ closing: TokenKind, opener: Token, context: String? = nil) -> Token? {
        if let token = consume(closing) { return token }
        error(
            .expectedClosingDelimiter,
            "expected '\(closing.spelling)' to close \(context ?? "'\(opener.kind.spelling)'")", at: missingTokenRange,
            notes: [Diagnostic.Note("to match this opening '\(opener.kind.spelling)'", at: opener.range)],
            fixIts: [.insert(closing.spelling, at: insertionPoint)])
        if !at(.endOfFile), !isClosingDelimiter(current.kind), skipBalanced(stopAtComma: false, closing: closing) {
            return advance()
        }
        return nil
    }

    /// Skips tokens, balancing brackets, up to (not including) the first closing delimiter that
    /// closes an enclosing group (or a `,` at this level when `stopAtComma`). Returns whether it
    /// stopped at `closing`. Iterative: safe on any nesting.
    @discardableResult
    mutating func skipBalanced(stopAtComma: Bool, closing: TokenKind? = nil) -> Bool {
        var depth = 0
        while !at(.endOfFile) {
            switch current.kind {
            case .leftParen, .leftBracket, .leftBrace:
                depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                if depth == 0 { return current.kind == closing }
                depth -= 1
            case .comma where depth == 0 && stopAtComma:
                return false
            default:
                break
            }
            advance()
        }
        return false
    }
}

extension TokenKind {
    /// Operators and operator-like punctuation, for "expected expression after '&&'".
    var isOperatorLike: Bool {
        switch self {
        case .plus, .minus, .star, .slash, .percent, .equalEqual, .bangEqual, .less, .lessEqual, .greater,
            .greaterEqual, .ampAmp, .pipePipe, .questionQuestion, .closedRange, .halfOpenRange, .prefixBang,
            .question, .equal, .unknownOperator, .colon:
            true
        default: false
        }
    }
}
