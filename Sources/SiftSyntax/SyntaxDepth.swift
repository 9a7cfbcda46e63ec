/// The height of a syntax tree, measured without recursion: phases that walk the tree recursively
/// (the type checker) move tall trees to a thread with a large stack.
package enum SyntaxDepth {
    /// The height of a query's tallest expression.
    package static func of(_ query: Query) -> Int {
        var roots: [Expr] = []
        switch query.filter {
        case .closure(let closure)?: roots.append(closure.body)
        case .implicit(let expr)?: roots.append(expr)
        case .format(let filter)?: return max(filter.condition.height, roots.map { of($0, in: query.tree) }.max() ?? 0)
        case nil: break
        }
        roots += [query.limit, query.offset, query.builder?.chain].compactMap { $0 }
        roots += projectionRoots(of: query)
        // The queries a set operation combines are walked as parts of this one.
        let operands = (query.projection?.setOperations ?? []).map { operation in
            var operand = operation.query
            operand.tree = query.tree
            return of(operand)
        }
        let tables = query.commonTables.map { table in
            var body = table.query
            body.tree = query.tree
            return of(body)
        }
        let counted = subqueries(of: query).map { of($0) + 1 }
        return (roots.map { of($0, in: query.tree) } + operands + tables + counted).max() ?? 0
    }

    /// The height of an expression tree.
    package static func of(_ root: Expr, in tree: SyntaxTree) -> Int {
        var deepest = 0
        var stack: [(Expr, Int)] = [(root, 1)]
        while let (expr, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in children(of: expr, in: tree) { stack.append((child, depth + 1)) }
        }
        return deepest
    }

    /// Whether a query's tallest expression is deeper than `limit` (`of(query) > limit`), found
    /// by walks that stop `limit + 1` levels down: the common shallow tree costs no arrays.
    package static func exceeds(_ limit: Int, _ query: Query) -> Bool {
        switch query.filter {
        case .closure(let closure)?: if exceeds(limit, closure.body, in: query.tree) { return true }
        case .implicit(let expr)?: if exceeds(limit, expr, in: query.tree) { return true }
        case .format(let filter)?: if filter.condition.height > limit { return true }
        case nil: break
        }
        if let limitExpr = query.limit, exceeds(limit, limitExpr, in: query.tree) { return true }
        if let offset = query.offset, exceeds(limit, offset, in: query.tree) { return true }
        // A builder chain holds its closures, find and limit: the whole chain is walked.
        if let chain = query.builder?.chain, exceeds(limit, chain, in: query.tree) { return true }
        for root in projectionRoots(of: query) where exceeds(limit, root, in: query.tree) { return true }
        for table in query.commonTables {
            var body = table.query
            body.tree = query.tree
            if exceeds(limit, body) { return true }
        }
        for operation in query.projection?.setOperations ?? [] {
            var operand = operation.query
            operand.tree = query.tree
            if exceeds(limit, operand) { return true }
        }
        for counted in subqueries(of: query) where limit == 0 || exceeds(limit - 1, counted) { return true }
        return false
    }

    /// The queries whose count or existence a concise query selects as columns
    /// (`select open: count(Reminder where …)`), in the query's tree: each one level below its
    /// column, as the parser measures a counted query.
    static func subqueries(of query: Query) -> [Query] {
        (query.projection?.items ?? []).compactMap { item in
            guard var counted = item.subquery else { return nil }
            counted.tree = query.tree
            return counted
        }
    }

    /// The expressions of a concise query's selection: its values, grouping keys, condition on
    /// groups, join conditions and computed sort keys.
    static func projectionRoots(of query: Query) -> [Expr] {
        guard let projection = query.projection else { return [] }
        var roots = projection.items.map(\.value) + projection.grouping
        if let condition = projection.groupFilter { roots.append(condition) }
        roots += projection.joins.compactMap(\.condition)
        roots += query.sort.compactMap(\.expression)
        return roots
    }

    /// Whether an expression tree is deeper than `limit`.
    package static func exceeds(_ limit: Int, _ root: Expr, in tree: SyntaxTree) -> Bool {
        guard limit > 0 else { return true }
        var deeper = false
        forEachChild(of: root, in: tree) { child in
            if !deeper, exceeds(limit - 1, child, in: tree) { deeper = true }
        }
        return deeper
    }

    /// The direct subexpressions of an expression (closure bodies and `if` branches included).
    package static func children(of expr: Expr, in tree: SyntaxTree) -> [Expr] {
        var children: [Expr] = []
        forEachChild(of: expr, in: tree) { children.append($0) }
        return children
    }

    /// Calls `body` with each direct subexpression, in order.
    static func forEachChild(of expr: Expr, in tree: SyntaxTree, _ body: (Expr) -> Void) {
        switch tree[expr] {
        case .integerLiteral, .floatLiteral, .stringLiteral, .booleanLiteral, .nilLiteral, .identifier, .anonymousParameter,
            .implicitMember, .keyPath, .error:
            break
        case .arrayLiteral(let elements), .tuple(let elements): elements.forEach(body)
        case .member(let base, _), .bindOptional(let base), .optionalChain(let base), .forceUnwrap(let base), .paren(let base):
            body(base)
        case .call(let call):
            body(call.callee)
            for argument in call.arguments { body(argument.value) }
            if let closure = call.trailingClosure { body(closure.body) }
        case .subscriptAccess(let base, let arguments):
            body(base)
            for argument in arguments { body(argument.value) }
        case .closure(let closure): body(closure.body)
        case .macroExpansion(let macro):
            for argument in macro.arguments { body(argument.value) }
            if let closure = macro.trailingClosure { body(closure.body) }
        case .measuredQuery(let query):
            if case .implicit(let filter) = query.filter { body(filter) }
            projectionRoots(of: query).forEach(body)
        case .prefix(let prefix): body(prefix.operand)
        case .binary(let binary):
            body(binary.lhs)
            body(binary.rhs)
        case .logical(let logical): logical.operands.forEach(body)
        case .ternary(let condition, let then, let otherwise):
            body(condition)
            body(then)
            body(otherwise)
        case .ifExpr(let ifExpr):
            for condition in ifExpr.conditions {
                switch condition {
                case .expression(let expr): body(expr)
                case .optionalBinding(_, let value, _): if let value { body(value) }
                }
            }
            body(ifExpr.then)
            body(ifExpr.elseBranch)
        }
    }
}
