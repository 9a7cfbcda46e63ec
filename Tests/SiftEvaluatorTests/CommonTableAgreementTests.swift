import Foundation
import Sift
import SiftSQLite
import Testing

/// Named sub-queries (`with name = (...)`) and recursive ones over the categories' tree
/// (`with recursive`): Sift's rows on the example database are the hand-written SQL's and the
/// evaluator's.
@Suite struct CommonTableAgreementTests {
    static let cases: [SelectionAgreementTests.Case] = [
        .init(
            query: "with overdue = (Reminder where dueDate != nil && !isCompleted select title, priority, dueDate) overdue where priority == .high select title sort by title",
            handWritten: """
                WITH o AS (SELECT sift_nfc(title) AS title, priority FROM reminders WHERE dueDate IS NOT NULL AND NOT isCompleted)
                SELECT title FROM o WHERE priority = 3 ORDER BY title
                """,
            ordered: true),
        // A sub-query's own sort and limit decide which rows it gives: the first three titles in
        // Swift's order, then the titles of the reminders after the first one by id, two of them.
        .init(
            query: "with firsts = (Reminder sort by title limit 3 select title) firsts select title sort by title",
            handWritten: """
                WITH f AS (SELECT sift_nfc(title) AS title FROM reminders ORDER BY sift_nfc(title) LIMIT 3)
                SELECT title FROM f ORDER BY title
                """,
            ordered: true),
        .init(
            query: "with later = (Reminder where !isCompleted sort by id desc limit 2 offset 1 select id, title) later select id, title sort by id",
            handWritten: """
                WITH l AS (SELECT id, sift_nfc(title) AS title FROM reminders WHERE NOT isCompleted ORDER BY id DESC LIMIT 2 OFFSET 1)
                SELECT id, title FROM l ORDER BY id
                """,
            ordered: true),
        .init(
            query: "with few = (User limit 2 select name), counted = (few select name) count(counted)",
            handWritten: "SELECT count(*) FROM (SELECT name FROM users LIMIT 2)",
            ordered: true),
        // `count(name where …)` and `exists(name where …)` of a named sub-query, whatever its
        // name's case: at the top, as a column, and per row in a condition.
        .init(
            query: "with open = (Reminder where !isCompleted select title, priority) count(open where priority == .high)",
            handWritten: "SELECT count(*) FROM reminders WHERE NOT isCompleted AND priority = 3",
            ordered: true),
        .init(
            query: "with open = (Reminder where !isCompleted select title, priority) RemindersList select title, urgent: count(open where priority == .high) sort by id",
            handWritten: """
                WITH o AS (SELECT priority FROM reminders WHERE NOT isCompleted)
                SELECT title, (SELECT count(*) FROM o WHERE priority = 3) FROM remindersLists ORDER BY id
                """,
            ordered: true),
        .init(
            query: """
                with open = (Reminder where !isCompleted select title, remindersListID) \
                RemindersList as list where exists(open where remindersListID == list.id) select title sort by id
                """,
            handWritten: """
                WITH o AS (SELECT remindersListID FROM reminders WHERE NOT isCompleted)
                SELECT l.title FROM remindersLists l WHERE EXISTS (SELECT 1 FROM o WHERE o.remindersListID = l.id) ORDER BY l.id
                """,
            ordered: true),
        // The sub-query's strings are NFC (decomposed names included), read bare by the query.
        .init(
            query: #"with people = (User select name, age) people where name.hasPrefix("Ren") || name.contains("é") || name == "Zoë" select name, age sort by name, age"#,
            handWritten: """
                WITH p AS (SELECT sift_nfc(name) AS name, age FROM users)
                SELECT name, age FROM p WHERE name GLOB 'Ren*' OR instr(name, 'é') > 0 OR name = 'Zoë' ORDER BY name, age
                """,
            ordered: true),
        // Every category with its depth in the tree.
        .init(
            query: """
                with recursive tree = (Category where parentID == nil select id, title, depth: 0 \
                union Category join tree on tree.id == parentID select id, title, depth: tree.depth + 1) \
                tree select id, title, depth sort by depth, id
                """,
            handWritten: """
                WITH RECURSIVE t(id, title, depth) AS (
                  SELECT id, sift_nfc(title), 0 FROM categories WHERE parentID IS NULL
                  UNION SELECT c.id, sift_nfc(c.title), t.depth + 1 FROM categories c JOIN t ON c.parentID = t.id)
                SELECT id, title, depth FROM t ORDER BY depth, id
                """,
            ordered: true),
        // The categories under Home, counted; then the ones under Work by name.
        .init(
            query: """
                with recursive under = (Category where title == "Home" select id union Category join under on under.id == parentID select id) \
                count(under)
                """,
            handWritten: """
                WITH RECURSIVE u(id) AS (SELECT id FROM categories WHERE title = 'Home' UNION SELECT c.id FROM categories c JOIN u ON c.parentID = u.id)
                SELECT count(*) FROM u
                """,
            ordered: true),
        .init(
            query: """
                with recursive under = (Category where title == "Work" select id, title union Category join under on under.id == parentID select id, title), \
                named = (under select title) named select title sort by title
                """,
            handWritten: """
                WITH RECURSIVE u(id, title) AS (SELECT id, sift_nfc(title) FROM categories WHERE title = 'Work'
                  UNION SELECT c.id, sift_nfc(c.title) FROM categories c JOIN u ON c.parentID = u.id)
                SELECT title FROM u ORDER BY title
                """,
            ordered: true),
        // A category's ancestors: the walk goes up through parentID.
        .init(
            query: """
                with recursive up = (Category where id == 4 select id, parentID union Category join up on up.parentID == id select id, parentID) \
                up select id sort by id
                """,
            handWritten: """
                WITH RECURSIVE a(id, parentID) AS (SELECT id, parentID FROM categories WHERE id = 4
                  UNION SELECT c.id, c.parentID FROM categories c JOIN a ON a.parentID = c.id)
                SELECT id FROM a ORDER BY id
                """,
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
        #expect(raw.map { $0.map(SelectionAgreementTests.text) } == expected.map { $0.map(SelectionAgreementTests.text) }, "\(compiled.sql)")
        let rows = try database.fetch(compiled)
        #expect(!rows.isEmpty)
        let checked = try #require(Compiler(schema: example.schema).check(testCase.query).checked)
        let evaluated = try Evaluator().select(checked, in: example.dataset)
        #expect(evaluated.columnNames == compiled.columnNames)
        let nfc = { (row: [String]) in row.map { $0.precomposedStringWithCanonicalMapping } }
        #expect(
            rows.map { $0.values.map(SelectionAgreementTests.text) }.map(nfc) == evaluated.rows.map { $0.map(SelectionAgreementTests.text) }.map(nfc),
            "\(compiled.sql)")
    }
}
