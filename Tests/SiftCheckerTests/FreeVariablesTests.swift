import Sift
@testable import SiftChecker
import SiftTestSupport
import Testing

/// `FreeVariables.readsOnly(_:in:)` — the one-walk test the lowering uses to tell an uncorrelated
/// closure — answers as the set of free variables does, for every subexpression of every example
/// query and every variable of the query.
@Suite struct FreeVariablesTests {
    @Test func readsOnlyAgreesWithTheFreeVariables() throws {
        let schema = try Fixtures.schema(named: "models")
        var checks = 0
        var correlated = 0
        for script in ["people.sift", "reminders.sift"] {
            let file = SourceFile(name: script, text: try Fixtures.readExample(script))
            for query in Parser.parseScript(file).value {
                let source = SourceFile(name: script, text: file.text(in: query.range))
                guard let checked = Compiler(schema: schema).check(source).checked, let filter = checked.filter else { continue }
                var expressions = [filter]
                while let expr = expressions.popLast() {
                    expressions += TypedTreeDepth.children(checked[expr])
                    let free = FreeVariables.of(expr, in: checked.tree)
                    for variable in checked.variables.map(\.id) {
                        let expected = free.isSubset(of: [variable])
                        #expect(FreeVariables.readsOnly(variable, in: expr, of: checked.tree) == expected, "\(source.text), v\(variable.index)")
                        checks += 1
                        if !expected { correlated += 1 }
                    }
                }
            }
        }
        // Both answers occur many times.
        #expect(checks > 500 && correlated > 100, "\(checks) checks, \(correlated) false")
    }
}
