import Foundation
import Sift
import SiftSQLite
import Testing

/// The harness itself can fail: a planted disagreement is found and shrunk, leaks are seen,
/// and the generator is reproducible.
@Suite("Differential harness self-checks")
struct HarnessSelfTests {
    /// Different parameter values on the two sides stand in for a lowering bug.
    @Test func aPlantedDisagreementIsFoundAndShrunk() throws {
        let runner = try DifferentialRunner(world: try ExampleWorld.shared())
        let sabotaged = ParameterSet(sql: ["minimumAge": .int(20)], evaluator: ["minimumAge": .int(30)])
        let age = GenNode.make(.bool, "{0} > {1}", [.leaf("$0.age", .int), .parameter("minimumAge", .int)], level: 0)
        let name = GenNode.make(.bool, "{0} == {1}", [.leaf("$0.name", .string), .string("x")], level: 0)
        let either = PredicateGenerator(seed: 0).logicalNode(" || ", [age, name])
        let filter = PredicateGenerator(seed: 0).logicalNode(" && ", [.leaf("$0.isActive", .bool), either])
        let query = GeneratedQuery(
            model: "User", form: .fetchDescriptor, rootName: "$0", filter: filter,
            sort: [.init(path: "name", reverse: true, localizedStandard: false)], limit: 40, offset: 1)
        let text = query.render()
        #expect(text == #"FetchDescriptor<User>(predicate: #Predicate { $0.isActive && (($0.age > minimumAge) || ($0.name == "x")) }, sortBy: [SortDescriptor(\.name, order: .reverse)], fetchLimit: 40, fetchOffset: 1)"#)
        guard case .disagree(let disagreement) = runner.check(text, parameters: sabotaged, useFacts: false, ordered: true) else {
            Issue.record("the planted disagreement was not found")
            return
        }
        #expect(disagreement.report().contains("only SQLite: ["))
        let shrinker = Shrinker(stillFails: { candidate in
            if case .disagree = runner.check(candidate.render(), parameters: sabotaged, useFacts: false, ordered: candidate.isOrdered) { return true }
            return false
        })
        let (shrunk, _) = shrinker.shrink(query)
        #expect(shrunk.render() == "#Predicate<User> { $0.age > minimumAge }")
    }

    @Test func theGeneratorIsReproducible() {
        var first = PredicateGenerator(seed: 42)
        var second = PredicateGenerator(seed: 42)
        #expect(first.query().render() == second.query().render())
        let texts = Set((1...50).map { seed -> String in
            var generator = PredicateGenerator(seed: UInt64(seed))
            return generator.query().render()
        })
        #expect(texts.count > 45)
    }

    @Test func leaksAreSeen() {
        #expect(InjectionPropertyTests.leaks("x'); DROP TABLE users; --", in: "SELECT 1 WHERE a = 'x'); DROP TABLE users; --'", baseline: "SELECT 1 WHERE a = ?1")
            .contains("x'); DROP TABLE users; --"))
        #expect(InjectionPropertyTests.leaks("\"users\"", in: #"SELECT "users"."id" FROM "users""#, baseline: #"SELECT "users"."id" FROM "users""#).isEmpty)
        #expect(!InjectionPropertyTests.isBound("kim", in: [.text("kimchi")]))
        #expect(InjectionPropertyTests.isBound("Jose\u{301}", in: [.text("Jos\u{E9}")]))
    }
}
