/// The depth of a typed tree, as each node measured it when it was made: phases that walk the tree recursively
/// (lowering, evaluation, printing) move deep trees to a thread with a large stack.
package enum TypedTreeDepth {
    /// Trees deeper than this are walked on a thread with a large stack; shallower ones on the
    /// caller's (measured: three times this depth fits a 512 KB stack in a debug build for the
    /// evaluator; the lowering's frames are larger, so it uses a lower limit).
    package static let inlineLimit = 100

    /// The height of the tree (1 for a leaf): the node's own measure.
    package static func of(_ root: TypedExpr) -> Int { Int(root.height) }

    /// Whether the tree is deeper than `limit` (`of(root) > limit`).
    package static func exceeds(_ limit: Int, _ root: TypedExpr) -> Bool { Int(root.height) > limit }

    static func children(_ kind: TypedExprKind) -> [TypedExpr] {
        var children: [TypedExpr] = []
        forEachChild(of: kind) { children.append($0) }
        return children
    }

    /// Calls `body` with each direct subexpression, in order.
    package static func forEachChild(of kind: TypedExprKind, _ body: (TypedExpr) -> Void) {
        switch kind {
        case .constant, .parameter, .variable, .objects, .trap, .error: break
        case .attribute(let base, _), .toOne(let base, _), .toMany(let base, _): body(base)
        case .optionalMap(let source, _, let then):
            body(source)
            body(then)
        case .ifLet(let source, _, let then, let otherwise):
            body(source)
            body(then)
            body(otherwise)
        case .injectOptional(let inner), .not(let inner), .negate(let inner), .conversion(let inner),
            .stringTransform(_, let inner), .stringLength(let inner), .rawValue(let inner), .timeInterval(let inner, _), .count(let inner),
            .isEmpty(let inner), .first(let inner), .extremum(_, let inner):
            body(inner)
        case .arithmetic(_, let lhs, let rhs), .comparison(_, let lhs, let rhs), .nilCoalescing(let lhs, let rhs),
            .stringTest(_, let lhs, let rhs), .stringComparison(_, let lhs, let rhs):
            body(lhs)
            body(rhs)
        case .logical(let operands, _), .arrayLiteral(let operands), .sql(_, let operands): operands.forEach(body)
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
        case .aggregate(let call):
            call.children.forEach(body)
        case .rowAggregate(let aggregate):
            body(aggregate.sequence)
            body(aggregate.value)
        }
    }
}

extension TypedExprKind {
    /// The height of the tallest direct subexpression (0 for a leaf) and the union of the direct
    /// subexpressions' hazards, from what the subexpressions measured when they were made. A
    /// switch of its own rather than ``TypedTreeDepth/forEachChild(of:_:)``: every node's `init`
    /// runs it (a closure there is a cost on every node made), and `everyTypedNodeKnowsItsHeight`
    /// checks the two lists of children against each other, which one shared list would make
    /// impossible.
    var childSummary: (height: Int32, hazards: EvaluationHazards) {
        switch self {
        case .constant, .parameter, .variable, .objects, .trap, .error: (0, [])
        case .attribute(let base, _), .toOne(let base, _), .toMany(let base, _): (base.height, base.hazards)
        case .optionalMap(let source, _, let body): Self.summary(source, body)
        case .ifLet(let source, _, let then, let otherwise): Self.summary(source, then, otherwise)
        case .injectOptional(let inner), .not(let inner), .negate(let inner), .conversion(let inner),
            .stringTransform(_, let inner), .stringLength(let inner), .rawValue(let inner), .timeInterval(let inner, _), .count(let inner),
            .isEmpty(let inner), .first(let inner), .extremum(_, let inner):
            (inner.height, inner.hazards)
        case .arithmetic(_, let lhs, let rhs), .comparison(_, let lhs, let rhs), .nilCoalescing(let lhs, let rhs),
            .stringTest(_, let lhs, let rhs), .stringComparison(_, let lhs, let rhs), .range(let lhs, let rhs, _),
            .contains(let lhs, let rhs):
            Self.summary(lhs, rhs)
        case .logical(let operands, _), .arrayLiteral(let operands), .sql(_, let operands):
            operands.reduce((Int32(0), EvaluationHazards())) { (max($0.0, $1.height), $0.1.union($1.hazards)) }
        case .conditional(let a, let b, let c): Self.summary(a, b, c)
        case .any(let sequence, _, let predicate), .all(let sequence, _, let predicate), .filter(let sequence, _, let predicate):
            Self.summary(sequence, predicate)
        case .aggregate(let call):
            call.children.reduce((Int32(0), EvaluationHazards())) { (max($0.0, $1.height), $0.1.union($1.hazards)) }
        case .rowAggregate(let aggregate): Self.summary(aggregate.sequence, aggregate.value)
        }
    }

    private static func summary(_ a: TypedExpr, _ b: TypedExpr) -> (height: Int32, hazards: EvaluationHazards) {
        (max(a.height, b.height), a.hazards.union(b.hazards))
    }

    private static func summary(_ a: TypedExpr, _ b: TypedExpr, _ c: TypedExpr) -> (height: Int32, hazards: EvaluationHazards) {
        (max(a.height, b.height, c.height), a.hazards.union(b.hazards).union(c.hazards))
    }
}
