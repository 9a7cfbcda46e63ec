/// The depth of a typed tree, measured without recursion: phases that walk the tree recursively
/// (lowering, evaluation, printing) move deep trees to a thread with a large stack.
public enum TypedTreeDepth {
    /// Trees deeper than this are walked on a thread with a large stack; shallower ones on the
    /// caller's (measured: three times this depth fits a 512 KB stack in a debug build for the
    /// evaluator; the lowering's frames are larger, so it uses a lower limit).
    public static let inlineLimit = 100

    public static func of(_ root: TypedExpr) -> Int {
        var deepest = 0
        var stack: [(TypedExpr, Int)] = [(root, 1)]
        while let (expr, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in children(expr.kind) { stack.append((child, depth + 1)) }
        }
        return deepest
    }

    /// Whether the tree is deeper than `limit` (`of(root) > limit`), found by a walk that stops
    /// `limit + 1` levels down: the common shallow tree costs no arrays.
    public static func exceeds(_ limit: Int, _ root: TypedExpr) -> Bool {
        guard limit > 0 else { return true }
        var deeper = false
        forEachChild(of: root.kind) { child in
            if !deeper, exceeds(limit - 1, child) { deeper = true }
        }
        return deeper
    }

    static func children(_ kind: TypedExprKind) -> [TypedExpr] {
        var children: [TypedExpr] = []
        forEachChild(of: kind) { children.append($0) }
        return children
    }

    /// Calls `body` with each direct subexpression, in order.
    static func forEachChild(of kind: TypedExprKind, _ body: (TypedExpr) -> Void) {
        switch kind {
        case .constant, .parameter, .variable, .error: break
        case .attribute(let base, _), .toOne(let base, _), .toMany(let base, _): body(base)
        case .optionalMap(let source, _, let then):
            body(source)
            body(then)
        case .ifLet(let source, _, let then, let otherwise):
            body(source)
            body(then)
            body(otherwise)
        case .injectOptional(let inner), .not(let inner), .negate(let inner), .conversion(let inner),
            .stringTransform(_, let inner), .stringLength(let inner), .rawValue(let inner), .count(let inner),
            .isEmpty(let inner), .first(let inner), .extremum(_, let inner):
            body(inner)
        case .arithmetic(_, let lhs, let rhs), .comparison(_, let lhs, let rhs), .nilCoalescing(let lhs, let rhs),
            .stringTest(_, let lhs, let rhs), .stringComparison(_, let lhs, let rhs):
            body(lhs)
            body(rhs)
        case .logical(_, let operands), .arrayLiteral(let operands): operands.forEach(body)
        case .conditional(let a, let b, let c):
            body(a)
            body(b)
            body(c)
        case .range(let lower, let upper, _):
            body(lower)
            body(upper)
        case .contains(let sequence, let element):
            body(sequence)
            body(element)
        case .any(let sequence, _, let predicate), .all(let sequence, _, let predicate), .filter(let sequence, _, let predicate):
            body(sequence)
            body(predicate)
        }
    }
}
