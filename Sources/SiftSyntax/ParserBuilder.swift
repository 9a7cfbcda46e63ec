/// StructuredQueries' query builder, as SQLiteData apps write it: `Reminder.where { $0.isCompleted }
/// .order(by: \.title).limit(10)`, `Reminder.find(id)`, `Reminder.all`, and the property wrappers
/// `@FetchAll(...)` / `@FetchOne(...)` around such a chain. The chain is read as one postfix
/// expression (its closures may hold tuples, for `.order { ($0.a, $0.b.desc()) }`), then taken
/// apart into ``BuilderClauses``.
extension Parser {
    /// The methods of the chain that are read, for messages.
    static var builderMethods: String { BuilderMethod.list }

    /// Whether the tokens from here start a builder chain: a type name, then `.`.
    mutating func atBuilderChain() -> Bool {
        guard current.kind == .identifier, peek().kind == .period, isMemberName(peek(2)) else { return false }
        guard let first = text(current).unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }

    /// `Model.method(...)....`: a query of form ``Query/Form/structuredQueries``.
    mutating func parseBuilderQuery() -> Query? {
        let start = current.range.start
        let savedTuples = readsTuples
        readsTuples = true
        let chain = parseExpression()
        readsTuples = savedTuples
        var clauses = BuilderClauses()
        clauses.chain = chain.expr
        var limit: Expr?
        var offset: Expr?
        guard let model = readBuilderChain(chain.expr, into: &clauses, limit: &limit, offset: &offset) else { return nil }
        var query = Query(
            form: .structuredQueries, model: TypeSyntax(named: model), filter: nil, limit: limit, offset: offset,
            range: SourceRange(start: start, end: previous.range.end))
        query.measure = clauses.measure
        query.builder = clauses
        return query
    }

    /// `@FetchAll(Reminder.where { ... })`, `@FetchOne(...)`, optionally followed by `var reminders: [Reminder]`.
    mutating func parseFetchWrapper() -> Query? {
        let start = current.range.start
        advance()  // `@`
        let name = advance()
        let fetchesOne = tokenTextEquals(name, "FetchOne")
        guard let open = consume(.leftParen) else {
            // `@FetchAll var reminders: [Reminder]`: every row of the declared model.
            guard let declared = parseQueryPropertyWrapperTarget() else {
                error(.expectedQuery, "expected '(' and a query after '@\(text(name))', as in '@\(text(name))(Reminder.all)'", at: missingTokenRange)
                return nil
            }
            var model = declared
            if case .array(let element) = declared.kind { model = element }
            if case .optional(let wrapped) = model.kind { model = wrapped }
            var query = Query(form: .structuredQueries, model: model, filter: nil, range: SourceRange(start: start, end: previous.range.end))
            var clauses = BuilderClauses()
            clauses.fetchesOne = fetchesOne
            query.builder = clauses
            return query
        }
        guard atBuilderQuery() else {
            error(
                .expectedQuery, "expected a query-builder chain in '@\(text(name))', such as 'Reminder.where { $0.isCompleted }'",
                at: current.range)
            while !at(.endOfFile), !at(.rightParen) { advance() }
            _ = consume(.rightParen)
            return nil
        }
        guard var query = parseAnyBuilderQuery() else {
            while !at(.endOfFile), !at(.rightParen) { advance() }
            _ = consume(.rightParen)
            return nil
        }
        if consume(.rightParen) == nil {
            if at(.comma) {
                error(.unknownArgumentLabel, "'@\(text(name))' takes one query; its other arguments are not read", at: current.range)
                while !at(.endOfFile), !at(.rightParen) { advance() }
                _ = consume(.rightParen)
            } else {
                expectClosing(.rightParen, opener: open)
            }
        }
        var clauses = query.builder ?? BuilderClauses()
        _ = readBuilderPropertyTarget(into: &clauses)
        query.builder = clauses
        query.builder?.fetchesOne = fetchesOne
        if fetchesOne, query.limit == nil, query.measure == nil {
            query.limit = makeIntegerLiteral(1, at: SourceRange(start: start, end: name.range.end))
        }
        query.range = SourceRange(start: start, end: previous.range.end)
        return query
    }

    /// The literal `value`, for a limit the query implies.
    mutating func makeIntegerLiteral(_ value: UInt64, at range: SourceRange) -> Expr {
        make(.integerLiteral(IntegerLiteral(digits: String(value), radix: 10)), range, height: 1).expr
    }

    /// Takes a chain apart, innermost call first; the model's name, or nil after an error.
    mutating func readBuilderChain(
        _ expr: Expr, into clauses: inout BuilderClauses, limit: inout Expr?, offset: inout Expr?
    ) -> Identifier? {
        switch kind(of: expr) {
        case .identifier(let name):
            return name
        case .member(let base, let name):
            guard let model = readBuilderChain(base, into: &clauses, limit: &limit, offset: &offset) else { return nil }
            if BuilderMethod(rawValue: name.name) == .all { return model }
            unknownBuilderMethod(name)
            return nil
        case .call(let call):
            if readsRowValues, case .identifier(let type) = kind(of: call.callee), call.trailingClosure == nil,
                type.name.unicodeScalars.first?.properties.isUppercase == true
            {
                // `Count(value: 1)`: the values selected from one row.
                clauses.selections.append(BuilderScoped(.closure(Closure(parameters: nil, body: expr, hasReturn: false, range: expr.range)), tables: 1))
                if clauses.selectionRange == nil { clauses.selectionRange = type.range }
                return Identifier(BuilderClauses.rowOfValuesModel, at: type.range)
            }
            guard case .member(let base, let method) = kind(of: call.callee) else { break }
            guard let model = readBuilderChain(base, into: &clauses, limit: &limit, offset: &offset) else { return nil }
            let arguments = call.arguments
            guard let known = BuilderMethod(rawValue: method.name) else {
                unknownBuilderMethod(method)
                return nil
            }
            switch known {
            case .where:
                if let closure = call.trailingClosure ?? singleClosureArgument(call) {
                    clauses.filters.append(.closure(closure))
                } else if arguments.count == 1, arguments[0].label == nil, case .keyPath(let keyPath) = kind(of: arguments[0].value) {
                    clauses.filters.append(.keyPath(keyPath))
                } else {
                    error(
                        .expectedQuery, "'where' takes a closure or a key path, as in '\(model.name).where { $0.isCompleted }' or '.where(\\.isCompleted)'",
                        at: expr.range)
                    return nil
                }
            case .order:
                if let closure = call.trailingClosure ?? singleClosureArgument(call) {
                    clauses.orderings.append(.closure(closure))
                } else if arguments.count == 1, arguments[0].label?.name == "by", case .keyPath(let keyPath) = kind(of: arguments[0].value) {
                    clauses.orderings.append(.keyPath(keyPath))
                } else {
                    error(
                        .expectedQuery, "'order' takes a key path or a closure, as in '.order(by: \\.title)' or '.order { $0.title.desc() }'",
                        at: expr.range)
                    return nil
                }
            case .limit:
                guard let first = arguments.first, first.label == nil, arguments.count <= 2,
                    arguments.count == 1 || arguments[1].label?.name == "offset"
                else {
                    error(.invalidArgument, "'limit' takes a count and an optional 'offset:', as in '.limit(10, offset: 20)'", at: expr.range)
                    return nil
                }
                limit = first.value
                if arguments.count == 2 { offset = arguments[1].value }
            case .offset:
                guard arguments.count == 1, arguments[0].label == nil else {
                    error(.invalidArgument, "'offset' takes a count, as in '.offset(20)'", at: expr.range)
                    return nil
                }
                offset = arguments[0].value
            case .find:
                guard arguments.count == 1, arguments[0].label == nil, call.trailingClosure == nil else {
                    error(.invalidArgument, "'find' takes the primary key's value, as in '\(model.name).find(1)'", at: expr.range)
                    return nil
                }
                if clauses.find != nil {
                    error(.invalidArgument, "'find' is written twice; a query finds one primary key", at: method.range)
                    return nil
                }
                clauses.find = arguments[0].value
            case .select, .distinct, .join, .leftJoin, .rightJoin, .fullJoin, .group, .having:
                guard readBuilderSelectMethod(method, call, whole: expr, model: model, into: &clauses) else { return nil }
            case .count, .exists, .fetchCount:
                // `Reminder.where { ... }.count()`: `count(*)` of the filtered rows; `.exists()`: `EXISTS (...)`.
                guard arguments.isEmpty || (method.name == "fetchCount" && arguments.count == 1), call.trailingClosure == nil else {
                    error(.invalidArgument, "'\(method.name)' is read without arguments, as in '\(model.name).\(method.name)()'", at: expr.range)
                    return nil
                }
                if clauses.measure != nil {
                    error(.invalidArgument, "'\(method.name)' of a count or an existence has one row; ask of the query itself", at: method.range)
                    return nil
                }
                clauses.measure = method.name == "exists" ? .exists : .count
            case .union, .intersect, .except:
                guard let operation = readBuilderSetOperation(method, arguments, call: call) else { return nil }
                clauses.setOperations.append(operation)
            case .fetchAll, .fetchOne:
                // `try query.fetchAll(db)`: the database handle is the host's.
                if known == .fetchOne, limit == nil, clauses.measure == nil { limit = makeIntegerLiteral(1, at: method.range) }
            case .all:
                unknownBuilderMethod(method)  // `Reminder.all()`: a property called
                return nil
            }
            return model
        default:
            break
        }
        error(
            .expectedQuery,
            "expected a query-builder chain, such as 'Reminder.where { $0.isCompleted }.order(by: \\.title)'; its methods are \(Self.builderMethods)",
            at: expr.range)
        return nil
    }

    /// The closure passed in parentheses: `.where({ ... })`.
    func singleClosureArgument(_ call: Call) -> Closure? {
        guard call.arguments.count == 1, call.arguments[0].label == nil, case .closure(let closure) = kind(of: call.arguments[0].value) else {
            return nil
        }
        return closure
    }

    /// The closure of a call whose one argument is a closure labelled `label` (`group(by: { ... })`).
    func closureArgument(_ call: Call, labelled label: String) -> Closure? {
        guard call.trailingClosure == nil, call.arguments.count == 1, call.arguments[0].label?.name == label,
            case .closure(let closure) = kind(of: call.arguments[0].value)
        else { return nil }
        return closure
    }

    mutating func unknownBuilderMethod(_ name: Identifier) {
        if name.name == "all" {
            error(.unknownArgumentLabel, "'all' is a property of the table, as in 'Reminder.all', not a method", at: name.range)
            return
        }
        let known = BuilderMethod.allCases.map(\.rawValue)
        if let suggestion = Suggestions.closest(to: name.name, among: known).first {
            error(
                .unknownArgumentLabel, "'\(name.name)' is not a query-builder method Sift reads; did you mean '\(suggestion)'?",
                at: name.range, fixIts: [.init(replace: name.range, with: suggestion)])
        } else {
            error(.unknownArgumentLabel, "'\(name.name)' is not a query-builder method Sift reads; they are \(Self.builderMethods)", at: name.range)
        }
    }
}
