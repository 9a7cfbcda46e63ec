import Foundation
import Sift
import SiftSQLite
import Testing

/// Hostile strings given to a format string — as `%@` arguments, as quoted literals inside the
/// format, as `%K` arguments — never reach the SQL text: values are bound with their bytes as
/// given, and `%K` names only a key path of the schema (anything else is a compile error).
@Suite("Injection: format strings bind every argument")
struct FormatInjectionTests {
    static var hostile: [String] {
        InjectionPropertyTests.fixed.filter { $0.utf8.count < 2_000 } + InjectionPropertyTests.generated(seed: 77, count: 200)
    }

    /// A quoted literal of the format language holding `value`.
    static func formatLiteral(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    @Test func valuesAreBoundWithTheirBytes() throws {
        let database = try ExampleWorld.shared().open()
        let harmless = try database.compile(#"User "name == %@ OR nickname CONTAINS[cd] 'x'", "kim""#).sql
        for value in Self.hostile {
            let literal = FormatStringGenerator.swiftLiteral(value)
            for text in [
                "User \"name == %@ OR nickname CONTAINS[cd] 'x'\", \(literal)",
                "User " + FormatStringGenerator.swiftLiteral("name == \(Self.formatLiteral(value)) OR nickname CONTAINS[cd] 'x'"),
            ] {
                let compiled: CompiledQuery
                do {
                    compiled = try database.compile(text)
                } catch {
                    Issue.record("\(text.debugDescription) does not compile: \(error)")
                    continue
                }
                #expect(compiled.sql == harmless, "the SQL of \(text.debugDescription) differs from the template's")
                let bindings = try compiled.bindings(for: [:], schema: database.schema)
                // By bytes: `String`'s `==` would take an NFC form for the value.
                let bound = bindings.contains { if case .text(let text) = $0 { Array(text.utf8) == Array(value.utf8) } else { false } }
                #expect(bound, "\(value.debugDescription) is not bound as given: \(bindings)")
                _ = try database.fetch(compiled, parameters: [:])
            }
        }
    }

    @Test func keyArgumentsNameOnlyKeyPathsOfTheSchema() throws {
        let database = try ExampleWorld.shared().open()
        for value in Self.hostile {
            let text = "User \"%K == 'x'\", \(FormatStringGenerator.swiftLiteral(value))"
            #expect(throws: (any Error).self, "\(text.debugDescription) compiled: %K must name a key of the schema") {
                try database.compile(text)
            }
        }
        // A key path of the schema is written as quoted identifiers.
        let compiled = try database.compile(#"User "%K == 'x'", "company.name""#)
        #expect(compiled.sql.contains(#""company"."name" = ?1"#))
    }
}
