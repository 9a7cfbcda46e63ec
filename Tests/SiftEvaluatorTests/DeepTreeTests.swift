import Foundation
import Sift
@testable import SiftEvaluator
import Testing

/// Trees as deep as the parser allows (about 1,000 levels) evaluate without overflowing the
/// stack, even when the caller runs on a secondary thread with a small stack.
@Suite struct DeepTreeTests {
    static let depth = 1_000

    /// `!!!...!(age > 10)` with `depth` negations, and `age + 1 + 1 + ... > x` with `depth` additions.
    static func deepQueries(schema: Schema) throws -> (negations: CheckedQuery, additions: CheckedQuery) {
        let base = try Evaluator.compile(#"#Predicate<Person> { $0.age > 10 }"#, schema: schema)
        guard let filter = base.filter, case .comparison(_, let age, _) = base[filter] else { throw EvaluationError.malformedTree("setup") }
        // Nodes are made in a copy of the query's tree, set back when done.
        var negations = base
        var negationNodes = base.tree
        var negated = filter
        for _ in 0..<depth { negated = negationNodes.make(.not(negated), .bool, at: filter.range) }
        negations.tree = negationNodes
        negations.filter = negated
        var additions = base
        var additionNodes = base.tree
        var sum = age
        for _ in 0..<depth {
            let one = additionNodes.make(.constant(.int(1)), .int, at: filter.range)
            sum = additionNodes.make(.arithmetic(.add, sum, one), .int, at: filter.range)
        }
        let threshold = additionNodes.make(.constant(.int(Int64(depth + 20))), .int, at: filter.range)
        additions.filter = additionNodes.make(.comparison(.greater, sum, threshold), .bool, at: filter.range)
        additions.tree = additionNodes
        return (negations, additions)
    }

    /// Runs `work` on a new thread with a 512 KiB stack (the default of secondary threads on Apple platforms).
    static func onSmallStack<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.set(Result { try work() })
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        return try result.get()!.get()
    }

    @Test func aThousandDeepTreeEvaluatesOnASmallStackThread() throws {
        let dataset = try SmallWorld.dataset()
        let (negations, additions) = try Self.deepQueries(schema: dataset.schema)
        let ids = try Self.onSmallStack {
            (
                try Evaluator().evaluate(negations, in: dataset).map { $0.identity.integer! },
                try Evaluator().evaluate(additions, in: dataset).map { $0.identity.integer! }
            )
        }
        #expect(ids.0 == [1, 2, 3])  // an even number of negations
        #expect(ids.1 == [1, 3])  // age + 1000 > 1020
    }

    @Test(arguments: [TypedTreeDepth.inlineLimit, 3 * TypedTreeDepth.inlineLimit])
    func recursionDepthOnASmallStack(depth: Int) throws {
        // Below the inline limit the evaluator recurses on the caller's stack. Measured here with
        // the evaluator's recursion alone (no large-stack thread): a tree of `depth` levels that
        // alternate optional chaining, arithmetic and closures over a relationship.
        let dataset = try SmallWorld.dataset()
        let base = try Evaluator.compile(#"#Predicate<Person> { $0.pets.contains { $0.weight == nil } }"#, schema: dataset.schema)
        guard let filter = base.filter, case .any(let pets, let variable, let predicate) = base[filter] else {
            throw EvaluationError.malformedTree("setup")
        }
        var nodes = base.tree
        var node = predicate
        for level in 0..<(depth / 2) {
            if level % 2 == 0 {
                let inner = nodes.make(.not(node), .bool, at: node.range)
                node = nodes.make(.not(inner), .bool, at: node.range)
            } else {
                let constant = nodes.make(.constant(.bool(false)), .bool, at: node.range)
                node = nodes.make(.logical([constant, node], .or), .bool, at: node.range)
            }
        }
        let deep = nodes.make(.any(sequence: pets, variable: variable, predicate: node), .bool, at: filter.range)
        let tree = nodes
        let ids = try Self.onSmallStack {
            let evaluator = ExpressionEvaluator(dataset: dataset, tree: tree, parameters: [:], variableCount: base.variables.count)
            return try dataset.objects(of: "Person").filter { object in
                evaluator.bind(base.root, .object(object))
                return try evaluator.truth(deep)
            }.map { $0.identity.integer! }
        }
        #expect(ids == [1])
    }

    @Test func deepQueryTextEvaluates() throws {
        let sum = Array(repeating: "1", count: 300).joined(separator: " + ")
        #expect(try SmallWorld.ids("#Predicate<Person> { $0.age + \(sum) > 320 }") == [1, 3])
    }
}

/// A value guarded by a lock, for results handed between threads.
final class Mutex<T: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: T

    init(_ value: T) { self.value = value }
    func get() -> T { lock.withLock { value } }
    func set(_ newValue: T) { lock.withLock { value = newValue } }
}
