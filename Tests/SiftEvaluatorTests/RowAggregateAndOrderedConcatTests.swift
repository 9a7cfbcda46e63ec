import Foundation
import Sift
import SiftSQLite
import Testing

/// Per-row aggregates of a relationship (`users.map(\.age).max()`), `groupConcat(…, sortedBy:)`,
/// `jsonGroupArray` of Doubles and Dates, and joins whose condition reads a to-one path: the rows
/// Sift's SQL gives on the example database are those of hand-written SQL and those the in-memory
/// evaluator computes with Swift's meaning.
@Suite struct RowAggregateAndOrderedConcatTests {
    typealias Case = SelectionAgreementTests.Case

    static let cases: [Case] = [
        Case(
            query: "Company select name, oldest: users.map(\\.age).max(), youngest: users.map { $0.age }.min(), total: users.map(\\.age).sum(), mean: users.map(\\.score).average()",
            handWritten: """
                SELECT name, (SELECT max(age) FROM users u WHERE u.companyID = c.id), (SELECT min(age) FROM users u WHERE u.companyID = c.id),
                (SELECT coalesce(sum(age), 0) FROM users u WHERE u.companyID = c.id), (SELECT avg(score) FROM users u WHERE u.companyID = c.id)
                FROM companies c
                """,
            ordered: false),
        Case(
            query: "Company where (users.map(\\.age).max() ?? 0) > 90 select name",
            handWritten: "SELECT name FROM companies c WHERE coalesce((SELECT max(age) FROM users u WHERE u.companyID = c.id), 0) > 90",
            ordered: false),
        Case(
            query: "Company select name, s: users.map(\\.age).sum(), d: users.map(\\.score).sum() sort by users.map(\\.age).sum() desc, name",
            handWritten: """
                SELECT name, (SELECT coalesce(sum(age), 0) FROM users u WHERE u.companyID = c.id) AS s,
                (SELECT total(score) FROM users u WHERE u.companyID = c.id) FROM companies c ORDER BY s DESC, sift_nfc(name)
                """,
            ordered: true),
        Case(
            query: "Interest select title, oldestActive: users.filter { $0.isActive }.map(\\.age).max(), births: users.map(\\.birth).min()",
            handWritten: """
                SELECT title, (SELECT max(u.age) FROM userInterests ui JOIN users u ON u.id = ui.userID WHERE ui.interestID = i.id AND u.isActive),
                (SELECT min(u.birth) FROM userInterests ui JOIN users u ON u.id = ui.userID WHERE ui.interestID = i.id) FROM interests i
                """,
            ordered: false),
        Case(
            query: "Company select name, first: users.map(\\.name).min(), last: users.map { $0.nickname ?? $0.name }.max(), odd: users.map { $0.age * 2 + 1 }.sum()",
            handWritten: """
                SELECT name, (SELECT min(sift_nfc(u.name)) FROM users u WHERE u.companyID = c.id),
                (SELECT max(sift_nfc(coalesce(u.nickname, u.name))) FROM users u WHERE u.companyID = c.id),
                (SELECT coalesce(sum(u.age * 2 + 1), 0) FROM users u WHERE u.companyID = c.id) FROM companies c
                """,
            ordered: false),
        // A per-row aggregate of a grouping key's relationship.
        Case(
            query: "User group by company select company?.name, company?.users.map(\\.age).max(), count()",
            handWritten: """
                SELECT c.name, (SELECT max(o.age) FROM users o WHERE o.companyID = c.id), count(*) FROM users u
                LEFT JOIN companies c ON c.id = u.companyID GROUP BY c.id
                """,
            ordered: false),
        // An `Int` sum out of range traps: in a filter the row is not selected (Globex's ages sum to 919).
        Case(
            query: "Company where users.map { $0.age * 11000000000000000 }.sum() > 0 select name",
            handWritten: "SELECT name FROM companies c WHERE (SELECT total(age) FROM users u WHERE u.companyID = c.id) * 1.1e16 BETWEEN 1 AND 9.2e18",
            ordered: false),
        // groupConcat in Swift's order of a key, ties by the strings.
        Case(
            query: #"Reminder group by remindersList select remindersList.title, groupConcat(title, separator: " | ", sortedBy: position)"#,
            handWritten: """
                SELECT l.title, (SELECT group_concat(t, ' | ') FROM (SELECT r.title AS t FROM reminders r WHERE r.remindersListID = l.id
                ORDER BY r.position, sift_nfc(r.title), r.title)) FROM remindersLists l WHERE EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id)
                """,
            ordered: false),
        Case(
            query: #"Reminder where !isCompleted group by remindersList select remindersList.title, groupConcat(title, separator: ", ", sortedBy: dueDate, order: .reverse)"#,
            handWritten: """
                SELECT l.title, (SELECT group_concat(t, ', ') FROM (SELECT r.title AS t FROM reminders r WHERE r.remindersListID = l.id AND NOT r.isCompleted
                ORDER BY r.dueDate DESC, sift_nfc(r.title) DESC, r.title DESC)) FROM remindersLists l
                WHERE EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id AND NOT r.isCompleted)
                """,
            ordered: false),
        Case(
            query: #"Reminder select groupConcat(distinct: status.rawValue, separator: "/", sortedBy: status.rawValue), groupConcat(distinct: title, sortedBy: title, order: .reverse)"#,
            handWritten: """
                SELECT (SELECT group_concat(s, '/') FROM (SELECT DISTINCT status AS s FROM reminders ORDER BY s)),
                (SELECT group_concat(t, ',') FROM (SELECT DISTINCT sift_nfc(title) AS t FROM reminders ORDER BY t DESC))
                """,
            ordered: true),
        Case(
            query: #"User where age > 200 select groupConcat(name, sortedBy: age), jsonGroupArray(score)"#,
            handWritten: "SELECT '', '[]'", ordered: true),
        // A nil key sorts first.
        Case(
            query: #"Reminder where status == .done select groupConcat(title, separator: "|", sortedBy: dueDate)"#,
            handWritten: "SELECT group_concat(t, '|') FROM (SELECT title AS t FROM reminders WHERE status = 'done' ORDER BY dueDate, sift_nfc(title), title)",
            ordered: true),
        // An outer join through a join table with a condition: one nil row for a row without a match.
        Case(
            query: "User where age > 60 left join interests as interest on interest.category != nil && interest.title < name select name, interest?.title",
            handWritten: """
                SELECT u.name, i.title FROM users u LEFT JOIN (userInterests ui JOIN interests i ON i.id = ui.interestID)
                ON ui.userID = u.id AND i.category IS NOT NULL AND sift_nfc(i.title) < sift_nfc(u.name) WHERE u.age > 60
                """,
            ordered: false),
        // A join's condition reading a to-one path of the row, and of the joined row.
        Case(
            query: "User join Company as employer on employer.name == company?.name select name, employer.name",
            handWritten: """
                SELECT u.name, e.name FROM users u LEFT JOIN companies c ON c.id = u.companyID JOIN companies e ON sift_nfc(e.name) IS sift_nfc(c.name)
                """,
            ordered: false),
        Case(
            query: "User where age > 70 join User as other on other.company?.city == company?.city && other.age > 90 select name, other.name",
            handWritten: """
                SELECT u.name, o.name FROM users u LEFT JOIN companies c ON c.id = u.companyID
                JOIN (users o LEFT JOIN companies oc ON oc.id = o.companyID) ON sift_nfc(oc.city) IS sift_nfc(c.city) AND o.age > 90 WHERE u.age > 70
                """,
            ordered: false),
        Case(
            query: "Company left join users as user on user.company?.city == city && user.age > 95 select name, user?.name",
            handWritten: """
                SELECT c.name, u.name FROM companies c LEFT JOIN (users u LEFT JOIN companies uc ON uc.id = u.companyID)
                ON u.companyID = c.id AND sift_nfc(uc.city) IS sift_nfc(c.city) AND u.age > 95
                """,
            ordered: false),
    ]

    @Test(arguments: cases.indices)
    func siftHandWrittenAndEvaluatorAgree(index: Int) throws {
        try SelectionAgreementTests().siftHandWrittenAndEvaluatorAgree(Self.cases[index])
    }

    /// A per-row `Int` sum out of range, selected, fails the query; the evaluator traps.
    @Test func anOverflowingRowSumFailsTheQuery() throws {
        let example = try ExampleDatabase.shared()
        let database = try example.openSift()
        let text = "Company select name, users.map { $0.age * 11000000000000000 }.sum()"
        #expect(throws: SQLiteError.self) { try database.fetch(try database.compile(text)) }
        let checked = try #require(Compiler(schema: example.schema).check(text).checked)
        #expect(throws: Trap.self) { try Evaluator().select(checked, in: example.dataset) }
        // Without Globex, whose sum is out of range, every sum is exact.
        let fits = "Company where name != \"Globex\" select users.map { $0.age * 11000000000000000 }.sum()"
        let sums = try database.fetch(try database.compile(fits)).compactMap { $0[0].intValue }
        let expected = try database.connection.prepare(
            "SELECT (SELECT coalesce(sum(age), 0) FROM users u WHERE u.companyID = c.id) * 11000000000000000 FROM companies c WHERE name <> 'Globex'"
        ).rows().map { row -> Int64 in if case .integer(let value) = row[0] { value } else { -1 } }
        #expect(sums.map(Int64.init).sorted() == expected.sorted())
    }

    /// `jsonGroupArray` writes each Double, Float and Date (as seconds since 2001, JSONEncoder's
    /// default) with the digits that read back as the very same value; SQLite's own JSON keeps 15.
    @Test func jsonArraysOfDoublesAndDatesReadBackExactly() throws {
        let example = try ExampleDatabase.shared()
        let database = try example.openSift()
        for (query, values) in [
            ("User select jsonGroupArray(score / 3)", "SELECT score / 3 FROM users"),
            ("User select jsonGroupArray(birth)", "SELECT birth FROM users"),
            ("Reminder select jsonGroupArray(dueDate)", "SELECT sift_reference_seconds(dueDate) FROM reminders"),
        ] {
            let compiled = try database.compile(query)
            let text = try #require(try database.fetch(compiled).first?[0].stringValue)
            let decoded = try JSONDecoder().decode([Double?].self, from: Data(text.utf8))
            let expected: [Double?] = try database.connection.prepare(values).rows().map {
                if case .real(let real) = $0[0] { real } else if case .integer(let integer) = $0[0] { Double(integer) } else { nil }
            }
            let decodedBits: [UInt64] = decoded.map { $0?.bitPattern ?? 0 }.sorted()
            let expectedBits: [UInt64] = expected.map { $0?.bitPattern ?? 0 }.sorted()
            #expect(decodedBits == expectedBits, "\(query)")
            if query.contains("score / 3") {
                // Values SQLite's 15 digits would not give back.
                let needsMoreDigits = decoded.compactMap { $0 }.filter { Double(String(format: "%.15g", $0)) != $0 }
                #expect(!needsMoreDigits.isEmpty)
            }
            let checked = try #require(Compiler(schema: example.schema).check(query).checked)
            let evaluated = try Evaluator().select(checked, in: example.dataset)
            guard case .string(let evaluatedText) = evaluated.rows.first?.first else {
                Issue.record("\(query): the evaluator gave no text")
                continue
            }
            let evaluatedValues = try JSONDecoder().decode([Double?].self, from: Data(evaluatedText.utf8))
            let evaluatedBits: [UInt64] = evaluatedValues.map { $0?.bitPattern ?? 0 }.sorted()
            #expect(evaluatedBits == decodedBits, "\(query)")
        }
    }
}
