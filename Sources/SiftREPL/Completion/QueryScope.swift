import Sift

/// Reads the tokens of an unfinished query the way completion needs: which braces enclose a
/// position, what `$0` or a name stands for there, and the type of a member chain such as
/// `$0.company?.users` ending at a token. It works on any prefix of a query, however broken.
struct QueryScope {
    let source: SourceFile
    /// The tokens, without the end-of-file token.
    let tokens: [Token]
    let catalog: MemberCatalog
    /// Types of the REPL's named parameters.
    let parameterTypes: [String: SiftType]

    init(source: SourceFile, tokens: [Token], catalog: MemberCatalog, parameterTypes: [String: SiftType]) {
        self.source = source
        self.tokens = tokens
        self.catalog = catalog
        self.parameterTypes = parameterTypes
    }

    func text(_ index: Int) -> String { source.text(in: tokens[index].range) }

    func kind(_ index: Int) -> TokenKind? { index >= 0 && index < tokens.count ? tokens[index].kind : nil }

    func isIdentifier(_ index: Int, _ name: String? = nil) -> Bool {
        kind(index) == .identifier && (name == nil || text(index) == name)
    }

    // MARK: The query's model

    /// The model the query is about: from `<Model>` after `Predicate`, `FetchDescriptor` or
    /// `Query`, the head of the concise form, or the first `\Model.` key path.
    var queryModel: String? {
        for index in tokens.indices where kind(index) == .less && isIdentifier(index + 1) && kind(index + 2) == .greater {
            if ["Predicate", "FetchDescriptor", "Query"].contains(text(index - 1)) { return text(index + 1) }
        }
        if let concise = conciseModel { return concise }
        for index in tokens.indices where kind(index) == .backslash && isIdentifier(index + 1) {
            if catalog.schema.model(named: text(index + 1)) != nil { return text(index + 1) }
        }
        return nil
    }

    /// The model of a concise query (`User where ...`): the first token names a model and the
    /// second is a clause keyword (or there is no second yet).
    var conciseModel: String? {
        guard isIdentifier(0), let model = catalog.schema.model(named: text(0)) else { return nil }
        guard tokens.count > 1 else { return model.name }
        return isIdentifier(1) && ["where", "select", "group", "having", "join", "left", "sort", "limit", "offset"].contains(text(1)) ? model.name : nil
    }

    // MARK: Braces

    /// What a `{` opens.
    enum Brace {
        /// A closure; its parameter's name when written (`{ user in`).
        case closure(parameter: String?)
        /// The body of `if`: the names its `let` conditions bind, with the token range of each value.
        case ifBody(bindings: [(name: String, valueEnd: Int?)], ifIndex: Int)
        case elseBody
    }

    /// The `{` tokens enclosing `position` (open before it and not closed), innermost last.
    func enclosingBraces(before position: Int) -> [Int] {
        var stack: [Int] = []
        for index in 0..<min(position, tokens.count) {
            switch tokens[index].kind {
            case .leftBrace, .leftParen, .leftBracket: stack.append(index)
            case .rightBrace, .rightParen, .rightBracket:
                let opener: TokenKind = tokens[index].kind == .rightBrace ? .leftBrace : tokens[index].kind == .rightParen ? .leftParen : .leftBracket
                if let match = stack.lastIndex(where: { tokens[$0].kind == opener }) { stack.removeSubrange(match...) }
            default: break
            }
        }
        return stack.filter { tokens[$0].kind == .leftBrace }
    }

    /// The index of the opener matching the closer at `index`, scanning backwards.
    func matchingOpener(_ index: Int) -> Int? {
        guard let closer = kind(index) else { return nil }
        let opener: TokenKind
        switch closer {
        case .rightParen: opener = .leftParen
        case .rightBrace: opener = .leftBrace
        case .rightBracket: opener = .leftBracket
        case .greater: opener = .less
        default: return nil
        }
        var depth = 0
        var position = index
        while position >= 0 {
            if tokens[position].kind == closer { depth += 1 }
            if tokens[position].kind == opener {
                depth -= 1
                if depth == 0 { return position }
            }
            position -= 1
        }
        return nil
    }

    /// Classifies the `{` at `index`. Following Swift, the first `{` after an `if`'s conditions
    /// (at the same depth) is its body.
    func brace(at index: Int) -> Brace {
        if kind(index - 1) == .kwElse { return .elseBody }
        var position = index - 1
        while position >= 0 {
            switch tokens[position].kind {
            case .rightParen, .rightBracket:
                guard let opener = matchingOpener(position) else { return closure(at: index) }
                position = opener - 1
                continue
            case .rightBrace:
                return closure(at: index)
            case .leftBrace, .leftParen, .leftBracket:
                return closure(at: index)
            case .comma where !isInsideIfCondition(position):
                return closure(at: index)
            case .kwIf:
                return .ifBody(bindings: bindings(from: position, to: index), ifIndex: position)
            default:
                break
            }
            position -= 1
        }
        return closure(at: index)
    }

    private func isInsideIfCondition(_ position: Int) -> Bool {
        // A comma separates `if` conditions; keep scanning back for the `if`.
        var scan = position - 1
        while scan >= 0 {
            switch tokens[scan].kind {
            case .kwIf: return true
            case .leftBrace, .leftParen, .leftBracket, .rightBrace: return false
            case .rightParen, .rightBracket:
                guard let opener = matchingOpener(scan) else { return false }
                scan = opener - 1
                continue
            default: break
            }
            scan -= 1
        }
        return false
    }

    private func closure(at index: Int) -> Brace {
        if isIdentifier(index + 1), kind(index + 2) == .kwIn { return .closure(parameter: text(index + 1)) }
        if kind(index + 1) == .leftParen, isIdentifier(index + 2) { return .closure(parameter: text(index + 2)) }
        return .closure(parameter: nil)
    }

    /// The `let NAME = value` conditions between `if` and its `{`.
    private func bindings(from ifIndex: Int, to braceIndex: Int) -> [(name: String, valueEnd: Int?)] {
        var result: [(String, Int?)] = []
        var position = ifIndex + 1
        while position < braceIndex {
            if kind(position) == .kwLet || kind(position) == .kwVar, isIdentifier(position + 1) {
                let name = text(position + 1)
                if kind(position + 2) == .equal {
                    var end = position + 3
                    while end < braceIndex, kind(end) != .comma {
                        if [TokenKind.leftParen, .leftBracket, .leftBrace].contains(tokens[end].kind) {
                            end = closingIndex(of: end) ?? braceIndex
                        }
                        end += 1
                    }
                    result.append((name, end - 1))
                    position = end
                    continue
                }
                result.append((name, nil))
            }
            position += 1
        }
        return result
    }

    private func closingIndex(of opener: Int) -> Int? {
        var depth = 0
        for position in opener..<tokens.count {
            switch tokens[position].kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                depth -= 1
                if depth == 0 { return position }
            default: break
            }
        }
        return nil
    }

    // MARK: Names and types

    /// The type of `$0` (`$1`, ... with `index`) at `position`: a parameter of the innermost
    /// enclosing closure (a builder closure's rows, `BuilderScope.swift`).
    func anonymousParameterType(at position: Int, index: Int = 0) -> SiftType? {
        for braceIndex in enclosingBraces(before: position).reversed() {
            guard case .closure = brace(at: braceIndex) else { continue }
            if let rows = builderRows(forBraceAt: braceIndex) { return index < rows.count ? rows[index] : nil }
            return index == 0 ? closureParameterType(braceIndex) : nil
        }
        return nil
    }

    /// The type of a name at `position`: a closure parameter, an `if let` binding, a member in
    /// the concise form, or a named parameter.
    func nameType(_ name: String, at position: Int) -> SiftType? {
        for braceIndex in enclosingBraces(before: position).reversed() {
            // `{ reminder, list in ...` of a builder chain: its rows in order.
            if let position = closureParameterNames(braceIndex).firstIndex(of: name), let rows = builderRows(forBraceAt: braceIndex) {
                return position < rows.count ? rows[position] : nil
            }
            switch brace(at: braceIndex) {
            case .closure(let parameter) where parameter == name:
                return closureParameterType(braceIndex)
            case .ifBody(let bindings, let ifIndex):
                if let binding = bindings.last(where: { $0.name == name }) {
                    let value = binding.valueEnd.flatMap { chainType(endingAt: $0) } ?? nameType(name, at: ifIndex)
                    return value?.wrappedIfOptional
                }
            default:
                break
            }
        }
        if let model = conciseModel, let type = catalog.propertyType(name, of: .model(model)) { return type }
        return parameterTypes[name]
    }

    /// Every name bound at `position`: closure parameters and `if let` bindings.
    func namesInScope(at position: Int) -> [String] {
        enclosingBraces(before: position).flatMap { braceIndex -> [String] in
            let names = closureParameterNames(braceIndex)
            if names.count > 1 { return names }
            switch brace(at: braceIndex) {
            case .closure(let parameter?): return [parameter]
            case .ifBody(let bindings, _): return bindings.map(\.name)
            default: return []
            }
        }
    }

    /// The type of the parameter of the closure whose `{` is at `index`.
    func closureParameterType(_ index: Int) -> SiftType? {
        // `#Predicate<User> {` and `#Predicate {` (the model from the surrounding query).
        if kind(index - 1) == .greater, let opener = matchingOpener(index - 1), isIdentifier(opener - 1, "Predicate"),
            isIdentifier(opener + 1)
        {
            return .model(text(opener + 1))
        }
        if isIdentifier(index - 1, "Predicate") { return queryModel.map { .model($0) } }
        // `seq.contains {`, `seq.contains(where: {`, `seq.filter({`.
        var method = index - 1
        if kind(method) == .colon, isIdentifier(method - 1), kind(method - 2) == .leftParen { method -= 3 }
        else if kind(method) == .leftParen { method -= 1 }
        guard isIdentifier(method), kind(method - 1) == .period, let base = chainType(endingAt: method - 2) else {
            return nil
        }
        return catalog.closureParameterType(method: text(method), of: base)
    }

    /// One step of a member chain.
    enum ChainStep {
        case property(String)
        case call(String)
        case optionalChaining
        case forceUnwrap
    }

    /// The type of the chain (`$0.company?.users`, `\User.company?`, `name.lowercased()`)
    /// whose last token is at `end`, or `nil` when it cannot be worked out.
    func chainType(endingAt end: Int) -> SiftType? {
        var steps: [ChainStep] = []
        var position = end
        var root: SiftType?
        scan: while position >= 0 {
            switch tokens[position].kind {
            case .postfixQuestion:
                steps.append(.optionalChaining)
                position -= 1
            case .postfixBang:
                steps.append(.forceUnwrap)
                position -= 1
            case .rightParen, .rightBrace:
                guard let opener = matchingOpener(position), isIdentifier(opener - 1), kind(opener - 2) == .period else {
                    return nil
                }
                steps.append(.call(text(opener - 1)))
                position = opener - 3
            case .identifier:
                let name = text(position)
                if kind(position - 1) == .period, kind(position - 2) == .backslash {
                    // `\.name`: the root is the query's model.
                    steps.append(.property(name))
                    root = queryModel.map { .model($0) }
                    break scan
                } else if kind(position - 1) == .period, !isImplicitMember(position - 1) {
                    steps.append(.property(name))
                    position -= 2
                } else if kind(position - 1) == .backslash {
                    guard catalog.schema.model(named: name) != nil else { return nil }
                    root = .model(name)
                    break scan
                } else {
                    root = nameType(name, at: position)
                    break scan
                }
            case .dollarIdentifier:
                root = anonymousParameterType(at: position, index: Int(text(position).dropFirst()) ?? 0)
                break scan
            default:
                return nil
            }
        }
        guard var type = root else { return nil }
        var chained = false
        for step in steps.reversed() {
            switch step {
            case .property(let name):
                guard let next = catalog.propertyType(name, of: type) else { return nil }
                type = next
            case .call(let name):
                guard let next = catalog.methodResultType(name, of: type.unwrapped) else { return nil }
                type = next
            case .optionalChaining:
                type = type.wrappedIfOptional
                chained = true
            case .forceUnwrap:
                type = type.wrappedIfOptional
            }
        }
        return chained ? type.optionalFlattened : type
    }

    /// Whether the `.` at `index` starts an implicit member (`.high`, `.reverse`) rather than
    /// following a value: it has space before it, or follows an operator or punctuation.
    func isImplicitMember(_ index: Int) -> Bool {
        guard kind(index) == .period else { return false }
        guard let previous = kind(index - 1) else { return true }
        // A `.` after a space is an implicit member, except at the start of a line, where (as
        // in Swift) it continues the chain of the line before.
        if tokens[index].leadingTrivia, !tokens[index].atStartOfLine { return true }
        switch previous {
        case .identifier, .dollarIdentifier, .rightParen, .rightBrace, .rightBracket, .postfixQuestion, .postfixBang,
            .stringLiteral, .integerLiteral, .floatLiteral, .kwTrue, .kwFalse, .kwNil:
            return false
        default:
            return true
        }
    }
}
