/// Model files: the subset of Swift declarations that describes stored data (`@Model` classes,
/// `@Table` structs, raw-value enums, stored properties). Everything else that Swift allows in
/// such a file (imports, initialisers, functions, computed properties, extensions) is read with
/// balanced-brace skipping and recorded as skipped.
extension Parser {
    /// Declaration modifiers, read and kept (`private(set)` keeps `private`).
    static let modifierNames: Set<String> = [
        "final", "public", "private", "fileprivate", "internal", "open", "package", "static", "override",
        "required", "convenience", "lazy", "weak", "unowned", "nonisolated", "dynamic", "mutating",
        "nonmutating", "indirect", "optional",
    ]

    /// Declarations that are read and skipped whole, by their introducing word.
    static let skippedDeclarationWords: Set<String> = [
        "typealias", "protocol", "subscript", "deinit", "actor", "macro", "associatedtype", "operator",
        "precedencegroup",
    ]

    mutating func parseModelFileDeclarations() -> ModelFileSyntax {
        var declarations: [Declaration] = []
        while !at(.endOfFile) {
            if consume(.semicolon) != nil { continue }
            if at(.rightBrace) {
                error(.expectedDeclaration, "unexpected '}' with no matching '{'", at: current.range)
                advance()
                continue
            }
            let start = position
            declarations.append(contentsOf: parseDeclaration())
            if position == start { advance() }
        }
        return ModelFileSyntax(declarations: declarations)
    }

    /// One declaration (several for `var a = 1, b = 2`); empty after an error.
    mutating func parseDeclaration() -> [Declaration] {
        let start = current.range.start
        let attributes = parseAttributes()
        let modifiers = parseModifiers()
        switch current.kind {
        case .kwImport:
            advance()
            while !at(.endOfFile), !current.atStartOfLine, !at(.semicolon) { advance() }
            return [.skipped(SkippedDeclaration(what: "import", range: rangeFrom(start)))]
        case .kwClass, .kwStruct:
            guard let type = parseTypeDeclaration(attributes: attributes, modifiers: modifiers, start: start) else {
                return []
            }
            return [.type(type)]
        case .kwEnum:
            guard let enumeration = parseEnumDeclaration(attributes: attributes, modifiers: modifiers, start: start)
            else { return [] }
            return [.enumeration(enumeration)]
        case .kwVar, .kwLet:
            return parsePropertyDeclaration(attributes: attributes, modifiers: modifiers, start: start)
        case .kwExtension, .kwInit, .kwFunc:
            let what = text(current)
            advance()
            skipSignatureAndBody()
            return [.skipped(SkippedDeclaration(what: what, range: rangeFrom(start)))]
        case .identifier where Self.skippedDeclarationWords.contains(text(current)):
            let what = text(current)
            advance()
            skipSignatureAndBody()
            return [.skipped(SkippedDeclaration(what: what, range: rangeFrom(start)))]
        default:
            error(
                .expectedDeclaration,
                "expected a declaration (a '@Model' class, a struct, an enum or a property), found \(currentDescription)",
                at: current.range)
            // Skip to the next line (or past a balanced block starting here).
            let line = source.location(of: current.range.start).line
            while !at(.endOfFile), !at(.rightBrace) {
                if at(.leftBrace) { skipBraceBlock(); continue }
                if source.location(of: current.range.start).line != line { break }
                advance()
            }
            return []
        }
    }

    mutating func rangeFrom(_ start: Int) -> SourceRange {
        SourceRange(start: start, end: max(start, previous.range.end))
    }

    /// `@Name` or `@Name(arguments)`, any number.
    mutating func parseAttributes() -> [AttributeSyntax] {
        var attributes: [AttributeSyntax] = []
        while at(.atSign) {
            let atSign = advance()
            guard at(.identifier), !current.leadingTrivia else {
                error(.expectedToken, "expected an attribute name after '@', such as '@Model'", at: .point(atSign.range.end))
                break
            }
            let name = advanceName()
            var arguments: [Argument]?
            if at(.leftParen), !current.leadingTrivia {
                let open = advance()
                arguments = parseArgumentList(closing: .rightParen, opener: open).map(\.argument)
            }
            attributes.append(AttributeSyntax(name: name, arguments: arguments, range: rangeFrom(atSign.range.start)))
        }
        return attributes
    }

    /// `final public private(set) static ...`.
    mutating func parseModifiers() -> [Identifier] {
        var modifiers: [Identifier] = []
        while true {
            if at(.identifier), Self.modifierNames.contains(text(current)) {
                // `optional` etc. are only modifiers before a declaration keyword or another modifier.
                let next = peek().kind
                guard next != .colon, next != .equal, next != .period else { break }
                modifiers.append(advanceName())
                // `private(set)`
                if at(.leftParen), !current.leadingTrivia, peek().kind == .identifier, peek(2).kind == .rightParen {
                    advance()
                    advance()
                    advance()
                }
            } else if at(.kwClass), peek().kind == .kwFunc || peek().kind == .kwVar || peek().kind == .kwLet {
                modifiers.append(advanceName())
            } else {
                return modifiers
            }
        }
        return modifiers
    }

    /// `class Name: Base { members }` or `struct Name { members }`.
    mutating func parseTypeDeclaration(attributes: [AttributeSyntax], modifiers: [Identifier], start: Int) -> TypeDeclaration? {
        let keyword = advance()
        guard at(.identifier) else {
            error(.expectedToken, "expected a name after '\(text(keyword))'", at: missingTokenRange)
            skipSignatureAndBody()
            return nil
        }
        let name = advanceName()
        skipGenericParameters()
        let inheritance = parseInheritanceClause()
        skipWhereClause()
        guard let open = consume(.leftBrace) else {
            error(.expectedToken, "expected '{' to begin the body of '\(name.name)'", at: missingTokenRange)
            return nil
        }
        var members: [Declaration] = []
        while !at(.rightBrace), !at(.endOfFile) {
            if consume(.semicolon) != nil { continue }
            let before = position
            members.append(contentsOf: parseDeclaration())
            if position == before { advance() }
        }
        expectClosing(.rightBrace, opener: open, context: "the body of '\(name.name)'")
        return TypeDeclaration(
            attributes: attributes, modifiers: modifiers, kind: keyword.kind == .kwClass ? .class : .struct,
            name: name, inheritance: inheritance, members: members, range: rangeFrom(start))
    }

    /// `: A, B`.
    mutating func parseInheritanceClause() -> [TypeSyntax] {
        guard consume(.colon) != nil else { return [] }
        var types: [TypeSyntax] = []
        repeat {
            guard let type = parseType() else { break }
            types.append(type)
        } while consume(.comma) != nil
        return types
    }

    /// `<T: P>` after a type name: skipped.
    mutating func skipGenericParameters() {
        guard at(.less), !current.leadingTrivia else { return }
        var depth = 0
        while !at(.endOfFile), !at(.leftBrace) {
            splitLeadingGreaterThan()
            if at(.less) { depth += 1 }
            if at(.greater) {
                depth -= 1
                if depth == 0 {
                    advance()
                    return
                }
            }
            advance()
        }
    }

    /// `where T: P` before a body: skipped.
    mutating func skipWhereClause() {
        guard atContextualKeyword("where") else { return }
        while !at(.endOfFile), !at(.leftBrace), !at(.rightBrace) { advance() }
    }

    /// Skips a function-like signature and its body, if any: up to a `{` at bracket depth 0 and
    /// through its matching `}`, or to the end of the line when there is no body.
    mutating func skipSignatureAndBody() {
        var depth = 0
        let first = position
        while !at(.endOfFile) {
            if depth == 0 {
                if at(.leftBrace) {
                    skipBraceBlock()
                    return
                }
                if at(.rightBrace) || at(.semicolon) { return }
                if current.atStartOfLine, position != first { return }
            }
            switch current.kind {
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket: depth = max(0, depth - 1)
            default: break
            }
            advance()
        }
    }

    /// Skips `{ ... }` with everything nested in it; reports a missing `}`.
    mutating func skipBraceBlock() {
        let open = advance()
        var depth = 1
        while !at(.endOfFile) {
            if at(.leftBrace) { depth += 1 }
            if at(.rightBrace) {
                depth -= 1
                if depth == 0 {
                    advance()
                    return
                }
            }
            advance()
        }
        error(
            .expectedClosingDelimiter, "expected '}' to close '{'", at: .point(insertionPoint),
            notes: [Diagnostic.Note("to match this opening '{'", at: open.range)],
            fixIts: [.insert("}", at: insertionPoint)])
    }

    /// `var name: Type = value`, `let a = 1, b = 2`, `var x: Int { computed }`,
    /// `var y = 0 { didSet { ... } }` (stored, with observers).
    mutating func parsePropertyDeclaration(attributes: [AttributeSyntax], modifiers: [Identifier], start: Int) -> [Declaration] {
        let keyword = advance()
        var declarations: [Declaration] = []
        repeat {
            let bindingStart = declarations.isEmpty ? start : current.range.start
            guard at(.identifier) else {
                error(.expectedToken, "expected a property name after '\(text(keyword))'", at: missingTokenRange)
                skipSignatureAndBody()
                return declarations
            }
            let name = advanceName()
            var type: TypeSyntax?
            let hasAnnotation = consume(.colon) != nil
            if hasAnnotation { type = parseType() }
            var initializer: Expr?
            if consume(.equal) != nil {
                if at(.leftBracket), peek().kind == .colon, peek(2).kind == .rightBracket {
                    // `[:]`, an empty dictionary: a default the schema does not need; read and dropped.
                    advance()
                    advance()
                    advance()
                } else {
                    initializer = parseExpression().expr
                }
            }
            var isComputed = false
            if at(.leftBrace) {
                let first = peek()
                let isObserver =
                    first.kind == .identifier && (tokenTextEquals(first, "willSet") || tokenTextEquals(first, "didSet"))
                isComputed = !isObserver
                skipBraceBlock()
            }
            if !hasAnnotation, initializer == nil, !isComputed {
                error(
                    .expectedType,
                    "property '\(name.name)' needs a type annotation, such as '\(text(keyword)) \(name.name): String'",
                    at: name.range, fixIts: [.insert(": <#Type#>", at: name.range.end)])
            }
            declarations.append(
                .property(
                    PropertyDeclaration(
                        attributes: attributes, modifiers: modifiers, isLet: keyword.kind == .kwLet, name: name,
                        type: type, initializer: initializer, isComputed: isComputed, range: rangeFrom(bindingStart))))
        } while consume(.comma) != nil
        return declarations
    }

    /// `enum Name: Int, Codable { case a = 1, b; case c; func ... }`.
    mutating func parseEnumDeclaration(attributes: [AttributeSyntax], modifiers: [Identifier], start: Int) -> EnumDeclaration? {
        advance()
        guard at(.identifier) else {
            error(.expectedToken, "expected a name after 'enum'", at: missingTokenRange)
            skipSignatureAndBody()
            return nil
        }
        let name = advanceName()
        skipGenericParameters()
        let inheritance = parseInheritanceClause()
        skipWhereClause()
        guard let open = consume(.leftBrace) else {
            error(.expectedToken, "expected '{' to begin the body of '\(name.name)'", at: missingTokenRange)
            return nil
        }
        var cases: [EnumCaseSyntax] = []
        var lessThan: EnumDeclaration.LessThanDeclaration?
        while !at(.rightBrace), !at(.endOfFile) {
            if consume(.semicolon) != nil { continue }
            let before = position
            let memberStart = current.range.start
            let caseAttributes = parseAttributes()
            _ = parseModifiers()
            if consume(.kwCase) != nil {
                let firstCase = cases.count
                repeat {
                    guard isMemberName(current) else {
                        error(.expectedToken, "expected a case name", at: missingTokenRange)
                        break
                    }
                    let caseStart = current.range.start
                    let caseName = advanceName()
                    var associatedValues: [AssociatedValueSyntax]?
                    if at(.leftParen), !current.atStartOfLine { associatedValues = parseAssociatedValues() }
                    var rawValue: Expr?
                    if consume(.equal) != nil { rawValue = parseExpression().expr }
                    cases.append(
                        EnumCaseSyntax(
                            name: caseName, rawValue: rawValue, range: rangeFrom(caseStart), attributes: caseAttributes,
                            associatedValues: associatedValues))
                } while consume(.comma) != nil
                for index in firstCase..<cases.count { cases[index].casesInDeclaration = cases.count - firstCase }
            } else {
                // Other members (functions, computed properties, nested types) are read and ignored.
                position = before
                _ = memberStart
                _ = parseDeclaration()
                if let declared = lessThanDeclaration(in: before..<position) { lessThan = declared }
            }
            if position == before { advance() }
        }
        expectClosing(.rightBrace, opener: open, context: "the body of '\(name.name)'")
        return EnumDeclaration(
            attributes: attributes, modifiers: modifiers, name: name, inheritance: inheritance, cases: cases,
            lessThan: lessThan, range: rangeFrom(start))
    }

    /// `(URL)`, `(startDate: Date, _ end: Date = x)`: a case's associated values. A value whose
    /// type is not a named or collection type (a tuple, a function) is read with no type.
    mutating func parseAssociatedValues() -> [AssociatedValueSyntax] {
        let open = advance()
        var values: [AssociatedValueSyntax] = []
        while !at(.rightParen), !at(.endOfFile) {
            let start = current.range.start
            var label: Identifier?
            if isMemberName(current), peek().kind == .colon {
                label = advanceName()
                advance()
            } else if isMemberName(current), peek().kind == .identifier, peek(2).kind == .colon {
                let outer = advanceName()
                _ = advanceName()
                advance()
                label = outer.name == "_" ? nil : outer
            }
            var type: TypeSyntax?
            if at(.identifier) || at(.leftBracket) { type = parseType() }
            var hasDefault = false
            if consume(.equal) != nil {
                hasDefault = true
                skipBalanced(stopAtComma: true, closing: .rightParen)
            }
            if !at(.comma), !at(.rightParen) {
                type = nil
                skipBalanced(stopAtComma: true, closing: .rightParen)
            }
            values.append(AssociatedValueSyntax(label: label, type: type, hasDefault: hasDefault, range: rangeFrom(start)))
            if consume(.comma) == nil { break }
        }
        expectClosing(.rightParen, opener: open, context: "the associated values")
        return values
    }

    /// Whether the tokens of one member declare `func <`, and whether its body only compares the
    /// raw values of its two parameters, in order (`lhs.rawValue < rhs.rawValue`, `return` allowed).
    func lessThanDeclaration(in tokens: Range<Int>) -> EnumDeclaration.LessThanDeclaration? {
        let texts = tokens.map { text(self.tokens[$0]) }
        guard let function = texts.firstIndex(of: "func"), function + 2 < texts.count, texts[function + 1] == "<",
            texts[function + 2] == "("
        else { return nil }
        let declaration = SourceRange(start: self.tokens[tokens.lowerBound + function].range.start, end: self.tokens[tokens.upperBound - 1].range.end)
        // The parameters' internal names: the name just before each ':' of the list.
        guard let close = texts[(function + 2)...].firstIndex(of: ")") else { return .other(declaration) }
        var names: [String] = []
        for index in (function + 3)..<close where texts[index] == ":" { names.append(texts[index - 1]) }
        guard names.count == 2, let open = texts[close...].firstIndex(of: "{"), texts.last == "}" else { return .other(declaration) }
        let body = texts[(open + 1)..<(texts.count - 1)].filter { $0 != "return" }
        return body == [names[0], ".", "rawValue", "<", names[1], ".", "rawValue"] ? .rawValues : .other(declaration)
    }
}
