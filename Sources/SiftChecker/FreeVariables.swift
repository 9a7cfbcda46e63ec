/// The variables an expression reads but does not introduce: what ties a closure's body to the
/// rows around it. A body whose only free variable is its own element does not depend on the
/// outer rows, so the lowering may compute it once (an uncorrelated subquery).
public enum FreeVariables {
    /// The free variables of `expr`, a node of `tree` (variable ids are unique within a query, so those introduced
    /// anywhere inside are removed).
    public static func of(_ expr: TypedExpr, in tree: TypedTree) -> Set<VariableID> {
        var read: Set<VariableID> = []
        var introduced: Set<VariableID> = []
        var stack: [TypedExpr] = [expr]
        while let next = stack.popLast() {
            switch tree[next] {
            case .variable(let id): read.insert(id)
            case .optionalMap(_, let id, _), .ifLet(_, let id, _, _), .any(_, let id, _), .all(_, let id, _), .filter(_, let id, _),
                .sql(.collectionAggregate(_, let id), _):
                introduced.insert(id)
            default: break
            }
            stack.append(contentsOf: TypedTreeDepth.children(tree[next]))
        }
        return read.subtracting(introduced)
    }

    /// Whether every variable `expr` reads but does not introduce is `allowed` (`of(expr)` is a
    /// subset of `[allowed]`), found in one walk that builds no sets: a variable is introduced by
    /// a node above every read of it, so a walk that visits a node before its children has seen
    /// the introduction first.
    public static func readsOnly(_ allowed: VariableID, in expr: TypedExpr, of tree: TypedTree) -> Bool {
        var introduced: [VariableID] = []
        return readsOnly(allowed, in: expr, of: tree, introduced: &introduced)
    }

    private static func readsOnly(_ allowed: VariableID, in expr: TypedExpr, of tree: TypedTree, introduced: inout [VariableID]) -> Bool {
        switch tree[expr] {
        case .variable(let id):
            return id == allowed || introduced.contains(id)
        case .optionalMap(_, let id, _), .ifLet(_, let id, _, _), .any(_, let id, _), .all(_, let id, _), .filter(_, let id, _),
            .sql(.collectionAggregate(_, let id), _):
            introduced.append(id)
        default:
            break
        }
        var only = true
        TypedTreeDepth.forEachChild(of: tree[expr]) { child in
            if only, !readsOnly(allowed, in: child, of: tree, introduced: &introduced) { only = false }
        }
        return only
    }
}
