import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// StructuredQueries' `.union(...)`, `.union(all: true, ...)`, `.intersect(...)` and `.except(...)`
/// of whole rows, with SQL's meaning (strings equal by their bytes, as `UNION` compares them):
/// Sift's rows on the example database are the hand-written SQL's and the in-memory evaluator's.
@Suite struct BuilderSetOperationTests {
    static let cases: [SelectionAgreementTests.Case] = [
        .init(
            query: #"Tag.where { $0.title.hasPrefix("C") }.union(Tag.where { $0.title.hasPrefix("u") })"#,
            handWritten: "SELECT id, title FROM tags WHERE title LIKE 'C%' UNION SELECT id, title FROM tags WHERE title LIKE 'u%'", ordered: false),
        .init(
            query: "Tag.all.union(all: true, Tag.where { $0.id < 3 })",
            handWritten: "SELECT id, title FROM tags UNION ALL SELECT id, title FROM tags WHERE id < 3", ordered: false),
        .init(
            query: "Tag.intersect(Tag.where { $0.id > 10 }).union(Tag.find(1))",
            handWritten: "SELECT * FROM tags INTERSECT SELECT * FROM tags WHERE id > 10 UNION SELECT * FROM tags WHERE id = 1", ordered: false),
        .init(
            query: "Reminder.where { $0.isCompleted }.except(Reminder.where { $0.priority.eq(.high) })",
            handWritten: "SELECT * FROM reminders WHERE isCompleted EXCEPT SELECT * FROM reminders WHERE priority = 3", ordered: false),
        .init(
            query: "Reminder.where { $0.dueDate.is(nil) }.union(all: true, Reminder.where { $0.isCompleted }).count()",
            handWritten: "SELECT count(*) FROM (SELECT * FROM reminders WHERE dueDate IS NULL UNION ALL SELECT * FROM reminders WHERE isCompleted)",
            ordered: true),
    ]

    @Test(arguments: cases.indices)
    func siftHandWrittenAndEvaluatorAgree(index: Int) throws {
        let testCase = Self.cases[index]
        let example = try ExampleDatabase.shared()
        let database = try example.openSift()
        let compiled = try database.compile(testCase.query)
        let raw = try database.connection.prepare(compiled.sql).rows(bindings: try compiled.bindings(for: [:], schema: database.schema))
        let expected = try database.connection.prepare(testCase.handWritten!).rows()
        #expect(
            SelectionAgreementTests.arranged(raw.map { $0.map(SelectionAgreementTests.text) }, ordered: testCase.ordered)
                == SelectionAgreementTests.arranged(expected.map { $0.map(SelectionAgreementTests.text) }, ordered: testCase.ordered),
            "\(compiled.sql)")
        let rows = try database.fetch(compiled)
        #expect(!rows.isEmpty)
        #expect(rows.count == raw.count)
        // The in-memory evaluator combines the rows with SQL's meaning too.
        let agreement = EvaluatorAgreement.compare(compiled, database: database, dataset: example.dataset)
        #expect(agreement.agrees, "\(agreement)")
        #expect(agreement.comparedRows == raw.count)
    }
}
