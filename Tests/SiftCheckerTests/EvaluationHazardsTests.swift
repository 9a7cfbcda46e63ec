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
        ("$0.score / 2.0 > 1.0", .floatingPointDivision),  // 0.0 / 0.0 is NaN
        ("-$0.age > 1", .trap),  // negating Int.min
        ("-$0.score > 1.0", []),
        ("Int($0.score) > 1", .trap),  // a conversion that may not fit
        ("Double($0.age) > 1.0", []),
        ("(1...5).contains($0.age)", []),  // constant bounds: known to be ordered
        ("($0.age...5).contains(3)", .trap),  // lower > upper traps
        ("$0.name?.count == 2 || $0.age * 2 > 1", .trap),  // in a later operand
        ("($0.name ?? \"\").isEmpty ? $0.score / 2.0 > 1.0 : $0.age - 1 > 0", [.trap, .floatingPointDivision]),
        ("if let n = $0.name { n.count > $0.age / 2 } else { false }", .trap),
    ]

    @Test(arguments: cases)
    func theRootGathersItsSubtreesHazards(body: String, expected: EvaluationHazards) throws {
        let compilation = Compiler(schema: Self.schema).check("#Predicate<Person> { \(body) }")
        let root = try #require(compilation.checked?.filter, "\(compilation.diagnostics)")
        #expect(root.hazards == expected, "\(body)")
        #expect(Self.walkedHazards(root) == expected, "\(body)")
    }

    /// Every node of every example query carries what the walk finds for it.
    @Test func everyTypedNodeKnowsItsHazards() throws {
        var pending = try TreeDepthBoundTests.exampleRoots()
        var nodes = 0
        var hazardous = 0
        while let expr = pending.popLast() {
            #expect(expr.hazards == Self.walkedHazards(expr), "\(expr.kind)")
            if !expr.hazards.isEmpty { hazardous += 1 }
            nodes += 1
            pending += TypedTreeDepth.children(expr.kind)
        }
        #expect(nodes > 500 && hazardous > 10, "\(nodes) nodes, \(hazardous) with hazards")
    }

    /// The hazards by recursion over the subtree, independent of the stored ones: the node's own
    /// (by its kind and type) and every child's.
    static func walkedHazards(_ expr: TypedExpr) -> EvaluationHazards {
        var own: EvaluationHazards = []
        switch expr.kind {
        case .arithmetic(let op, _, _):
            if expr.type.isInteger { own = .trap } else if op == .divide, expr.type.isFloatingPoint { own = .floatingPointDivision }
        case .negate(let inner): if inner.type.isInteger { own = .trap }
        case .conversion: if expr.type.isInteger { own = .trap }
        case .range(let lower, let upper, _):
            let constantBounds: Bool
            switch (lower.kind, upper.kind) {
            case (.constant, .constant): constantBounds = true
            default: constantBounds = false
            }
            if !constantBounds { own = .trap }
        default: break
        }
        return TypedTreeDepth.children(expr.kind).reduce(own) { $0.union(walkedHazards($1)) }
    }
}

/// A typed node is copied at every level of every phase: it stays 32 bytes, a constant in place.
@Suite struct TypedNodeLayoutTests {
    @Test func aTypedNodeIs32BytesWithItsConstantInPlace() {
        #expect(MemoryLayout<Constant>.size <= 9)
        #expect(MemoryLayout<TypedExpr>.size == 32)
    }
}
