import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The injection property on PostgreSQL: hostile strings, as literals in the query text and as
/// parameter values, never reach PostgreSQL's SQL text (a fragment longer than two characters that
/// the same template with a harmless literal does not also have); each is bound, and PostgreSQL
/// selects what the evaluator selects; nothing changes the database. PostgreSQL's text cannot hold
/// U+0000: a value with one is refused by the server with an error, never compared otherwise.
@Suite("Injection on PostgreSQL", .enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgreSQLInjectionTests {
    @Test func hostileStringsAreOnlyEverBound() throws {
        let world = try ExampleWorld.shared()
        let runner = try DifferentialRunner(world: world)
        let postgres = try PlainPostgresConnection(uri: try PostgreSQLExampleDatabase.shared().uri())
        let evaluator = Evaluator(tieBreak: .identity)
        let hostileStrings = InjectionPropertyTests.fixed.filter { $0.count < 1_000 } + InjectionPropertyTests.generated(seed: 35, count: 40)
        var problems: [String] = []
        var checked = 0
        var refused = 0
        func lowered(_ text: String) throws -> CompiledQuery {
            let compiled = try runner.database.compile(text, parameterTypes: ParameterSet.types)
            return SQLLowering.lower(
                compiled.query, schema: world.schema, dialect: PostgreSQLDialect(), options: SQLLowering.Options(breakTiesByPrimaryKey: true))
        }
        func agree(_ query: CompiledQuery, _ parameters: [String: ParameterValue], _ values: [String: Value], hostile: String) throws -> Bool {
            let expected = try evaluator.run(query.query, in: world.dataset, parameters: values).selected.map { $0.identity.integer ?? -1 }
            do {
                let bindings = try query.bindings(for: parameters, schema: world.schema).map { try PostgreSQLExampleDatabase.text($0) }
                let found = try postgres.rows(query.sql, parameters: bindings).map { Int64(($0.first ?? nil) ?? "") ?? -1 }
                return found.sorted() == expected.sorted()
            } catch {
                // Only a NUL, which PostgreSQL's text cannot hold, may be refused.
                guard hostile.unicodeScalars.contains("\0") else { throw error }
                refused += 1
                return true
            }
        }
        for template in InjectionPropertyTests.templates {
            let baseline = try ["\"b\"", "\"é\""].map { try lowered(template.replacingOccurrences(of: "HOSTILE", with: $0)).sql }.joined(separator: "\n")
            for (index, hostile) in hostileStrings.enumerated() {
                let literalText = template.replacingOccurrences(of: "HOSTILE", with: InjectionPropertyTests.literal(hostile, style: index % 3))
                let literal = try lowered(literalText)
                let leaked = InjectionPropertyTests.leaks(hostile, in: literal.sql, baseline: baseline)
                if !leaked.isEmpty { problems.append("\(literalText): the SQL contains \(leaked)") }
                if !InjectionPropertyTests.isBound(hostile, in: try literal.bindings(for: [:], schema: world.schema)) {
                    problems.append("\(literalText): the value is not bound")
                }
                if try !agree(literal, [:], [:], hostile: hostile) { problems.append("\(literalText): rows differ from the evaluator's") }
                let parameterText = template.replacingOccurrences(of: "HOSTILE", with: "searchString")
                let parameterized = try lowered(parameterText)
                if try !agree(parameterized, ["searchString": .string(hostile)], ["searchString": .string(hostile)], hostile: hostile) {
                    problems.append("\(parameterText) with \(hostile.debugDescription): rows differ from the evaluator's")
                }
                checked += 2
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        #expect(checked > 1_000)
        #expect(refused > 0)
        let users = try postgres.rows("SELECT count(*) FROM \"users\"")
        #expect(users == [[String(ExampleWorld.userCount)]])
        let tables = try postgres.rows("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        #expect(tables == [[String(PostgreSQLExample.tables.count)]])
    }
}
