import Foundation
import Testing

@testable import SiftSyntax

/// `#Predicate<Model> { ... }` has a shortcut in the parser: it must read exactly what the general
/// macro expansion reads — the same query, tree, ranges and diagnostics — and leave every other
/// shape to it.
@Suite struct PlainPredicateTests {
    static let shapes = [
        "#Predicate<User> { $0.age > 20 }",
        "#Predicate<User>{$0.age>20}",
        "#Predicate<User>\n{ true }",
        "#Predicate<User> /* c */ { user in user.name.contains(\"kim\") }",
        "#Predicate<`User`> { $0.age > 20 }",
        "#Predicate<User> { (user: User) in user.age > 20 }",
        "#Predicate<User> { $0.company?.name == \"Acme\" && $0.interests.contains { $0.title == \"x\" } }",
        "#Predicate<User> { }",
        "#Predicate<User> { $0.age > }",
        "#Predicate<User> { $0.age > 20 } extra",
        "#Predicate<User> { $0.age > 20",
        "#Predicate<User> { $0.age > 20 };",
        "#Predicate<User, Company> { true }",
        "#Predicate<User?> { true }",
        "#Predicate<Module.User> { true }",
        "#Predicate<some> { true }",
        "#Predicate<User>({ $0.age > 20 })",
        "#Predicate <User> { true }",
        "# Predicate<User> { true }",
        "#Predicates<User> { true }",
        "#Predicate<User>",
        "#Predicate<User> 5",
    ]

    @Test(arguments: shapes)
    func theShortcutReadsWhatTheGeneralPathReads(text: String) {
        let source = SourceFile(name: "q", text: text)
        let shortcut = Parser.parseQuery(source, readingPlainPredicates: true)
        let general = Parser.parseQuery(source, readingPlainPredicates: false)
        #expect(shortcut.value == general.value)
        #expect(shortcut.diagnostics == general.diagnostics)
        #expect(shortcut.tallestExpression == general.tallestExpression)
        #expect(shortcut.value.map { TreePrinter.print($0) } == general.value.map { TreePrinter.print($0) })
    }

    @Test func theExampleScriptsReadAlikeBothWays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var compared = 0
        for file in ["people.sift", "reminders.sift"] {
            let text = try String(contentsOf: root.appendingPathComponent("Examples/\(file)"), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("#Predicate") {
                let source = SourceFile(name: file, text: String(line))
                let shortcut = Parser.parseQuery(source, readingPlainPredicates: true)
                let general = Parser.parseQuery(source, readingPlainPredicates: false)
                #expect(shortcut.value == general.value, "\(line)")
                #expect(shortcut.diagnostics == general.diagnostics, "\(line)")
                compared += 1
            }
        }
        #expect(compared >= 10)
    }
}
