import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// StructuredQueries' builder beyond whole rows — `select`, `distinct`, the joins, `group`,
/// `having`, the aggregates, `Case`, arithmetic and `??` — on the example database: the values
/// Sift's SQL gives are those of hand-written SQL with SQL's meaning (bytes, NULL, SQL's
/// aggregates), row for row, and those the in-memory evaluator computes from the typed tree; the
/// rows Sift decodes have the columns its compilation names.
@Suite struct StructuredQueriesSelectionRowsTests {
    struct Case: Sendable, CustomStringConvertible {
        var builder: String
        var sql: String
        /// Whether the order of the rows is the query's (otherwise they are compared as a multiset).
        var ordered = false
        var description: String { builder }
    }

    let database: SiftDatabase
    let connection: Connection

    init() throws {
        database = try ExampleDatabase.open()
        connection = try Connection(path: ExampleDatabase.path.get(), mode: .readOnly)
    }

    static let cases: [Case] = [
        // Selections.
        Case(builder: #"Reminder.select { $0.title }"#, sql: "SELECT title FROM reminders"),
        Case(builder: #"Reminder.select { ($0.title, $0.priority) }"#, sql: "SELECT title, priority FROM reminders"),
        Case(builder: #"Reminder.select(\.title)"#, sql: "SELECT title FROM reminders"),
        Case(builder: #"Reminder.select(\.title).select(\.position)"#, sql: "SELECT title, position FROM reminders"),
        Case(builder: #"Reminder.select { $0 }.where { $0.id < 3 }"#, sql: "SELECT * FROM reminders WHERE id < 3"),
        Case(builder: #"Reminder.distinct().select { $0.priority }"#, sql: "SELECT DISTINCT priority FROM reminders"),
        Case(builder: #"Reminder.select { $0.title }.distinct()"#, sql: "SELECT DISTINCT title FROM reminders"),
        Case(builder: #"Reminder.distinct(false).select { $0.priority }"#, sql: "SELECT priority FROM reminders"),
        Case(
            builder: #"Reminder.select { ($0.position + 1, $0.position - 2, $0.position * 3, $0.position / 4, $0.position % 5) }"#,
            sql: "SELECT position + 1, position - 2, position * 3, position / 4, position % 5 FROM reminders"),
        Case(builder: #"Reminder.select { (-$0.position, -($0.position * 2)) }.where { -$0.position < -10 }"#, sql: "SELECT -position, -(position * 2) FROM reminders WHERE -position < -10"),
        Case(builder: #"Reminder.select { $0.title + " (" + $0.notes + ")" }"#, sql: "SELECT title || ' (' || notes || ')' FROM reminders"),
        Case(builder: #"Reminder.select { ($0.priority ?? .low, $0.dueDate ?? nil) }"#, sql: "SELECT coalesce(priority, 1), coalesce(dueDate, NULL) FROM reminders"),
        Case(builder: #"Reminder.select { $0.priority.ifnull(.medium) }"#, sql: "SELECT ifnull(priority, 2) FROM reminders"),
        Case(
            builder: #"Reminder.select { ($0.position > 10, $0.priority.eq(.high), $0.title.contains("gym"), $0.priority.is(nil)) }"#,
            sql: "SELECT position > 10, priority = 3, title LIKE '%gym%', priority IS NULL FROM reminders"),
        Case(
            builder: #"Reminder.select { Case($0.priority).when(1, then: "Low").when(2, then: "Medium").else("Unknown") }"#,
            sql: "SELECT CASE priority WHEN 1 THEN 'Low' WHEN 2 THEN 'Medium' ELSE 'Unknown' END FROM reminders"),
        Case(
            builder: #"Reminder.select { Case($0.priority).when(.high, then: 3).when(.low, then: 1) }"#,
            sql: "SELECT CASE priority WHEN 3 THEN 3 WHEN 1 THEN 1 END FROM reminders"),
        Case(
            builder: #"Reminder.select { ($0.id, Case().when($0.isCompleted, then: "Done").when($0.priority.eq(.high), then: "Urgent").else("Open")) }"#,
            sql: "SELECT id, CASE WHEN isCompleted THEN 'Done' WHEN priority = 3 THEN 'Urgent' ELSE 'Open' END FROM reminders"),
        Case(
            builder: #"Reminder.where { !$0.isCompleted }.select { ($0.title, $0.position) }.order { ($0.position.desc(), $0.id) }.limit(5, offset: 2)"#,
            sql: "SELECT title, position FROM reminders WHERE NOT isCompleted ORDER BY position DESC, id LIMIT 5 OFFSET 2", ordered: true),
        Case(
            builder: #"Reminder.select { ($0.id, $0.priority) }.order { ($0.priority.desc(nulls: .last), $0.id) }"#,
            sql: "SELECT id, priority FROM reminders ORDER BY priority DESC NULLS LAST, id", ordered: true),
        Case(
            builder: #"Reminder.select { $0.title }.order(by: \.title)"#,
            sql: "SELECT title FROM reminders ORDER BY title", ordered: true),
        // Joins.
        Case(
            builder: #"Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }.select { ($0.title, $1.title) }"#,
            sql: "SELECT r.title, l.title FROM reminders r JOIN remindersLists l ON r.remindersListID = l.id"),
        Case(
            builder: #"Reminder.join(RemindersList.where { $0.position > 0 }) { $0.remindersListID.eq($1.id) }.select { ($0.title, $1.title) }"#,
            sql: "SELECT r.title, l.title FROM reminders r JOIN remindersLists l ON r.remindersListID = l.id WHERE l.position > 0"),
        Case(
            builder: #"Reminder.join(RemindersList.all) { r, l in r.remindersListID.eq(l.id) }.where { r, l in l.title.eq("Work") && !r.isCompleted }.select { r, l in r.title }"#,
            sql: "SELECT r.title FROM reminders r JOIN remindersLists l ON r.remindersListID = l.id WHERE l.title = 'Work' AND NOT r.isCompleted"),
        Case(
            builder: #"Reminder.where { $0.position < 3 }.join(RemindersList.all) { $0.remindersListID.eq($1.id) }.select { ($0, $1.title) }"#,
            sql: "SELECT r.*, l.title FROM reminders r JOIN remindersLists l ON r.remindersListID = l.id WHERE r.position < 3"),
        Case(
            builder: #"Reminder.join(RemindersList.all) { $0.remindersListID.eq($1.id) }.where { $1.position.eq(1) }"#,
            sql: "SELECT r.*, l.* FROM reminders r JOIN remindersLists l ON r.remindersListID = l.id WHERE l.position = 1"),
        Case(
            builder: #"RemindersList.leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) && $1.priority.eq(.high) }.select { ($0.title, $1.title, $1.position) }"#,
            sql: "SELECT l.title, r.title, r.position FROM remindersLists l LEFT JOIN reminders r ON l.id = r.remindersListID AND r.priority = 3"),
        Case(
            builder: #"RemindersList.rightJoin(Reminder.all) { $0.id.eq($1.remindersListID) && $1.priority.eq(.high) }.select { ($0.title, $1.title) }"#,
            sql: "SELECT l.title, r.title FROM remindersLists l RIGHT JOIN reminders r ON l.id = r.remindersListID AND r.priority = 3"),
        Case(
            builder:
                #"RemindersList.rightJoin(Reminder.all) { $0.id.eq($1.remindersListID) && $1.position < 2 }.leftJoin(Tag.all) { $0.title.eq($2.title) || $1.title.eq($2.title) }.select { ($0.title, $1.title, $2.title) }"#,
            sql:
                "SELECT l.title, r.title, t.title FROM remindersLists l RIGHT JOIN reminders r ON l.id = r.remindersListID AND r.position < 2 LEFT JOIN tags t ON l.title = t.title OR r.title = t.title"),
        Case(
            builder: #"RemindersList.fullJoin(Tag.all) { $0.title.eq($1.title) }.select { ($0.title, $1.title) }"#,
            sql: "SELECT l.title, t.title FROM remindersLists l FULL JOIN tags t ON l.title = t.title"),
        Case(
            builder:
                #"Reminder.join(ReminderTag.all) { $0.id.eq($1.reminderID) }.join(Tag.all) { $1.tagID.eq($2.id) }.select { ($0.title, $2.title) }"#,
            sql: "SELECT r.title, t.title FROM reminders r JOIN reminderTags rt ON r.id = rt.reminderID JOIN tags t ON rt.tagID = t.id"),
        Case(
            builder: #"Reminder.join(Reminder.all) { $0.title.eq($1.title) && $0.id.lt($1.id) }.select { ($0.id, $1.id) }"#,
            sql: "SELECT a.id, b.id FROM reminders a JOIN reminders b ON a.title = b.title AND a.id < b.id"),
        // Grouping and aggregates.
        Case(
            builder: #"Reminder.group(by: \.remindersListID).select { ($0.remindersListID, $0.count()) }"#,
            sql: "SELECT remindersListID, count(id) FROM reminders GROUP BY remindersListID"),
        Case(
            builder: #"Reminder.group { $0.remindersListID }.having { $0.count() > 20 }.select { ($0.remindersListID, $0.count()) }"#,
            sql: "SELECT remindersListID, count(id) FROM reminders GROUP BY remindersListID HAVING count(id) > 20"),
        Case(
            builder:
                #"Reminder.group { ($0.remindersListID, $0.isCompleted) }.select { ($0.remindersListID, $0.isCompleted, $0.id.count(distinct: true), $0.position.sum(), $0.position.avg(), $0.position.max(), $0.dueDate.min()) }"#,
            sql: "SELECT remindersListID, isCompleted, count(DISTINCT id), sum(position), avg(position), max(position), min(dueDate) FROM reminders GROUP BY remindersListID, isCompleted"),
        Case(
            builder: #"Reminder.where { $0.id > 1000 }.select { ($0.count(), $0.position.sum(), $0.position.avg(), $0.title.groupConcat()) }"#,
            sql: "SELECT count(id), sum(position), avg(position), group_concat(title) FROM reminders WHERE id > 1000"),
        Case(
            builder:
                #"RemindersList.group(by: \.id).leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }.select { ($0.title, $1.count(), $1.title.groupConcat(", "), $1.title.jsonGroupArray()) }"#,
            sql: "SELECT l.title, count(r.id), group_concat(r.title, ', '), json_group_array(r.title) FROM remindersLists l LEFT JOIN reminders r ON l.id = r.remindersListID GROUP BY l.id"),
        Case(
            builder: #"Reminder.group(by: \.remindersListID).select { ($0.remindersListID, $0.title.groupConcat(separator: " | "), $0.notes.groupConcat(distinct: true)) }"#,
            sql: "SELECT remindersListID, group_concat(title, ' | '), group_concat(DISTINCT notes) FROM reminders GROUP BY remindersListID"),
        Case(
            builder:
                #"Reminder.group(by: \.remindersListID).select { ($0.remindersListID, $0.count(filter: $0.isCompleted), $0.position.sum(filter: $0.priority.eq(.high)), $0.title.jsonGroupArray(distinct: true, filter: $0.position < 3)) }"#,
            sql:
                "SELECT remindersListID, count(id) FILTER (WHERE isCompleted), sum(position) FILTER (WHERE priority = 3), json_group_array(DISTINCT title) FILTER (WHERE position < 3) FROM reminders GROUP BY remindersListID"),
        Case(
            builder: #"Reminder.group(by: \.remindersListID).select { ($0.remindersListID, $0.count()) }.order { $0.count().desc() }"#,
            sql: "SELECT remindersListID, count(id) FROM reminders GROUP BY remindersListID ORDER BY count(id) DESC", ordered: true),
        Case(
            builder: #"Reminder.group(by: \.isCompleted).having(\.isCompleted).select { ($0.isCompleted, $0.count()) }"#,
            sql: "SELECT isCompleted, count(id) FROM reminders GROUP BY isCompleted HAVING isCompleted"),
        Case(
            builder: #"Reminder.having { $0.count() > 1 }.select { $0.count() }"#,
            sql: "SELECT count(id) FROM reminders HAVING count(id) > 1"),
        Case(
            builder: #"Reminder.select { ($0.title.max(), $0.title.min()) }"#,
            sql: "SELECT max(title), min(title) FROM reminders"),
        Case(
            builder: #"Reminder.select { Case().when($0.position > 5, then: $0.title).groupConcat() }"#,
            sql: "SELECT group_concat(CASE WHEN position > 5 THEN title END) FROM reminders"),
        Case(
            builder: #"@FetchAll(Reminder.group(by: \.status).select { ($0.status, $0.count()) }) var counts"#,
            sql: "SELECT status, count(id) FROM reminders GROUP BY status"),
        Case(
            builder: #"@FetchOne(Reminder.select { $0.count() }) var total"#,
            sql: "SELECT count(id) FROM reminders"),
        Case(
            builder: #"@FetchOne(Reminder.select { $0.count() }) var total = 0"#,
            sql: "SELECT count(id) FROM reminders"),
        Case(
            builder: #"@FetchAll(Reminder.select { ($0.title, $0.priority) }) var rows: [(String, Priority?)]"#,
            sql: "SELECT title, priority FROM reminders"),
    ]

    /// SQL StructuredQueries writes for these queries, transcribed from its test snapshots
    /// (`Tests/StructuredQueriesTests/SelectTests.swift`, `AggregateFunctionsTests.swift`) onto the
    /// example schema's tables, run as written.
    static let transcribed: [Case] = [
        Case(builder: #"Reminder.distinct().select(\.priority)"#, sql: #"SELECT DISTINCT "reminders"."priority" FROM "reminders""#),
        Case(builder: #"Reminder.select { ($0.id, $0.title) }"#, sql: #"SELECT "reminders"."id", "reminders"."title" FROM "reminders""#),
        Case(
            builder: #"RemindersList.join(Reminder.all) { $0.id.eq($1.remindersListID) }.select { ($0.title, $1.title) }"#,
            sql: #"SELECT "remindersLists"."title", "reminders"."title" FROM "remindersLists" JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID")"#),
        Case(
            builder: #"Reminder.leftJoin(RemindersList.all) { $0.remindersListID.eq($1.id) }.select { ($0.title, $1.title) }"#,
            sql: #"SELECT "reminders"."title", "remindersLists"."title" FROM "reminders" LEFT JOIN "remindersLists" ON ("reminders"."remindersListID") = ("remindersLists"."id")"#),
        Case(
            builder: #"RemindersList.rightJoin(Reminder.all) { $0.id.is($1.remindersListID) }.select { ($1.title, $0.title) }"#,
            sql: #"SELECT "reminders"."title", "remindersLists"."title" FROM "remindersLists" RIGHT JOIN "reminders" ON ("remindersLists"."id") IS ("reminders"."remindersListID")"#),
        Case(
            builder: #"Reminder.fullJoin(RemindersList.all) { $0.remindersListID.is($1.id) }.select { ($0.title, $1.title) }"#,
            sql: #"SELECT "reminders"."title", "remindersLists"."title" FROM "reminders" FULL JOIN "remindersLists" ON ("reminders"."remindersListID") IS ("remindersLists"."id")"#),
        Case(
            builder: #"Reminder.select { ($0.isCompleted, $0.id.count()) }.group(by: \.isCompleted)"#,
            sql: #"SELECT "reminders"."isCompleted", count("reminders"."id") FROM "reminders" GROUP BY "reminders"."isCompleted""#),
        Case(
            builder: #"Reminder.select { ($0.isCompleted, $0.id.count()) }.group(by: \.isCompleted).having { $0.id.count() > 3 }"#,
            sql:
                #"SELECT "reminders"."isCompleted", count("reminders"."id") FROM "reminders" GROUP BY "reminders"."isCompleted" HAVING ((count("reminders"."id")) > (3))"#),
        Case(builder: #"Reminder.select { $0.id.avg() }"#, sql: #"SELECT avg("reminders"."id") FROM "reminders""#),
        Case(builder: #"Reminder.select { $0.priority.count(distinct: true) }"#, sql: #"SELECT count(DISTINCT "reminders"."priority") FROM "reminders""#),
        Case(builder: #"Reminder.select { $0.dueDate.max() }"#, sql: #"SELECT max("reminders"."dueDate") FROM "reminders""#),
        Case(builder: #"Reminder.select { $0.id.sum() }.where { _ in false }"#, sql: #"SELECT sum("reminders"."id") FROM "reminders" WHERE (0)"#),
        Case(builder: #"Tag.select { $0.title.groupConcat("-") }"#, sql: #"SELECT group_concat("tags"."title", '-') FROM "tags""#),
        Case(
            builder: #"Tag.select { $0.title.groupConcat() }.order(by: \.title)"#,
            sql: #"SELECT group_concat("tags"."title") FROM "tags" ORDER BY "tags"."title""#),
        Case(
            builder: #"RemindersList.group(by: \.id).join(Reminder.all) { $0.id.eq($1.remindersListID) }.select { ($0.title, $1.id.count()) }.limit(1)"#,
            sql:
                #"SELECT "remindersLists"."title", count("reminders"."id") FROM "remindersLists" JOIN "reminders" ON ("remindersLists"."id") = ("reminders"."remindersListID") GROUP BY "remindersLists"."id" LIMIT 1"#),
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
        let sift = try connection.rows(compiled.sql, bindings).map { $0.map(Self.text) }
        let expected = try connection.rows(testCase.sql).map { $0.map(Self.text) }
        func arranged(_ rows: [[String]]) -> [[String]] {
            testCase.ordered ? rows : rows.sorted { $0.joined(separator: "\u{1F}") < $1.joined(separator: "\u{1F}") }
        }
        #expect(!expected.isEmpty, "\(testCase.builder): the hand-written SQL selects no row")
        #expect(arranged(sift) == arranged(expected), "\(testCase.builder)\n\(compiled.sql)")
        let rows = try database.fetch(compiled)
        #expect(rows.count == sift.count)
        #expect(rows.first.map(\.names) ?? compiled.columnNames == compiled.columnNames)
        #expect(compiled.columnNames.count == expected.first?.count ?? 0)
        // The in-memory evaluator computes the same rows from the typed tree.
        let compared = try ExampleDatabase.expectEvaluatorAgrees(compiled, on: database, testCase.builder)
        #expect(compared > 0 || compiled.query.limit != nil, "\(testCase.builder): no row compared with the evaluator's")
    }

    @Test(arguments: cases)
    func builderSelectionsGiveTheValuesOfTheirSQL(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test(arguments: transcribed)
    func builderSelectionsGiveTheValuesOfStructuredQueriesSQL(_ testCase: Case) throws {
        try check(testCase)
    }

    /// Generated selections — a grouping key, aggregates with and without `filter:`, an optional
    /// join to the lists (inner or left), a `where` and a `having` — give the values of the SQL
    /// written alongside them, piece by piece.
    @Test func generatedGroupedSelectionsGiveTheValuesOfTheirSQL() throws {
        let keys: [(builder: String, sql: String)] = [
            ("$0.remindersListID", "r.remindersListID"), ("$0.isCompleted", "r.isCompleted"), ("$0.status", "r.status"),
            ("$0.priority", "r.priority"), ("$0.position % 3", "(r.position % 3)"),
        ]
        let aggregates: [(builder: String, sql: String)] = [
            ("$0.count()", "count(r.id)"), ("$0.position.sum()", "sum(r.position)"), ("$0.position.avg()", "avg(r.position)"),
            ("$0.dueDate.max()", "max(r.dueDate)"), ("$0.title.min()", "min(r.title)"), ("$0.priority.count(distinct: true)", "count(DISTINCT r.priority)"),
            ("$0.count(filter: $0.isCompleted)", "count(r.id) FILTER (WHERE r.isCompleted)"),
            ("$0.position.sum(filter: $0.priority.eq(.high))", "sum(r.position) FILTER (WHERE r.priority = 3)"),
            ("$0.notes.groupConcat(distinct: true)", "group_concat(DISTINCT r.notes)"), ("$0.id.jsonGroupArray()", "json_group_array(r.id)"),
            ("$1.count()", "count(l.id)"), ("$1.position.max()", "max(l.position)"),
        ]
        let filters: [(builder: String, sql: String)] = [
            ("$0.position > 5", "r.position > 5"), ("!$0.isCompleted", "NOT r.isCompleted"), ("$0.priority.isNot(nil)", "r.priority IS NOT NULL"),
            ("$0.title.contains(\"e\")", "r.title LIKE '%e%'"), ("$1.position.lt(3)", "l.position < 3"),
        ]
        var random = SplitMix64(seed: 3334)
        for _ in 0..<60 {
            let key = random.pick(keys)
            let chosen = (0..<random.int(in: 1...3)).map { _ in random.pick(aggregates) }
            let join = random.below(3)  // none, inner, left
            let filter = random.chance(1, in: 2) ? random.pick(filters) : nil
            let threshold = random.chance(1, in: 2) ? random.int(in: 0...20) : nil
            let readsList = chosen.contains { $0.builder.hasPrefix("$1") } || filter?.builder.hasPrefix("$1") == true
            let joins = join == 0 && !readsList ? 0 : (join == 2 ? 2 : 1)
            var builder = "Reminder"
            var sql = "SELECT " + ([key.sql] + chosen.map(\.sql)).joined(separator: ", ") + " FROM reminders r"
            if joins > 0 {
                builder += ".\(joins == 2 ? "leftJoin" : "join")(RemindersList.all) { $0.remindersListID.eq($1.id) }"
                sql += " \(joins == 2 ? "LEFT JOIN" : "JOIN") remindersLists l ON r.remindersListID = l.id"
            }
            if let filter {
                builder += ".where { \(filter.builder) }"
                sql += " WHERE " + filter.sql
            }
            builder += ".group { \(key.builder) }"
            sql += " GROUP BY " + key.sql
            if let threshold {
                builder += ".having { $0.count() > \(threshold) }"
                sql += " HAVING count(r.id) > \(threshold)"
            }
            builder += ".select { (" + ([key.builder] + chosen.map(\.builder)).joined(separator: ", ") + ") }"
            let compiled = try database.compile(builder)
            let bindings = try compiled.bindings(for: [:], schema: database.schema)
            let sift = try connection.rows(compiled.sql, bindings).map { $0.map(Self.text) }.sorted { $0.joined(separator: "\u{1F}") < $1.joined(separator: "\u{1F}") }
            let expected = try connection.rows(sql).map { $0.map(Self.text) }.sorted { $0.joined(separator: "\u{1F}") < $1.joined(separator: "\u{1F}") }
            #expect(sift == expected, "\(builder)\n\(compiled.sql)\n\(sql)")
            #expect(try database.fetch(compiled).count == expected.count, "\(builder)")
            try ExampleDatabase.expectEvaluatorAgrees(compiled, on: database, builder)
        }
    }

    /// Columns are named after their expressions, with their Swift types (optional where SQL can
    /// give NULL: an outer join's columns, `sum`, `avg`, `max`).
    @Test func columnsAreNamedAfterTheirExpressionsAndTyped() throws {
        let compiled = try database.compile(
            #"RemindersList.group(by: \.id).leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }.select { ($0.title, $1.count(), $1.position.sum(), $1.title.groupConcat(", "), $1.position.avg()) }"#)
        #expect(compiled.columnNames == ["$0.title", "$1.count()", "$1.position.sum()", #"$1.title.groupConcat(", ")"#, "$1.position.avg()"])
        #expect(compiled.columns.map(\.isOptional) == [false, false, true, true, true])
        let joined = try database.compile(#"Reminder.leftJoin(RemindersList.all) { $0.remindersListID.eq($1.id) }.select { ($0.id, $1) }"#)
        #expect(joined.columnNames == ["$0.id", "$1.id", "$1.title", "$1.color", "$1.position"])
        #expect(joined.columns.map(\.isOptional) == [false, true, true, true, true])
        let right = try database.compile(#"RemindersList.rightJoin(Reminder.all) { $0.id.eq($1.remindersListID) }.select { ($0.title, $1.title) }"#)
        #expect(right.columns.map(\.isOptional) == [true, false])
        let same = try database.compile(#"Reminder.select { ($0.title, $0.title) }"#)
        #expect(same.columnNames == ["$0.title", "$0.title_2"])
    }

    /// Text is compared by its bytes, as SQL does: a distinct selection keeps `é` and `e\u{301}` apart.
    @Test func distinctStringsAreDistinctByTheirBytes() throws {
        let compiled = try database.compile(#"Reminder.distinct().select { $0.title }"#)
        let rows = try database.fetch(compiled)
        let expected = try connection.rows("SELECT DISTINCT title FROM reminders")
        #expect(rows.count == expected.count)
        #expect(!compiled.sql.contains("sift_"), "\(compiled.sql)")
    }
}
