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

    static func children(_ kind: TypedExprKind) -> [TypedExpr] {
        switch kind {
        case .constant, .parameter, .variable, .error: []
        case .attribute(let base, _), .toOne(let base, _), .toMany(let base, _): [base]
        case .optionalMap(let source, _, let body): [source, body]
        case .ifLet(let source, _, let then, let otherwise): [source, then, otherwise]
        case .injectOptional(let inner), .not(let inner), .negate(let inner), .conversion(let inner),
            .stringTransform(_, let inner), .stringLength(let inner), .rawValue(let inner), .count(let inner),
            .isEmpty(let inner), .first(let inner), .extremum(_, let inner):
            [inner]
        case .arithmetic(_, let lhs, let rhs), .comparison(_, let lhs, let rhs), .nilCoalescing(let lhs, let rhs),
            .stringTest(_, let lhs, let rhs), .stringComparison(_, let lhs, let rhs):
            [lhs, rhs]
        case .logical(_, let operands), .arrayLiteral(let operands): operands
        case .conditional(let a, let b, let c): [a, b, c]
        case .range(let lower, let upper, _): [lower, upper]
        case .contains(let sequence, let element): [sequence, element]
        case .any(let sequence, _, let predicate), .all(let sequence, _, let predicate), .filter(let sequence, _, let predicate):
            [sequence, predicate]
        }
    }
}
