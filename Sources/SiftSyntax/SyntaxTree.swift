/// The expression nodes of one parsed text, in one array: an ``Expr`` is an index into it.
///
/// Nodes live side by side instead of each in a box of its own, so a tree costs one allocation
/// to build and one to free rather than one per node, and walking it follows no pointers
/// (a query's syntax tree has about ten nodes, built and freed on every compilation).
/// The parser appends a node's children before the node, so a node's index is larger than its
/// children's. Immutable once parsed, so trees are shared freely between threads. A value holding
/// the array alone (a class around it would be an allocation more per query, for no sharing the
/// array's own copy-on-write does not give). Trees are equal when they hold the same nodes.
public struct SyntaxTree: Sendable, Hashable {
    /// The kind of each node, by ``Expr/index``.
    public let kinds: [ExprKind]

    init(kinds: [ExprKind]) {
        self.kinds = kinds
    }

    /// A tree without nodes, for values that hold no expression.
    public static let empty = SyntaxTree(kinds: [])

    /// The kind of the node `expr` stands for (an expression of this tree).
    @inlinable public subscript(expr: Expr) -> ExprKind {
        _read { yield kinds[Int(expr.index)] }
    }
}
