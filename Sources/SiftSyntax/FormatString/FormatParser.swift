/// A Swift argument passed after a format string, as the format parser needs it: the expression,
/// and its string value when it is a string literal (what `%K` reads).
struct FormatArgumentInput {
    var value: Expr
    var stringLiteral: String?
}

/// Parses one format string (Apple's "Predicate Format String Syntax", with `NOT` binding tighter
/// than `AND`, and `AND` tighter than `OR`), binding each specifier to its Swift argument in order.
///
/// Grammar (Grammar/nspredicate.ebnf):
///
///     predicate   = disjunction ;
///     disjunction = conjunction { ("OR" | "||") conjunction } ;
///     conjunction = negation { ("AND" | "&&") negation } ;
///     negation    = ("NOT" | "!") negation | "(" predicate ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison ;
///     comparison  = [ "ANY" | "SOME" | "ALL" | "NONE" ] expression operator [ options ] expression ;
struct FormatParser {
    let map: FormatSourceMap
    let tokens: [FormatToken]
    var position = 0
    let arguments: [FormatArgumentInput]
    /// Where a missing argument would be inserted (after the last argument, before `)`).
    let argumentInsertionPoint: Int
    /// The query's source (for the text of `%K` arguments).
    let source: SourceFile
    /// The next argument a specifier takes.
    var nextArgument = 0
    var diagnostics: [Diagnostic] = []
    var variables: [String] = []
    /// Nesting of parentheses and subqueries, bounded.
    var depth = 0
    static let maximumDepth = 200

    init(map: FormatSourceMap, arguments: [FormatArgumentInput], argumentInsertionPoint: Int, source: SourceFile) {
        self.map = map
        self.tokens = FormatLexer.tokens(of: map.bytes)
        self.arguments = arguments
        self.argumentInsertionPoint = argumentInsertionPoint
        self.source = source
    }

    /// Parses the whole format string; nil after an error (reported).
    mutating func parse() -> FormatCondition? {
        if case .end = current.kind {
            error("the format string is empty; write a predicate such as 'age > 20', or 'TRUEPREDICATE' to select every row", at: current)
            return nil
        }
        guard let condition = parsePredicate() else { return nil }
        guard case .end = current.kind else {
            error("unexpected \(describe(current)) after the end of the predicate; join conditions with AND or OR", at: current)
            return nil
        }
        return condition
    }

    // MARK: Tokens

    var current: FormatToken { tokens[position] }

    func range(of token: FormatToken) -> SourceRange { map.sourceRange(token.start, token.end) }

    func range(from start: FormatToken, to end: FormatToken) -> SourceRange { map.sourceRange(start.start, end.end) }

    var previous: FormatToken { tokens[max(position - 1, 0)] }

    @discardableResult
    mutating func advance() -> FormatToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    func isSymbol(_ symbol: String) -> Bool {
        if case .symbol(let written) = current.kind { return written == symbol }
        return false
    }

    func isKeyword(_ keyword: FormatKeyword) -> Bool {
        if case .keyword(let written) = current.kind { return written == keyword }
        return false
    }

    mutating func error(_ message: String, at token: FormatToken, id: DiagnosticID = .formatSyntax, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []) {
        error(message, at: range(of: token), id: id, notes: notes, fixIts: fixIts)
    }

    mutating func error(_ message: String, at range: SourceRange, id: DiagnosticID = .formatSyntax, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []) {
        // One syntax error per format string: what follows the first is guesswork.
        if id == .formatSyntax, diagnostics.contains(where: { $0.id == .formatSyntax }) { return }
        diagnostics.append(.error(id, message, at: range, notes: notes, fixIts: fixIts))
    }

    func describe(_ token: FormatToken) -> String {
        switch token.kind {
        case .end: "end of the format string"
        case .string: "string"
        default: "'\(String(decoding: map.bytes[token.start..<token.end], as: UTF8.self))'"
        }
    }

    // MARK: Predicates

    mutating func parsePredicate() -> FormatCondition? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            error("the predicate nests more than \(Self.maximumDepth) levels deep", at: current)
            return nil
        }
        guard var first = parseConjunction() else { return nil }
        var operands: [FormatCondition] = []
        while isKeyword(.or) || isSymbol("||") {
            advance()
            guard let next = parseConjunction() else { return nil }
            if operands.isEmpty { operands.append(first) }
            operands.append(next)
        }
        if !operands.isEmpty { first = .or(operands, operands[0].range.union(operands[operands.count - 1].range)) }
        return first
    }

    mutating func parseConjunction() -> FormatCondition? {
        guard var first = parseNegation() else { return nil }
        var operands: [FormatCondition] = []
        while isKeyword(.and) || isSymbol("&&") {
            advance()
            guard let next = parseNegation() else { return nil }
            if operands.isEmpty { operands.append(first) }
            operands.append(next)
        }
        if !operands.isEmpty { first = .and(operands, operands[0].range.union(operands[operands.count - 1].range)) }
        return first
    }

    mutating func parseNegation() -> FormatCondition? {
        let start = current
        if isKeyword(.not) || isSymbol("!") {
            advance()
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else {
                error("the predicate nests more than \(Self.maximumDepth) levels deep", at: current)
                return nil
            }
            guard let inner = parseNegation() else { return nil }
            return .not(inner, range(of: start).union(inner.range))
        }
        if isKeyword(.truePredicate) || isKeyword(.falsePredicate) {
            advance()
            return .constant(start.kind == .keyword(.truePredicate), range(of: start))
        }
        if isSymbol("("), startsParenthesizedPredicate() {
            advance()
            guard let inner = parsePredicate() else { return nil }
            guard isSymbol(")") else {
                error("expected ')' to close the '(' here", at: current, notes: [.init("'(' opened here", at: range(of: start))])
                return nil
            }
            advance()
            return inner
        }
        return parseComparison()
    }

    /// Whether the `(` at the cursor opens a predicate rather than an expression such as `(age)`:
    /// a predicate has an operator or a logical word at its top level.
    func startsParenthesizedPredicate(at open: Int? = nil) -> Bool {
        let open = open ?? position
        var index = open + 1
        var level = 0
        while index < tokens.count {
            switch tokens[index].kind {
            case .symbol("("), .symbol("{"), .symbol("["): level += 1
            case .symbol(")"), .symbol("}"), .symbol("]"):
                // `((a OR b))`: a group that holds only a group is what that group is.
                if level == 0 { return tokens[open + 1].kind == .symbol("(") && startsParenthesizedPredicate(at: open + 1) }
                level -= 1
            case .end: return true
            case .symbol(let symbol) where level == 0:
                if ["==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>", "&&", "||", "!"].contains(symbol) { return true }
            case .keyword(let keyword) where level == 0:
                switch keyword {
                case .and, .or, .not, .in, .between, .like, .matches, .contains, .beginsWith, .endsWith, .truePredicate, .falsePredicate,
                    .any, .some, .all, .none:
                    return true
                default: break
                }
            default: break
            }
            index += 1
        }
        return true
    }

    mutating func parseComparison() -> FormatCondition? {
        let start = current
        var quantifier: FormatQuantifier?
        var quantifierRange: SourceRange?
        if case .keyword(let keyword) = current.kind {
            switch keyword {
            case .any, .some: quantifier = .any
            case .all: quantifier = .all
            case .none: quantifier = FormatQuantifier.none
            default: break
            }
            if quantifier != nil { quantifierRange = range(of: advance()) }
        }
        guard let lhs = parseExpression() else { return nil }
        let operatorStart = current
        guard let op = parseOperator() else {
            let found = current
            if case .end = found.kind {
                error(
                    "expected an operator after \(source.text(in: lhs.range).isEmpty ? "the operand" : "'\(source.text(in: lhs.range))'"), such as '==', '>', 'CONTAINS' or 'IN'",
                    at: range(of: found))
            } else {
                error("expected an operator such as '==', '>', 'CONTAINS' or 'IN', found \(describe(found))", at: found)
            }
            return nil
        }
        var options = FormatStringOptions()
        var operatorEnd = previous
        if isSymbol("["), op.isStringOperator || [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .in].contains(op) {
            let open = advance()
            guard case .identifier(let letters) = current.kind else {
                error("expected string options such as 'c', 'd' or 'cd' after '['", at: current)
                return nil
            }
            let lettersToken = advance()
            for letter in letters {
                switch letter {
                case "c", "C": options.insert(.caseInsensitive)
                case "d", "D": options.insert(.diacriticInsensitive)
                case "n", "N": options.insert(.normalized)
                default:
                    error(
                        "'\(letter)' is not a string option; use 'c' (case-insensitive), 'd' (diacritic-insensitive) or 'n' (normalized)",
                        at: lettersToken)
                    return nil
                }
            }
            guard isSymbol("]") else {
                error("expected ']' to close the options", at: current, notes: [.init("'[' opened here", at: range(of: open))])
                return nil
            }
            operatorEnd = advance()
        }
        guard let rhs = parseExpression() else { return nil }
        if op == .between, case .aggregate(let bounds) = rhs.kind, bounds.count != 2 {
            error("BETWEEN takes two bounds, as in 'age BETWEEN {18, 65}', but \(bounds.count) were given", at: rhs.range)
            return nil
        }
        return .comparison(
            FormatComparison(
                quantifier: quantifier, quantifierRange: quantifierRange, lhs: lhs, op: op,
                operatorRange: range(from: operatorStart, to: operatorEnd), options: options, rhs: rhs,
                range: range(of: start).union(rhs.range)))
    }

    mutating func parseOperator() -> FormatOperator? {
        let op: FormatOperator
        switch current.kind {
        case .symbol("=="), .symbol("="): op = .equal
        case .symbol("!="), .symbol("<>"): op = .notEqual
        case .symbol("<"): op = .less
        case .symbol("<="), .symbol("=<"): op = .lessEqual
        case .symbol(">"): op = .greater
        case .symbol(">="), .symbol("=>"): op = .greaterEqual
        case .keyword(.beginsWith): op = .beginsWith
        case .keyword(.endsWith): op = .endsWith
        case .keyword(.contains): op = .contains
        case .keyword(.like): op = .like
        case .keyword(.matches): op = .matches
        case .keyword(.in): op = .in
        case .keyword(.between): op = .between
        default: return nil
        }
        advance()
        return op
    }

    // MARK: Expressions

    mutating func parseExpression() -> FormatExpression? {
        guard var expression = parsePrimary() else { return nil }
        // `[n]`, `[FIRST]`, `[LAST]`, `[SIZE]` after a collection.
        while isSymbol("["), case .keyPath = expression.kind {
            let open = advance()
            let index: FormatIndex
            switch current.kind {
            case .integer(let value): index = .position(value)
            case .keyword(.first): index = .first
            case .keyword(.last): index = .last
            case .keyword(.size): index = .size
            default:
                error("expected an index, FIRST, LAST or SIZE after '['", at: current)
                return nil
            }
            advance()
            guard isSymbol("]") else {
                error("expected ']'", at: current, notes: [.init("'[' opened here", at: range(of: open))])
                return nil
            }
            let close = advance()
            expression = FormatExpression(.index(expression, index), at: expression.range.union(range(of: close)))
            if isSymbol(".") {
                // `tags[FIRST].title`: a key path through an element by position. A to-many
                // relationship is a set in a Core Data store, which has no such element.
                error(
                    "a relationship has no order, so an element by position ('[n]', 'FIRST', 'LAST') is not defined; test its elements with 'ANY' or 'SUBQUERY'",
                    at: expression.range, id: "unsupported-construct")
                return nil
            }
        }
        if case .symbol(let symbol) = current.kind, ["+", "-", "*", "/"].contains(symbol) {
            error("arithmetic in a format string is not supported; compute the value in Swift and pass it as an argument", at: current)
            return nil
        }
        return expression
    }

    mutating func parsePrimary() -> FormatExpression? {
        let token = current
        switch token.kind {
        case .string(let value):
            advance()
            return FormatExpression(.string(value), at: range(of: token))
        case .integer(let value):
            advance()
            return FormatExpression(.integer(value), at: range(of: token))
        case .real(let value):
            advance()
            return FormatExpression(.real(value), at: range(of: token))
        case .symbol("-"):
            advance()
            switch current.kind {
            case .integer(let value):
                let number = advance()
                return FormatExpression(.integer(-value), at: range(from: token, to: number))
            case .real(let value):
                let number = advance()
                return FormatExpression(.real(-value), at: range(from: token, to: number))
            default:
                error("arithmetic in a format string is not supported; compute the value in Swift and pass it as an argument", at: token)
                return nil
            }
        case .keyword(.true), .keyword(.yes):
            advance()
            return FormatExpression(.bool(true), at: range(of: token))
        case .keyword(.false), .keyword(.no):
            advance()
            return FormatExpression(.bool(false), at: range(of: token))
        case .keyword(.null), .keyword(.nilWord):
            advance()
            return FormatExpression(.null, at: range(of: token))
        case .keyword(.self):
            advance()
            return continueKeyPath(FormatKeyPath(variable: nil, components: [], range: range(of: token)))
        case .identifier(let name):
            advance()
            if isSymbol("("), name.uppercased() == "CAST" { return parseCast(start: token) }
            if isSymbol("(") {
                error("'\(name)(...)' is a function call, which Sift does not read in a format string", at: token)
                return nil
            }
            return continueKeyPath(FormatKeyPath(variable: nil, components: [Identifier(name, at: range(of: token))], range: range(of: token)))
        case .collectionOperator(let name):
            // `@count` alone is not a key path of anything.
            error("'@\(name)' must follow a collection, as in 'interests.@\(name)'", at: token)
            return nil
        case .variable(let name):
            advance()
            if !variables.contains(name) { variables.append(name) }
            if isSymbol(".") {
                return continueKeyPath(FormatKeyPath(variable: Identifier(name, at: range(of: token)), components: [], range: range(of: token)))
            }
            return FormatExpression(.variable(name), at: range(of: token))
        case .specifier(let written):
            advance()
            return parseSpecifier(written, token: token)
        case .symbol("{"):
            return parseAggregate()
        case .keyword(.subquery):
            return parseSubquery()
        case .invalid(let message):
            error(message, at: token)
            return nil
        case .end:
            error("expected an operand at the end of the format string", at: token)
            return nil
        case .keyword(let keyword):
            error(
                "'\(String(decoding: map.bytes[token.start..<token.end], as: UTF8.self))' is a reserved word; write '#\(keyword.rawValue.lowercased())' to use it as a key",
                at: token,
                fixIts: [.init(replace: range(of: token), with: "#" + String(decoding: map.bytes[token.start..<token.end], as: UTF8.self))])
            return nil
        default:
            error("expected an operand (a key path, a value or a format specifier such as '%@'), found \(describe(token))", at: token)
            return nil
        }
    }

    /// `.name`, `.@count`, ... after the start of a key path.
    mutating func continueKeyPath(_ start: FormatKeyPath) -> FormatExpression? {
        var path = start
        while isSymbol(".") {
            advance()
            switch current.kind {
            case .identifier(let name):
                let token = advance()
                path.components.append(Identifier(name, at: range(of: token)))
            case .collectionOperator(let name):
                let token = advance()
                path.components.append(Identifier("@" + name, at: range(of: token)))
            case .keyword(let keyword):
                let token = advance()
                // A reserved word after a dot can only be a key (`company.size`); Apple requires `#`.
                error(
                    "'\(String(decoding: map.bytes[token.start..<token.end], as: UTF8.self))' is a reserved word; write '#\(keyword.rawValue.lowercased())' to use it as a key",
                    at: token,
                    fixIts: [.init(replace: range(of: token), with: "#" + String(decoding: map.bytes[token.start..<token.end], as: UTF8.self))])
                return nil
            case .specifier(let written) where Self.specifier(written) == .key:
                let token = advance()
                guard let argument = takeArgument(for: written, token: token), let components = keyComponents(of: argument, token: token) else {
                    return nil
                }
                path.components += components
            default:
                error("expected a key after '.'", at: current)
                return nil
            }
            path.range = path.range.union(range(of: previous))
        }
        return FormatExpression(.keyPath(path), at: path.range)
    }

    mutating func parseAggregate() -> FormatExpression? {
        let open = advance()
        var elements: [FormatExpression] = []
        if !isSymbol("}") {
            while true {
                guard let element = parseExpression() else { return nil }
                elements.append(element)
                guard isSymbol(",") else { break }
                advance()
            }
        }
        guard isSymbol("}") else {
            error("expected ',' or '}' in the list", at: current, notes: [.init("'{' opened here", at: range(of: open))])
            return nil
        }
        let close = advance()
        return FormatExpression(.aggregate(elements), at: range(from: open, to: close))
    }

    mutating func parseSubquery() -> FormatExpression? {
        let start = advance()
        guard isSymbol("(") else {
            error("expected '(' after SUBQUERY, as in 'SUBQUERY(interests, $i, $i.title == \"x\")'", at: current)
            return nil
        }
        advance()
        guard let collection = parseExpression() else { return nil }
        guard isSymbol(",") else {
            error("expected ',' after the collection of SUBQUERY", at: current)
            return nil
        }
        advance()
        guard case .variable(let name) = current.kind else {
            error("expected a variable such as '$x' naming each element of the SUBQUERY", at: current)
            return nil
        }
        let variableToken = advance()
        guard isSymbol(",") else {
            error("expected ',' after the SUBQUERY's variable", at: current)
            return nil
        }
        advance()
        depth += 1
        defer { depth -= 1 }
        guard let predicate = parsePredicate() else { return nil }
        guard isSymbol(")") else {
            error("expected ')' to close SUBQUERY", at: current, notes: [.init("SUBQUERY starts here", at: range(of: start))])
            return nil
        }
        let close = advance()
        let subquery = FormatExpression(
            .subquery(collection: collection, variable: Identifier(name, at: range(of: variableToken)), predicate: predicate),
            at: range(from: start, to: close))
        if isSymbol(".") {
            // `SUBQUERY(...).@count`: the number of elements that satisfy the predicate.
            advance()
            guard case .collectionOperator(let op) = current.kind, op == "count" else {
                error("expected '@count' after a SUBQUERY: the number of elements that satisfy its predicate", at: current)
                return nil
            }
            let opToken = advance()
            return FormatExpression(.index(subquery, .size), at: subquery.range.union(range(of: opToken)))
        }
        return subquery
    }

    mutating func parseCast(start: FormatToken) -> FormatExpression? {
        advance()  // (
        guard let value = parseExpression() else { return nil }
        guard isSymbol(",") else {
            error("expected ',' and a type name, as in 'CAST(%@, \"NSDate\")'", at: current)
            return nil
        }
        advance()
        guard case .string(let typeName) = current.kind else {
            error("expected the type name as a string, such as \"NSDate\" or \"NSNumber\"", at: current)
            return nil
        }
        advance()
        guard isSymbol(")") else {
            error("expected ')' to close CAST", at: current)
            return nil
        }
        let close = advance()
        return FormatExpression(.cast(value, typeName: typeName), at: range(from: start, to: close))
    }

    // MARK: Format specifiers

    static func specifier(_ written: String) -> FormatSpecifier? {
        switch written {
        case "%@": .object
        case "%K": .key
        case "%d", "%i", "%ld", "%li", "%lld", "%lli", "%qd", "%u", "%lu", "%llu", "%hd", "%hi", "%hu", "%qu": .integer
        case "%f", "%lf", "%g", "%e": .real
        default: nil
        }
    }

    mutating func parseSpecifier(_ written: String, token: FormatToken) -> FormatExpression? {
        if written == "%%" {
            error("'%%' is a literal percent sign; outside a quoted string it is not an operand", at: token, id: .formatSpecifier)
            return nil
        }
        guard let specifier = Self.specifier(written) else {
            error(
                "'\(written)' is not a format specifier NSPredicate reads; use '%@' (an object), '%K' (a key path), '%d' (an integer) or '%f' (a number)",
                at: token, id: .formatSpecifier)
            return nil
        }
        guard let argument = takeArgument(for: written, token: token) else { return nil }
        if specifier == .key {
            guard let components = keyComponents(of: argument, token: token) else { return nil }
            let range = range(of: token)
            return continueKeyPath(FormatKeyPath(variable: nil, components: components, range: range))
        }
        return FormatExpression(
            .argument(FormatArgument(specifier: specifier, written: written, position: nextArgument - 1, value: argument.value)),
            at: range(of: token))
    }

    /// The argument the next specifier takes, or nil (reported) when there is none.
    mutating func takeArgument(for written: String, token: FormatToken) -> FormatArgumentInput? {
        guard nextArgument < arguments.count else {
            let count = arguments.count
            error(
                "'\(written)' has no argument: the format string has more specifiers than the \(count) argument\(count == 1 ? "" : "s") given",
                at: token, id: .formatArgumentCount,
                notes: [.init("add the argument after the format string", at: .point(argumentInsertionPoint))])
            nextArgument += 1
            return nil
        }
        nextArgument += 1
        return arguments[nextArgument - 1]
    }

    /// The keys of a `%K` argument, which must be a string literal: each key's range is in the literal.
    mutating func keyComponents(of argument: FormatArgumentInput, token: FormatToken) -> [Identifier]? {
        guard let text = argument.stringLiteral else {
            error(
                "'%K' needs a string literal naming a key path, such as \"name\": a key chosen at run time cannot be checked against the schema",
                at: argument.value.range, id: .formatArgument, notes: [.init("the specifier is here", at: range(of: token))])
            return nil
        }
        let literalMap = FormatSourceMap(literalAt: argument.value.range, value: text, in: source)
        var components: [Identifier] = []
        var start = 0
        let bytes = literalMap.bytes
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ".") {
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            let valid =
                !name.isEmpty
                && name.utf8.enumerated().allSatisfy { offset, byte in
                    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte >= 0x80
                        || (offset > 0 && byte >= 0x30 && byte <= 0x39) || (offset == 0 && byte == UInt8(ascii: "@"))
                }
            guard valid else {
                error(
                    "\"\(text)\" is not a key path: '%K' takes names separated by '.', such as \"company.name\"",
                    at: argument.value.range, id: .formatArgument)
                return nil
            }
            components.append(Identifier(name, at: literalMap.sourceRange(start, index)))
            start = index + 1
        }
        return components
    }
}
