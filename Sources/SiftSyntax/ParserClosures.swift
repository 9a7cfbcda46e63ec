/// Closures, `if` expressions, macro expansions and key paths.
extension Parser {
    /// A closure being parsed, with the height of its body.
    struct ParsedClosure {
        var closure: Closure
        var height: Int
    }

    mutating func parseClosureExpression() -> Node {
        let parsed = parseClosure()
        return make(.closure(parsed.closure), parsed.closure.range, height: parsed.height + 1)
    }

    /// `{ body }`, `{ a, b in body }`, `{ (a: T) in return body }`.
    mutating func parseClosure() -> ParsedClosure {
        nestingDepth += 1
        defer { nestingDepth -= 1 }
        if nestingDepth > Self.maximumNestingDepth {
            let start = current.range.start
            advance()
            let node = nestingTooDeep()
            if at(.rightBrace) { advance() }
            let range = SourceRange(start: start, end: max(start, insertionPoint))
            return ParsedClosure(
                closure: Closure(parameters: nil, body: node.expr, hasReturn: false, range: range), height: 1)
        }
        let open = advance()
        var parameters: [ClosureParameter]?
        if hasClosureSignature() {
            parameters = parseClosureSignature()
        }
        let (body, hasReturn, end) = parseBracedBody(opener: open, context: "closure")
        return ParsedClosure(
            closure: Closure(
                parameters: parameters, body: body.expr, hasReturn: hasReturn,
                range: SourceRange(start: open.range.start, end: end)),
            height: body.height)
    }

    /// After `{`: whether a parameter list and `in` follow.
    mutating func hasClosureSignature() -> Bool {
        var index = position
        func kind(_ offset: Int) -> TokenKind { tokens[min(offset, tokens.count - 1)].kind }
        if kind(index) == .identifier {
            index += 1
            while kind(index) == .comma, kind(index + 1) == .identifier { index += 2 }
        } else if kind(index) == .leftParen {
            var depth = 0
            scan: while index < tokens.count {
                switch kind(index) {
                case .leftParen: depth += 1
                case .rightParen:
                    depth -= 1
                    if depth == 0 { index += 1; break scan }
                case .leftBrace, .rightBrace, .endOfFile, .kwIn: return false
                default: break
                }
                index += 1
            }
        } else {
            return false
        }
        if kind(index) == .arrow {
            while index < tokens.count, kind(index) != .kwIn {
                switch kind(index) {
                case .leftBrace, .rightBrace, .endOfFile: return false
                default: index += 1
                }
            }
        }
        return kind(index) == .kwIn
    }

    /// `a, b in` or `(a: T, b) -> R in`; consumes through `in`.
    mutating func parseClosureSignature() -> [ClosureParameter] {
        var parameters: [ClosureParameter] = []
        if let open = consume(.leftParen) {
            parseDelimitedList(closing: .rightParen, opener: open, what: "parameter") { parser in
                guard parser.at(.identifier) else {
                    parser.error(.expectedToken, "expected parameter name", at: parser.current.range)
                    parser.skipBalanced(stopAtComma: true)
                    return
                }
                let name = parser.name(of: parser.advance())
                var type: TypeSyntax?
                if parser.consume(.colon) != nil { type = parser.parseType() }
                parameters.append(ClosureParameter(name: name, type: type))
            }
        } else {
            repeat {
                parameters.append(ClosureParameter(name: advanceName(), type: nil))
            } while consume(.comma) != nil
        }
        if consume(.arrow) != nil { _ = parseType() }
        _ = consume(.kwIn)
        return parameters
    }

    /// The single expression between an already consumed `{` and its `}` (which it consumes), with
    /// an optional leading `return` (in a closure, or in a branch of an `if` statement:
    /// `allowsReturn`). Returns the body, whether it had `return`, and the end offset.
    mutating func parseBracedBody(opener: Token, context: String, allowsReturn: Bool = false) -> (Node, Bool, Int) {
        if hasLineBreaks { openBraceIndentations.append(indentation(ofLineAt: opener.range.start)) }
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = true
        defer {
            if hasLineBreaks { openBraceIndentations.removeLast() }
            allowsTrailingClosure = savedTrailing
        }
        var hasReturn = false
        let isStatementBody = context == "closure" || allowsReturn
        if isStatementBody, consume(.kwReturn) != nil { hasReturn = true }
        if at(.kwReturn) {
            // `return` in a branch of an `if` used as a value (`return if c { return a } ...`).
            let keyword = advance()
            error(
                .unsupportedSyntax, "cannot use 'return' to transfer control out of 'if' expression; remove this 'return'", at: keyword.range,
                fixIts: [.init(replace: SourceRange(start: keyword.range.start, end: current.range.start), with: "")])
        }
        // An `if` that is the whole body (not after `return`) is a statement: its branches may return.
        nextIfIsStatement = isStatementBody && !hasReturn && at(.kwIf)
        let body: Node
        if at(.rightBrace) {
            let close = current
            let message =
                context == "closure"
                ? "closure body is empty; a closure in a query returns one expression, such as '$0.age > 20'"
                : "expected an expression in this branch of the 'if'"
            if !isLexicalCascade(.point(close.range.start)) {
                error(.expectedExpression, message, at: SourceRange(start: opener.range.start, end: close.range.end))
            }
            body = errorNode(.point(close.range.start))
        } else {
            body = parseExpression()
        }
        if !at(.rightBrace), !at(.endOfFile) {
            if at(.semicolon) || current.atStartOfLine || at(.kwLet) || at(.kwVar) {
                let start = current.range.start
                let closedLater = skipBalanced(stopAtComma: false, closing: .rightBrace)
                error(
                    .unsupportedSyntax,
                    "a \(context) in a query holds a single expression; combine conditions with '&&' or '||'",
                    at: SourceRange(start: start, end: max(start, previous.range.end)))
                if closedLater { return (body, hasReturn, advance().range.end) }
            }
        }
        // A `}` at the start of a line, less indented than this brace's line and matching an
        // enclosing brace's indentation, most likely closes that enclosing brace: this one is
        // the brace left open.
        if hasLineBreaks, at(.rightBrace), current.atStartOfLine {
            let closeIndentation = indentation(ofLineAt: current.range.start)
            let ownIndentation = openBraceIndentations[openBraceIndentations.count - 1]
            if closeIndentation < ownIndentation,
                openBraceIndentations.dropLast().contains(closeIndentation)
            {
                error(
                    .expectedClosingDelimiter, "expected '}' at end of \(context)", at: .point(insertionPoint),
                    notes: [Diagnostic.Note("to match this opening '{'", at: opener.range)],
                    fixIts: [.insert("}", at: insertionPoint)])
                return (body, hasReturn, insertionPoint)
            }
        }
        if let close = consume(.rightBrace) { return (body, hasReturn, close.range.end) }
        expectClosingBrace(opener: opener, context: context)
        return (body, hasReturn, insertionPoint)
    }

    private mutating func expectClosingBrace(opener: Token, context: String) {
        let foundSomething = !at(.endOfFile) && !isClosingDelimiter(current.kind)
        let message: String
        if foundSomething, startsExpression(current), !current.atStartOfLine {
            message =
                "expected '}' at end of \(context), found \(currentDescription); join expressions with an operator such as '&&'"
        } else {
            message = "expected '}' at end of \(context)"
        }
        error(
            .expectedClosingDelimiter, message, at: missingTokenRange,
            notes: [Diagnostic.Note("to match this opening '{'", at: opener.range)],
            fixIts: [.insert("}", at: insertionPoint)])
        if foundSomething, skipBalanced(stopAtComma: false, closing: .rightBrace) { advance() }
    }

    /// The number of spaces and tabs that start the line holding `offset`.
    mutating func indentation(ofLineAt offset: Int) -> Int {
        let line = source.location(of: offset).line
        var index = source.lineStarts[line - 1]
        var count = 0
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 {
            count += 1
            index += 1
        }
        return count
    }

    // MARK: if expressions

    /// `if let c = x, c.a > 1 { then } else if ... { } else { else }`.
    mutating func parseIfExpression() -> Node {
        let isStatement = nextIfIsStatement
        nextIfIsStatement = false
        nestingDepth += 1
        defer { nestingDepth -= 1 }
        if nestingDepth > Self.maximumNestingDepth { return nestingTooDeep() }
        let ifToken = advance()
        var conditions: [Condition] = []
        var height = 1
        let savedTrailing = allowsTrailingClosure
        allowsTrailingClosure = false
        repeat {
            if at(.kwLet) || at(.kwVar) {
                let keyword = advance()
                guard at(.identifier) else {
                    error(.expectedToken, "expected a name after '\(text(keyword))'", at: missingTokenRange)
                    break
                }
                let name = advanceName()
                var value: Expr?
                if consume(.equal) != nil {
                    let node = parseExpression()
                    height = max(height, node.height)
                    value = node.expr
                }
                conditions.append(
                    .optionalBinding(
                        name: name, value: value,
                        range: SourceRange(start: keyword.range.start, end: previous.range.end)))
            } else {
                let node = parseExpression()
                height = max(height, node.height)
                conditions.append(.expression(node.expr))
            }
        } while consume(.comma) != nil
        allowsTrailingClosure = savedTrailing

        guard let thenOpen = consume(.leftBrace) else {
            error(
                .expectedToken, "expected '{' after 'if' condition", at: missingTokenRange,
                notes: [Diagnostic.Note("'if' starts here", at: ifToken.range)])
            return errorNode(SourceRange(start: ifToken.range.start, end: previous.range.end))
        }
        let (thenBody, _, thenEnd) = parseBracedBody(opener: thenOpen, context: "'if' branch", allowsReturn: isStatement)
        height = max(height, thenBody.height)
        let elseBranch: Node
        if consume(.kwElse) != nil {
            if at(.kwIf) {
                nextIfIsStatement = isStatement
                elseBranch = parseIfExpression()
            } else if let elseOpen = consume(.leftBrace) {
                let (body, _, end) = parseBracedBody(opener: elseOpen, context: "'else' branch", allowsReturn: isStatement)
                elseBranch = body
                _ = end
            } else {
                error(.expectedToken, "expected '{' or 'if' after 'else'", at: missingTokenRange)
                elseBranch = errorNode(.point(insertionPoint))
            }
        } else {
            error(
                .missingElse, "'if' must have an unconditional 'else' to be used as an expression",
                at: ifToken.range, fixIts: [.insert(" else { false }", at: thenEnd)])
            elseBranch = errorNode(.point(thenEnd))
        }
        height = max(height, elseBranch.height)
        let range = SourceRange(start: ifToken.range.start, end: max(thenEnd, previous.range.end))
        return make(
            .ifExpr(IfExpr(conditions: conditions, then: thenBody.expr, elseBranch: elseBranch.expr)), range,
            height: height + 1)
    }

    // MARK: Macro expansions

    /// A macro expansion being parsed, with its height.
    struct ParsedMacro {
        var expansion: MacroExpansion
        var range: SourceRange
        var height: Int
    }

    mutating func parseMacroExpansionExpression() -> Node {
        guard let parsed = parseMacroExpansion() else { return errorNode(previous.range) }
        return make(.macroExpansion(parsed.expansion), parsed.range, height: parsed.height + 1)
    }

    /// `#Name<Types>(arguments) { closure }`.
    mutating func parseMacroExpansion() -> ParsedMacro? {
        let pound = advance()
        guard at(.identifier), !current.leadingTrivia else {
            error(
                .expectedToken, "expected a macro name after '#', such as '#Predicate'",
                at: .point(pound.range.end))
            return nil
        }
        let nameToken = advance()
        // The macro every predicate names is the constant string, not a copy of its bytes.
        let name = tokenTextEquals(nameToken, "Predicate") ? Identifier("Predicate", at: nameToken.range) : name(of: nameToken)
        var generics: [TypeSyntax] = []
        if at(.less), !current.leadingTrivia {
            generics = parseGenericArgumentList()
        }
        var arguments: [Argument] = []
        var height = 0
        if at(.leftParen), !current.atStartOfLine {
            let open = advance()
            for argument in parseArgumentList(closing: .rightParen, opener: open) {
                arguments.append(argument.argument)
                height = max(height, argument.node.height)
            }
        }
        var trailing: Closure?
        if at(.leftBrace) {
            let closure = parseClosure()
            trailing = closure.closure
            height = max(height, closure.height)
        }
        // The parts are moved into the expansion, not copied.
        return ParsedMacro(
            expansion: MacroExpansion(
                name: name, genericArguments: consume generics, arguments: consume arguments, trailingClosure: consume trailing),
            range: SourceRange(start: pound.range.start, end: previous.range.end), height: height)
    }

    // MARK: Key paths

    mutating func parseKeyPathExpression() -> Node {
        let start = current.range.start
        guard let keyPath = parseKeyPath() else {
            return errorNode(SourceRange(start: start, end: previous.range.end))
        }
        return leaf(.keyPath(keyPath), keyPath.range)
    }

    /// `\Root.a?.b!.c` or `\.a.b`.
    mutating func parseKeyPath() -> KeyPath? {
        let backslash = advance()
        var root: TypeSyntax?
        if at(.identifier), !current.leadingTrivia {
            let rootToken = advance()
            var rootType = TypeSyntax(.named(name(of: rootToken), genericArguments: []), at: rootToken.range)
            if at(.less), !current.leadingTrivia {
                let generics = parseGenericArgumentList()
                rootType = TypeSyntax(
                    .named(name(of: rootToken), genericArguments: generics),
                    at: SourceRange(start: rootToken.range.start, end: previous.range.end))
            }
            root = rootType
        }
        var components: [KeyPathComponent] = []
        while at(.period), !current.atStartOfLine {
            let period = advance()
            guard let name = parseMemberName(after: period) else { return nil }
            var component = KeyPathComponent(name: name)
            while true {
                if at(.postfixQuestion) {
                    advance()
                    component.isOptionalChained = true
                } else if at(.postfixBang) {
                    advance()
                    component.isForceUnwrapped = true
                } else {
                    break
                }
            }
            components.append(component)
        }
        let range = SourceRange(start: backslash.range.start, end: previous.range.end)
        if components.isEmpty {
            error(
                .invalidKeyPath,
                root == nil
                    ? "expected a key path after '\\', such as '\\User.name' or '\\.name'"
                    : "a key path needs at least one property after the type, such as '\\\(source.text(in: root!.range)).name'",
                at: range.isEmpty || range.length == 1 ? .point(backslash.range.end) : range)
            return nil
        }
        if at(.leftBracket), !current.atStartOfLine, !current.leadingTrivia {
            error(.invalidKeyPath, "subscripts in key paths are not supported in a query", at: current.range)
        }
        return KeyPath(root: root, components: components, range: range)
    }
}
