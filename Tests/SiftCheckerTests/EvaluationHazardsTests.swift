import Sift
@testable import SiftChecker
import Testing

/// The hazards a typed node gathers when it is made are those a walk of its subtree finds: the
/// lowering reads them instead of walking (to decide where SQL must guard a trap).
@Suite struct EvaluationHazardsTests {
    /// Person: id, age (Int), score (Double), name (String?).
    static let schema = TreeDepthBoundTests.schema

    /// One hazard (or none) per line, each where the walk must look for it.
    static let cases: [(String, EvaluationHazards)] = [
        ("$0.age > 1", []),
        ("$0.age + 1 > 1", .trap),  // checked Int arithmetic
        ("$0.score + 1.0 > 1.0", []),
        ("$0.score / 2.0 > 1.0", []),  // by a finite non-zero constant: NaN only from a NaN
        ("$0.score / $0.score > 1.0", .notANumber),  // 0.0 / 0.0 and inf / inf are NaN
        ("$0.score - $0.score > 1.0", .notANumber),  // inf - inf is NaN
        ("$0.score * 0.0 > 1.0", .notANumber),  // inf * 0 is NaN
        ("$0.name! == \"a\"", .trap),  // a force unwrap of nil
        ("-$0.age > 1", .trap),  // negating Int.min
        ("-$0.score > 1.0", []),
        ("Int($0.score) > 1", .trap),  // a conversion that may not fit
        ("Double($0.age) > 1.0", []),
        ("(1...5).contains($0.age)", []),  // constant bounds: known to be ordered
        ("($0.age...5).contains(3)", .trap),  // lower > upper traps
        ("$0.name?.count == 2 || $0.age * 2 > 1", .trap),  // in a later operand
        ("($0.name ?? \"\").isEmpty ? $0.score / $0.score > 1.0 : $0.age - 1 > 0", [.trap, .notANumber]),
        ("if let n = $0.name { n.count > $0.age / 2 } else { false }", .trap),
    ]

    @Test(arguments: cases)
    func theRootGathersItsSubtreesHazards(body: String, expected: EvaluationHazards) throws {
        let compilation = Compiler(schema: Self.schema).check("#Predicate<Person> { \(body) }")
        let checked = try #require(compilation.checked, "\(compilation.diagnostics)")
        let root = try #require(checked.filter)
        #expect(root.hazards == expected, "\(body)")
        #expect(Self.walkedHazards(root, in: checked.tree) == expected, "\(body)")
    }

    /// Every node of every example query carries what the walk finds for it.
    @Test func everyTypedNodeKnowsItsHazards() throws {
        var pending = try TreeDepthBoundTests.exampleRoots()
        var nodes = 0
        var hazardous = 0
        while let (expr, tree) = pending.popLast() {
            #expect(expr.hazards == Self.walkedHazards(expr, in: tree), "\(tree[expr])")
            if !expr.hazards.isEmpty { hazardous += 1 }
            nodes += 1
            pending += TypedTreeDepth.children(tree[expr]).map { ($0, tree) }
        }
        #expect(nodes > 500 && hazardous > 10, "\(nodes) nodes, \(hazardous) with hazards")
    }

    /// The hazards by recursion over the subtree, independent of the stored ones: the node's own
    /// (by its kind and type) and every child's.
    static func walkedHazards(_ expr: TypedExpr, in tree: TypedTree) -> EvaluationHazards {
        var own: EvaluationHazards = []
        switch tree[expr] {
        case .arithmetic(let op, let lhs, let rhs):
            // A finite constant rules out NaN from finite or infinite values (non-zero for * and /).
            func rulesOutNaN(_ side: TypedExpr) -> Bool {
                guard case .constant(.double(let value)) = tree[side], value.isFinite else { return false }
                return value != 0 || op == .add || op == .subtract
            }
            if expr.type.isInteger { own = .trap } else if expr.type.isFloatingPoint, !rulesOutNaN(lhs), !rulesOutNaN(rhs) { own = .notANumber }
        case .trap: own = .trap
        case .negate(let inner): if inner.type.isInteger { own = .trap }
        case .conversion: if expr.type.isInteger { own = .trap }
        case .range(let lower, let upper, _):
            let constantBounds: Bool
            switch (tree[lower], tree[upper]) {
            case (.constant, .constant): constantBounds = true
            default: constantBounds = false
            }
            if !constantBounds { own = .trap }
        default: break
        }
        return TypedTreeDepth.children(tree[expr]).reduce(own) { $0.union(walkedHazards($1, in: tree)) }
    }
}

/// A typed node's height and hazards share a word of its handle (whose size `MemoryLayoutTests`
/// bounds): each reads back what the node was made with.
@Suite struct TypedNodeHeightAndHazardsTests {
    @Test func heightAndHazardsReadBack() {
        var tree = TypedTree()
        var node = tree.make(.constant(.int(1)), .int, at: .point(0))
        #expect(node.height == 1 && node.hazards.isEmpty)
        for level in 2...300 {
            let one = tree.make(.constant(.int(1)), .int, at: .point(0))
            node = tree.make(.arithmetic(.add, node, one), .int, at: .point(0))
            #expect(node.height == Int32(level) && node.hazards == .trap)
        }
        let divided = tree.make(.arithmetic(.divide, tree.make(.constant(.double(0)), .double, at: .point(0)),
            tree.make(.constant(.double(0)), .double, at: .point(0))), .double, at: .point(0))
        #expect(divided.height == 2 && divided.hazards == .notANumber)
        let both = tree.make(.logical([tree.make(.comparison(.greater, node, node), .bool, at: .point(0)),
            tree.make(.comparison(.equal, divided, divided), .bool, at: .point(0))], .or), .bool, at: .point(0))
        #expect(both.height == 302 && both.hazards == [.trap, .notANumber])
        #expect(tree.count == 605)
        guard case .logical(let operands, .or) = tree[both] else {
            Issue.record("expected the '||' node")
            return
        }
        #expect(operands.map(\.height) == [301, 3])
    }
}
