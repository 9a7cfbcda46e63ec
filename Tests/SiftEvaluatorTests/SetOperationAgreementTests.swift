import Foundation
import Sift
import SiftSQLite
import Testing

/// `union`, `intersect` and `except` with Swift's meaning: rows are equal when Swift's `==` says
/// each of their values are (canonically equivalent strings are one value), and the combined rows
/// are sorted and limited as a whole. Sift's rows on the example database are the hand-written
/// SQL's (which normalises texts with `sift_nfc`, as Swift's `==` sees them) and the evaluator's.
@Suite struct SetOperationAgreementTests {
    static let cases: [SelectionAgreementTests.Case] = [
        // 'Café hopping' is stored composed and decomposed: one value in Swift, so one row.
        .init(
            query: "Interest select title union Tag select title sort by title",
            handWritten: "SELECT sift_nfc(title) AS t FROM interests UNION SELECT sift_nfc(title) FROM tags ORDER BY t", ordered: true),
        .init(
            query: #"Interest where category == "food" select title intersect Interest where title.hasPrefix("Caf") select title"#,
            handWritten: """
                SELECT sift_nfc(title) FROM interests WHERE category = 'food'
                INTERSECT SELECT sift_nfc(title) FROM interests WHERE sift_nfc(title) LIKE 'Caf%'
                """,
            ordered: false),
        .init(
            query: "User select name except User where age > 40 select name sort by name desc limit 3 offset 1",
            handWritten: "SELECT sift_nfc(name) AS n FROM users EXCEPT SELECT sift_nfc(name) FROM users WHERE age > 40 ORDER BY n DESC LIMIT 3 OFFSET 1",
            ordered: true),
        .init(
            query: "User select nickname union Company select name sort by nickname",
            handWritten: "SELECT sift_nfc(nickname) AS n FROM users UNION SELECT sift_nfc(name) FROM companies ORDER BY n", ordered: true),
        .init(
            query: "Reminder where isCompleted select dueDate union Reminder where priority == .high select dueDate sort by dueDate desc limit 4",
            handWritten: """
                SELECT round((julianday(dueDate) - 2451910.5) * 86400.0, 3) AS d FROM reminders WHERE isCompleted
                UNION SELECT round((julianday(dueDate) - 2451910.5) * 86400.0, 3) FROM reminders WHERE priority = 3
                ORDER BY d DESC LIMIT 4
                """,
            ordered: true),
        .init(
            query: "User where age < 30 select name, age union User where age > 60 select name, age sort by age, name limit 5",
            handWritten: """
                SELECT sift_nfc(name) AS n, age AS a FROM users WHERE age < 30 UNION SELECT sift_nfc(name), age FROM users WHERE age > 60
                ORDER BY a, n LIMIT 5
                """,
            ordered: true),
        // `union all` keeps the repeated rows: 'Café hopping' twice from interests, and again from tags.
        .init(
            query: "Interest select title union all Tag select title sort by title",
            handWritten: "SELECT sift_nfc(title) AS t FROM interests UNION ALL SELECT sift_nfc(title) FROM tags ORDER BY t", ordered: true),
        .init(
            query: "Reminder where isCompleted select dueDate union all Reminder where priority == .high select dueDate",
            handWritten: """
                SELECT round((julianday(dueDate) - 2451910.5) * 86400.0, 3) FROM reminders WHERE isCompleted
                UNION ALL SELECT round((julianday(dueDate) - 2451910.5) * 86400.0, 3) FROM reminders WHERE priority = 3
                """,
            ordered: false),
    ]

    @Test(arguments: cases.indices)
    func siftHandWrittenAndEvaluatorAgree(index: Int) throws {
        let testCase = Self.cases[index]
        let example = try ExampleDatabase.shared()
        let database = try example.openSift()
        let compiled = try database.compile(testCase.query)
        let rows = try database.fetch(compiled)
        let sift = rows.map { $0.values.map(SelectionAgreementTests.text) }
        if let handWritten = testCase.handWritten {
            let raw = try database.connection.prepare(compiled.sql).rows(bindings: try compiled.bindings(for: [:], schema: database.schema))
            let expected = try database.connection.prepare(handWritten).rows().map { $0.map(SelectionAgreementTests.text) }
            #expect(
                SelectionAgreementTests.arranged(raw.map { $0.map(SelectionAgreementTests.text) }, ordered: testCase.ordered)
                    == SelectionAgreementTests.arranged(expected, ordered: testCase.ordered), "\(compiled.sql)")
        }
        let checked = try #require(Compiler(schema: example.schema).check(testCase.query).checked)
        let evaluated = try Evaluator().select(checked, in: example.dataset)
        #expect(evaluated.columnNames == compiled.columnNames)
        #expect(!rows.isEmpty)
        let nfc = { (row: [String]) in row.map { $0.precomposedStringWithCanonicalMapping } }
        #expect(
            SelectionAgreementTests.arranged(sift.map(nfc), ordered: testCase.ordered)
                == SelectionAgreementTests.arranged(evaluated.rows.map { $0.map(SelectionAgreementTests.text) }.map(nfc), ordered: testCase.ordered),
            "\(compiled.sql)")
    }
}
