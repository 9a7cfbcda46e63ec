import Foundation
import Sift
import SiftTestSupport
import Testing

/// The typed tree as one array per checked query: each query reserves room for its own nodes,
/// nodes added through a query stay its own, and a compiled query finds each binding's parameter
/// whether or not its bindings are its parameters in order.
@Suite struct TypedTreeTests {
    /// A script's queries share one syntax tree; each checked query keeps room for its own nodes
    /// only (room for the whole script's in each would stay allocated with every query).
    @Test func aScriptsCheckedQueriesReserveRoomForTheirOwnNodes() throws {
        let schema = try Fixtures.exampleModels.get()
        let text = (0..<300).map { "#Predicate<User> { $0.age > \($0) && $0.name.contains(\"k\") }" }.joined(separator: "\n")
        let file = SourceFile(name: "script.sift", text: text)
        let parsed = Parser.parseScript(file)
        #expect(parsed.value.count == 300)
        for query in parsed.value {
            let checked = try #require(TypeChecker.check(query, schema: schema, source: file).query)
            #expect(checked.tree.count == 9)  // two variables, attributes, constants and tests, and the `&&`
            #expect(checked.tree.kinds.capacity <= 64, "room for \(checked.tree.kinds.capacity) nodes")
        }
    }

    /// Nodes made in a copy of a query's tree and set back are the query's (readable through it),
    /// and a copy of the query made before keeps its own tree.
    @Test func nodesMadeThroughAQueryAreItsOwn() throws {
        let schema = try Fixtures.exampleModels.get()
        let original = try #require(Compiler(schema: schema).check("#Predicate<User> { $0.age > 20 }").checked)
        let filter = try #require(original.filter)
        var negated = original
        var tree = negated.tree
        var top = filter
        for _ in 0..<1_000 { top = tree.make(.not(top), .bool, at: filter.range) }
        negated.tree = tree
        negated.filter = top
        #expect(negated.tree.count == original.tree.count + 1_000)
        #expect(original.tree.count == 4 && original.filter == filter)
        #expect(top.height == filter.height + 1_000)
        guard case .not(let inner) = negated[top], case .not = negated[inner] else {
            Issue.record("expected two negations at the top")
            return
        }
        #expect(TypedTreePrinter.print(original) == TypedTreePrinter.print(try #require(Compiler(schema: schema).check("#Predicate<User> { $0.age > 20 }").checked)))
    }

    /// Which parameter each binding binds, and the values bound: in order (no list kept), after a
    /// constant, and a parameter used twice (one placeholder).
    @Test(arguments: [
        ("#Predicate<User> { $0.birth >= startDate && $0.birth < endDate }", [0, 1]),
        ("FetchDescriptor<User>(predicate: #Predicate { $0.identifier == userID })", [0]),
        ("#Predicate<User> { $0.age > 3 && $0.nickname == who }", [-1, 0]),
        ("#Predicate<User> { $0.nickname == who || $0.age == 7 || $0.nickname == who }", [0, -1]),
        ("#Predicate<User> { $0.age == 7 }", []),
    ])
    func bindingParameters(text: String, expected: [Int]) throws {
        let schema = try Fixtures.exampleModels.get()
        let checked = try #require(Compiler(schema: schema).check(text).checked)
        let compiled = SQLLowering.lower(checked, schema: schema)
        #expect(compiled.bindingParameters == expected)
        var values: [String: ParameterValue] = [:]
        for parameter in compiled.parameters {
            values[parameter.name] =
                switch parameter.type.unwrapped {
                case .date: .date(Date(timeIntervalSinceReferenceDate: 86_400))
                case .uuid: .uuid(UUID(uuidString: "067FD22F-4B8D-4B03-AFB2-77B754ED04A8")!)
                default: .string("kim")
                }
        }
        let bound = try compiled.bindings(for: values, schema: schema)
        #expect(bound.count == compiled.bindings.count)
        for (offset, slot) in compiled.bindings.enumerated() {
            guard case .parameter(let name, _) = slot else { continue }
            #expect(expected[offset] >= 0 && compiled.parameters[expected[offset]].name == name)
            #expect(bound[offset] != .null, "\(name) bound at ?\(offset + 1)")
        }
    }
}
