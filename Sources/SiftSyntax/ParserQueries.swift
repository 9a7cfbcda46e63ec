/// The query forms: `#Predicate`, `SortDescriptor`, `FetchDescriptor`, SwiftUI `@Query`, and the
/// concise form (see `ParserConcise.swift`). Their argument values go through the expression
/// grammar; the constructors themselves are recognised here so that each label gets a precise
/// diagnostic.
extension Parser {
    static let querySuggestion = "such as '#Predicate<User> { $0.age > 20 }' or 'User where age > 20'"

    /// One query and nothing after it (a final `;` is allowed).
    mutating func parseSingleQuery() -> Query? {
        if at(.endOfFile) {
            error(
                .expectedQuery, "expected a query, \(Self.querySuggestion)",
                at: .point(source.bytes.count))
            return nil
        }
        let query = parseQueryForm()
        _ = consume(.semicolon)
        if !at(.endOfFile) { reportExtraneous(skipTo: nil) }
        return query
    }

    /// Queries separated by `;` or line breaks.
    mutating func parseQueries() -> [Query] {
        var queries: [Query] = []
        while true {
            while consume(.semicolon) != nil {}
            if at(.endOfFile) { break }
            let start = position
            if let query = parseQueryForm() { queries.append(query) }
            if at(.semicolon) || at(.endOfFile) || current.atStartOfLine {
                if position == start { advance() }
                continue
            }
            // More on the same line: report once, skip to the next line or `;`.
            var boundary = position
            while boundary < tokens.count - 1, tokens[boundary].kind != .semicolon,
                boundary == position || !tokens[boundary].atStartOfLine
            {
                boundary += 1
            }
            reportExtraneous(skipTo: boundary)
            if position == start { advance() }
        }
        return queries
    }

    /// Dispatches on how the query starts.
    mutating func parseQueryForm() -> Query? {
        let declared = skipDeclarationWrapper()
        // `try Reminder.where { ... }.fetchAll(db)`: the `try` of the host's call.
        if at(.identifier), tokenTextEquals(current, "try") {
            var next = position + 1
            if tokens[next].kind == .postfixQuestion || tokens[next].kind == .postfixBang { next += 1 }
            let saved = position
            position = next
            if atBuilderQuery() { return parseAnyBuilderQuery() }
            position = saved
        }
        let token = current
        if atCoreDataQuery() || atSortDescriptorArray() { return parseCoreDataQuery(declared: declared) }
        switch token.kind {
        case .pound:
            return parsePredicateQuery()
        case .atSign:
            if peek().kind == .identifier, tokenTextEquals(peek(), "FetchRequest") { return parseFetchRequestWrapper() }
            if peek().kind == .identifier, tokenTextEquals(peek(), "FetchAll") || tokenTextEquals(peek(), "FetchOne") {
                return parseFetchWrapper()
            }
            return parseSwiftUIQuery()
        case .leftBracket:
            return parseSortDescriptorArrayQuery()
        case .identifier:
            let next = peek().kind
            if next == .stringLiteral || next == .multilineStringLiteral, !peek().atStartOfLine { return parseConciseFormatQuery() }
            let isConstructor = (next == .leftParen || next == .less) && !peek().leadingTrivia
            if isConstructor, tokenTextEquals(token, "SortDescriptor") {
                let start = token.range.start
                guard let parsed = parseSortDescriptor() else { return nil }
                return Query(
                    form: .sortDescriptors, model: parsed.model ?? parsed.key.keyPath.root, filter: nil,
                    sort: [parsed.key], range: SourceRange(start: start, end: previous.range.end))
            }
            if isConstructor, tokenTextEquals(token, "FetchDescriptor") {
                guard var query = parseFetchDescriptor()?.query else { return nil }
                if let declared { parseDescriptorStatements(declared, into: &query) }
                return query
            }
            if next == .leftParen, !peek().leadingTrivia, tokenTextEquals(token, "Query") {
                return parseSwiftUIQuery()
            }
            if atBuilderQuery() { return parseAnyBuilderQuery() }
            if atQueryMeasure() { return parseMeasuredQuery() }
            if atCommonTables() { return parseQueryWithCommonTables() }
            return parseConciseQuery()
        default:
            let found = at(.endOfFile) ? "" : ", found \(currentDescription)"
            error(.expectedQuery, "expected a query, \(Self.querySuggestion)\(found)", at: current.range)
            // Skip the rest of this line so a script goes on with the next query.
            advance()
            while !at(.endOfFile), !current.atStartOfLine, !at(.semicolon) { advance() }
            return nil
        }
    }

    /// `let name =`, `var name: T =` before a query: read, and the name returned (statements that
    /// follow may set the properties of a `FetchDescriptor` so named).
    mutating func skipDeclarationWrapper() -> (name: Identifier, isVariable: Bool)? {
        guard at(.kwLet) || at(.kwVar), peek().kind == .identifier else { return nil }
        var index = position + 2
        if tokens[index].kind == .colon {
            // Skip a simple type annotation up to `=`.
            while index < tokens.count - 1, tokens[index].kind != .equal, !tokens[index].atStartOfLine || index == position + 2 {
                index += 1
            }
        }
        guard tokens[index].kind == .equal else { return nil }
        let declared = (name(of: tokens[position + 1]), tokens[position].kind == .kwVar)
        position = index + 1
        return declared
    }

    /// SwiftData's idiom after `var descriptor = FetchDescriptor<User>(...)`: statements that set
    /// its properties (`descriptor.fetchLimit = 10`, `descriptor.sortBy = [...]`,
    /// `descriptor.predicate = #Predicate { ... }`, `descriptor.fetchOffset = page * pageSize`),
    /// each on its own line or after `;`, read into the query; then optionally `descriptor` or
    /// `try context.fetch(descriptor)`.
    mutating func parseDescriptorStatements(_ declared: (name: Identifier, isVariable: Bool), into query: inout Query) {
        let name = declared.name.name
        while true {
            let save = position
            while consume(.semicolon) != nil {}
            guard current.atStartOfLine || previous.kind == .semicolon else {
                position = save
                return
            }
            // `let users = try context.fetch(descriptor)`.
            if at(.kwLet) || at(.kwVar), peek().kind == .identifier, peek(2).kind == .equal, tokenTextEquals(peek(3), "try") {
                let statement = position
                position += 3
                if isFetchCall(of: name) {
                    while !at(.rightParen) { advance() }
                    advance()
                    query.range = SourceRange(start: query.range.start, end: previous.range.end)
                    return
                }
                position = statement
            }
            guard at(.identifier) else {
                position = save
                return
            }
            if text(current) == name {
                guard peek().kind == .period, peek(2).kind == .identifier else {
                    // `descriptor` alone: the value of the script.
                    advance()
                    query.range = SourceRange(start: query.range.start, end: previous.range.end)
                    return
                }
                parseDescriptorAssignment(declared, into: &query)
                query.range = SourceRange(start: query.range.start, end: previous.range.end)
                continue
            }
            if tokenTextEquals(current, "try"), isFetchCall(of: name) {
                while !at(.rightParen) { advance() }
                advance()
                query.range = SourceRange(start: query.range.start, end: previous.range.end)
                return
            }
            position = save
            return
        }
    }

    /// Whether the tokens from here read `try[?!] context.fetch(name)` (any context's name).
    func isFetchCall(of name: String) -> Bool {
        var index = position + 1
        if tokens[index].kind == .postfixQuestion || tokens[index].kind == .postfixBang || tokens[index].kind == .question {
            index += 1
        }
        let expected: [TokenKind] = [.identifier, .period, .identifier, .leftParen, .identifier, .rightParen]
        guard index + expected.count < tokens.count else { return false }
        for (offset, kind) in expected.enumerated() where tokens[index + offset].kind != kind { return false }
        return text(tokens[index + 2]) == "fetch" && text(tokens[index + 4]) == name
    }

    /// `descriptor.property = value`.
    mutating func parseDescriptorAssignment(_ declared: (name: Identifier, isVariable: Bool), into query: inout Query) {
        let base = advance()
        advance()  // `.`
        let property = advanceName()
        guard let equal = consume(.equal) else {
            error(
                .expectedToken, "expected '=' after '\(source.text(in: SourceRange(start: base.range.start, end: property.range.end)))': set a property of the descriptor, as in '\(declared.name.name).fetchLimit = 10'",
                at: missingTokenRange)
            while !at(.endOfFile), !at(.semicolon), !current.atStartOfLine { advance() }
            return
        }
        if !declared.isVariable {
            error(
                .invalidArgument, "cannot assign to property: '\(declared.name.name)' is a 'let' constant", at: property.range,
                notes: [Diagnostic.Note("change 'let' to 'var' to make it mutable", at: declared.name.range)])
        }
        _ = equal  // the statement is `base.property = value`
        switch property.name {
        case "predicate":
            if let predicate = parsePredicateArgument() {
                query.filter = .closure(predicate.closure)
                if query.model == nil, let model = predicate.model { query.model = model }
            }
        case "sortBy":
            if let (keys, _) = parseSortDescriptorArray() { query.sort = keys }
        case "fetchLimit": query.limit = parseExpression().expr
        case "fetchOffset": query.offset = parseExpression().expr
        case "includePendingChanges", "propertiesToFetch", "relationshipKeyPathsForPrefetching":
            let value = parseExpression()
            note(.ignoredArgument, "'\(property.name)' does not change the result of a query; it is ignored", at: property.range.union(value.range))
        default:
            let value = parseExpression()
            _ = value
            let properties = ["predicate", "sortBy", "fetchLimit", "fetchOffset"]
            if let suggestion = Suggestions.closest(to: property.name, among: properties).first {
                error(
                    .unknownArgumentLabel, "'FetchDescriptor' has no property '\(property.name)'; did you mean '\(suggestion)'?",
                    at: property.range, fixIts: [.init(replace: property.range, with: suggestion)])
            } else {
                error(
                    .unknownArgumentLabel,
                    "'FetchDescriptor' has no property '\(property.name)'; the properties that change the result are 'predicate', 'sortBy', 'fetchLimit' and 'fetchOffset'",
                    at: property.range)
            }
        }
    }

    // MARK: #Predicate

    /// The closure and model of a `#Predicate` expansion.
    struct ParsedPredicate {
        var closure: Closure
        /// The model as written in `#Predicate<Model>`, unless it is a plain name (``modelName``).
        var modelType: TypeSyntax?
        var modelName: Identifier?
        var range: SourceRange

        init(closure: Closure, model: TypeSyntax?, range: SourceRange) {
            self.closure = closure
            self.modelType = model
            self.range = range
        }

        /// A plain name is kept as a name: a `TypeSyntax` is a box of its own.
        init(closure: Closure, modelName: Identifier, range: SourceRange) {
            self.closure = closure
            self.modelName = modelName
            self.range = range
        }

        /// The model, if written.
        var model: TypeSyntax? { modelType ?? modelName.map(TypeSyntax.init(named:)) }
    }

    mutating func parsePredicateQuery() -> Query? {
        let start = current.range.start
        guard let predicate = parsePredicate() else { return nil }
        // Consumed: its closure and model move into the query instead of being copied.
        let parsed = consume predicate
        let range = SourceRange(start: start, end: previous.range.end)
        if let name = parsed.modelName { return Query(form: .predicate, modelName: name, filter: .closure(parsed.closure), range: range) }
        return Query(form: .predicate, model: parsed.modelType, filter: .closure(parsed.closure), range: range)
    }

    /// `#Predicate<User> { ... }` (also `#Predicate<User>({ ... })`).
    mutating func parsePredicate() -> ParsedPredicate? {
        if readsPlainPredicates, let plain = parsePlainPredicate() { return plain }
        guard var macro = parseMacroExpansion() else { return nil }
        guard macro.expansion.name.name == "Predicate" else {
            error(
                .expectedQuery,
                "'#\(macro.expansion.name.name)' is not a query; use '#Predicate', as in '#Predicate<User> { $0.age > 20 }'",
                at: macro.range)
            return nil
        }
        if macro.expansion.genericArguments.count > 1 {
            error(
                .unsupportedSyntax, "a query predicate takes one model; write '#Predicate<User> { ... }'",
                at: macro.expansion.genericArguments[1].range)
        }
        let closure: Closure
        // Moved out of the expansion, not copied (a copy of an optional closure goes through the
        // runtime's generic value witnesses).
        if let trailing = macro.expansion.trailingClosure.take() {
            closure = trailing
        } else if macro.expansion.arguments.count == 1, case .closure(let argument) = kind(of: macro.expansion.arguments[0].value) {
            closure = argument
        } else {
            let model = macro.expansion.genericArguments.first.map { source.text(in: $0.range) } ?? "User"
            error(
                .predicateWithoutClosure,
                "'#Predicate' needs a closure, as in '#Predicate<\(model)> { $0.age > 20 }'", at: macro.range,
                fixIts: [.insert(" { <#condition#> }", at: macro.range.end)])
            return nil
        }
        return ParsedPredicate(closure: closure, model: macro.expansion.genericArguments.first, range: macro.range)
    }

    /// The shape nearly every predicate has, `#Predicate<Model> { ... }`, read as the general
    /// macro expansion would read it but without building the expansion (its list of generic
    /// arguments would be an array made and freed per query); nil, having read nothing, for any other
    /// shape, which the general path reads (and diagnoses).
    mutating func parsePlainPredicate() -> ParsedPredicate? {
        guard position + 5 < tokens.count else { return nil }
        let pound = tokens[position]
        let name = tokens[position + 1]
        let less = tokens[position + 2]
        let model = tokens[position + 3]
        let greater = tokens[position + 4]
        guard pound.kind == .pound, name.kind == .identifier, !name.leadingTrivia, less.kind == .less, !less.leadingTrivia,
            model.kind == .identifier, greater.kind == .greater, tokens[position + 5].kind == .leftBrace,
            tokenTextEquals(name, "Predicate")
        else { return nil }
        position += 5
        let modelName = self.name(of: model)
        let closure = parseClosure().closure
        return ParsedPredicate(closure: closure, modelName: modelName, range: SourceRange(start: pound.range.start, end: previous.range.end))
    }

    // MARK: SortDescriptor

    /// One sort key, and the model a `SortDescriptor<User>` names.
    struct ParsedSortDescriptor {
        var key: SortKey
        var model: TypeSyntax?
    }

    /// `SortDescriptor(\User.name, order: .reverse, comparator: .localizedStandard)`.
    mutating func parseSortDescriptor() -> ParsedSortDescriptor? {
        let nameToken = advance()
        var model: TypeSyntax?
        if at(.less), !current.leadingTrivia {
            model = parseGenericArgumentList().first
        }
        guard let open = consume(.leftParen) else {
            error(
                .expectedToken, "expected '(' after 'SortDescriptor', as in 'SortDescriptor(\\User.name)'",
                at: missingTokenRange)
            return nil
        }
        var keyPath: KeyPath?
        var order = SortOrder.forward
        var orderRange: SourceRange?
        var comparator: Identifier?
        var seen = SeenLabels()  // a few labels: compared by their bytes, not hashed
        var failed = false
        parseDelimitedList(closing: .rightParen, opener: open, what: "argument") { parser in
            let label = parser.parseArgumentLabel(SortDescriptorLabel.self)
            if let token = label.token, parser.isRepeated(label, among: &seen) {
                parser.error(.invalidArgument, "argument '\(parser.name(of: token).name):' is given twice", at: token.range)
            }
            switch label.known {
            case nil where label.token == nil && keyPath == nil && !failed:
                if parser.at(.backslash) {
                    keyPath = parser.parseKeyPath()
                    if keyPath == nil { failed = true }
                } else {
                    let value = parser.parseExpression()
                    failed = true
                    if case .error = parser.kind(of: value.expr) { return }
                    parser.error(
                        .sortDescriptorNeedsKeyPath,
                        "'SortDescriptor' sorts by a key path, such as '\\User.name'; '\(parser.source.text(in: value.range))' is not a key path",
                        at: value.range)
                }
            case .order?:
                let value = parser.parseExpression()
                if let parsed = parser.sortOrder(of: value.expr) {
                    order = parsed
                    orderRange = value.range
                }
            case .comparator?:
                let value = parser.parseExpression()
                if case .implicitMember(let name) = parser.kind(of: value.expr) {
                    comparator = name
                } else if case .member(_, let name) = parser.kind(of: value.expr) {
                    comparator = name
                } else if !parser.isError(value.expr) {
                    parser.error(
                        .invalidArgument,
                        "expected a string comparator such as '.localizedStandard', '.localized' or '.lexical'",
                        at: value.range)
                }
            case nil:
                let value = parser.parseExpression()
                failed = true
                parser.error(
                    .unknownArgumentLabel,
                    label.token.map { "'SortDescriptor' has no argument '\(parser.name(of: $0).name):'; its arguments are a key path, 'order:' and 'comparator:'" }
                        ?? "'SortDescriptor' takes one key path; the other arguments are 'order:' and 'comparator:'",
                    at: label.token?.range ?? value.range)
            }
        }
        let range = SourceRange(start: nameToken.range.start, end: previous.range.end)
        guard let keyPath else {
            if !failed {
                error(
                    .sortDescriptorNeedsKeyPath,
                    "'SortDescriptor' needs a key path to sort by, as in 'SortDescriptor(\\User.name)'", at: range)
            }
            return nil
        }
        return ParsedSortDescriptor(
            key: SortKey(keyPath: keyPath, order: order, orderRange: orderRange, comparator: comparator, range: range),
            model: model)
    }

    /// `.forward`/`.reverse` (or `SortOrder.forward`), reporting anything else.
    mutating func sortOrder(of expr: Expr) -> SortOrder? {
        var name: Identifier?
        if case .implicitMember(let member) = kind(of: expr) { name = member }
        if case .member(let base, let member) = kind(of: expr), case .identifier(let type) = kind(of: base),
            type.name == "SortOrder"
        {
            name = member
        }
        // Compared with the two spellings (`SortOrder(rawValue:)` searched a table of cases).
        if let name, name.name == "forward" || name.name == "reverse" { return name.name == "forward" ? .forward : .reverse }
        if !isError(expr) {
            error(.invalidSortOrder, "expected a sort order, '.forward' or '.reverse'", at: expr.range)
        }
        return nil
    }

    /// `[SortDescriptor(...), ...]` as a whole query.
    mutating func parseSortDescriptorArrayQuery() -> Query? {
        let start = current.range.start
        guard let (keys, model) = parseSortDescriptorArray() else { return nil }
        return Query(
            form: .sortDescriptors, model: model, filter: nil, sort: keys,
            range: SourceRange(start: start, end: previous.range.end))
    }

    /// `[SortDescriptor(...), ...]`, with the first model named by a generic argument or a root.
    mutating func parseSortDescriptorArray() -> ([SortKey], TypeSyntax?)? {
        guard let open = consume(.leftBracket) else {
            error(
                .expectedToken, "expected an array of sort descriptors, such as '[SortDescriptor(\\User.name)]'",
                at: missingTokenRange)
            return nil
        }
        var keys: [SortKey] = []
        var model: TypeSyntax?
        parseDelimitedList(closing: .rightBracket, opener: open, what: "sort descriptor") { parser in
            if parser.at(.identifier), parser.tokenTextEquals(parser.current, "SortDescriptor") {
                if let parsed = parser.parseSortDescriptor() {
                    keys.append(parsed.key)
                    if model == nil { model = parsed.model ?? parsed.key.keyPath.root }
                }
            } else {
                let value = parser.parseExpression()
                if !parser.isError(value.expr) {
                    parser.error(
                        .sortDescriptorNeedsKeyPath,
                        "expected 'SortDescriptor(...)', such as 'SortDescriptor(\\User.name, order: .reverse)'",
                        at: value.range)
                }
            }
        }
        return (keys, model)
    }

    // MARK: FetchDescriptor

    /// The query a `FetchDescriptor` describes.
    struct ParsedFetchDescriptor {
        var query: Query
    }

    /// `FetchDescriptor<User>(predicate: ..., sortBy: [...], fetchLimit: 10, fetchOffset: 20)`.
    mutating func parseFetchDescriptor() -> ParsedFetchDescriptor? {
        let nameToken = advance()
        var model: TypeSyntax?
        // `FetchDescriptor<User>`'s model kept as a name until another names one too.
        var modelName: Identifier?
        if at(.less), !current.leadingTrivia {
            if let name = parsePlainGenericName() { modelName = name } else { model = parseGenericArgumentList().first }
        }
        guard let open = consume(.leftParen) else {
            error(.expectedToken, "expected '(' after 'FetchDescriptor'", at: missingTokenRange)
            return nil
        }
        var filter: Query.Filter?
        var sort: [SortKey] = []
        var limit: Expr?
        var offset: Expr?
        var seen = SeenLabels()  // a few labels: compared by their bytes, not hashed
        let valid =
            "'predicate:', 'sortBy:', 'fetchLimit:', 'fetchOffset:', 'includePendingChanges:', 'propertiesToFetch:' and 'relationshipKeyPathsForPrefetching:'"
        parseDelimitedList(closing: .rightParen, opener: open, what: "argument") { parser in
            let label = parser.parseArgumentLabel(FetchDescriptorLabel.self)
            if let token = label.token, parser.isRepeated(label, among: &seen) {
                parser.error(.invalidArgument, "argument '\(parser.name(of: token).name):' is given twice", at: token.range)
            }
            switch label.known {
            case .predicate?:
                if let predicate = parser.parsePredicateArgument() {
                    filter = .closure(predicate.closure)
                    if let named = predicate.model {
                        if let name = modelName.take() { model = TypeSyntax(named: name) }
                        parser.merge(model: named, into: &model)
                    }
                }
            case .sortBy?:
                if let (keys, _) = parser.parseSortDescriptorArray() { sort = keys }
            case .fetchLimit?: limit = parser.parseExpression().expr
            case .fetchOffset?: offset = parser.parseExpression().expr
            case .includePendingChanges?, .propertiesToFetch?, .relationshipKeyPathsForPrefetching?:
                let value = parser.parseExpression()
                parser.noteIgnoredArgument(label.token, value: value.range)
            case nil:
                let value = parser.parseExpression()
                parser.error(
                    .unknownArgumentLabel,
                    label.token.map { "'FetchDescriptor' has no argument '\(parser.name(of: $0).name):'; its arguments are \(valid)" }
                        ?? "'FetchDescriptor' arguments need labels; they are \(valid)",
                    at: label.token?.range ?? value.range)
            }
        }
        let range = SourceRange(start: nameToken.range.start, end: previous.range.end)
        if let modelName {
            return ParsedFetchDescriptor(
                query: Query(
                    form: .fetchDescriptor, modelName: modelName, filter: filter, sort: sort, limit: limit, offset: offset, range: range))
        }
        if model == nil, let root = sort.lazy.compactMap(\.keyPath.root).first { model = root }
        let query = Query(form: .fetchDescriptor, model: model, filter: filter, sort: sort, limit: limit, offset: offset, range: range)
        return ParsedFetchDescriptor(query: query)
    }

    /// The value of `predicate:`/`filter:`: a `#Predicate` expansion.
    mutating func parsePredicateArgument() -> ParsedPredicate? {
        if at(.pound) { return parsePredicate() }
        let value = parseExpression()
        if !isError(value.expr) {
            error(
                .expectedQuery, "expected '#Predicate { ... }', such as '#Predicate<User> { $0.age > 20 }'",
                at: value.range)
        }
        return nil
    }

    /// Records a model named in the query, reporting a second, different one.
    mutating func merge(model new: TypeSyntax?, into model: inout TypeSyntax?) {
        guard let new else { return }
        guard let existing = model else {
            model = new
            return
        }
        let existingText = TreePrinter.print(existing)
        let newText = TreePrinter.print(new)
        if existingText != newText {
            error(
                .conflictingModels,
                "this query names two models, '\(existingText)' and '\(newText)'; use one",
                at: new.range, notes: [Diagnostic.Note("'\(existingText)' is named here", at: existing.range)])
        }
    }

    // MARK: SwiftUI @Query

    /// `@Query(filter: ..., sort: ..., order: ...)`, `Query(...)`, `@Query(FetchDescriptor<...>(...))`,
    /// optionally followed by `private var users: [User]`.
    mutating func parseSwiftUIQuery() -> Query? {
        let start = current.range.start
        if let at = consume(.atSign) {
            guard self.at(.identifier), tokenTextEquals(current, "Query"), !current.leadingTrivia else {
                error(
                    .expectedQuery, "expected '@Query', as in '@Query(sort: \\User.name)'",
                    at: SourceRange(start: at.range.start, end: max(at.range.end, current.range.end)))
                advance()
                while !self.at(.endOfFile), !self.at(.semicolon), !current.atStartOfLine { advance() }
                return nil
            }
        }
        advance()  // `Query`
        var model: TypeSyntax?
        var filter: Query.Filter?
        var sort: [SortKey] = []
        var limit: Expr?
        var offset: Expr?
        var keyPathSort: (keyPath: KeyPath, range: SourceRange)?
        var order: (SortOrder, SourceRange)?
        var orderLabel: SourceRange?
        if let open = consume(.leftParen) {
            var seen = SeenLabels()  // a few labels: compared by their bytes, not hashed
            let valid = "a 'FetchDescriptor', 'filter:', 'sort:', 'order:', 'animation:' and 'transaction:'"
            parseDelimitedList(closing: .rightParen, opener: open, what: "argument") { parser in
                let label = parser.parseArgumentLabel(QueryMacroLabel.self)
                if let token = label.token, parser.isRepeated(label, among: &seen) {
                    parser.error(.invalidArgument, "argument '\(parser.name(of: token).name):' is given twice", at: token.range)
                }
                switch label.known {
                case nil where label.token == nil && parser.at(.identifier) && parser.tokenTextEquals(parser.current, "FetchDescriptor"):
                    if let descriptor = parser.parseFetchDescriptor()?.query {
                        parser.merge(model: descriptor.model, into: &model)
                        filter = descriptor.filter
                        sort = descriptor.sort
                        limit = descriptor.limit
                        offset = descriptor.offset
                    }
                case .filter?:
                    if let predicate = parser.parsePredicateArgument() {
                        filter = .closure(predicate.closure)
                        parser.merge(model: predicate.model, into: &model)
                    }
                case .sort?:
                    if parser.at(.backslash) {
                        let sortStart = parser.current.range.start
                        if let keyPath = parser.parseKeyPath() {
                            keyPathSort = (keyPath, SourceRange(start: sortStart, end: parser.previous.range.end))
                        }
                    } else if parser.at(.leftBracket) {
                        if let (keys, _) = parser.parseSortDescriptorArray() { sort = keys }
                    } else if parser.at(.identifier), parser.tokenTextEquals(parser.current, "SortDescriptor") {
                        if let parsed = parser.parseSortDescriptor() { sort = [parsed.key] }
                    } else {
                        let value = parser.parseExpression()
                        if !parser.isError(value.expr) {
                            parser.error(
                                .sortDescriptorNeedsKeyPath,
                                "expected a key path such as '\\User.name' or an array of 'SortDescriptor's for 'sort:'",
                                at: value.range)
                        }
                    }
                case .order?:
                    let value = parser.parseExpression()
                    orderLabel = label.token?.range
                    if let parsed = parser.sortOrder(of: value.expr) { order = (parsed, value.range) }
                case .animation?, .transaction?:
                    let value = parser.parseExpression()
                    parser.noteIgnoredArgument(label.token, value: value.range)
                case nil:
                    let value = parser.parseExpression()
                    parser.error(
                        .unknownArgumentLabel,
                        label.token.map { "'@Query' has no argument '\(parser.name(of: $0).name):'; its arguments are \(valid)" }
                            ?? "'@Query' takes \(valid)",
                        at: label.token?.range ?? value.range)
                }
            }
        }
        if let keyPathSort {
            let key = SortKey(
                keyPath: keyPathSort.keyPath, order: order?.0 ?? .forward, orderRange: order?.1,
                range: keyPathSort.range.union(order?.1 ?? keyPathSort.range))
            // Alone, as it most often is, in a list of its own (inserting into the empty list takes
            // the general replacement path).
            if sort.isEmpty { sort = [key] } else { sort.insert(key, at: 0) }
        } else if let orderLabel {
            error(
                .invalidArgument, "'order:' applies to a key-path 'sort:', such as 'sort: \\User.name, order: .reverse'",
                at: orderLabel)
        }
        if model == nil, let root = sort.lazy.compactMap(\.keyPath.root).first { model = root }
        // `@Query(...) private var users: [User]`: the element type names the model.
        if let declared = parseQueryPropertyWrapperTarget(), model == nil {
            if case .array(let element) = declared.kind { model = element } else { model = declared }
        }
        return Query(
            form: .swiftUIQuery, model: model, filter: filter, sort: sort, limit: limit, offset: offset,
            range: SourceRange(start: start, end: previous.range.end))
    }

    /// `private var users: [User]` after `@Query(...)`: returns the declared type.
    mutating func parseQueryPropertyWrapperTarget() -> TypeSyntax? {
        var index = position
        while tokens[index].kind == .identifier, Self.modifierNames.contains(text(tokens[index])) { index += 1 }
        guard tokens[index].kind == .kwVar || tokens[index].kind == .kwLet, tokens[index + 1].kind == .identifier,
            tokens[index + 2].kind == .colon
        else { return nil }
        position = index + 3
        return parseType()
    }
}

extension Parser {
    /// Whether `expr` is an ``ExprKind/error`` node (already reported).
    mutating func isError(_ expr: Expr) -> Bool {
        if case .error = kind(of: expr) { return true }
        return false
    }
}
