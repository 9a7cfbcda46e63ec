import Foundation
import Sift
import SiftSQLite
import Testing

/// Queries that select columns, aggregate and group: the rows Sift's SQL gives on the example
/// database are the rows of hand-written SQL, and the rows the in-memory evaluator computes with
/// Swift's meaning.
@Suite struct SelectionAgreementTests {
    struct Case: Sendable {
        var query: String
        /// The same question in SQL written by hand; nil where SQL has no plain spelling of Swift's meaning.
        var handWritten: String?
        /// Whether the order of the rows is the query's (otherwise they are compared as a multiset).
        var ordered: Bool
    }

    static let cases: [Case] = [
        Case(
            query: "User where age > 20 select name, company?.name",
            handWritten: "SELECT u.name, c.name FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age > 20", ordered: false),
        Case(
            query: "User select distinct company?.city",
            handWritten: "SELECT DISTINCT c.city FROM users u LEFT JOIN companies c ON c.id = u.companyID", ordered: false),
        Case(
            query: #"User where age >= 18 select label: age >= 65 ? "senior" : "adult", nick: nickname ?? name, next: age + 1, half: score / 2"#,
            handWritten:
                "SELECT CASE WHEN age >= 65 THEN 'senior' ELSE 'adult' END, coalesce(nickname, name), age + 1, score / 2 FROM users WHERE age >= 18",
            ordered: false),
        Case(query: "User select name.uppercased(), name.count, name.hasPrefix(\"K\")", handWritten: nil, ordered: false),
        Case(
            query: "User select count(), sum(age), average(score), min(age), max(birth)",
            handWritten: "SELECT count(*), coalesce(sum(age), 0), avg(score), min(age), max(birth) FROM users", ordered: true),
        Case(
            query: "User where age > 200 select count(), sum(age), average(score), max(age)",
            handWritten: "SELECT count(*), coalesce(sum(age), 0), avg(score), max(age) FROM users WHERE age > 200", ordered: true),
        Case(
            query: "User select count(nickname), count(distinct: age), count(where: isActive)",
            handWritten: "SELECT count(nickname), count(DISTINCT age), count(*) FILTER (WHERE isActive) FROM users", ordered: true),
        Case(
            query: "Reminder group by remindersList select remindersList.title, count()",
            handWritten: "SELECT l.title, count(*) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID GROUP BY l.id",
            ordered: false),
        Case(
            query:
                "Reminder group by remindersList having count() > 18 select remindersList.title, n: count(), done: count(where: isCompleted) sort by n desc",
            handWritten: """
                SELECT l.title, count(*) AS n, sum(r.isCompleted) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID
                GROUP BY l.id HAVING count(*) > 18 ORDER BY n DESC
                """,
            ordered: true),
        Case(
            query: "User group by company?.city select company?.city, count(), average(age) sort by company?.city",
            handWritten: "SELECT c.city, count(*), avg(u.age) FROM users u LEFT JOIN companies c ON c.id = u.companyID GROUP BY c.city",
            ordered: false),
        Case(
            query: "User group by isActive select isActive, sum(age), min(age), max(score)",
            handWritten: "SELECT isActive, sum(age), min(age), max(score) FROM users GROUP BY isActive", ordered: false),
        Case(
            query: "Interest select title, users.count",
            handWritten: "SELECT title, (SELECT count(*) FROM userInterests ui WHERE ui.interestID = i.id) FROM interests i", ordered: false),
        Case(
            query: "User where age > 20 select name, age sort by age desc, name limit 5 offset 2",
            handWritten: nil, ordered: true),
        Case(
            query: "User group by company select company?.name, total: sum(age) sort by total desc, company?.name limit 3",
            handWritten: """
                SELECT c.name, sum(u.age) AS total FROM users u LEFT JOIN companies c ON c.id = u.companyID
                GROUP BY c.id ORDER BY total DESC, c.name LIMIT 3
                """,
            ordered: true),
        Case(
            query: #"Reminder where remindersList.title == "Work" select jsonGroupArray(position), groupConcat(title, separator: " | ")"#,
            handWritten: """
                SELECT json_group_array(r.position), coalesce(group_concat(r.title, ' | '), '') FROM reminders r
                JOIN remindersLists l ON l.id = r.remindersListID WHERE l.title = 'Work'
                """,
            ordered: true),
        Case(query: "Reminder group by status select status, count()", handWritten: "SELECT status, count(*) FROM reminders GROUP BY status", ordered: false),
        Case(query: "Reminder group by priority select priority, count(where: isCompleted)", handWritten: nil, ordered: false),
        // Set operations between selections of the same shape.
        Case(
            query: "User where age > 90 select name union User where age < 5 select name except Company select name",
            handWritten:
                "SELECT name FROM users WHERE age > 90 UNION SELECT name FROM users WHERE age < 5 EXCEPT SELECT name FROM companies",
            ordered: false),
        Case(
            query: "User select name intersect Company select name", handWritten: "SELECT name FROM users INTERSECT SELECT name FROM companies",
            ordered: false),
        Case(
            query: "User where age > 80 select age, company?.city union Company join users as user where user.age < 10 select user.age, city",
            handWritten: """
                SELECT u.age, c.city FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age > 80
                UNION SELECT u.age, c.city FROM companies c JOIN users u ON u.companyID = c.id WHERE u.age < 10
                """,
            ordered: false),
        // Joins along relationships (many-to-many, inverse foreign key, to-one), outer, and on a condition.
        Case(
            query: "User where age > 60 join interests as interest select name, interest.title",
            handWritten:
                "SELECT u.name, i.title FROM users u JOIN userInterests ui ON ui.userID = u.id JOIN interests i ON i.id = ui.interestID WHERE u.age > 60",
            ordered: false),
        Case(
            query: "User where age > 90 left join interests as interest select name, interest?.title",
            handWritten:
                "SELECT u.name, i.title FROM users u LEFT JOIN userInterests ui ON ui.userID = u.id LEFT JOIN interests i ON i.id = ui.interestID WHERE u.age > 90",
            ordered: false),
        Case(
            query: "User join User as other on other.age == age && other.id < id select name, other.name",
            handWritten: "SELECT u.name, o.name FROM users u JOIN users o ON o.age = u.age AND o.id < u.id", ordered: false),
        Case(
            query: "Interest join users as user where user.age > 60 group by user.isActive select user.isActive, count(), max(user.age)",
            handWritten:
                "SELECT u.isActive, count(*), max(u.age) FROM interests i JOIN userInterests ui ON ui.interestID = i.id JOIN users u ON u.id = ui.userID WHERE u.age > 60 GROUP BY u.isActive",
            ordered: false),
        Case(
            query: "Company join users as user on user.age > 60 select name, user.name",
            handWritten: "SELECT c.name, u.name FROM companies c JOIN users u ON u.companyID = c.id AND u.age > 60", ordered: false),
        Case(
            query: "Company left join users as user on user.age > 90 select name, user?.name",
            handWritten: "SELECT c.name, u.name FROM companies c LEFT JOIN users u ON u.companyID = c.id AND u.age > 90", ordered: false),
        Case(
            query: "Reminder join remindersList as list where list.position > 1 select title, list.title",
            handWritten: "SELECT r.title, l.title FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID WHERE l.position > 1",
            ordered: false),
    ]

    @Test(arguments: cases.indices)
    func siftHandWrittenAndEvaluatorAgree(index: Int) throws {
        try siftHandWrittenAndEvaluatorAgree(Self.cases[index])
    }

    /// Sift's SQL, the hand-written SQL (if any) and the evaluator give the same rows.
    func siftHandWrittenAndEvaluatorAgree(_ testCase: Case) throws {
        let example = try ExampleDatabase.shared()
        let database = try example.openSift()
        let compiled = try database.compile(testCase.query)
        let raw = try database.connection.prepare(compiled.sql).rows(
            bindings: try compiled.bindings(for: [:], schema: database.schema))
        if let handWritten = testCase.handWritten {
            let expected = try database.connection.prepare(handWritten).rows()
            #expect(
                Self.arranged(raw.map { $0.map(Self.text) }, ordered: testCase.ordered)
                    == Self.arranged(expected.map { $0.map(Self.text) }, ordered: testCase.ordered), "\(compiled.sql)")
        }
        let rows = try database.fetch(compiled)
        #expect(rows.first.map(\.names) ?? compiled.columnNames == compiled.columnNames)
        let checked = try #require(Compiler(schema: example.schema).check(testCase.query).checked)
        let evaluated = try Evaluator().select(checked, in: example.dataset)
        #expect(evaluated.columnNames == compiled.columnNames)
        #expect(!rows.isEmpty)
        #expect(
            Self.arranged(rows.map { $0.values.map(Self.text) }, ordered: testCase.ordered)
                == Self.arranged(evaluated.rows.map { $0.map(Self.text) }, ordered: testCase.ordered), "\(compiled.sql)")
    }

    /// A selected `Int` computation that overflows fails the query, as Swift traps; the evaluator throws.
    @Test func anOverflowingColumnFailsTheQuery() throws {
        let example = try ExampleDatabase.shared()
        let database = try example.openSift()
        let text = "User select name, age * 9223372036854775807"
        #expect(throws: SQLiteError.self) { try database.fetch(try database.compile(text)) }
        let checked = try #require(Compiler(schema: example.schema).check(text).checked)
        #expect(throws: Trap.self) { try Evaluator().select(checked, in: example.dataset) }
    }

    /// An `Int` sum that overflows fails the query, as `reduce(0, +)` traps.
    @Test func anOverflowingSumFailsTheQuery() throws {
        let example = try ExampleDatabase.shared()
        let database = try example.openSift()
        let text = "User select sum(age * 1000000000000000000)"
        #expect(throws: SQLiteError.self) { try database.fetch(try database.compile(text)) }
        let checked = try #require(Compiler(schema: example.schema).check(text).checked)
        #expect(throws: Trap.self) { try Evaluator().select(checked, in: example.dataset) }
    }

    /// Columns are read by name or position, with their Swift types.
    @Test func rowsAreReadByColumnNameAndIndex() throws {
        let database = try ExampleDatabase.shared().openSift()
        let rows = try database.fetch(
            try database.compile("Reminder group by remindersList select list: remindersList.title, count(), average(position) sort by list"))
        let first = try #require(rows.first)
        #expect(first.names == ["list", "count()", "average(position)"])
        #expect(first["list"]?.stringValue == first[0].stringValue)
        #expect(first[1].intValue.map { $0 > 0 } == true)
        #expect(first["average(position)"]?.doubleValue != nil)
    }

    static func arranged(_ rows: [[String]], ordered: Bool) -> [[String]] {
        ordered ? rows : rows.sorted { $0.joined(separator: "\u{1F}") < $1.joined(separator: "\u{1F}") }
    }

    static func number(_ value: Double) -> String { String(format: "%.9g", value) }

    static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: "nil"
        case .integer(let integer): String(integer)
        case .real(let real): number(real)
        case .text(let text): text
        case .blob(let bytes): "blob \(bytes.count)"
        }
    }

    static func text(_ value: DecodedValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let flag): String(flag)
        case .int(let integer): String(integer)
        case .double(let real): number(real)
        case .string(let text): text
        case .date(let date): number(date.timeIntervalSinceReferenceDate)
        case .enumCase(let name, _): name
        default: value.description
        }
    }

    static func text(_ value: Value) -> String {
        switch value {
        case .null: "nil"
        case .some(let inner): text(inner)
        case .bool(let flag): String(flag)
        case .int(let integer): String(integer)
        case .uint(let integer): String(integer)
        case .double(let real): number(real)
        case .string(let text): text
        case .date(let date): number(date.timeIntervalSinceReferenceDate)
        case .enumCase(let value): value.caseName
        default: value.description
        }
    }
}
