/// Core Data's spellings: `NSPredicate(format:)`, `NSCompoundPredicate`, `NSSortDescriptor`,
/// `NSFetchRequest` with the statements that set its properties, `@FetchRequest`, and the concise
/// `User "format string"`. The constructors are read here token by token (`#selector(...)` is no
/// Swift expression this parser reads); format arguments go through the expression grammar, and
/// format strings through ``FormatParser``.
extension Parser {
    /// A constructor call or value of Core Data's spellings, as read.
    indirect enum CoreDataValue {
        /// `Name<Generic>(label: value, ...)`.
        case call(CoreDataCall)
        /// `[a, b]`.
        case array([CoreDataValue], SourceRange)
        /// `#selector(NSString.localizedStandardCompare(_:))` or `Selector("...")`: the method's name.
        case selector(String, SourceRange)
        /// Any other Swift expression (a format argument, `true`, `\User.name`).
        case expr(Expr)

        var range: SourceRange {
            switch self {
            case .call(let call): call.range
            case .array(_, let range), .selector(_, let range): range
            case .expr(let expr): expr.range
            }
        }
    }

    /// `Name<Generic>(arguments)`.
    struct CoreDataCall {
        var name: Identifier
        var generic: Identifier?
        var arguments: [(label: Identifier?, value: CoreDataValue)]
        var range: SourceRange

        func argument(_ label: String) -> CoreDataValue? { arguments.first { $0.label?.name == label }?.value }
    }

    static let coreDataConstructors: Set<String> = ["NSPredicate", "NSCompoundPredicate", "NSSortDescriptor", "NSFetchRequest", "FetchRequest"]

    /// Whether the tokens at the cursor start one of Core Data's spellings.
    func atCoreDataQuery() -> Bool {
        guard at(.identifier) else { return false }
        let name = text(current)
        if Self.coreDataConstructors.contains(name), peek().kind == .leftParen || peek().kind == .less { return true }
        // `User.fetchRequest()`.
        return peek().kind == .period && tokenTextEquals(peek(2), "fetchRequest") && peek(3).kind == .leftParen
    }

    /// Whether the `[` at the cursor opens an array of `NSSortDescriptor`s.
    func atSortDescriptorArray() -> Bool {
        at(.leftBracket) && peek().kind == .identifier && tokenTextEquals(peek(), "NSSortDescriptor")
    }

    // MARK: Values

    mutating func parseCoreDataValue() -> CoreDataValue {
        if at(.identifier), Self.coreDataConstructors.contains(text(current)), peek().kind == .leftParen || peek().kind == .less {
            if let call = parseCoreDataCall() { return .call(call) }
            return .expr(errorNode(previous.range).expr)
        }
        if at(.leftBracket), peek().kind == .identifier, Self.coreDataConstructors.contains(text(peek())) || text(peek()) == "Selector" {
            let open = advance()
            var elements: [CoreDataValue] = []
            while !at(.rightBracket), !at(.endOfFile) {
                elements.append(parseCoreDataValue())
                if consume(.comma) == nil { break }
            }
            guard let close = consume(.rightBracket) else {
                error(.expectedClosingDelimiter, "expected ']' to close the array", at: missingTokenRange, notes: [.init("'[' opened here", at: open.range)])
                return .array(elements, SourceRange(start: open.range.start, end: previous.range.end))
            }
            return .array(elements, open.range.union(close.range))
        }
        if at(.pound), peek().kind == .identifier, tokenTextEquals(peek(), "selector") {
            let start = advance()
            advance()
            return parseSelectorBody(start: start)
        }
        if at(.identifier), tokenTextEquals(current, "Selector"), peek().kind == .leftParen, peek(2).kind == .stringLiteral {
            let start = advance()
            advance()
            let literal = advance()
            let value = stringValues[literal.range.start] ?? ""
            let close = consume(.rightParen) ?? literal
            return .selector(value.hasSuffix(":") ? String(value.dropLast()) : value, start.range.union(close.range))
        }
        // `cutoff as NSDate`, `count as CVarArg`: a bridging cast of a format argument changes no value.
        if at(.identifier), peek().kind == .identifier, tokenTextEquals(peek(), "as"), peek(2).kind == .identifier,
            [.comma, .rightParen, .rightBracket].contains(peek(3).kind)
        {
            let token = advance()
            advance()
            advance()
            return .expr(leaf(.identifier(name(of: token)), token.range).expr)
        }
        return .expr(parseExpression().expr)
    }

    /// `(NSString.localizedStandardCompare(_:))` after `#selector`: the method's base name.
    mutating func parseSelectorBody(start: Token) -> CoreDataValue {
        guard consume(.leftParen) != nil else {
            error(.coreDataSpelling, "expected '(' after '#selector'", at: missingTokenRange)
            return .selector("", start.range)
        }
        var name = ""
        var level = 1
        while level > 0, !at(.endOfFile) {
            if at(.leftParen) { level += 1 }
            if at(.rightParen) { level -= 1 }
            if level == 1, at(.identifier) { name = text(current) }
            if level == 0 { break }
            advance()
        }
        let close = consume(.rightParen) ?? previous
        return .selector(name, start.range.union(close.range))
    }

    /// `Name<Generic>(label: value, ...)` at the cursor.
    mutating func parseCoreDataCall() -> CoreDataCall? {
        let nameToken = advance()
        var generic: Identifier?
        if consume(.less) != nil {
            if at(.identifier) { generic = advanceName() }
            guard consume(.greater) != nil else {
                error(.expectedToken, "expected '>' after the generic argument", at: missingTokenRange)
                return nil
            }
        }
        guard let open = consume(.leftParen) else {
            error(.expectedToken, "expected '(' after '\(text(nameToken))'", at: missingTokenRange)
            return nil
        }
        var arguments: [(label: Identifier?, value: CoreDataValue)] = []
        while !at(.rightParen), !at(.endOfFile) {
            var label: Identifier?
            if at(.identifier) || current.kind.canBeArgumentLabel, peek().kind == .colon {
                label = advanceName()
                advance()
            }
            arguments.append((label, parseCoreDataValue()))
            if consume(.comma) == nil { break }
        }
        guard let close = consume(.rightParen) else {
            error(
                .expectedClosingDelimiter, "expected ')' to close the arguments of '\(text(nameToken))'", at: missingTokenRange,
                notes: [.init("'(' opened here", at: open.range)])
            return nil
        }
        return CoreDataCall(name: name(of: nameToken), generic: generic, arguments: arguments, range: nameToken.range.union(close.range))
    }

    // MARK: Predicates

    /// The condition an `NSPredicate` or `NSCompoundPredicate` value stands for.
    mutating func formatCondition(of value: CoreDataValue) -> FormatCondition? {
        switch value {
        case .call(let call) where call.name.name == "NSPredicate":
            if let first = call.arguments.first, first.label?.name == "value" {
                if case .expr(let expr) = first.value, case .booleanLiteral(let flag) = kind(of: expr) { return .constant(flag, call.range) }
                error(.coreDataSpelling, "'NSPredicate(value:)' takes 'true' or 'false'", at: first.value.range)
                return nil
            }
            guard let first = call.arguments.first, first.label?.name == "format" else {
                error(
                    .coreDataSpelling, "expected 'NSPredicate(format: \"...\", arguments...)'", at: call.arguments.first?.value.range ?? call.range)
                return nil
            }
            guard case .expr(let formatExpr) = first.value, case .stringLiteral(let format) = kind(of: formatExpr) else {
                error(
                    .coreDataSpelling,
                    "the format must be a string literal: a format built at run time cannot be checked against the schema",
                    at: first.value.range)
                return nil
            }
            var inputs: [FormatArgumentInput] = []
            var rest = Array(call.arguments.dropFirst())
            // `NSPredicate(format: "...", argumentArray: [a, b])`: the array's elements are the arguments.
            if rest.count == 1, rest[0].label?.name == "argumentArray" {
                guard case .expr(let array) = rest[0].value, case .arrayLiteral(let elements) = kind(of: array) else {
                    error(.formatArgument, "'argumentArray:' must be an array literal of the arguments", at: rest[0].value.range)
                    return nil
                }
                rest = elements.map { (label: nil, value: CoreDataValue.expr($0)) }
            }
            for argument in rest {
                if let label = argument.label {
                    error(.coreDataSpelling, "format arguments have no label; remove '\(label.name):'", at: label.range)
                    return nil
                }
                guard case .expr(let expr) = argument.value else {
                    error(.formatArgument, "a format argument must be a value, such as a string, a number or a captured name", at: argument.value.range)
                    return nil
                }
                var literal: String?
                if case .stringLiteral(let text) = kind(of: expr) { literal = text }
                inputs.append(FormatArgumentInput(value: expr, stringLiteral: literal))
            }
            let map = FormatSourceMap(literalAt: formatExpr.range, value: format, in: source)
            let insertion = call.arguments.last?.value.range.end ?? formatExpr.range.end
            return parseFormat(map: map, arguments: inputs, insertionPoint: insertion)
        case .call(let call) where call.name.name == "NSCompoundPredicate":
            guard let first = call.arguments.first, let label = first.label?.name else {
                error(.coreDataSpelling, "expected 'NSCompoundPredicate(andPredicateWithSubpredicates: [...])'", at: call.range)
                return nil
            }
            switch label {
            case "andPredicateWithSubpredicates", "orPredicateWithSubpredicates":
                guard case .array(let elements, let range) = first.value else {
                    error(.coreDataSpelling, "'\(label):' takes an array literal of predicates", at: first.value.range)
                    return nil
                }
                var operands: [FormatCondition] = []
                for element in elements {
                    guard let condition = formatCondition(of: element) else { return nil }
                    operands.append(condition)
                }
                // Foundation: an empty AND is true, an empty OR false.
                if operands.isEmpty { return .constant(label.hasPrefix("and"), range) }
                if operands.count == 1 { return operands[0] }
                return label.hasPrefix("and") ? .and(operands, call.range) : .or(operands, call.range)
            case "notPredicateWithSubpredicate":
                guard let inner = formatCondition(of: first.value) else { return nil }
                return .not(inner, call.range)
            case "type":
                // `NSCompoundPredicate(type: .and, subpredicates: [...])`.
                guard case .expr(let typeExpr) = first.value, case .implicitMember(let type) = kind(of: typeExpr),
                    ["and", "or", "not"].contains(type.name), call.arguments.count == 2, call.arguments[1].label?.name == "subpredicates",
                    case .array(let elements, let range) = call.arguments[1].value
                else {
                    error(
                        .coreDataSpelling, "expected 'NSCompoundPredicate(type: .and, subpredicates: [...])' (or '.or', '.not')",
                        at: call.range)
                    return nil
                }
                var operands: [FormatCondition] = []
                for element in elements {
                    guard let condition = formatCondition(of: element) else { return nil }
                    operands.append(condition)
                }
                if type.name == "not" {
                    // Foundation negates the AND of the subpredicates.
                    guard !operands.isEmpty else { return .constant(false, range) }
                    return .not(operands.count == 1 ? operands[0] : .and(operands, range), call.range)
                }
                if operands.isEmpty { return .constant(type.name == "and", range) }
                if operands.count == 1 { return operands[0] }
                return type.name == "and" ? .and(operands, call.range) : .or(operands, call.range)
            default:
                error(
                    .coreDataSpelling,
                    "'NSCompoundPredicate' has no argument '\(label):'; use 'andPredicateWithSubpredicates:', 'orPredicateWithSubpredicates:' or 'notPredicateWithSubpredicate:'",
                    at: first.label?.range ?? call.range)
                return nil
            }
        default:
            error(
                .coreDataSpelling,
                "expected an 'NSPredicate(format: ...)' or 'NSCompoundPredicate(...)'; a predicate held in a variable cannot be checked against the schema",
                at: value.range)
            return nil
        }
    }

    /// Parses a format string, its diagnostics added to the parser's; checks that every argument is used.
    mutating func parseFormat(map: FormatSourceMap, arguments: [FormatArgumentInput], insertionPoint: Int) -> FormatCondition? {
        var parser = FormatParser(map: map, arguments: arguments, argumentInsertionPoint: insertionPoint, source: source)
        let condition = parser.parse()
        diagnostics += parser.diagnostics
        formatVariables += parser.variables.filter { !formatVariables.contains($0) }
        guard condition != nil, !parser.diagnostics.hasErrors else { return nil }
        if parser.nextArgument < arguments.count {
            let extra = arguments[parser.nextArgument...]
            let used = parser.nextArgument
            error(
                .formatArgumentCount,
                "\(extra.count) argument\(extra.count == 1 ? " is" : "s are") not used: the format string has \(used) specifier\(used == 1 ? "" : "s") and \(arguments.count) argument\(arguments.count == 1 ? "" : "s") follow it",
                at: extra.first!.value.range.union(extra.last!.value.range),
                fixIts: [.init(replace: SourceRange(start: (parser.nextArgument > 0 ? arguments[parser.nextArgument - 1].value.range.end : extra.first!.value.range.start), end: extra.last!.value.range.end), with: "")])
            return nil
        }
        return condition
    }

    // MARK: Sort descriptors

    /// The sort keys of an `NSSortDescriptor` or an array of them.
    mutating func nsSortKeys(of value: CoreDataValue) -> [SortKey]? {
        switch value {
        case .array(let elements, _):
            var keys: [SortKey] = []
            for element in elements {
                guard let more = nsSortKeys(of: element) else { return nil }
                keys += more
            }
            return keys
        case .call(let call) where call.name.name == "NSSortDescriptor":
            var keyPath: KeyPath?
            var order = SortOrder.forward
            var orderRange: SourceRange?
            var comparator: Identifier?
            for (label, argument) in call.arguments {
                switch label?.name {
                case "key":
                    guard case .expr(let expr) = argument, case .stringLiteral(let text) = kind(of: expr) else {
                        error(.coreDataSpelling, "'key:' must be a string literal naming a key path, such as \"name\"", at: argument.range)
                        return nil
                    }
                    let map = FormatSourceMap(literalAt: expr.range, value: text, in: source)
                    var components: [KeyPathComponent] = []
                    var start = 0
                    for index in 0...map.bytes.count where index == map.bytes.count || map.bytes[index] == UInt8(ascii: ".") {
                        let name = String(decoding: map.bytes[start..<index], as: UTF8.self)
                        if name.isEmpty {
                            error(.coreDataSpelling, "\"\(text)\" is not a key path: write names separated by '.', such as \"company.name\"", at: expr.range)
                            return nil
                        }
                        components.append(KeyPathComponent(name: Identifier(name, at: map.sourceRange(start, index))))
                        start = index + 1
                    }
                    keyPath = KeyPath(root: nil, components: components, range: expr.range)
                case "keyPath":
                    guard case .expr(let expr) = argument, case .keyPath(let path) = kind(of: expr) else {
                        error(.coreDataSpelling, "'keyPath:' must be a key path such as '\\User.name'", at: argument.range)
                        return nil
                    }
                    keyPath = path
                case "ascending":
                    guard case .expr(let expr) = argument, case .booleanLiteral(let ascending) = kind(of: expr) else {
                        error(.coreDataSpelling, "'ascending:' must be 'true' or 'false'", at: argument.range)
                        return nil
                    }
                    order = ascending ? .forward : .reverse
                    orderRange = expr.range
                case "selector":
                    guard case .selector(let name, let range) = argument else {
                        error(.coreDataSpelling, "'selector:' must be '#selector(NSString.localizedStandardCompare(_:))' or a similar selector", at: argument.range)
                        return nil
                    }
                    // Core Data's store sorts by these; `compare:` is the default (bytes).
                    switch name {
                    case "compare": comparator = nil
                    case "localizedStandardCompare": comparator = Identifier("localizedStandard", at: range)
                    case "localizedCompare": comparator = Identifier("localized", at: range)
                    case "caseInsensitiveCompare": comparator = Identifier("caseInsensitive", at: range)
                    default:
                        error(
                            .coreDataSpelling,
                            "Sift does not sort by '\(name):' yet; use 'localizedStandardCompare:', 'localizedCompare:', 'caseInsensitiveCompare:' or 'compare:'",
                            at: range)
                        return nil
                    }
                default:
                    error(
                        .coreDataSpelling, "'NSSortDescriptor' takes 'key:' (or 'keyPath:'), 'ascending:' and 'selector:'",
                        at: label?.range ?? argument.range)
                    return nil
                }
            }
            guard let keyPath else {
                error(.coreDataSpelling, "'NSSortDescriptor' needs 'key:' or 'keyPath:'", at: call.range)
                return nil
            }
            var key = SortKey(keyPath: keyPath, order: order, orderRange: orderRange, comparator: comparator, range: call.range)
            key.isCoreData = true
            return [key]
        default:
            error(.coreDataSpelling, "expected 'NSSortDescriptor(key: \"name\", ascending: true)' or an array of them", at: value.range)
            return nil
        }
    }

    // MARK: Queries

    /// `NSPredicate(...)`, `NSCompoundPredicate(...)`, `NSSortDescriptor(...)`, `NSFetchRequest<User>(...)`
    /// (with the statements after it when declared), `User.fetchRequest()`.
    mutating func parseCoreDataQuery(declared: (name: Identifier, isVariable: Bool)?) -> Query? {
        let start = current.range.start
        if at(.leftBracket) {
            let value = parseCoreDataValue()
            guard let keys = nsSortKeys(of: value) else { return nil }
            return Query(
                form: .nsSortDescriptors, model: keys.lazy.compactMap(\.keyPath.root).first, filter: nil, sort: keys,
                range: SourceRange(start: start, end: previous.range.end))
        }
        var model: TypeSyntax?
        var query: Query
        if peek().kind == .period {
            // `User.fetchRequest()`.
            let modelName = advanceName()
            advance()
            advance()
            advance()
            guard consume(.rightParen) != nil else {
                error(.expectedClosingDelimiter, "expected ')'", at: missingTokenRange)
                return nil
            }
            model = TypeSyntax(named: modelName)
            query = Query(form: .fetchRequest, model: model, filter: nil, range: SourceRange(start: start, end: previous.range.end))
        } else {
            let value = parseCoreDataValue()
            guard case .call(let call) = value else { return nil }
            switch call.name.name {
            case "NSPredicate", "NSCompoundPredicate":
                guard let condition = formatCondition(of: value) else { return nil }
                return Query(
                    form: .nsPredicate, model: nil, filter: .format(FormatFilter(condition: condition, variables: formatVariables, range: call.range)),
                    range: call.range)
            case "NSSortDescriptor":
                guard let keys = nsSortKeys(of: value) else { return nil }
                return Query(form: .nsSortDescriptors, model: keys.lazy.compactMap(\.keyPath.root).first, filter: nil, sort: keys, range: call.range)
            case "NSFetchRequest":
                if let generic = call.generic { model = TypeSyntax(named: generic) }
                if let entity = call.argument("entityName") {
                    if case .expr(let expr) = entity, case .stringLiteral(let name) = kind(of: expr) {
                        if model == nil { model = TypeSyntax(named: Identifier(name, at: expr.range)) }
                    } else {
                        error(.coreDataSpelling, "'entityName:' must be a string literal naming a model", at: entity.range)
                    }
                }
                query = Query(form: .fetchRequest, model: model, filter: nil, range: call.range)
            default:
                error(.coreDataSpelling, "'\(call.name.name)' starts no query; write 'NSFetchRequest<User>(entityName: \"User\")'", at: call.name.range)
                return nil
            }
        }
        if let declared { parseFetchRequestStatements(declared.name.name, into: &query) }
        return query
    }

    /// `request.predicate = ...`, `request.sortDescriptors = [...]`, `request.fetchLimit = 10`,
    /// `request.fetchOffset = 20`, `request.fetchBatchSize = 50` (a hint: read, ignored).
    mutating func parseFetchRequestStatements(_ name: String, into query: inout Query) {
        while true {
            while consume(.semicolon) != nil {}
            guard at(.identifier), text(current) == name, peek().kind == .period, peek(2).kind == .identifier, peek(3).kind == .equal else {
                // `try context.fetch(request)` ends the script.
                if at(.identifier), tokenTextEquals(current, "try"), isFetchCall(of: name) {
                    while !at(.rightParen), !at(.endOfFile) { advance() }
                    advance()
                    query.range = SourceRange(start: query.range.start, end: previous.range.end)
                } else if at(.kwLet) || at(.kwVar), peek().kind == .identifier, peek(2).kind == .equal, tokenTextEquals(peek(3), "try") {
                    let save = position
                    position += 3
                    if isFetchCall(of: name) {
                        while !at(.rightParen), !at(.endOfFile) { advance() }
                        advance()
                        query.range = SourceRange(start: query.range.start, end: previous.range.end)
                    } else {
                        position = save
                    }
                }
                return
            }
            advance()
            advance()
            let property = advanceName()
            advance()  // =
            switch property.name {
            case "predicate":
                let value = parseCoreDataValue()
                if let condition = formatCondition(of: value) {
                    query.filter = .format(FormatFilter(condition: condition, variables: formatVariables, range: value.range))
                }
            case "sortDescriptors":
                let value = parseCoreDataValue()
                if let keys = nsSortKeys(of: value) { query.sort = keys }
            case "fetchLimit": query.limit = parseExpression().expr
            case "fetchOffset": query.offset = parseExpression().expr
            case "fetchBatchSize", "returnsObjectsAsFaults", "includesPendingChanges", "relationshipKeyPathsForPrefetching", "includesSubentities",
                "shouldRefreshRefetchedObjects":
                let value = parseExpression()
                note(.ignoredArgument, "'\(property.name)' does not change which rows a fetch returns; it is read and ignored", at: property.range.union(value.range))
            default:
                let value = parseExpression()
                error(
                    .coreDataSpelling,
                    "'\(property.name)' is not a property Sift reads; set 'predicate', 'sortDescriptors', 'fetchLimit', 'fetchOffset' or 'fetchBatchSize'",
                    at: property.range.union(value.range))
            }
            query.range = SourceRange(start: query.range.start, end: previous.range.end)
        }
    }

    /// `@FetchRequest(sortDescriptors: [...], predicate: ..., animation: ...) var users: FetchedResults<User>`;
    /// the cursor is at `@`.
    mutating func parseFetchRequestWrapper() -> Query? {
        let start = advance().range.start
        let value = parseCoreDataValue()
        guard case .call(let call) = value else { return nil }
        var model: TypeSyntax? = call.generic.map { TypeSyntax(named: $0) }
        var filter: Query.Filter?
        var sort: [SortKey] = []
        for (label, argument) in call.arguments {
            switch label?.name {
            case "sortDescriptors":
                guard let keys = nsSortKeys(of: argument) else { return nil }
                sort = keys
            case "predicate":
                guard let condition = formatCondition(of: argument) else { return nil }
                filter = .format(FormatFilter(condition: condition, variables: formatVariables, range: argument.range))
            case "entity":
                // `User.entity()`.
                if case .expr(let expr) = argument, case .call(let entityCall) = kind(of: expr), case .member(let base, _) = kind(of: entityCall.callee),
                    case .identifier(let name) = kind(of: base)
                {
                    model = TypeSyntax(named: name)
                }
            case "fetchRequest":
                error(.coreDataSpelling, "'fetchRequest:' holds a request made elsewhere; write its 'sortDescriptors:' and 'predicate:' here instead", at: argument.range)
                return nil
            case "animation", "transaction":
                note(.ignoredArgument, "'\(label!.name)' does not change the result of a query; it is ignored", at: argument.range)
            default:
                error(
                    .coreDataSpelling, "'@FetchRequest' takes 'sortDescriptors:', 'predicate:', 'entity:' and 'animation:'",
                    at: label?.range ?? argument.range)
                return nil
            }
        }
        if model == nil, let root = sort.lazy.compactMap(\.keyPath.root).first { model = root }
        if let declared = parseQueryPropertyWrapperTarget(), model == nil {
            // `FetchedResults<User>`.
            if case .named(_, let arguments) = declared.kind, let element = arguments.first { model = element } else { model = declared }
        }
        return Query(
            form: .swiftUIFetchRequest, model: model, filter: filter, sort: sort, range: SourceRange(start: start, end: previous.range.end))
    }

    /// `User "age > %d AND name BEGINSWITH[c] 'a'", 20 sort by name limit 10`: the model, a format
    /// string with its arguments, then the concise form's clauses.
    mutating func parseConciseFormatQuery() -> Query? {
        let start = current.range.start
        let model = advanceName()
        let literal = advance()
        let value = stringValues[literal.range.start] ?? Lexer.decodeStringLiteral(literal, in: source)
        var inputs: [FormatArgumentInput] = []
        while at(.comma) {
            advance()
            let argument = parseExpression().expr
            var text: String?
            if case .stringLiteral(let string) = kind(of: argument) { text = string }
            inputs.append(FormatArgumentInput(value: argument, stringLiteral: text))
        }
        let map = FormatSourceMap(literalAt: literal.range, value: value, in: source)
        let condition = parseFormat(map: map, arguments: inputs, insertionPoint: previous.range.end)
        var query = parseConciseClauses(model: model, start: start)
        query.form = .conciseFormat
        if case .implicit(let expr)? = query.filter {
            error(.invalidClause, "the format string is the query's filter; join this condition to it with AND", at: expr.range)
        }
        if let condition {
            query.filter = .format(FormatFilter(condition: condition, variables: formatVariables, range: literal.range))
        }
        return query
    }
}

extension TokenKind {
    /// Whether the token is a keyword (a label may be spelled as one: `for:`, `in:`).
    var canBeArgumentLabel: Bool {
        switch self {
        case .kwTrue, .kwFalse, .kwNil, .kwIn, .kwReturn, .kwIf, .kwLet, .kwVar, .kwElse: true
        default: false
        }
    }
}
