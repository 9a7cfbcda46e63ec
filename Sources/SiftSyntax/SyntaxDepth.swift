/// The height of a syntax tree, measured without recursion: phases that walk the tree recursively
/// (the type checker) move tall trees to a thread with a large stack.
public enum SyntaxDepth {
    /// The height of a query's tallest expression.
    public static func of(_ query: Query) -> Int {
        var roots: [Expr] = []
        switch query.filter {
        case .closure(let closure)?: roots.append(closure.body)
        case .implicit(let expr)?: roots.append(expr)
        case nil: break
        }
        roots += [query.limit, query.offset].compactMap { $0 }
        return roots.map(of).max() ?? 0
    }

    /// The height of an expression tree.
    public static func of(_ root: Expr) -> Int {
        var deepest = 0
        var stack: [(Expr, Int)] = [(root, 1)]
        while let (expr, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in children(of: expr) { stack.append((child, depth + 1)) }
        }
        return deepest
    }

    /// The direct subexpressions of an expression (closure bodies and `if` branches included).
    public static func children(of expr: Expr) -> [Expr] {
        switch expr.kind {
        case .integerLiteral, .floatLiteral, .stringLiteral, .booleanLiteral, .nilLiteral, .identifier, .anonymousParameter,
            .implicitMember, .keyPath, .error:
            return []
        case .arrayLiteral(let elements): return elements
        case .member(let base, _), .bindOptional(let base), .optionalChain(let base), .forceUnwrap(let base), .paren(let base):
            return [base]
        case .call(let call):
            return [call.callee] + call.arguments.map(\.value) + (call.trailingClosure.map { [$0.body] } ?? [])
        case .subscriptAccess(let base, let arguments): return [base] + arguments.map(\.value)
        case .closure(let closure): return [closure.body]
        case .macroExpansion(let macro): return macro.arguments.map(\.value) + (macro.trailingClosure.map { [$0.body] } ?? [])
        case .prefix(let prefix): return [prefix.operand]
        case .binary(let binary): return [binary.lhs, binary.rhs]
        case .logical(let logical): return logical.operands
        case .ternary(let condition, let then, let otherwise): return [condition, then, otherwise]
        case .ifExpr(let ifExpr):
            let conditions = ifExpr.conditions.compactMap { condition -> Expr? in
                switch condition {
                case .expression(let expr): expr
                case .optionalBinding(_, let value, _): value
                }
            }
            return conditions + [ifExpr.then, ifExpr.elseBranch]
        }
    }
}
