import SiftSchema
import SiftSyntax

/// StructuredQueries' query builder, checked with SQL's meaning: each operation becomes a
/// ``TypedExprKind/sql(_:_:)`` node (``SQLOperation``), whose result is `Bool?` when an operand
/// can be NULL. What is read: columns of the row (`$0.title`, `$0.timestamps.createdAt`),
/// literals, enum cases and named parameters as operands; `eq`/`neq`/`lt`/`gt`/`lte`/`gte`,
/// `==`/`!=`/`<`/..., `is`/`isNot`, `&&`/`||`/`!`/`and`/`or`/`not`, `in`/`notIn`, `between(_:and:)`,
/// `like`/`glob`, `contains`/`hasPrefix`/`hasSuffix` (`LIKE` with `%`), and `match` on an FTS5 row.
/// Computed values and aggregates are read in `TypeChecker+StructuredQueriesValues.swift`; a chain
/// that selects, joins or groups in `TypeChecker+StructuredQueriesSelect.swift`.
extension TypeChecker {
    mutating func checkBuilderQuery(_ query: Query, model: Model) -> CheckedQuery {
        let clauses = query.builder ?? BuilderClauses()
        if clauses.selectionRange != nil { return checkBuilderSelection(query, clauses: clauses, model: model) }
        let root = declare("$0", type: model.type, origin: .root, at: query.range)
        var conditions: [TypedExpr] = []
        for filter in clauses.filters {
            switch filter {
            case .closure(let closure):
                conditions.append(withBuilderRow(closure, root: root) { checker in checker.checkSQLCondition(closure.body) })
            case .keyPath(let keyPath):
                conditions.append(checkFilterKeyPath(keyPath, model: model, root: root))
            }
        }
        if let find = clauses.find {
            conditions.append(checkFind(find, model: model, root: root))
        }
        var filter: TypedExpr?
        if conditions.count == 1 {
            filter = conditions[0]
        } else if conditions.count > 1 {
            let range = conditions[0].range.union(conditions[conditions.count - 1].range)
            filter = make(.sql(.logical(.and), conditions), sqlResultType(conditions), at: range)
        }
        if let condition = filter, condition.type.isOptional {
            // A row whose condition is NULL is not selected, as SQL's WHERE does.
            let no = make(.constant(.bool(false)), .bool, at: condition.range)
            filter = make(.nilCoalescing(condition, no), .bool, at: condition.range)
        }
        if let filter { reportMisplacedFullTextMatches(in: filter) }
        var sort: [CheckedSortKey] = []
        builderClause = "'order'"
        defer { builderClause = nil }
        for ordering in clauses.orderings {
            switch ordering {
            case .keyPath(let keyPath):
                if let key = checkOrderingKeyPath(keyPath, model: model, root: root) { sort.append(key) }
            case .closure(let closure):
                withBuilderRow(closure, root: root) { checker in checker.checkOrderingTerms(closure.body, into: &sort) }
            }
        }
        let limit = query.limit.map { checkCount($0, what: "limit") }
        let offset = query.offset.map { checkCount($0, what: "offset") }
        return CheckedQuery(
            model: model, root: root, tree: typedTree, filter: filter, sort: sort, limit: limit, offset: offset,
            variables: variables, parameters: parameters, form: query.form)
    }

    /// Runs `body` with the closure's parameter (`$0` or its name) standing for the row `root`:
    /// every closure of a chain reads the same row.
    mutating func withBuilderRow<T>(_ closure: Closure, root: VariableID, _ body: (inout TypeChecker) -> T) -> T {
        let outer = anonymousScope
        anonymousScope = root
        defer { anonymousScope = outer }
        if let parameters = closure.parameters {
            if parameters.count != 1 {
                let range = parameters.count > 1 ? parameters[1].name.range.union(parameters.last!.name.range) : closure.range
                error(
                    .closureArity, "this closure takes the row of one table, but it names \(parameters.count) parameters; join a table first to read its row too, as in '.join(RemindersList.all) { r, l in r.remindersListID.eq(l.id) }'",
                    at: range)
            }
            if let parameter = parameters.first {
                scopes.append((parameter.name.name, root))
                defer { scopes.removeLast() }
                return body(&self)
            }
        }
        return body(&self)
    }

    /// `.where(\.isCompleted)`: a `Bool` column.
    mutating func checkFilterKeyPath(_ keyPath: KeyPath, model: Model, root: VariableID) -> TypedExpr {
        guard let column = columnOfKeyPath(keyPath, model: model, root: root, what: "'where'") else { return make(.error, .error, at: keyPath.range) }
        guard column.type.unwrapped == .bool else {
            error(.notBoolean, "'where' takes a key path to a 'Bool' column; '\(text(keyPath.range))' is '\(column.type)'", at: keyPath.range)
            return make(.error, .error, at: keyPath.range)
        }
        return column
    }

    /// The column a key path of one component (or a column group and its column) names.
    mutating func columnOfKeyPath(_ keyPath: KeyPath, model: Model, root: VariableID, what: String) -> TypedExpr? {
        if let column = enumColumnOfKeyPath(keyPath, model: model, root: root, what: what) { return column }
        let components = keyPath.components
        if components.count == 2,
            model.columnGroups.contains(where: { $0.name == components[0].name.name && $0.attributeNames.contains(components[1].name.name) })
        {
            // `\.timestamps.createdAt`
        } else if components.count != 1 {
            error(.unsupportedConstruct, "\(what) takes a key path to a column, such as '\\.title'", at: keyPath.range)
            return nil
        }
        let row = reference(root, at: keyPath.range)
        let value = member(of: row, name: components[components.count - 1].name, baseRange: keyPath.range, at: keyPath.range)
        if value.type.isError { return nil }
        guard case .attribute = typedTree[value] else {
            error(.unsupportedConstruct, "\(what) takes a key path to a column, such as '\\.title'", at: keyPath.range)
            return nil
        }
        return value
    }

    /// `find(id)`: the primary key equals the value.
    mutating func checkFind(_ value: Expr, model: Model, root: VariableID) -> TypedExpr {
        guard model.primaryKey.count == 1, let key = model.attributes.first(where: { $0.columnName == model.primaryKey[0] }) else {
            error(.unsupportedConstruct, "'find' needs a primary key of one column; '\(model.name)' has none", at: value.range)
            return make(.error, .error, at: value.range)
        }
        let row = reference(root, at: value.range)
        let column = member(of: row, name: Identifier(key.name, at: value.range), baseRange: value.range, at: value.range)
        if column.type.isError { return column }
        let typed = checkSQLValue(value, expected: column.type.unwrapped)
        guard typed.type.isError || typed.type.unwrapped == column.type.unwrapped else {
            error(.typeMismatch, "'find' takes a '\(column.type.unwrapped)', the type of '\(model.name).\(key.name)'; this is '\(typed.type)'", at: value.range)
            return make(.error, .error, at: value.range)
        }
        return make(.sql(.compare(.equal), [column, typed]), sqlResultType([column, typed]), at: value.range)
    }

    // MARK: Conditions

    /// A condition: a `Bool` or `Bool?` expression with SQL's meaning.
    mutating func checkSQLCondition(_ expr: Expr) -> TypedExpr {
        let typed = checkSQL(expr)
        if !typed.type.isError, typed.type.unwrapped != .bool {
            error(.notBoolean, "a 'where' closure must produce a 'Bool', but this expression has type '\(typed.type)'", at: expr.range)
            return make(.error, .error, at: expr.range)
        }
        return typed
    }

    /// `Bool?` when an operand can be NULL (SQL's result is then NULL too), `Bool` otherwise.
    func sqlResultType(_ operands: [TypedExpr]) -> SiftType {
        operands.contains { $0.type.isOptional } ? .optional(.bool) : .bool
    }

    /// An expression of the builder's closures: an operation with SQL's meaning, or a value.
    mutating func checkSQL(_ expr: Expr) -> TypedExpr {
        let range = expr.range
        switch tree[expr] {
        case .paren(let inner):
            var typed = checkSQL(inner)
            typed.range = range
            return typed
        case .logical(let logical):
            let operands = logical.operands.map { checkSQLCondition($0) }
            return make(.sql(.logical(logical.op), operands), sqlResultType(operands), at: range)
        case .prefix(let prefix) where prefix.op == .not:
            let operand = checkSQLCondition(prefix.operand)
            return make(.sql(.not, [operand]), sqlResultType([operand]), at: range)
        case .binary(let binary):
            guard let op = ComparisonOperator(binary.op) else { break }
            // `x == nil` is `IS NULL` in StructuredQueries (and `!= nil` is `IS NOT NULL`).
            if isNilLiteral(binary.rhs) || isNilLiteral(binary.lhs), op == .equal || op == .notEqual {
                return checkIdentity(binary.lhs, binary.rhs, negated: op == .notEqual, at: range)
            }
            return checkSQLComparison(op, binary.lhs, binary.rhs, at: range)
        case .call(let call):
            if case .member(let base, let method) = tree[call.callee], let typed = checkSQLMethod(base: base, method: method, call: call, at: range) {
                return typed
            }
        default:
            break
        }
        return checkSQLValue(expr, expected: nil)
    }

    func isNilLiteral(_ expr: Expr) -> Bool { if case .nilLiteral = tree[expr] { true } else { false } }

    /// `lhs op rhs` with SQL's meaning (`=`, `<>`, `<`, ...).
    mutating func checkSQLComparison(_ op: ComparisonOperator, _ lhs: Expr, _ rhs: Expr, at range: SourceRange) -> TypedExpr {
        let (left, right) = checkSQLOperands(lhs, rhs, what: "'\(op == .equal ? "eq" : op == .notEqual ? "neq" : op.rawValue)'")
        if left.type.isError || right.type.isError { return make(.error, .error, at: range) }
        // SQL orders every stored value (an enum by its raw value, a Bool as 0 and 1), as
        // StructuredQueries' `<` does for any bindable value.
        return make(.sql(.compare(op), [left, right]), sqlResultType([left, right]), at: range)
    }

    /// `lhs IS rhs` / `lhs IS NOT rhs`: never NULL.
    mutating func checkIdentity(_ lhs: Expr, _ rhs: Expr, negated: Bool, method: String? = nil, at range: SourceRange) -> TypedExpr {
        if let test = checkEnumCaseTest(lhs, rhs, negated: negated, method: method, at: range) { return test }
        let (left, right) = checkSQLOperands(lhs, rhs, what: negated ? "'isNot'" : "'is'")
        if left.type.isError || right.type.isError { return make(.error, .error, at: range) }
        return make(.sql(.isIdentical(negated: negated), [left, right]), .bool, at: range)
    }

    /// Two operands of one type (either may be optional), in their written order: the one that
    /// is not a literal is checked first, and gives the other its type. The operand checked
    /// second is the one ``sameType(_:_:what:)`` vouches for; its partner stays on its own side.
    mutating func checkSQLOperands(_ lhs: Expr, _ rhs: Expr, what: String) -> (TypedExpr, TypedExpr) {
        let outerDateStorage = dateStorageContext
        defer { dateStorageContext = outerDateStorage }
        if needsContext(lhs) || isNowForm(lhs), !needsContext(rhs) {
            let right = checkSQLValue(rhs, expected: nil)
            dateStorageContext = dateStorage(of: right)
            let left = checkSQLValue(lhs, expected: right.type.isError ? nil : right.type)
            return (sameType(left, right, what: what), right)
        }
        let left = checkSQLValue(lhs, expected: nil)
        dateStorageContext = dateStorage(of: left)
        let right = checkSQLValue(rhs, expected: left.type.isError ? nil : left.type)
        return (left, sameType(right, left, what: what))
    }

    /// `value`, when its type is `other`'s (optional or not); the error node otherwise (reported).
    mutating func sameType(_ value: TypedExpr, _ other: TypedExpr, what: String) -> TypedExpr {
        if value.type.isError || other.type.isError { return value }
        if value.type.isNilLiteral || value.type.unwrapped == other.type.unwrapped { return value }
        error(
            .typeMismatch, "\(what) compares values of one type; '\(other.type)' and '\(value.type)' differ",
            at: value.range.union(other.range))
        return make(.error, .error, at: value.range)
    }

    /// An operand: a column of the row, a literal, an enum case, `nil` or a named parameter.
    /// Anything else (arithmetic, functions) is reported: Sift does not yet give it SQL's meaning.
    mutating func checkSQLValue(_ expr: Expr, expected: SiftType?) -> TypedExpr {
        switch tree[expr] {
        case .call(let call) where isDateModifierCall(call):
            // `$0.dueDate(.days(1))`, `.now(.startOfDay)`: a date moved by SQLite's modifiers.
            return checkModifiedDate(call, at: expr.range)
        case .implicitMember where isNow(expr):
            return checkNow(modifiers: nil, at: expr.range)
        case .call(let call) where isSQLScalarCall(call):
            // `$0.title.lower()`, `$0.title.highlight("<b>", "</b>")`: a value computed in SQL.
            guard case .member(let base, let method) = tree[call.callee] else { break }
            return checkSQLMethod(base: base, method: method, call: call, at: expr.range) ?? make(.error, .error, at: expr.range)
        case .paren(let inner):
            var typed = checkSQLValue(inner, expected: expected)
            typed.range = expr.range
            return typed
        case .integerLiteral, .floatLiteral, .stringLiteral, .booleanLiteral, .nilLiteral, .implicitMember, .identifier:
            return check(expr, expected: expected)
        case .prefix(let prefix) where prefix.op == .negate:
            if case .integerLiteral = tree[prefix.operand] { return check(expr, expected: expected) }
            if case .floatLiteral = tree[prefix.operand] { return check(expr, expected: expected) }
            if let typed = checkBuilderExpression(expr) { return typed }
        case .member where isDatePartMember(expr):
            return checkSQLDatePart(expr)
        case .anonymousParameter, .member:
            if case .member(let base, let name) = tree[expr], let row = optionalBuilderRow(base) {
                return optionalRowMember(row, base: base, name: name, at: expr.range)
            }
            let typed = check(expr, expected: expected)
            if case .model = typed.type.unwrapped.kind {
                return typed  // the row itself: `$0.match(...)` reads it
            }
            if case .array(let element) = typed.type.kind {
                error(
                    .unsupportedConstruct,
                    "'\(text(expr.range))' is a to-many relationship; StructuredQueries reads its rows with a join, as in '.join(\(element.unwrapped).all) { ... }'",
                    at: expr.range)
                return make(.error, .error, at: expr.range)
            }
            if case .toOne = typedTree[typed] {
                error(.unsupportedConstruct, "'\(text(expr.range))' is a relationship; StructuredQueries reads a column, such as its foreign key", at: expr.range)
                return make(.error, .error, at: expr.range)
            }
            return typed
        default:
            if let typed = checkBuilderExpression(expr) { return typed }
        }
        error(
            .unsupportedConstruct,
            "'\(text(expr.range))' is not read with StructuredQueries' meaning yet; an operand is a column, a literal, an enum case, a named parameter, arithmetic, '??', a 'Case' or an aggregate",
            at: expr.range)
        return make(.error, .error, at: expr.range)
    }

    // MARK: Methods

    /// `x.eq(y)`, `x.in([...])`, `$0.match("...")` and the other builder methods; nil when
    /// `method` is not one of them (then the call is read as a value and reported).
    mutating func checkSQLMethod(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr? {
        let arguments = call.arguments
        func single(_ label: String? = nil) -> Expr? {
            guard arguments.count == 1, arguments[0].label?.name == label, call.trailingClosure == nil else { return nil }
            return arguments[0].value
        }
        switch method.name {
        case "highlight", "snippet":
            return checkFullTextFunction(base: base, method: method, call: call, at: range)
        case _ where Self.sqlScalarMethods.contains(method.name):
            return checkSQLScalarMethod(base: base, method: method, call: call, at: range)
        case "eq", "neq", "lt", "gt", "lte", "gte":
            guard let other = single() else { return wrongArguments(method, "(_:)", at: range) }
            let op: ComparisonOperator =
                switch method.name {
                case "eq": .equal
                case "neq": .notEqual
                case "lt": .less
                case "gt": .greater
                case "lte": .lessEqual
                default: .greaterEqual
                }
            return checkSQLComparison(op, base, other, at: range)
        case "is", "isNot":
            guard let other = single() else { return wrongArguments(method, "(_:)", at: range) }
            return checkIdentity(base, other, negated: method.name == "isNot", method: method.name, at: range)
        case "and", "or":
            guard let other = single() else { return wrongArguments(method, "(_:)", at: range) }
            let operands = [checkSQLCondition(base), checkSQLCondition(other)]
            return make(.sql(.logical(method.name == "and" ? .and : .or), operands), sqlResultType(operands), at: range)
        case "not":
            guard arguments.isEmpty, call.trailingClosure == nil else { return wrongArguments(method, "()", at: range) }
            let operand = checkSQLCondition(base)
            return make(.sql(.not, [operand]), sqlResultType([operand]), at: range)
        case "in", "notIn":
            guard let list = single() else { return wrongArguments(method, "(_:)", at: range) }
            return checkSQLIn(base, list, negated: method.name == "notIn", at: range)
        case "between":
            guard arguments.count == 2, arguments[0].label == nil, arguments[1].label?.name == "and" else {
                return wrongArguments(method, "(_:and:)", at: range)
            }
            let value = checkSQLValue(base, expected: nil)
            let outerDateStorage = dateStorageContext
            defer { dateStorageContext = outerDateStorage }
            dateStorageContext = dateStorage(of: value)
            let low = sameType(checkSQLValue(arguments[0].value, expected: value.type.isError ? nil : value.type), value, what: "'between'")
            let high = sameType(checkSQLValue(arguments[1].value, expected: value.type.isError ? nil : value.type), value, what: "'between'")
            if value.type.isError || low.type.isError || high.type.isError { return make(.error, .error, at: range) }
            return make(.sql(.between, [value, low, high]), sqlResultType([value, low, high]), at: range)
        case "like", "glob", "contains", "hasPrefix", "hasSuffix":
            if method.name == "like", arguments.count == 2, arguments[0].label == nil, arguments[1].label?.name == "escape" {
                return checkSQLLikeEscaped(base, arguments[0].value, arguments[1].value, at: range)
            }
            guard let patternExpr = single() else { return wrongArguments(method, "(_:)", at: range) }
            let string = checkSQLValue(base, expected: nil)
            if string.type.isError { return make(.error, .error, at: range) }
            guard string.type.unwrapped == .string else {
                // `[1, 2].contains($0.id)` and friends are not builder methods on a column.
                error(.typeMismatch, "'\(method.name)' applies to a 'String' column; '\(text(base.range))' is '\(string.type)'", at: base.range)
                return make(.error, .error, at: range)
            }
            let pattern = checkSQLValue(patternExpr, expected: .string)
            if pattern.type.isError { return make(.error, .error, at: range) }
            guard pattern.type == .string else {
                error(.typeMismatch, "'\(method.name)' takes a 'String'; this is '\(pattern.type)'", at: patternExpr.range)
                return make(.error, .error, at: range)
            }
            // StructuredQueries writes `contains(x)` as `LIKE '%x%'`, `hasPrefix` as `LIKE 'x%'` and
            // `hasSuffix` as `LIKE '%x'`: the text is bound as part of the pattern, unescaped.
            let operation: SQLOperation =
                switch method.name {
                case "glob": .glob
                case "contains": .like(anyBefore: true, anyAfter: true)
                case "hasPrefix": .like(anyBefore: false, anyAfter: true)
                case "hasSuffix": .like(anyBefore: true, anyAfter: false)
                default: .like(anyBefore: false, anyAfter: false)
                }
            return make(.sql(operation, [string, pattern]), sqlResultType([string]), at: range)
        case "match":
            guard let queryText = single() else { return wrongArguments(method, "(_:)", at: range) }
            return checkFullTextMatch(base, queryText, at: range)
        default:
            return checkBuilderValueMethod(base: base, method: method, call: call, at: range)
        }
    }

    mutating func wrongArguments(_ method: Identifier, _ signature: String, at range: SourceRange) -> TypedExpr {
        error(.invalidArgument, "'\(method.name)' takes the arguments '\(method.name)\(signature)'", at: range)
        return make(.error, .error, at: range)
    }

    /// `x.in([a, b])`: an array literal of values of `x`'s type.
    mutating func checkSQLIn(_ base: Expr, _ list: Expr, negated: Bool, at range: SourceRange) -> TypedExpr {
        let value = checkSQLValue(base, expected: nil)
        guard case .arrayLiteral(let elements) = tree[list] else {
            return checkSQLInArray(value, list, negated: negated, at: range)
        }
        var operands = [value]
        let outerDateStorage = dateStorageContext
        defer { dateStorageContext = outerDateStorage }
        dateStorageContext = dateStorage(of: value)
        for element in elements {
            operands.append(sameType(checkSQLValue(element, expected: value.type.isError ? nil : value.type.unwrapped), value, what: "'in'"))
        }
        if operands.contains(where: { $0.type.isError }) { return make(.error, .error, at: range) }
        let membership = make(.sql(.isIn, operands), sqlResultType(operands), at: range)
        if !negated { return membership }
        return make(.sql(.not, [membership]), membership.type, at: range)
    }

    /// `$0.match("buy milk")` on the row of an FTS5 table: the text is always bound.
    mutating func checkFullTextMatch(_ base: Expr, _ queryText: Expr, at range: SourceRange) -> TypedExpr {
        let row: TypedExpr
        if case .member(let inner, let columnName) = tree[base], !isTypeName(inner) {
            // `$0.title.match("milk")`: the words as one phrase in one column.
            let typedInner = check(inner, expected: nil)
            if case .model(let name) = typedInner.type.kind, let model = model(named: name), model.isFullTextTable,
                let column = model.attribute(named: columnName.name), column.columnName != "rowid"
            {
                let typed = checkSQLValue(queryText, expected: .string)
                if typed.type.isError { return make(.error, .error, at: range) }
                guard typed.type == .string else {
                    error(.typeMismatch, "'match' takes the words to search for as a 'String'; this is '\(typed.type)'", at: queryText.range)
                    return make(.error, .error, at: range)
                }
                return make(.sql(.fullTextPhrase(column: column.columnName), [typedInner, typed]), .bool, at: range)
            }
            row = typedInner.type.isError ? typedInner : member(of: typedInner, name: columnName, baseRange: inner.range, at: base.range)
        } else {
            row = check(base, expected: nil)
        }
        if row.type.isError { return make(.error, .error, at: range) }
        guard case .model(let name) = row.type.kind, let model = model(named: name) else {
            error(
                .typeMismatch, "'match' applies to the row of an FTS5 table, as in 'ReminderText.where { $0.match(\"milk\") }'; '\(text(base.range))' is '\(row.type)'",
                at: base.range)
            return make(.error, .error, at: range)
        }
        guard model.isFullTextTable else {
            error(
                .typeMismatch, "'\(model.name)' is not an FTS5 table: full-text 'match' needs 'CREATE VIRTUAL TABLE ... USING fts5' ('@Table struct \(model.name): FTS5' in a model file)",
                at: base.range)
            return make(.error, .error, at: range)
        }
        let typed = checkSQLValue(queryText, expected: .string)
        if typed.type.isError { return make(.error, .error, at: range) }
        guard typed.type == .string else {
            error(.typeMismatch, "'match' takes the full-text query as a 'String'; this is '\(typed.type)'", at: queryText.range)
            return make(.error, .error, at: range)
        }
        if case .constant(.string(let literal)) = typedTree[typed], let problem = FullTextQuerySyntax.problem(in: literal, columns: model.attributes.map(\.columnName).filter { $0 != "rowid" }) {
            error(
                .invalidFullTextQuery, "this full-text query is not valid FTS5 syntax: \(problem)", at: queryText.range,
                notes: [.init(#"FTS5 reads words, phrases in double quotes ("\"oat milk\""), 'milk*' prefixes, 'NEAR(a b)', 'title: milk' column filters, AND, OR, NOT and parentheses"#)])
            return make(.error, .error, at: range)
        }
        return make(.sql(.fullTextMatch, [row, typed]), .bool, at: range)
    }

    /// Reports a full-text match that is not a condition of the filter joined by `&&`/`||`
    /// (`!$0.match(...)`, `$0.match(...) == false`, inside a closure over a relationship): SQLite
    /// evaluates MATCH only through the FTS5 index, and refuses it anywhere else at run time.
    mutating func reportMisplacedFullTextMatches(in filter: TypedExpr) {
        func visit(_ expr: TypedExpr, placed: Bool, checker: inout TypeChecker) {
            switch checker.typedTree[expr] {
            case .sql(.fullTextMatch, _), .sql(.fullTextPhrase, _):
                if !placed {
                    checker.error(
                        .invalidFullTextQuery,
                        "a full-text 'match' can only be a condition of the filter, joined with '&&' or '||': SQLite evaluates MATCH through the FTS5 index alone, and not under '!', in a comparison or in a closure",
                        at: expr.range)
                }
            case .sql(.logical, let operands), .logical(let operands, _):
                for operand in operands { visit(operand, placed: placed, checker: &checker) }
            case .nilCoalescing(let inner, let fallback):
                visit(inner, placed: placed, checker: &checker)
                visit(fallback, placed: false, checker: &checker)
            default:
                TypedTreeDepth.forEachChild(of: checker.typedTree[expr]) { child in visit(child, placed: false, checker: &checker) }
            }
        }
        visit(filter, placed: true, checker: &self)
    }

    // MARK: Orderings

    /// `.order(by: \.title)`: one column, ascending; `\.rank` of an FTS5 table, its relevance.
    mutating func checkOrderingKeyPath(_ keyPath: KeyPath, model: Model, root: VariableID) -> CheckedSortKey? {
        if keyPath.components.count == 1, keyPath.components[0].name.name == "rank", model.isFullTextTable,
            model.member(named: "rank") == nil
        {
            let row = reference(root, at: keyPath.range)
            let rank = make(.sql(.rank, [row]), .double, at: keyPath.range)
            return CheckedSortKey(path: [], value: .computed(rank), order: .forward, comparator: nil, range: keyPath.range, sqlNulls: .default)
        }
        guard let value = columnOfKeyPath(keyPath, model: model, root: root, what: "'order(by:)'") else { return nil }
        return CheckedSortKey(path: [], value: .computed(value), order: .forward, comparator: nil, range: keyPath.range, sqlNulls: .default)
    }

    /// `x`, `x.asc()`, `x.desc(nulls: .last)`, `$0.bm25()`, or a tuple of them.
    mutating func checkOrderingTerms(_ expr: Expr, into keys: inout [CheckedSortKey]) {
        if case .tuple(let elements) = tree[expr] {
            for element in elements { checkOrderingTerms(element, into: &keys) }
            return
        }
        if case .paren(let inner) = tree[expr] {
            checkOrderingTerms(inner, into: &keys)
            return
        }
        var order = SortOrder.forward
        var nulls = SQLNullsOrder.default
        var valueExpr = expr
        if case .call(let call) = tree[expr], case .member(let base, let method) = tree[call.callee],
            method.name == "asc" || method.name == "desc"
        {
            order = method.name == "desc" ? .reverse : .forward
            valueExpr = base
            for argument in call.arguments {
                guard argument.label?.name == "nulls" else {
                    error(.invalidArgument, "'\(method.name)' takes 'nulls: .first' or 'nulls: .last'", at: argument.range)
                    continue
                }
                switch tree[argument.value] {
                case .implicitMember(let name) where name.name == "first": nulls = .first
                case .implicitMember(let name) where name.name == "last": nulls = .last
                case .nilLiteral: nulls = .default
                default: error(.invalidArgument, "'nulls:' is '.first' or '.last'", at: argument.value.range)
                }
            }
        }
        // `$0.bm25()` / `$0.bm25([\.title: 10, \.body: 1])` and `$0.rank`: FTS5's ranking.
        if let rank = checkFullTextRank(valueExpr) {
            keys.append(CheckedSortKey(path: [], value: .computed(rank), order: order, comparator: nil, range: expr.range, sqlNulls: nulls))
            return
        }
        let value = checkSQL(valueExpr)
        if value.type.isError { return }
        if case .model = value.type.unwrapped.kind {
            error(.unsupportedConstruct, "'\(text(valueExpr.range))' is a row; order by one of its columns", at: valueExpr.range)
            return
        }
        keys.append(CheckedSortKey(path: [], value: .computed(value), order: order, comparator: nil, range: expr.range, sqlNulls: nulls))
    }

    /// `$0.bm25(...)` or `$0.rank` on an FTS5 row; nil for anything else.
    mutating func checkFullTextRank(_ expr: Expr) -> TypedExpr? {
        var base: Expr
        var weightsExpr: Expr?
        switch tree[expr] {
        case .call(let call):
            guard case .member(let callBase, let method) = tree[call.callee], method.name == "bm25" else { return nil }
            base = callBase
            if call.arguments.count > 1 || (call.arguments.first.map { $0.label != nil } ?? false) {
                error(.invalidArgument, "'bm25' takes the columns' weights, as in '$0.bm25([\\.title: 10, \\.notes: 1])'", at: expr.range)
                return make(.error, .error, at: expr.range)
            }
            weightsExpr = call.arguments.first?.value
        case .member(let memberBase, let name) where name.name == "rank":
            base = memberBase
        default:
            return nil
        }
        let row = check(base, expected: nil)
        guard case .model(let name) = row.type.kind, let model = model(named: name), model.isFullTextTable else {
            if !row.type.isError {
                error(.typeMismatch, "'\(text(expr.range))' ranks the rows of an FTS5 table; '\(text(base.range))' is not one", at: base.range)
            }
            return make(.error, .error, at: expr.range)
        }
        if case .member = tree[expr] { return make(.sql(.rank, [row]), .double, at: expr.range) }
        var weights: [Double] = []
        if let weightsExpr {
            guard let pairs = dictionaryPairs(weightsExpr) else {
                error(.invalidArgument, "'bm25' takes a dictionary literal of key paths and weights, as in '[\\.title: 10, \\.notes: 1]'", at: weightsExpr.range)
                return make(.error, .error, at: expr.range)
            }
            // bm25 takes one weight per column, in the table's order; columns not named weigh 1.
            let columns = model.attributes.filter { $0.columnName != "rowid" }
            weights = Array(repeating: 1, count: columns.count)
            for (keyPath, weight) in pairs {
                guard let name = keyPath.components.last?.name.name, keyPath.components.count == 1,
                    let position = columns.firstIndex(where: { $0.name == name })
                else {
                    error(.unknownMember, "'\(text(keyPath.range))' is not a column of '\(model.name)'", at: keyPath.range)
                    return make(.error, .error, at: expr.range)
                }
                weights[position] = weight
            }
        }
        return make(.sql(.bm25(weights: weights), [row]), .double, at: expr.range)
    }

    /// The pairs of `[\.title: 10, \.notes: 1.5]` (read inside a builder closure as an array of
    /// key-value tuples); nil for another shape.
    mutating func dictionaryPairs(_ expr: Expr) -> [(KeyPath, Double)]? {
        guard case .arrayLiteral(let elements) = tree[expr] else { return nil }
        var pairs: [(KeyPath, Double)] = []
        for element in elements {
            guard case .tuple(let parts) = tree[element], parts.count == 2, case .keyPath(let keyPath) = tree[parts[0]] else { return nil }
            let weight: Double
            switch tree[parts[1]] {
            case .integerLiteral(let literal):
                guard let magnitude = literal.magnitude else { return nil }
                weight = Double(magnitude)
            case .floatLiteral(let literal):
                guard let value = literal.value else { return nil }
                weight = value
            default: return nil
            }
            pairs.append((keyPath, weight))
        }
        return pairs
    }
}

/// Where SQL puts NULLs in an ordering: SQLite's default (first ascending, last descending), or
/// `NULLS FIRST` / `NULLS LAST`.
public enum SQLNullsOrder: Sendable, Hashable {
    /// SQLite's default: NULL is smaller than every value.
    case `default`
    /// `NULLS FIRST`.
    case first
    /// `NULLS LAST`.
    case last
}
