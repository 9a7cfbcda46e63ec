/// Postfix operations: member access, optional chaining, force unwrap, calls, subscripts and
/// trailing closures.
extension Parser {
    mutating func parsePostfix(_ handler: InfixHandler, _ base: consuming Node) -> Node {
        switch handler {
        case .member: return parseMember(base)
        case .forceUnwrap:
            let bang = advance()
            return make(.forceUnwrap(base.expr), base.range.union(bang.range), height: base.height + 1)
        case .call: return parseCall(base)
        case .subscriptAccess: return parseSubscript(base)
        case .trailingClosure: return parseTrailingClosure(base)
        default: return base
        }
    }

    /// `base.name`; any keyword is a valid member name.
    mutating func parseMember(_ base: consuming Node) -> Node {
        let period = advance()
        guard let member = parseMemberName(after: period) else {
            return errorNode(base.range.union(period.range))
        }
        return make(.member(base.expr, member), base.range.union(member.range), height: base.height + 1)
    }

    /// `base?` inside an optional chain; it must be followed by a member, call or subscript.
    mutating func parseBindOptional(_ base: consuming Node) -> Node {
        let question = advance()
        switch current.kind {
        case .period, .leftParen, .leftBracket, .postfixQuestion, .postfixBang:
            break
        default:
            error(
                .expectedToken,
                "'?' must be followed by a call, member lookup, or subscript; for a ternary expression put a space before '?'",
                at: question.range, fixIts: [Diagnostic.FixIt(replace: question.range, with: " ?")])
        }
        return make(.bindOptional(base.expr), base.range.union(question.range), height: base.height + 1)
    }

    /// Wraps a postfix chain containing a `?` in an optionalChain node, as Swift's tree does.
    mutating func wrapOptionalChain(_ chain: consuming Node) -> Node {
        make(.optionalChain(chain.expr), chain.range, height: chain.height + 1)
    }

    /// `callee(arguments)` optionally followed by a trailing closure.
    mutating func parseCall(_ callee: consuming Node) -> Node {
        nestingDepth += 1
        defer { nestingDepth -= 1 }
        if nestingDepth > Self.maximumNestingDepth {
            advance()
            return nestingTooDeep()
        }
        let open = advance()
        // The arguments straight into the call's list (a list of parsed arguments mapped into it
        // would be an allocation more).
        var arguments: [Argument] = []
        var height = callee.height
        parseDelimitedList(closing: .rightParen, opener: open, what: "argument") { parser in
            let parsed = parser.parseArgument()
            height = max(height, parsed.node.height)
            arguments.append(parsed.argument)
        }
        let listRange = SourceRange(start: open.range.start, end: previous.range.end)
        var call = Call(callee: callee.expr, arguments: arguments, argumentListRange: listRange, trailingClosure: nil)
        var end = listRange.end
        if at(.leftBrace), allowsTrailingClosure, !current.atStartOfLine {
            let closure = parseClosure()
            call.trailingClosure = closure.closure
            height = max(height, closure.height)
            end = closure.closure.range.end
        }
        return make(.call(call), SourceRange(start: callee.range.start, end: end), height: height + 1)
    }

    /// `callee { closure }` without parentheses.
    mutating func parseTrailingClosure(_ callee: consuming Node) -> Node {
        let closure = parseClosure()
        let call = Call(callee: callee.expr, arguments: [], argumentListRange: nil, trailingClosure: closure.closure)
        return make(
            .call(call), callee.range.union(closure.closure.range), height: max(callee.height, closure.height) + 1)
    }

    /// `base[arguments]`.
    mutating func parseSubscript(_ base: consuming Node) -> Node {
        nestingDepth += 1
        defer { nestingDepth -= 1 }
        if nestingDepth > Self.maximumNestingDepth {
            advance()
            return nestingTooDeep()
        }
        let open = advance()
        let arguments = parseArgumentList(closing: .rightBracket, opener: open)
        var height = base.height
        for argument in arguments { height = max(height, argument.node.height) }
        let range = SourceRange(start: base.range.start, end: previous.range.end)
        if arguments.isEmpty {
            error(.expectedExpression, "expected an index in subscript", at: SourceRange(start: open.range.start, end: range.end))
            return errorNode(range)
        }
        return make(.subscriptAccess(base.expr, arguments.map(\.argument)), range, height: height + 1)
    }
}
