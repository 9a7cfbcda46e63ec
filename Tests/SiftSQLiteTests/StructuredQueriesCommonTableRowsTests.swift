import Foundation
import Sift
import SiftSQLite
import Testing

/// StructuredQueries' `With { ... } query: { ... }` (plain and recursive sub-queries), `total()`,
/// `groupConcat(order:)` and a joined query's `select`, on the example database: the values of
/// Sift's SQL are those of hand-written SQL with SQL's meaning, of the SQL the library writes
/// in its own tests (`CommonTableExpressionTests`, `AggregateFunctionsTests`, `SelectTests`),
/// adapted to the example schema, and of the in-memory evaluator.
@Suite struct StructuredQueriesCommonTableRowsTests {
    struct Case: Sendable, CustomStringConvertible {
        var builder: String
        var sql: String
        /// Whether the order of the rows is the query's (otherwise they are compared as a multiset).
        var ordered = false
        var description: String { builder }
    }

    let database: SiftDatabase
    let connection: Connection
    /// Runs Sift's SQL: `groupConcat(order:)` calls Sift's `sift_sorted_concat`.
    let siftConnection: Connection

    init() throws {
        database = try ExampleDatabase.open()
        connection = try Connection(path: ExampleDatabase.path.get(), mode: .readOnly)
        siftConnection = try Connection(path: ExampleDatabase.path.get(), mode: .readOnly)
        try siftConnection.registerSiftFunctions()
    }

    /// Hand-written SQL. SQLite 3.40 has no `ORDER BY` inside `group_concat`: the ordered
    /// concatenations are written as `group_concat` over an ordered sub-select (ties by bytes).
    static let cases: [Case] = [
        // With.
        Case(
            builder: #"With { Reminder.where { !$0.isCompleted }.select { Open.Columns(title: $0.title, priority: $0.priority) } } query: { Open.where { $0.priority.eq(.high) } }"#,
            sql: "SELECT title, priority FROM reminders WHERE NOT isCompleted AND priority = 3"),
        Case(
            builder: #"With { Reminder.where { $0.dueDate.isNot(nil) }.select { Due.Columns(id: $0.id, dueDate: $0.dueDate) } } query: { Due.order { ($0.dueDate.desc(), $0.id) }.limit(5) }"#,
            sql: "SELECT id, dueDate FROM reminders WHERE dueDate IS NOT NULL ORDER BY dueDate DESC, id LIMIT 5", ordered: true),
        Case(
            builder: """
                With {
                    Reminder.group(by: \\.remindersListID).select { ListTotal.Columns(listID: $0.remindersListID, total: $0.position.total(), titles: $0.count()) }
                    RemindersList.where { $0.position > 0 }.select { Later.Columns(id: $0.id, title: $0.title) }
                } query: {
                    ListTotal.join(Later.all) { $0.listID.eq($1.id) }.select { ($1.title, $0.total, $0.titles) }
                }
                """,
            sql: """
                SELECT l.title, total(r.position), count(r.id) FROM reminders r JOIN remindersLists l ON l.id = r.remindersListID
                WHERE l.position > 0 GROUP BY r.remindersListID
                """),
        Case(
            builder: #"With { Category.where { $0.parentID.is(nil) }.select { Tree.Columns(id: $0.id, title: $0.title, depth: 0) }.union(Category.join(Tree.all) { $0.parentID.eq($1.id) }.select { Tree.Columns(id: $0.id, title: $0.title, depth: $1.depth + 1) }) } query: { Tree.order { ($0.depth, $0.id) } }"#,
            sql: """
                WITH RECURSIVE tree(id, title, depth) AS (SELECT id, title, 0 FROM categories WHERE parentID IS NULL
                UNION SELECT c.id, c.title, tree.depth + 1 FROM categories c JOIN tree ON c.parentID = tree.id)
                SELECT id, title, depth FROM tree ORDER BY depth, id
                """, ordered: true),
        Case(
            builder: #"With { Category.where { $0.id.eq(6) }.select { Below.Columns(id: $0.id, path: $0.title) }.union(all: true, Category.join(Below.all) { $0.parentID.eq($1.id) }.select { Below.Columns(id: $0.id, path: $1.path + " / " + $0.title) }) } query: { Below.where { $0.id.neq(6) }.select { $0.path } }"#,
            sql: """
                WITH RECURSIVE below(id, path) AS (SELECT id, title FROM categories WHERE id = 6
                UNION ALL SELECT c.id, below.path || ' / ' || c.title FROM categories c JOIN below ON c.parentID = below.id)
                SELECT path FROM below WHERE id <> 6
                """),
        // total().
        Case(
            builder: #"Reminder.select { ($0.position.total(), $0.id.total(distinct: true), $0.position.total(filter: $0.isCompleted)) }"#,
            sql: "SELECT total(position), total(DISTINCT id), total(position) FILTER (WHERE isCompleted) FROM reminders"),
        Case(builder: #"Reminder.where { $0.id < 0 }.select { $0.position.total() }"#, sql: "SELECT 0.0"),
        Case(
            builder: #"Reminder.group(by: \.priority).select { ($0.priority, $0.position.total()) }"#,
            sql: "SELECT priority, total(position) FROM reminders GROUP BY priority"),
        // groupConcat(order:).
        Case(
            builder: #"RemindersList.group(by: \.id).join(Reminder.all) { $0.id.eq($1.remindersListID) }.select { ($0.id, $1.title.groupConcat(", ", order: $1.title)) }"#,
            sql: """
                SELECT l.id, (SELECT group_concat(title, ', ') FROM (SELECT title FROM reminders r WHERE r.remindersListID = l.id ORDER BY title))
                FROM remindersLists l WHERE EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id)
                """),
        Case(
            builder: #"RemindersList.group(by: \.id).join(Reminder.all) { $0.id.eq($1.remindersListID) }.select { ($0.id, $1.title.groupConcat(order: $1.priority.desc())) }"#,
            sql: """
                SELECT l.id, (SELECT group_concat(title) FROM (SELECT title FROM reminders r WHERE r.remindersListID = l.id ORDER BY priority DESC, title))
                FROM remindersLists l WHERE EXISTS (SELECT 1 FROM reminders r WHERE r.remindersListID = l.id)
                """),
        Case(
            builder: #"Reminder.select { $0.title.groupConcat(order: $0.title.collate(.nocase).desc()) }"#,
            sql: "SELECT group_concat(title) FROM (SELECT title FROM reminders ORDER BY title COLLATE NOCASE DESC, title)"),
        Case(
            builder: #"Reminder.select { $0.title.groupConcat(" | ", order: $0.dueDate, filter: $0.dueDate.isNot(nil) && $0.isCompleted) }"#,
            sql: "SELECT group_concat(title, ' | ') FROM (SELECT title FROM reminders WHERE dueDate IS NOT NULL AND isCompleted ORDER BY dueDate, title)"),
        Case(
            builder: #"Reminder.select { $0.notes.groupConcat(distinct: true, order: $0.notes.desc()) }"#,
            sql: "SELECT group_concat(notes) FROM (SELECT DISTINCT notes FROM reminders ORDER BY notes DESC)"),
        Case(
            builder: #"Reminder.where { $0.id < 0 }.select { $0.title.groupConcat(order: $0.title) }"#, sql: "SELECT NULL"),
        // A joined query's select.
        Case(
            builder: #"Reminder.select(\.id).join(RemindersList.select { ($0.title, $0.position + 1) }) { $0.remindersListID.eq($1.id) }.select { $0.title }"#,
            sql: "SELECT r.id, l.title, l.position + 1, r.title FROM reminders r JOIN remindersLists l ON r.remindersListID = l.id"),
        Case(
            builder: #"Reminder.where { $0.id < 5 }.leftJoin(Tag.select(\.title)) { $0.id.eq($1.id) }.select { $0.title }"#,
            sql: "SELECT t.title, r.title FROM reminders r LEFT JOIN tags t ON r.id = t.id WHERE r.id < 5"),
    ]

    /// The library's SQL for its own tests' queries, adapted to the example schema.
    static let transcribed: [Case] = [
        // CommonTableExpressionTests.basics (`isFlagged` is the example's `isCompleted` of the open ones: false).
        Case(
            builder: #"With { Reminder.where { !$0.isCompleted }.select { IncompleteReminder.Columns(isFlagged: $0.isCompleted, title: $0.title) } } query: { IncompleteReminder.where { $0.title.collate(.nocase).like("%gym%") } }"#,
            sql: """
                WITH "incompleteReminders" AS (
                  SELECT "reminders"."isCompleted" AS "isFlagged", "reminders"."title" AS "title"
                  FROM "reminders"
                  WHERE (NOT ("reminders"."isCompleted"))
                )
                SELECT "incompleteReminders"."isFlagged", "incompleteReminders"."title"
                FROM "incompleteReminders"
                WHERE (("incompleteReminders"."title" COLLATE "NOCASE" LIKE '%gym%'))
                """),
        // CommonTableExpressionTests.cte2
        Case(
            builder: #"With { Reminder.where { !$0.isCompleted }.select { IncompleteReminder.Columns(isFlagged: $0.priority.eq(.high), title: $0.title) } } query: { IncompleteReminder.where { $0.title.collate(.nocase).like("%e%") }.select { $0.isFlagged } }"#,
            sql: """
                WITH "incompleteReminders" AS (
                  SELECT ("reminders"."priority" = 3) AS "isFlagged", "reminders"."title" AS "title"
                  FROM "reminders"
                  WHERE (NOT ("reminders"."isCompleted"))
                )
                SELECT "incompleteReminders"."isFlagged"
                FROM "incompleteReminders"
                WHERE (("incompleteReminders"."title" COLLATE "NOCASE" LIKE '%e%'))
                """),
        // CommonTableExpressionTests.countTwoTables
        Case(
            builder: """
                With {
                    Reminder.select { ReminderCount.Columns(count: $0.count()) }
                    RemindersList.select { RemindersListCount.Columns(count: $0.count()) }
                } query: {
                    ReminderCount.join(RemindersListCount.all) { _, _ in true }
                }
                """,
            sql: """
                WITH "reminderCounts" AS (
                  SELECT count("reminders"."id") AS "count"
                  FROM "reminders"
                ), "remindersListCounts" AS (
                  SELECT count("remindersLists"."id") AS "count"
                  FROM "remindersLists"
                )
                SELECT "reminderCounts"."count", "remindersListCounts"."count"
                FROM "reminderCounts"
                JOIN "remindersListCounts" ON 1
                """),
        // CommonTableExpressionTests.averageHeightOfAliceReportsIncludingAlice: the employees are the
        // categories under Home (id 1), the height their id; the initial row is selected from its table.
        Case(
            builder: #"With { Category.where { $0.id.eq(1) }.select { CategoryReport.Columns(id: $0.id, height: $0.id, name: $0.title) }.union(all: true, Category.select { CategoryReport.Columns(id: $0.id, height: $0.id, name: $0.title) }.join(CategoryReport.all) { $0.parentID.is($1.id) }) } query: { CategoryReport.select { $0.height.avg() } }"#,
            sql: """
                WITH "categoryReports" AS (
                  SELECT 1 AS "id", 1 AS "height", 'Home' AS "name"
                    UNION ALL
                  SELECT "categories"."id" AS "id", "categories"."id" AS "height", "categories"."title" AS "name"
                  FROM "categories"
                  JOIN "categoryReports" ON ("categories"."parentID") IS ("categoryReports"."id")
                )
                SELECT avg("categoryReports"."height")
                FROM "categoryReports"
                """),
        // CommonTableExpressionTests.recursive
        Case(
            builder: #"With { Count(value: 1).union(Count.select { Count.Columns(value: $0.value + 1) }) } query: { Count.limit(4) }"#,
            sql: """
                WITH "counts" AS (
                  SELECT 1 AS "value"
                    UNION
                  SELECT ("counts"."value") + (1) AS "value"
                  FROM "counts"
                )
                SELECT "counts"."value"
                FROM "counts"
                LIMIT 4
                """, ordered: true),
        // CommonTableExpressionTests.fibonacci
        Case(
            builder: #"With { Fibonacci(n: 1, prevFib: 0, fib: 1).union(Fibonacci.select { Fibonacci.Columns(n: $0.n + 1, prevFib: $0.fib, fib: $0.prevFib + $0.fib) }) } query: { Fibonacci.select(\.fib).limit(10) }"#,
            sql: """
                WITH "fibonaccis" AS (
                  SELECT 1 AS "n", 0 AS "prevFib", 1 AS "fib"
                    UNION
                  SELECT ("fibonaccis"."n") + (1) AS "n", "fibonaccis"."fib" AS "prevFib", ("fibonaccis"."prevFib") + ("fibonaccis"."fib") AS "fib"
                  FROM "fibonaccis"
                )
                SELECT "fibonaccis"."fib"
                FROM "fibonaccis"
                LIMIT 10
                """, ordered: true),
        // CommonTableExpressionTests.averageHeightOfAliceReportsIncludingAlice, its initial row
        // written as a value (`EmployeeReport(id: 1, height: 120, name: "Alice")`).
        Case(
            builder: #"With { CategoryReport(id: 1, height: 120, name: "Alice").union(all: true, Category.select { CategoryReport.Columns(id: $0.id, height: $0.id, name: $0.title) }.join(CategoryReport.all) { $0.parentID.is($1.id) }) } query: { CategoryReport.select { $0.height.avg() } }"#,
            sql: """
                WITH "categoryReports" AS (
                  SELECT 1 AS "id", 120 AS "height", 'Alice' AS "name"
                    UNION ALL
                  SELECT "categories"."id" AS "id", "categories"."id" AS "height", "categories"."title" AS "name"
                  FROM "categories"
                  JOIN "categoryReports" ON ("categories"."parentID") IS ("categoryReports"."id")
                )
                SELECT avg("categoryReports"."height")
                FROM "categoryReports"
                """),
        // AggregateFunctionsTests.total
        Case(builder: #"Reminder.select { $0.id.total() }"#, sql: #"SELECT total("reminders"."id") FROM "reminders""#),
        Case(builder: #"Reminder.select { $0.id.total(distinct: true) }"#, sql: #"SELECT total(DISTINCT "reminders"."id") FROM "reminders""#),
        // AggregateFunctionsTests.groupConcat (`order: $0.isAdmin.desc()`; SQLite 3.40 takes no ORDER BY
        // inside group_concat: the ordered rows are fed to it, ties by bytes).
        Case(
            builder: #"Reminder.select { $0.title.groupConcat(order: $0.isCompleted.desc()) }"#,
            sql: #"SELECT group_concat("title") FROM (SELECT "reminders"."title" FROM "reminders" ORDER BY "reminders"."isCompleted" DESC, "reminders"."title")"#),
        // SelectTests.selectChainingWithJoin
        Case(
            builder: #"Reminder.select(\.id).join(RemindersList.select(\.id)) { $0.remindersListID.eq($1.id) }"#,
            sql: """
                SELECT "reminders"."id", "remindersLists"."id"
                FROM "reminders"
                JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")
                """),
    ]

    /// The values of a row as text, for comparison.
    static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): "i\(integer)"
        case .real(let real): "r\(real)"
        case .text(let text): "t\(text)"
        case .blob(let bytes): "b\(bytes)"
        }
    }

    func check(_ testCase: Case) throws {
        let compiled = try database.compile(testCase.builder)
        let bindings = try compiled.bindings(for: [:], schema: database.schema)
        let sift = try siftConnection.rows(compiled.sql, bindings).map { $0.map(Self.text) }
        let expected = try connection.rows(testCase.sql).map { $0.map(Self.text) }
        func arranged(_ rows: [[String]]) -> [[String]] {
            testCase.ordered ? rows : rows.sorted { $0.joined(separator: "\u{1F}") < $1.joined(separator: "\u{1F}") }
        }
        #expect(!expected.isEmpty, "\(testCase.builder): the hand-written SQL selects no row")
        #expect(arranged(sift) == arranged(expected), "\(testCase.builder)\n\(compiled.sql)")
        // Decoded through Sift's runtime too: as many rows, the columns its compilation names.
        let rows = try database.fetch(compiled)
        #expect(rows.count == sift.count)
        #expect(rows.first.map(\.names) ?? compiled.columnNames == compiled.columnNames)
        #expect(compiled.columnNames.count == expected.first?.count ?? 0)
        // The in-memory evaluator computes the same rows from the typed tree.
        let compared = try ExampleDatabase.expectEvaluatorAgrees(compiled, on: database, testCase.builder)
        #expect(compared > 0 || compiled.query.limit != nil, "\(testCase.builder): no row compared with the evaluator's")
    }

    @Test(arguments: cases)
    func builderQueriesGiveTheValuesOfTheirSQL(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test(arguments: transcribed)
    func builderQueriesGiveTheValuesOfTheLibrarysSQL(_ testCase: Case) throws {
        try check(testCase)
    }

    /// A sub-query's columns are named by the labels of `Columns(...)`, and a date column keeps its
    /// stored text (the query reading it decodes dates as the table's column does).
    @Test func subQueryColumnsAreNamedByTheirLabelsAndKeepTheirStorage() throws {
        let compiled = try database.compile(
            #"With { Reminder.where { $0.dueDate.isNot(nil) }.select { Due.Columns(id: $0.id, dueDate: $0.dueDate) } } query: { Due.order(by: \.id).limit(1) }"#)
        #expect(compiled.sql.contains(#""reminders"."dueDate" AS "dueDate""#), "\(compiled.sql)")
        #expect(compiled.columnNames == ["id", "dueDate"])
        let viaTable = try database.fetch(try database.compile(#"Reminder.where { $0.dueDate.isNot(nil) }.order(by: \.id).limit(1).select { ($0.id, $0.dueDate) }"#))
        let viaSubQuery = try database.fetch(compiled)
        #expect(viaSubQuery.map { $0.values } == viaTable.map { $0.values })
    }
}
