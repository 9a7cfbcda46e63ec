import Foundation
import Sift
import SiftSQLite
import Testing

/// The count or the existence of a whole query, in the concise spelling (`count(...)`,
/// `exists(...)`, Swift's meaning: the rows the query gives) and in StructuredQueries' (`.count()`,
/// `.exists()`, `fetchCount`, SQL's meaning): Sift's rows on the example database are the
/// hand-written SQL's and the evaluator's.
@Suite struct MeasureAgreementTests {
    static let cases: [SelectionAgreementTests.Case] = [
        .init(query: "count(Reminder where isCompleted)", handWritten: "SELECT count(*) FROM reminders WHERE isCompleted", ordered: true),
        .init(query: "exists(RemindersList where title == \"Nope\")", handWritten: "SELECT EXISTS (SELECT 1 FROM remindersLists WHERE title = 'Nope')", ordered: true),
        .init(query: "exists(Reminder where priority == .high)", handWritten: "SELECT EXISTS (SELECT 1 FROM reminders WHERE priority = 3)", ordered: true),
        .init(
            query: "count(User select distinct company?.city)",
            handWritten: "SELECT count(*) FROM (SELECT DISTINCT c.city FROM users u LEFT JOIN companies c ON c.id = u.companyID)", ordered: true),
        // The rows the query gives: after its limit.
        .init(query: "count(User where age > 30 sort by name limit 5)", handWritten: "SELECT min(5, count(*)) FROM users WHERE age > 30", ordered: true),
        .init(query: "exists(Reminder limit 0)", handWritten: "SELECT 0", ordered: true),
        // A limit after combined queries limits the combined rows, which are counted.
        .init(
            query: "count(Interest select title union Tag select title limit 2)",
            handWritten: "SELECT count(*) FROM (SELECT sift_nfc(title) FROM interests UNION SELECT sift_nfc(title) FROM tags LIMIT 2)", ordered: true),
        // 'Café hopping', composed and decomposed, is one row.
        .init(
            query: "count(Interest select title union Tag select title)",
            handWritten: "SELECT count(*) FROM (SELECT sift_nfc(title) FROM interests UNION SELECT sift_nfc(title) FROM tags)", ordered: true),
        // A query's count or existence as a column: one value for every row.
        .init(
            query: "RemindersList select title, open: count(Reminder where !isCompleted), urgent: exists(Reminder where priority == .high) sort by title",
            handWritten: """
                SELECT title, (SELECT count(*) FROM reminders WHERE NOT isCompleted), EXISTS (SELECT 1 FROM reminders WHERE priority = 3)
                FROM remindersLists ORDER BY sift_nfc(title)
                """,
            ordered: true),
        .init(
            query: "RemindersList select title, firstTwo: count(Reminder where !isCompleted limit 2) sort by title",
            handWritten: "SELECT title, (SELECT min(2, count(*)) FROM reminders WHERE NOT isCompleted) FROM remindersLists ORDER BY sift_nfc(title)",
            ordered: true),
        .init(
            query: "Reminder group by status select status, n: count(), of: count(Reminder where status != .done) sort by n desc",
            handWritten: """
                SELECT status, count(*), (SELECT count(*) FROM reminders WHERE status IS NOT 'done') FROM reminders GROUP BY status ORDER BY count(*) DESC
                """,
            ordered: true),
        // A query that names its row counts per row: a correlated sub-select.
        .init(
            query: "RemindersList as list select title, open: count(Reminder where remindersListID == list.id && !isCompleted), urgent: exists(Reminder where remindersListID == list.id && priority == .high) sort by open desc, title",
            handWritten: """
                SELECT l.title, (SELECT count(*) FROM reminders r WHERE r.remindersListID = l.id AND NOT r.isCompleted) AS open,
                EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id AND r.priority = 3)
                FROM remindersLists l ORDER BY open DESC, sift_nfc(l.title)
                """,
            ordered: true),
        // In a condition: a semi-join, and a count compared per row; a counted query naming its own row.
        .init(
            query: "RemindersList as list where exists(Reminder where remindersListID == list.id && priority == .high) && count(Reminder where remindersListID == list.id) > 10 select title sort by title",
            handWritten: """
                SELECT l.title FROM remindersLists l
                WHERE EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id AND r.priority = 3)
                AND (SELECT count(*) FROM reminders r WHERE r.remindersListID = l.id) > 10 ORDER BY sift_nfc(l.title)
                """,
            ordered: true),
        .init(
            query: "RemindersList as list select title, tagged: count(Reminder as r where remindersListID == list.id && exists(ReminderTag where reminderID == r.id)) sort by tagged desc, title",
            handWritten: """
                SELECT l.title, (SELECT count(*) FROM reminders r WHERE r.remindersListID = l.id AND EXISTS (SELECT 1 FROM reminderTags t WHERE t.reminderID = r.id)) AS tagged
                FROM remindersLists l ORDER BY tagged DESC, sift_nfc(l.title)
                """,
            ordered: true),
        // A model counted against itself, and a row joined to the selecting one.
        .init(
            query: "User as user where age > 60 select name, older: count(User where age > user.age) sort by name, older",
            handWritten: "SELECT u.name, (SELECT count(*) FROM users o WHERE o.age > u.age) FROM users u WHERE u.age > 60 ORDER BY sift_nfc(u.name), 2",
            ordered: true),
        .init(
            query: "Company as c join users as u select name, u.name, peers: count(User where company?.name == c.name && age == u.age) sort by name, u.name, peers",
            handWritten: """
                SELECT c.name, u.name, (SELECT count(*) FROM users o LEFT JOIN companies oc ON oc.id = o.companyID WHERE sift_nfc(oc.name) = sift_nfc(c.name) AND o.age = u.age)
                FROM companies c JOIN users u ON u.companyID = c.id ORDER BY sift_nfc(c.name), sift_nfc(u.name), 3
                """,
            ordered: true),
        .init(query: "Reminder.where { $0.isCompleted }.count()", handWritten: "SELECT count(*) FROM reminders WHERE isCompleted", ordered: true),
        .init(query: "Reminder.count()", handWritten: "SELECT count(*) FROM reminders", ordered: true),
        .init(query: "try Reminder.where { $0.title.contains(\"gym\") }.fetchCount(db)", handWritten: "SELECT count(*) FROM reminders WHERE title LIKE '%gym%'", ordered: true),
        .init(query: "RemindersList.exists()", handWritten: "SELECT EXISTS (SELECT * FROM remindersLists)", ordered: true),
        .init(
            query: "Reminder.where { $0.priority.eq(.high) && $0.isCompleted }.exists()",
            handWritten: "SELECT EXISTS (SELECT * FROM reminders WHERE priority = 3 AND isCompleted)", ordered: true),
        .init(query: "@FetchOne(Reminder.count()) var total = 0", handWritten: "SELECT count(*) FROM reminders", ordered: true),
        // StructuredQueries appends `count(*)` to the select: the limit and offset apply to its one row.
        .init(query: "Reminder.limit(1, offset: 1).count()", handWritten: "SELECT count(*) FROM reminders LIMIT 1 OFFSET 1", ordered: true),
        .init(query: "Reminder.order(by: \\.title).limit(3).count()", handWritten: "SELECT count(*) FROM reminders ORDER BY title LIMIT 3", ordered: true),
    ]

    @Test(arguments: cases.indices)
    func siftHandWrittenAndEvaluatorAgree(index: Int) throws {
        let testCase = Self.cases[index]
        let example = try ExampleDatabase.shared()
        let database = try example.openSift()
        let compiled = try database.compile(testCase.query)
        let raw = try database.connection.prepare(compiled.sql).rows(bindings: try compiled.bindings(for: [:], schema: database.schema))
        let expected = try database.connection.prepare(testCase.handWritten!).rows()
        #expect(raw.map { $0.map(SelectionAgreementTests.text) } == expected.map { $0.map(SelectionAgreementTests.text) }, "\(compiled.sql)")
        let rows = try database.fetch(compiled)
        let checked = try #require(Compiler(schema: example.schema).check(testCase.query).checked)
        let evaluated = try Evaluator().select(checked, in: example.dataset)
        #expect(evaluated.columnNames == compiled.columnNames)
        #expect(compiled.columnNames.count == 1 || testCase.query.contains(" select "))
        #expect(rows.map { $0.values.map(SelectionAgreementTests.text) } == evaluated.rows.map { $0.map(SelectionAgreementTests.text) }, "\(compiled.sql)")
    }
}
