/// An expression being built, with the height of its tree (a leaf is 1), so the parser can bound
/// the height without walking the tree.
struct Node {
    var expr: Expr
    var height: Int

    var range: SourceRange { expr.range }
}

/// The Pratt loop and the binary operators.
extension Parser {
    /// Parses a full expression (down to the ternary operator).
    mutating func parseExpression() -> Node {
        parsePrecedence(.ternary)
    }

    /// The Pratt loop: an expression whose operators bind at least as tightly as `minimum`.
    mutating func parsePrecedence(_ minimum: Precedence) -> Node {
        nestingDepth += 1
        defer { nestingDepth -= 1 }
        if nestingDepth > Self.maximumNestingDepth { return nestingTooDeep() }

        var lhs = parsePrefixPosition()
        // Whether the postfix chain being built contains a `?` (then it is wrapped in an
        // optionalChain node where the chain ends, as in Swift's tree).
        var chainHasBind = false
        while true {
            if isTypeCast() {
                if chainHasBind {
                    lhs = wrapOptionalChain(lhs)
                    chainHasBind = false
                }
                lhs = parseTypeCast(lhs)
                continue
            }
            guard let (rule, kind) = infixRule() else { break }
            if rule.precedence != .postfix, chainHasBind {
                lhs = wrapOptionalChain(lhs)
                chainHasBind = false
            }
            guard rule.precedence >= minimum, let infix = rule.infix else { break }
            switch infix {
            case .binary: lhs = parseBinary(lhs, rule: rule, kind: kind)
            case .logical: lhs = parseLogical(lhs, kind: kind)
            case .ternary: lhs = parseTernary(lhs)
            case .bindOptional:
                lhs = parseBindOptional(lhs)
                chainHasBind = true
            default: lhs = parsePostfix(infix, lhs)
            }
        }
        if chainHasBind { lhs = wrapOptionalChain(lhs) }
        return lhs
    }

    /// `as`, `as?`, `as!` or `is` after an operand, on its line.
    mutating func isTypeCast() -> Bool {
        at(.identifier) && !current.atStartOfLine && (tokenTextEquals(current, "as") || tokenTextEquals(current, "is"))
    }

    /// `x as? T`, `x as! T`, `x as T`, `x is T` (Foundation's ConditionalCast, ForceCast,
    /// TypeCheck): reported, and read through so that what follows parses. A model has no
    /// subclasses and an attribute one type, so on a database a cast could only restate the type.
    mutating func parseTypeCast(_ operand: Node) -> Node {
        let keyword = advance()
        let isCheck = tokenTextEquals(keyword, "is")
        var spelling = isCheck ? "is" : "as"
        if !isCheck, !current.leadingTrivia, at(.postfixQuestion) || at(.question) || at(.postfixBang) || at(.prefixBang) {
            spelling += at(.postfixQuestion) || at(.question) ? "?" : "!"
            advance()
        }
        _ = parseType()
        let range = SourceRange(start: operand.range.start, end: previous.range.end)
        error(
            .unsupportedSyntax,
            "'\(spelling)' is not supported in a query: a model has no subclasses and each attribute has one type, so a type \(isCheck ? "check" : "cast") cannot change the result; remove it",
            at: SourceRange(start: keyword.range.start, end: previous.range.end))
        return errorNode(range)
    }

    /// Builds a node, replacing it by an error node (reported once) when the tree gets too tall.
    mutating func make(_ kind: consuming ExprKind, _ range: SourceRange, height: Int) -> Node {
        if height > Self.maximumExpressionDepth {
            if !reportedExpressionTooDeep {
                reportedExpressionTooDeep = true
                error(
                    .expressionTooDeep,
                    "expression is too deeply nested (more than \(Self.maximumExpressionDepth) levels); split it into smaller parts",
                    at: range)
            }
            return leaf(.error, range)
        }
        if height > tallestExpression { tallestExpression = height }
        return Node(expr: append(kind, range), height: height)
    }

    mutating func leaf(_ kind: consuming ExprKind, _ range: SourceRange) -> Node {
        if tallestExpression == 0 { tallestExpression = 1 }
        return Node(expr: append(kind, range), height: 1)
    }

    /// Stores a node in the tree being built.
    mutating func append(_ kind: consuming ExprKind, _ range: SourceRange) -> Expr {
        // Inputs are far smaller (a node takes a token, and the compiler reads at most 8 MB).
        precondition(nodes.count < Int(Int32.max), "more syntax nodes than an Expr can index")
        let index = Int32(truncatingIfNeeded: nodes.count)
        nodes.append(kind)
        return Expr(index: index, range: range)
    }

    /// The kind of a node parsed so far.
    func kind(of expr: Expr) -> ExprKind { nodes[Int(expr.index)] }

    /// The tree of everything parsed (the parser builds no more nodes after this).
    mutating func finishedTree() -> SyntaxTree {
        let tree = SyntaxTree(kinds: nodes)
        nodes = []
        return tree
    }

    mutating func errorNode(_ range: SourceRange) -> Node { leaf(.error, range) }

    /// Reports the nesting limit once, skips the rest of the innermost enclosing group and
    /// returns an error node.
    mutating func nestingTooDeep() -> Node {
        let start = current.range
        if !reportedNestingTooDeep {
            reportedNestingTooDeep = true
            error(
                .nestingTooDeep,
                "expression is nested too deeply (more than \(Self.maximumNestingDepth) levels); simplify it",
                at: start)
        }
        _ = skipBalanced(stopAtComma: false)
        return errorNode(SourceRange(start: start.start, end: max(start.start, insertionPoint)))
    }

    // MARK: Which tokens continue an expression

    /// The rule of the current token when it continues an expression, with the operator kind it
    /// stands for (a misspelled `&` stands for `&&`), or `nil` when the expression ends here.
    mutating func infixRule() -> (ParseRule, TokenKind)? {
        let token = current
        switch token.kind {
        case .leftParen, .leftBracket:
            // A `(` or `[` on a new line starts something new, as in Swift.
            if token.atStartOfLine { return nil }
        case .leftBrace:
            if !allowsTrailingClosure || token.atStartOfLine { return nil }
            // `var x = 1 { didSet { ... } }`: property observers, not a trailing closure.
            let next = peek()
            if next.kind == .identifier, tokenTextEquals(next, "willSet") || tokenTextEquals(next, "didSet") {
                return nil
            }
        case .minus:
            // `-1` at the start of a line is a new statement, not a subtraction.
            if token.atStartOfLine, token.leadingTrivia, !token.trailingTrivia { return nil }
        case .unknownOperator, .equal, .identifier:
            if token.kind == .unknownOperator, let op = builderBitwiseOperator(token) {
                return (ParseRule(infix: .binary, precedence: precedence(of: op)), .unknownOperator)
            }
            guard let misspelling = misspelledOperator(token) else {
                if token.kind == .unknownOperator, !token.atStartOfLine {
                    return (ParseRule(infix: .binary, precedence: .comparison, associativity: .none), .unknownOperator)
                }
                return nil
            }
            return (ParseRule.rule(for: misspelling.replacement), misspelling.replacement)
        default: break
        }
        let rule = ParseRule.rule(for: token.kind)
        guard rule.infix != nil else { return nil }
        return (rule, token.kind)
    }

    /// An operator written as in another language, with the Swift operator it stands for.
    struct MisspelledOperator {
        var replacement: TokenKind
        var id: DiagnosticID
        var message: String
    }

    mutating func misspelledOperator(_ token: Token) -> MisspelledOperator? {
        // The token's text is made into a String only for the rare operator that needs it: this
        // is asked of every identifier that follows an expression.
        func use(_ kind: TokenKind, _ what: String) -> MisspelledOperator {
            MisspelledOperator(
                replacement: kind, id: .unsupportedOperator,
                message: "'\(text(token))' \(what); use '\(kind.spelling)'")
        }
        switch token.kind {
        case .equal:
            return MisspelledOperator(
                replacement: .equalEqual, id: .assignmentInExpression, message: "'=' is assignment; use '==' to compare")
        case .identifier:
            // `a and b`, `a or b`: only between two expressions on one line.
            guard !token.atStartOfLine, token.range.length <= 3, startsExpression(peek()), !peek().atStartOfLine else { return nil }
            if tokenTextEquals(token, "and") { return use(.ampAmp, "is not an operator in Swift") }
            if tokenTextEquals(token, "or") { return use(.pipePipe, "is not an operator in Swift") }
            return nil
        case .unknownOperator:
            switch text(token) {
            case "&": return use(.ampAmp, "is not supported")
            case "|": return use(.pipePipe, "is not supported")
            case "===": return use(.equalEqual, "(identity) is not supported")
            case "!==": return use(.bangEqual, "(identity) is not supported")
            case "<>": return use(.bangEqual, "is not a Swift operator")
            case "=<": return use(.lessEqual, "is not a Swift operator")
            case "=>": return use(.greaterEqual, "is not a Swift operator")
            case "=!": return use(.bangEqual, "is not a Swift operator")
            default: return nil
            }
        default:
            return nil
        }
    }

    /// Consumes an operator token, reporting it (with a fix-it) when it is misspelled.
    mutating func consumeOperator() -> Token {
        let token = advance()
        // Only these kinds can be misspelled operators: an operator of the language is taken as it
        // is without asking (asking built and dropped an optional result for every operator).
        guard token.kind == .equal || token.kind == .identifier || token.kind == .unknownOperator else { return token }
        if builderBitwiseOperator(token) != nil { return token }
        if let misspelling = misspelledOperator(token) {
            error(
                misspelling.id, misspelling.message, at: token.range,
                fixIts: [Diagnostic.FixIt(replace: token.range, with: misspelling.replacement.spelling)])
        }
        return token
    }

    // MARK: Binary operators

    mutating func precedence(of op: BinaryOperator) -> Precedence {
        switch op {
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: .comparison
        case .nilCoalescing: .nilCoalescing
        case .closedRange, .halfOpenRange: .rangeFormation
        case .add, .subtract: .addition
        case .multiply, .divide, .remainder, .bitwiseAnd: .multiplication
        case .bitwiseOr: .addition
        case .shiftLeft, .shiftRight: .bitwiseShift
        }
    }

    /// `&`, `|`, `<<` or `>>` inside a query builder's closures (StructuredQueries' operators on
    /// integers); nil elsewhere, where `&` and `|` are misspellings of `&&` and `||`.
    func builderBitwiseOperator(_ token: Token) -> BinaryOperator? {
        guard readsTuples, token.kind == .unknownOperator, !token.atStartOfLine else { return nil }
        switch text(token) {
        case "&": return .bitwiseAnd
        case "|": return .bitwiseOr
        case "<<": return .shiftLeft
        case ">>": return .shiftRight
        default: return nil
        }
    }

    mutating func parseBinary(_ lhs: consuming Node, rule: ParseRule, kind: TokenKind) -> Node {
        let opToken = current
        guard let op = kind.binaryOperator ?? builderBitwiseOperator(opToken) else {
            // An operator the language does not have and that does not look like one it has.
            advance()
            error(
                .unsupportedOperator,
                "operator '\(text(opToken))' is not supported in a query; use '&&', '||', '==', '!=', '<', '<=', '>', '>=', '??', '+', '-', '*', '/', '%', '...' or '..<'",
                at: opToken.range)
            let rhs = parsePrecedence(rule.precedence.next)
            return errorNode(lhs.range.union(rhs.range))
        }
        _ = consumeOperator()
        if opToken.kind == .minus, opToken.leadingTrivia != opToken.trailingTrivia, startsExpression(current) {
            reportMinusSpacing(opToken)
        }
        let rhs = parsePrecedence(rule.associativity == .right ? rule.precedence : rule.precedence.next)
        if rule.associativity == .none, case .binary(let inner) = self.kind(of: lhs.expr),
            precedence(of: inner.op) == rule.precedence
        {
            reportNonAssociative(inner, second: opToken, group: rule.precedence)
        }
        let binary = BinaryExpr(op: op, operatorRange: opToken.range, lhs: lhs.expr, rhs: rhs.expr)
        return make(.binary(binary), lhs.range.union(rhs.range), height: max(lhs.height, rhs.height) + 1)
    }

    /// `a -1` and `a- 1`: Swift reads the `-` as a prefix or postfix operator.
    mutating func reportMinusSpacing(_ token: Token) {
        if token.leadingTrivia {
            error(
                .operatorSpacing,
                "'-' with a space before it but not after it is a prefix operator (a negative number), not a subtraction; put a space after it to subtract",
                at: token.range, fixIts: [Diagnostic.FixIt(replace: token.range, with: "- ")])
        } else {
            error(
                .operatorSpacing,
                "'-' with a space after it but not before it is a postfix operator, not a subtraction; put a space before it to subtract",
                at: token.range, fixIts: [Diagnostic.FixIt(replace: token.range, with: " -")])
        }
    }

    mutating func reportNonAssociative(_ first: BinaryExpr, second: Token, group: Precedence) {
        if group == .comparison {
            let middle = source.text(in: first.rhs.range)
            error(
                .nonAssociativeOperators,
                "comparison operators cannot be chained ('\(first.op.rawValue)' then '\(text(second))'): they are in the non-associative group 'ComparisonPrecedence'; compare twice and combine with '&&'",
                at: second.range,
                notes: [Diagnostic.Note("first comparison is here", at: first.operatorRange)],
                fixIts: [.insert(" && \(middle)", at: first.rhs.range.end)])
        } else {
            error(
                .nonAssociativeOperators,
                "range operators cannot be chained ('\(first.op.rawValue)' then '\(text(second))'): they are in the non-associative group '\(group.groupName)'; add parentheses",
                at: second.range, notes: [Diagnostic.Note("first range operator is here", at: first.operatorRange)])
        }
    }

    /// A chain of `&&` (or of `||`), flattened into one node whatever its length.
    mutating func parseLogical(_ first: consuming Node, kind: TokenKind) -> Node {
        let op: LogicalOperator = kind == .ampAmp ? .and : .or
        let operandPrecedence: Precedence = kind == .ampAmp ? Precedence.conjunction.next : Precedence.disjunction.next
        // Room for a few operands: growing from one element would copy the list at the second.
        var operands: [Expr] = []
        operands.reserveCapacity(4)
        operands.append(first.expr)
        var height = first.height
        var end = first.range.end
        while let (_, nextKind) = infixRule(), nextKind == kind {
            _ = consumeOperator()
            let operand = parsePrecedence(operandPrecedence)
            operands.append(operand.expr)
            height = max(height, operand.height)
            end = max(end, operand.range.end)
        }
        return make(
            .logical(LogicalExpr(op: op, operands: operands)), SourceRange(start: first.range.start, end: end),
            height: height + 1)
    }

    /// `condition ? then : else`.
    mutating func parseTernary(_ condition: consuming Node) -> Node {
        let question = advance()
        let thenBranch = parseExpression()
        guard consume(.colon) != nil else {
            error(
                .expectedToken, "expected ':' after '? ...' in ternary expression", at: missingTokenRange,
                notes: [Diagnostic.Note("to match this '?'", at: question.range)],
                fixIts: [.insert(" : <#else#>", at: insertionPoint)])
            return errorNode(condition.range.union(thenBranch.range))
        }
        let elseBranch = parsePrecedence(.ternary)
        return make(
            .ternary(condition: condition.expr, then: thenBranch.expr, else: elseBranch.expr),
            condition.range.union(elseBranch.range),
            height: max(condition.height, thenBranch.height, elseBranch.height) + 1)
    }
}
