import Sift
@testable import SiftChecker
import SiftTestSupport
import Testing

/// `exceeds(limit, tree)` — what decides whether a phase recurses on a large stack — answers
/// exactly `of(tree) > limit`, for syntax trees and typed trees, at every limit around each tree's
/// height; and the height a typed node measured when it was made is the height a walk finds.
@Suite struct TreeDepthBoundTests {
    static let schema = Schema(
        models: [
            Model(
                name: "Person", tableName: "people", primaryKey: ["id"],
                members: [
                    .attribute(Attribute(name: "id", type: .integer(.int), storage: .integer, isPrimaryKey: true)),
                    .attribute(Attribute(name: "age", type: .integer(.int), storage: .integer)),
                    .attribute(Attribute(name: "score", type: .double, storage: .real)),
                    .attribute(Attribute(name: "name", type: .string, isOptional: true, storage: .text)),
                ], style: .model)
        ])

    /// Nested groups, negations, calls and closures of increasing height, each with a height its
    /// syntax tree must reach at least (the nesting written into it).
    static let sources: [(String, Int)] = [
        ("#Predicate<Person> { $0.age > 1 }", 3),
        ("#Predicate<Person> { !(!($0.age > 1)) && $0.name?.contains(\"a\") == true }", 7),
        ("#Predicate<Person> { (((((($0.age + 1) * 2) - 3) > 4))) || $0.name == nil }", 11),
        ("#Predicate<Person> { " + String(repeating: "!(", count: 40) + "$0.age > 1" + String(repeating: ")", count: 40) + " }", 82),
        ("#Predicate<Person> { $0.age > 1 + " + (0..<35).map(String.init).joined(separator: " + ") + " }", 37),
        // The tallest part of the syntax tree in an `if` branch, and in a ternary's branch
        // (parentheses leave no node in the typed tree).
        ("#Predicate<Person> { if let name = $0.name { ((((((name.count > 1)))))) } else { false } }", 10),
        ("#Predicate<Person> { $0.age > 2 ? ((((($0.age < 9))))) : false }", 9),
        // The tallest part in a query whose count is a selected column.
        ("Person where age > 1 select n: count(Person where " + String(repeating: "!(", count: 40) + "age > 1" + String(repeating: ")", count: 40) + ")", 82),
    ]

    @Test(arguments: sources)
    func boundedWalksAgreeWithTheHeight(text: String, minimumHeight: Int) throws {
        let source = SourceFile(name: "depth", text: text)
        let compilation = Compiler(schema: Self.schema).check(source)
        let query = try #require(compilation.syntax, "\(compilation.diagnostics)")
        let checkedQuery = try #require(compilation.checked, "\(compilation.diagnostics)")
        let checked = try #require(checkedQuery.filter)
        let height = SyntaxDepth.of(query)
        let typedHeight = TypedTreeDepth.of(checked)
        #expect(height >= minimumHeight, "height \(height)")
        #expect(typedHeight == Self.walkedHeight(checked, in: checkedQuery.tree))
        // The checker takes the parser's measure instead of walking: it must be the same.
        #expect(Parser.parseQuery(source).tallestExpression == height)
        #expect(typedHeight > 1)
        for limit in 0...(max(height, typedHeight) + 2) {
            #expect(SyntaxDepth.exceeds(limit, query) == (height > limit), "syntax, limit \(limit), height \(height)")
            #expect(TypedTreeDepth.exceeds(limit, checked) == (typedHeight > limit), "typed, limit \(limit), height \(typedHeight)")
        }
    }

    /// The parser measures the height of what it builds (the checker uses that instead of walking
    /// the tree): for every example query, the measure is never below the walk's answer, and is
    /// that answer whenever the query has an expression (a sort-only query's key paths are leaves
    /// the parser built but the walk does not visit).
    @Test func theParsersMeasureIsTheHeightOfEveryExampleQuery() throws {
        var count = 0
        for script in ["people.sift", "reminders.sift"] {
            let file = SourceFile(name: script, text: try Fixtures.readExample(script))
            for query in Parser.parseScript(file).value {
                let source = SourceFile(name: script, text: file.text(in: query.range))
                let parsed = Parser.parseQuery(source)
                let single = try #require(parsed.value)
                let measure = try #require(parsed.tallestExpression)
                let walked = SyntaxDepth.of(single)
                #expect(measure >= walked, "\(source.text)")
                #expect(measure == walked || walked == 0, "\(source.text)")
                count += 1
            }
        }
        #expect(count >= 40)
        // Nothing parsed: no tree.
        #expect(Parser.parseQuery(SourceFile(name: "empty", text: "")).tallestExpression == 0)
    }

    /// Every typed node of every example query (and of the deep sources above) carries the height
    /// a recursive walk finds for it.
    @Test func everyTypedNodeKnowsItsHeight() throws {
        var nodes = 0
        var tallest = 0
        var pending = try Self.exampleRoots()
        while let (expr, tree) = pending.popLast() {
            let walked = Self.walkedHeight(expr, in: tree)
            #expect(Int(expr.height) == walked, "\(tree[expr])")
            tallest = max(tallest, walked)
            nodes += 1
            pending += TypedTreeDepth.children(tree[expr]).map { ($0, tree) }
        }
        #expect(nodes > 500 && tallest > 40, "\(nodes) nodes, tallest \(tallest)")
    }

    /// The typed roots of every example query, of the deep sources above and of the tall children below.
    static func exampleRoots() throws -> [(TypedExpr, TypedTree)] {
        let schema = try Fixtures.schema(named: "models")
        var roots: [(TypedExpr, TypedTree)] = []
        for script in ["people.sift", "reminders.sift"] {
            let file = SourceFile(name: script, text: try Fixtures.readExample(script))
            for query in Parser.parseScript(file).value {
                let checked = Compiler(schema: schema).check(SourceFile(name: script, text: file.text(in: query.range))).checked
                guard let checked else { continue }
                roots += [checked.filter, checked.limit, checked.offset].compactMap { $0.map { ($0, checked.tree) } }
            }
        }
        for (text, _) in Self.sources {
            if let checked = Compiler(schema: Self.schema).check(text).checked, let filter = checked.filter {
                roots.append((filter, checked.tree))
            }
        }
        for text in Self.tallChildren {
            let compilation = Compiler(schema: schema).check(text)
            let checked = try #require(compilation.checked, "\(text): \(compilation.diagnostics)")
            roots.append((try #require(checked.filter), checked.tree))
        }
        return roots
    }

    /// Queries (of the example models) whose tallest typed subtree is, in turn, each child of a node
    /// that has several: negations are what make a typed subtree tall.
    static let tallChildren = [
        "#Predicate<User> { (!(!(!($0.age > 1))) ? $0.nickname : nil)?.count == 3 }",  // an optional chain's source
        "#Predicate<User> { $0.nickname.flatMap { n in !(!(!(n.isEmpty))) } ?? false }",  // an optional map's body
        "#Predicate<User> { if let n = (!(!(!($0.age > 1))) ? $0.nickname : nil) { n.isEmpty } else { false } }",  // if-let source
        "#Predicate<User> { if let n = $0.nickname { n.isEmpty } else { !(!(!($0.age > 1))) } }",  // else branch
        "#Predicate<User> { $0.age > 2 ? !(!(!($0.age < 9))) : false }",  // a ternary's first branch
        "#Predicate<User> { $0.age > 2 ? false : !(!(!($0.age < 9))) }",  // its second branch
        "#Predicate<User> { $0.interests.filter { !(!(!($0.title == \"a\"))) }.contains { $0.title == \"b\" } }",  // a sequence
        "#Predicate<User> { $0.interests.filter { !(!(!($0.title == \"a\"))) }.allSatisfy { $0.title == \"b\" } }",
        "#Predicate<User> { $0.interests.filter { !(!(!($0.title == \"a\"))) }.filter { $0.title == \"b\" }.count > 0 }",
        "#Predicate<User> { $0.age > 1 && !(!(!($0.age < 9))) }",  // a later operand
        "#Predicate<User> { ($0.nickname ?? (!(!($0.age > 1)) ? \"a\" : \"b\")) == \"a\" }",  // a fallback
        "#Predicate<User> { $0.age == (!(!($0.age > 1)) ? 1 : 2) + 1 }",  // the right side of arithmetic and comparison
    ]

    /// The height by recursion over the children, independent of the stored measure.
    static func walkedHeight(_ expr: TypedExpr, in tree: TypedTree) -> Int {
        1 + TypedTreeDepth.children(tree[expr]).map { walkedHeight($0, in: tree) }.reduce(0, max)
    }
}
