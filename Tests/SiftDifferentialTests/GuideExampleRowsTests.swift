import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The examples of Apple's Predicate Programming Guide (their golden files show the typed tree
/// and SQL), run on the example database: the rows Sift's SQL selects must be those the in-memory
/// evaluator selects (Core Data's meaning) and those a hand-written SQL query selects on SQLite
/// (plain SQLite where SQLite's operators say it — `GLOB` for a case-sensitive `LIKE` of `*` and
/// `?` — and Sift's `sift_ns_like` called by hand for `[cd]`). Each example selects some rows and
/// not all, so that a wrong answer cannot hide in an empty or full result. (The `SUBQUERY` example
/// counts `== 1` where the guide writes `!= 0`: on this data a `BEGINSWITH` that also found the
/// prefix inside a name, "Grace King", changes a count but no `!= 0`.)
@Suite struct GuideExampleRowsTests {
    struct Example: CustomStringConvertible, Sendable {
        var query: String
        var handSQL: String
        var bindings: [SQLValue] = []
        /// The hand-written SQL needs Sift's functions (on a connection that registered them).
        var needsSift = false
        var description: String { query }
    }

    static let examples: [Example] = [
        Example(
            query: #"NSPredicate(format: "(name like %@) AND (nickname like %@)", "K*", "?im")"#,
            handSQL: "SELECT id FROM users WHERE name GLOB ?1 AND nickname GLOB ?2", bindings: [.text("K*"), .text("?im")]),
        Example(
            query: #"Company "ANY users.name like 'Kim*'""#,
            handSQL: "SELECT c.id FROM companies c WHERE EXISTS (SELECT 1 FROM users u WHERE u.companyID = c.id AND u.name GLOB 'Kim*')"),
        Example(query: #"User "age BETWEEN { 18, 30 }""#, handSQL: "SELECT id FROM users WHERE age BETWEEN 18 AND 30"),
        Example(
            query: #"Company "users.@count > 3""#,
            handSQL: "SELECT c.id FROM companies c WHERE (SELECT count(*) FROM users u WHERE u.companyID = c.id) > 3"),
        Example(query: #"NSPredicate(format: "nickname == 'Doc'")"#, handSQL: "SELECT id FROM users WHERE nickname = 'Doc'"),
        Example(
            query: #"NSPredicate(format: "%K like %@", "nickname", "Ki*")"#, handSQL: "SELECT id FROM users WHERE nickname GLOB ?1",
            bindings: [.text("Ki*")]),
        Example(
            query: #"User "name LIKE[cd] %@", "jos*""#, handSQL: "SELECT id FROM users WHERE sift_ns_like(name, ?1, 3)", bindings: [.text("jos*")],
            needsSift: true),
        Example(
            query: #"Company "SUBQUERY(users, $u, $u.name BEGINSWITH 'K' && $u.age > 20).@count == 1""#,
            handSQL: "SELECT c.id FROM companies c WHERE (SELECT count(*) FROM users u WHERE u.companyID = c.id AND substr(CAST(u.name AS BLOB), 1, 1) = CAST('K' AS BLOB) AND u.age > 20) = 1"),
    ]

    @Test(arguments: examples)
    func guideExampleRows(_ example: Example) throws {
        let world = try ExampleWorld.shared()
        let runner = try DifferentialRunner(world: world)
        let verdict = runner.check(example.query, parameters: ParameterSet(sql: [:], evaluator: [:]), useFacts: false, ordered: false)
        switch verdict {
        case .agree: break
        case .compileError(let message): Issue.record("\(example.query) does not compile: \(message)")
        case .disagree(let disagreement): Issue.record("SQLite and the evaluator disagree:\n\(disagreement.report())")
        }
        let compiled = try runner.database.compile(example.query, parameterTypes: ParameterSet.types)
        let sift = Set(try runner.database.fetch(compiled).compactMap { row -> Int64? in
            if case .int(let id)? = row["id"] { return id }
            return nil
        })
        let handRows: [[SQLValue]]
        if example.needsSift {
            let connection = try Connection(path: world.path)
            try connection.registerSiftFunctions()
            handRows = try connection.prepare(example.handSQL).rows(bindings: example.bindings)
        } else {
            handRows = try PlainSQLiteConnection(path: world.path).rows(example.handSQL, bindings: example.bindings)
        }
        let hand = Set(handRows.compactMap { row -> Int64? in
            if case .integer(let id) = row[0] { return id }
            return nil
        })
        #expect(sift == hand, "\(example.query)\nSift's SQL:\n\(compiled.sql)\nonly Sift: \(sift.subtracting(hand).sorted()); only hand-written: \(hand.subtracting(sift).sorted())")
        #expect(!sift.isEmpty, "\(example.query) selects nothing on the example database: a weak example")
        let all = try PlainSQLiteConnection(path: world.path).rows("SELECT count(*) FROM \(example.handSQL.contains("FROM companies") ? "companies" : "users")")
        if case .integer(let count) = all[0][0] { #expect(sift.count < count, "\(example.query) selects every row: a weak example") }
    }
}
