/// Types as written: `User`, `Int?`, `[Interest]`, `[String: Int]`, `Predicate<User>`,
/// `RemindersList.ID` (a qualified name keeps its full dotted spelling).
extension Parser {
    /// Parses a type, or reports one missing and returns `nil`.
    mutating func parseType() -> TypeSyntax? {
        nestingDepth += 1
        defer { nestingDepth -= 1 }
        if nestingDepth > Self.maximumNestingDepth {
            _ = nestingTooDeep()
            return nil
        }
        let start = current.range.start
        var type: TypeSyntax
        switch current.kind {
        case .leftBracket:
            let open = advance()
            guard let element = parseType() else {
                skipBalanced(stopAtComma: false, closing: .rightBracket)
                _ = consume(.rightBracket)
                return nil
            }
            if consume(.colon) != nil {
                guard let value = parseType() else {
                    skipBalanced(stopAtComma: false, closing: .rightBracket)
                    _ = consume(.rightBracket)
                    return nil
                }
                expectClosing(.rightBracket, opener: open, context: "the dictionary type")
                type = TypeSyntax(.dictionary(element, value), at: SourceRange(start: start, end: previous.range.end))
            } else {
                expectClosing(.rightBracket, opener: open, context: "the array type")
                type = TypeSyntax(.array(element), at: SourceRange(start: start, end: previous.range.end))
            }
        case .identifier:
            if (atContextualKeyword("some") || atContextualKeyword("any")), peek().kind == .identifier {
                advance()
            }
            let first = advance()
            var nameEnd = first.range.end
            var nameText = name(of: first).name
            // `Outer.Inner`: keep the whole dotted name (`.Type`/`.self` are not types here).
            while at(.period), peek().kind == .identifier || peek().kind.isKeyword, !peek().atStartOfLine {
                advance()
                let part = advance()
                nameText += "." + name(of: part).name
                nameEnd = part.range.end
            }
            let identifier = Identifier(nameText, at: SourceRange(start: first.range.start, end: nameEnd))
            var generics: [TypeSyntax] = []
            if at(.less), !current.leadingTrivia {
                generics = parseGenericArgumentList()
            }
            type = TypeSyntax(
                .named(identifier, genericArguments: generics), at: SourceRange(start: start, end: previous.range.end))
        case .leftParen:
            let open = advance()
            skipBalanced(stopAtComma: false, closing: .rightParen)
            _ = consume(.rightParen)
            error(
                .expectedType, "tuple and function types are not supported here",
                at: SourceRange(start: open.range.start, end: previous.range.end))
            return nil
        default:
            error(.expectedType, "expected a type, found \(currentDescription)", at: missingTokenRange)
            return nil
        }
        while true {
            if at(.postfixQuestion) {
                advance()
                type = TypeSyntax(.optional(type), at: SourceRange(start: start, end: previous.range.end))
            } else if at(.postfixBang) {
                advance()
                type = TypeSyntax(.implicitlyUnwrappedOptional(type), at: SourceRange(start: start, end: previous.range.end))
            } else {
                return type
            }
        }
    }

    /// `<Name>`, the commonest generic argument list (`FetchDescriptor<User>`), read as
    /// ``parseGenericArgumentList()`` would read it but without the list and the boxed type it
    /// makes (two allocations); nil, having read nothing, for any other list.
    mutating func parsePlainGenericName() -> Identifier? {
        guard position + 3 < tokens.count, tokens[position].kind == .less, tokens[position + 1].kind == .identifier,
            tokens[position + 2].kind == .greater
        else { return nil }
        let name = self.name(of: tokens[position + 1])
        position += 3
        return name
    }

    /// `<T, U>`; a `>>` closing two lists is split.
    mutating func parseGenericArgumentList() -> [TypeSyntax] {
        let open = advance()
        var arguments: [TypeSyntax] = []
        while !at(.endOfFile) {
            splitLeadingGreaterThan()
            if at(.greater) { break }
            guard let argument = parseType() else {
                break
            }
            arguments.append(argument)
            if consume(.comma) == nil { break }
        }
        splitLeadingGreaterThan()
        if consume(.greater) == nil {
            error(
                .expectedToken, "expected '>' to close the generic argument list", at: missingTokenRange,
                notes: [Diagnostic.Note("to match this opening '<'", at: open.range)],
                fixIts: [.insert(">", at: insertionPoint)])
        }
        return arguments
    }

    /// Turns a token such as `>>` or `>=` at the cursor into `>` followed by the rest, so nested
    /// generic argument lists close one at a time.
    mutating func splitLeadingGreaterThan() {
        let token = current
        guard token.range.length > 1, bytes[token.range.start] == UInt8(ascii: ">"),
            token.kind == .unknownOperator || token.kind == .greaterEqual
        else { return }
        let first = Token(
            kind: .greater, range: SourceRange(start: token.range.start, end: token.range.start + 1),
            leadingTrivia: token.leadingTrivia, trailingTrivia: false, atStartOfLine: token.atStartOfLine)
        let restRange = SourceRange(start: token.range.start + 1, end: token.range.end)
        let restText = source.text(in: restRange)
        let restKind: TokenKind = restText == ">" ? .greater : restText == "=" ? .equal : .unknownOperator
        let rest = Token(kind: restKind, range: restRange, leadingTrivia: false, trailingTrivia: token.trailingTrivia)
        tokens.replaceSubrange(position...position, with: [first, rest])
    }
}
