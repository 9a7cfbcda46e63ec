import Sift
import SiftTestSupport
import Testing

/// The Swift that a foreign-spelling diagnostic offers (its fix-it, or its "in Sift:" note) is a
/// query Sift reads and checks without errors: the remedy works when followed.
@Suite struct ForeignSpellingTests {
    static let withFixIts = [
        "User where age > 20 AND name CONTAINS[cd] \"kim\"",
        "User where ANY interests.title == \"Chess\"",
        "User where NONE interests.title CONTAINS \"ss\"",
        "User where ALL interests.title BEGINSWITH \"C\"",
        "#Predicate<User> { $0.age > 3 AND NOT $0.name BEGINSWITH \"k\" }",
        "User where name IN {\"Kim\", \"Lee\"} sort by age",
        "User where age BETWEEN {18, 30} OR name ENDSWITH \"m\"",
        "User where name.contains(/Kim/)",
        "User wher age > 20",
        "User where age > 20 sortby name",
    ]

    @Test(arguments: withFixIts)
    func theFixItGivesACheckedQuery(_ query: String) throws {
        let schema = try Fixtures.exampleModels.get()
        let diagnostics = Compiler(schema: schema).check(query).diagnostics.filter { $0.severity == .error }
        let fixIt = try #require(diagnostics.first?.fixIts.first, "no fix-it for \(query)")
        #expect(diagnostics.count == 1, "\(diagnostics)")
        let bytes = Array(query.utf8)
        let fixed =
            String(decoding: bytes[..<fixIt.range.start], as: UTF8.self) + fixIt.replacement
            + String(decoding: bytes[fixIt.range.end...], as: UTF8.self)
        let again = Compiler(schema: schema).check(fixed)
        #expect(again.diagnostics.filter { $0.severity == .error }.isEmpty, "\(fixed): \(again.diagnostics)")
    }

    /// StructuredQueries' chains are read, not recognized as a foreign spelling.
    @Test(arguments: [
        "Reminder.where { $0.isCompleted }.order(by: \\.title)", "Reminder.order { $0.title.desc() }",
        "Reminder.where { !$0.isCompleted }",
    ])
    func structuredQueriesChainsAreRead(_ query: String) throws {
        let schema = try Fixtures.exampleModels.get()
        let compilation = Compiler(schema: schema).check(query)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics)")
        #expect(compilation.checked?.form == .structuredQueries)
    }

    /// Queries that parse are never touched, even with words the recognizers look for.
    @Test func validQueriesAreNotRecognizedAsForeign() throws {
        let schema = try Fixtures.exampleModels.get()
        for query in ["User where name == \"AND\"", "#Predicate<User> { user in user.age > 1 }", "User where age / 2 > 3 / 1"] {
            #expect(Compiler(schema: schema).check(query).diagnostics.isEmpty, "\(query)")
        }
    }
}
