import Foundation
import Sift
import SiftSQLite
import Testing

/// StructuredQueries' query builder on the example database: each builder query gives the rows of
/// hand-written SQL with StructuredQueries' meaning (its `LIKE` for `contains`, SQL's `=` and NULL,
/// stored values in `ORDER BY`), in the same order when the query orders its rows, and the rows
/// the in-memory evaluator computes.
@Suite struct StructuredQueriesRowsTests {
    let database: SiftDatabase
    let connection: Connection

    init() throws {
        database = try ExampleDatabase.open()
        connection = try Connection(path: ExampleDatabase.path.get(), mode: .readOnly)
    }

    /// The `id` column of the rows of a Sift query.
    func siftIDs(_ text: String, _ parameters: [String: ParameterValue] = [:]) throws -> [Int64] {
        try database.fetch(try database.compile(text), parameters: parameters).map { row in
            guard case .int(let id)? = row["id"] else { return -1 }
            return id
        }
    }

    /// The first column of the rows of an SQL query.
    func sqlIDs(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [Int64] {
        try connection.rows(sql, bindings).map { row in
            guard case .integer(let id) = row[0] else { return -1 }
            return id
        }
    }

    /// Queries without an order: the same set of rows.
    static let unordered: [(builder: String, sql: String)] = [
        (#"Reminder.where { $0.isCompleted }"#, #"SELECT id FROM reminders WHERE isCompleted"#),
        (#"Reminder.where(\.isCompleted)"#, #"SELECT id FROM reminders WHERE isCompleted"#),
        (#"Reminder.all"#, #"SELECT id FROM reminders"#),
        (#"Reminder.where { !$0.isCompleted }"#, #"SELECT id FROM reminders WHERE NOT isCompleted"#),
        (#"Reminder.where { $0.isCompleted }.where { $0.priority.eq(.high) }"#, #"SELECT id FROM reminders WHERE isCompleted AND priority = 3"#),
        (#"Reminder.where { $0.priority == .high || $0.status.eq(.done) }"#, #"SELECT id FROM reminders WHERE priority = 3 OR status = 'done'"#),
        (#"Reminder.where { $0.priority.neq(.low) }"#, #"SELECT id FROM reminders WHERE priority <> 1"#),
        (#"Reminder.where { $0.priority != .low }"#, #"SELECT id FROM reminders WHERE priority <> 1"#),
        (#"Reminder.where { !($0.priority == .low) }"#, #"SELECT id FROM reminders WHERE NOT (priority = 1)"#),
        (#"Reminder.where { $0.priority.is(nil) }"#, #"SELECT id FROM reminders WHERE priority IS NULL"#),
        (#"Reminder.where { $0.priority == nil }"#, #"SELECT id FROM reminders WHERE priority IS NULL"#),
        (#"Reminder.where { $0.dueDate.isNot(nil) && !$0.isCompleted }"#, #"SELECT id FROM reminders WHERE dueDate IS NOT NULL AND NOT isCompleted"#),
        (#"Reminder.where { $0.priority.is(.high) }"#, #"SELECT id FROM reminders WHERE priority IS 3"#),
        (#"Reminder.where { $0.priority.isNot(.high) }"#, #"SELECT id FROM reminders WHERE priority IS NOT 3"#),
        (#"Reminder.where { $0.position < 3 }"#, #"SELECT id FROM reminders WHERE position < 3"#),
        (#"Reminder.where { $0.position.lte(3) }"#, #"SELECT id FROM reminders WHERE position <= 3"#),
        (#"Reminder.where { $0.position.gt(10) && $0.position.lt(20) }"#, #"SELECT id FROM reminders WHERE position > 10 AND position < 20"#),
        (#"Reminder.where { $0.position >= 10 }"#, #"SELECT id FROM reminders WHERE position >= 10"#),
        (#"Reminder.where { $0.position.gte(10).and($0.isCompleted) }"#, #"SELECT id FROM reminders WHERE position >= 10 AND isCompleted"#),
        (#"Reminder.where { $0.isCompleted.or($0.priority.eq(.high)).not() }"#, #"SELECT id FROM reminders WHERE NOT (isCompleted OR priority = 3)"#),
        (#"Reminder.where { $0.id.in([1, 2, 3, 99]) }"#, #"SELECT id FROM reminders WHERE id IN (1, 2, 3, 99)"#),
        (#"Reminder.where { $0.id.notIn([1, 2, 3]) }"#, #"SELECT id FROM reminders WHERE id NOT IN (1, 2, 3)"#),
        (#"Reminder.where { $0.priority.in([.high, .low]) }"#, #"SELECT id FROM reminders WHERE priority IN (3, 1)"#),
        (#"Reminder.where { $0.position.between(10, and: 20) }"#, #"SELECT id FROM reminders WHERE position BETWEEN 10 AND 20"#),
        (#"Reminder.where { $0.title.contains("gym") }"#, #"SELECT id FROM reminders WHERE title LIKE '%gym%'"#),
        (#"Reminder.where { $0.title.contains("50%") }"#, #"SELECT id FROM reminders WHERE title LIKE '%50%%'"#),
        (#"Reminder.where { $0.title.contains("snake_case") }"#, #"SELECT id FROM reminders WHERE title LIKE '%snake_case%'"#),
        (#"Reminder.where { $0.title.hasPrefix("b") }"#, #"SELECT id FROM reminders WHERE title LIKE 'b%'"#),
        (#"Reminder.where { $0.title.hasSuffix("S") }"#, #"SELECT id FROM reminders WHERE title LIKE '%S'"#),
        (#"Reminder.where { $0.notes.like("%\\%") }"#, #"SELECT id FROM reminders WHERE notes LIKE '%\%'"#),
        (#"Reminder.where { $0.title.glob("*[Gg]ym*") }"#, #"SELECT id FROM reminders WHERE title GLOB '*[Gg]ym*'"#),
        (#"Reminder.where { $0.title.eq("Café with Renée") }"#, #"SELECT id FROM reminders WHERE title = 'Café with Renée'"#),
        (#"Reminder.find(3)"#, #"SELECT id FROM reminders WHERE id = 3"#),
        (#"Reminder.where { $0.isCompleted }.find(12)"#, #"SELECT id FROM reminders WHERE isCompleted AND id = 12"#),
        (#"RemindersList.where { $0.title.eq("Work") }"#, #"SELECT id FROM remindersLists WHERE title = 'Work'"#),
        (#"Tag.where { $0.title.like("urgent") }"#, #"SELECT id FROM tags WHERE title LIKE 'urgent'"#),
        (#"@FetchAll(Reminder.where { $0.priority == nil }) var reminders"#, #"SELECT id FROM reminders WHERE priority IS NULL"#),
        (#"@FetchAll var lists: [RemindersList]"#, #"SELECT id FROM remindersLists"#),
        (#"try Reminder.where { $0.isCompleted }.fetchAll(db)"#, #"SELECT id FROM reminders WHERE isCompleted"#),
        (#"let open = try? Reminder.where { !$0.isCompleted }.fetchAll(db)"#, #"SELECT id FROM reminders WHERE NOT isCompleted"#),
    ]

    @Test(arguments: unordered.indices)
    func builderQueriesSelectTheRowsOfTheirSQL(_ index: Int) throws {
        let (builder, sql) = Self.unordered[index]
        let expected = try sqlIDs(sql).sorted()
        #expect(try siftIDs(builder).sorted() == expected, "\(builder)")
        try ExampleDatabase.expectEvaluatorAgrees(try database.compile(builder), on: database, builder)
    }

    /// Queries that order their rows (ties broken by id on both sides): the same rows in the same order.
    static let ordered: [(builder: String, sql: String)] = [
        (#"Reminder.order(by: \.title).order(by: \.id)"#, #"SELECT id FROM reminders ORDER BY title, id"#),
        (#"Reminder.order { ($0.title.desc(), $0.id) }"#, #"SELECT id FROM reminders ORDER BY title DESC, id"#),
        (#"Reminder.order { ($0.priority.desc(nulls: .last), $0.id.asc()) }"#, #"SELECT id FROM reminders ORDER BY priority DESC NULLS LAST, id ASC"#),
        (#"Reminder.order { ($0.priority.asc(nulls: .last), $0.id) }"#, #"SELECT id FROM reminders ORDER BY priority ASC NULLS LAST, id"#),
        (#"Reminder.order { ($0.priority.desc(nulls: .first), $0.id) }"#, #"SELECT id FROM reminders ORDER BY priority DESC NULLS FIRST, id"#),
        (#"Reminder.order { ($0.status, $0.id) }"#, #"SELECT id FROM reminders ORDER BY status, id"#),
        (#"Reminder.order { ($0.dueDate.desc(), $0.id) }"#, #"SELECT id FROM reminders ORDER BY dueDate DESC, id"#),
        (#"Reminder.order { $0.priority.desc() }.order(by: \.title).order(by: \.id)"#, #"SELECT id FROM reminders ORDER BY priority DESC, title, id"#),
        (#"Reminder.where { !$0.isCompleted }.order(by: \.id).limit(5)"#, #"SELECT id FROM reminders WHERE NOT isCompleted ORDER BY id LIMIT 5"#),
        (#"Reminder.order(by: \.id).limit(10, offset: 5)"#, #"SELECT id FROM reminders ORDER BY id LIMIT 10 OFFSET 5"#),
        (#"Reminder.order(by: \.id).limit(10).offset(10).limit(20)"#, #"SELECT id FROM reminders ORDER BY id LIMIT 20 OFFSET 10"#),
        (#"Reminder.order(by: \.id).offset(70)"#, #"SELECT id FROM reminders ORDER BY id LIMIT -1 OFFSET 70"#),
        (#"@FetchOne(Reminder.order { $0.position.desc() }.order(by: \.id)) var last"#, #"SELECT id FROM reminders ORDER BY position DESC, id LIMIT 1"#),
    ]

    @Test(arguments: ordered.indices)
    func orderedBuilderQueriesGiveTheRowsOfTheirSQLInOrder(_ index: Int) throws {
        let (builder, sql) = Self.ordered[index]
        #expect(try siftIDs(builder) == (try sqlIDs(sql)), "\(builder)")
        try ExampleDatabase.expectEvaluatorAgrees(try database.compile(builder), on: database, builder)
    }

    /// SQL that StructuredQueries writes for these queries, transcribed from its documentation
    /// and tests (`Reminder.where(\.isCompleted)` → `WHERE ("reminders"."isCompleted")`), run on
    /// the example database: Sift's rows are the rows of StructuredQueries' SQL.
    static let transcribed: [(builder: String, sql: String)] = [
        (#"Reminder.where(\.isCompleted)"#, #"SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."isCompleted")"#),
        (#"Reminder.find(1)"#, #"SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."id") IN ((1)))"#),
        (#"Reminder.where { $0.title.like("%get%") }"#, #"SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."title" LIKE '%get%')"#),
        (#"Reminder.where { $0.title.hasPrefix("Get") }"#, #"SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."title" LIKE 'Get%')"#),
        (#"Reminder.where { $0.id.in([1, 2, 3]) }"#, #"SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."id" IN (1, 2, 3))"#),
        (
            #"Reminder.where { !$0.isCompleted && $0.title.like("%groceries%") }"#,
            #"SELECT "reminders"."id" FROM "reminders" WHERE (NOT ("reminders"."isCompleted")) AND (("reminders"."title" LIKE '%groceries%'))"#
        ),
        (
            #"Reminder.where(\.isCompleted).where { $0.title.like("%groceries%") }"#,
            #"SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."isCompleted") AND ("reminders"."title" LIKE '%groceries%')"#
        ),
        (
            #"Reminder.order { ($0.priority.desc(nulls: .first), $0.title.asc()) }"#,
            #"SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."priority" DESC NULLS FIRST, "reminders"."title" ASC"#
        ),
        (
            #"Reminder.order { $0.priority.desc() }.order(by: \.title)"#,
            #"SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."priority" DESC, "reminders"."title""#
        ),
        (#"Reminder.order(by: \.title).limit(10)"#, #"SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."title" LIMIT 10"#),
        (
            #"Reminder.order(by: \.id).limit(10).offset(10).limit(20)"#,
            #"SELECT "reminders"."id" FROM "reminders" ORDER BY "reminders"."id" LIMIT 20 OFFSET 10"#
        ),
        (
            #"Reminder.where { $0.dueDate.is(nil) }"#,
            #"SELECT "reminders"."id" FROM "reminders" WHERE ("reminders"."dueDate") IS (NULL)"#
        ),
        (
            #"Reminder.where { $0.position.between(1, and: 5) }"#,
            #"SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."position" BETWEEN 1 AND 5"#
        ),
        (
            #"Reminder.where { $0.priority.eq(.high).or($0.isCompleted) }"#,
            #"SELECT "reminders"."id" FROM "reminders" WHERE (("reminders"."priority") = (3)) OR ("reminders"."isCompleted")"#
        ),
    ]

    @Test(arguments: transcribed.indices)
    func rowsAreTheRowsOfStructuredQueriesSQL(_ index: Int) throws {
        let (builder, sql) = Self.transcribed[index]
        let expected = try sqlIDs(sql)
        let ordered = sql.contains("ORDER BY")
        // Ties in StructuredQueries' order are SQLite's to break: compare the rows, and the order
        // of the keys where it is total.
        if ordered, !sql.contains("\"title\"") {
            #expect(try siftIDs(builder) == expected, "\(builder)")
        } else {
            #expect(try siftIDs(builder).sorted() == expected.sorted(), "\(builder)")
        }
        try ExampleDatabase.expectEvaluatorAgrees(try database.compile(builder), on: database, builder)
    }

    /// A value written on the left of a comparison, with the column on the right: the rows of
    /// hand-written SQL with the value in the same place, for every comparison operator and
    /// method, a named parameter or a literal, of integers, texts and enums.
    static let valueOnTheLeft: [(builder: String, sql: String, parameters: [String: ParameterValue], bindings: [SQLiteValue])] = [
        (#"Reminder.where { minimum < $0.position }"#, "SELECT id FROM reminders WHERE ?1 < position", ["minimum": .int(10)], [.integer(10)]),
        (#"Reminder.where { minimum <= $0.position }"#, "SELECT id FROM reminders WHERE ?1 <= position", ["minimum": .int(10)], [.integer(10)]),
        (#"Reminder.where { minimum > $0.position }"#, "SELECT id FROM reminders WHERE ?1 > position", ["minimum": .int(10)], [.integer(10)]),
        (#"Reminder.where { minimum >= $0.position }"#, "SELECT id FROM reminders WHERE ?1 >= position", ["minimum": .int(10)], [.integer(10)]),
        (#"Reminder.where { minimum == $0.position }"#, "SELECT id FROM reminders WHERE ?1 = position", ["minimum": .int(10)], [.integer(10)]),
        (#"Reminder.where { minimum != $0.position }"#, "SELECT id FROM reminders WHERE ?1 <> position", ["minimum": .int(10)], [.integer(10)]),
        (#"Reminder.where { minimum.lt($0.position) }"#, "SELECT id FROM reminders WHERE ?1 < position", ["minimum": .int(3)], [.integer(3)]),
        (#"Reminder.where { minimum.gt($0.position) }"#, "SELECT id FROM reminders WHERE ?1 > position", ["minimum": .int(3)], [.integer(3)]),
        (#"Reminder.where { minimum.lte($0.position) }"#, "SELECT id FROM reminders WHERE ?1 <= position", ["minimum": .int(3)], [.integer(3)]),
        (#"Reminder.where { minimum.gte($0.position) }"#, "SELECT id FROM reminders WHERE ?1 >= position", ["minimum": .int(3)], [.integer(3)]),
        (#"Reminder.where { wanted.eq($0.title) }"#, "SELECT id FROM reminders WHERE ?1 = title", ["wanted": .string("Gym")], [.text("Gym")]),
        (#"Reminder.where { wanted.neq($0.title) }"#, "SELECT id FROM reminders WHERE ?1 <> title", ["wanted": .string("Gym")], [.text("Gym")]),
        (#"Reminder.where { wanted < $0.title }"#, "SELECT id FROM reminders WHERE ?1 < title", ["wanted": .string("M")], [.text("M")]),
        (#"Reminder.where { wanted.is($0.priority) }"#, "SELECT id FROM reminders WHERE ?1 IS priority", ["wanted": .null], [.null]),
        (#"Reminder.where { wanted.isNot($0.priority) }"#, "SELECT id FROM reminders WHERE ?1 IS NOT priority", ["wanted": .int(3)], [.integer(3)]),
        (#"Reminder.where { 10 < $0.position }"#, "SELECT id FROM reminders WHERE 10 < position", [:], []),
        (#"Reminder.where { 10.gte($0.position) }"#, "SELECT id FROM reminders WHERE 10 >= position", [:], []),
        (#"Reminder.where { "Gym" == $0.title }"#, "SELECT id FROM reminders WHERE 'Gym' = title", [:], []),
        (#"Reminder.where { .medium < $0.priority }"#, "SELECT id FROM reminders WHERE 2 < priority", [:], []),
        (#"Reminder.where { .done != $0.status }"#, "SELECT id FROM reminders WHERE 'done' <> status", [:], []),
        (#"Reminder.where { nil == $0.dueDate }"#, "SELECT id FROM reminders WHERE dueDate IS NULL", [:], []),
    ]

    @Test(arguments: valueOnTheLeft.indices)
    func aValueOnTheLeftIsComparedWithTheColumnOnTheRight(_ index: Int) throws {
        let (builder, sql, parameters, bindings) = Self.valueOnTheLeft[index]
        let expected = try sqlIDs(sql, bindings).sorted()
        #expect(try siftIDs(builder, parameters).sorted() == expected, "\(builder)")
        try ExampleDatabase.expectEvaluatorAgrees(try database.compile(builder), on: database, parameters: parameters, builder)
    }

    /// A `Date` parameter on the left of the due dates selects the rows its mirror, with the
    /// column on the left, selects. The date is one that five reminders are due at, so that every
    /// operator selects some rows and leaves others.
    @Test func aDateParameterOnTheLeftSelectsTheRowsOfItsMirror() throws {
        let date = ParameterValue.date(Date(timeIntervalSince1970: 1_796_115_600))  // 2026-12-01 09:00:00 UTC
        for (written, mirrored) in [("<", ">"), ("<=", ">="), (">", "<"), (">=", "<="), ("==", "=="), ("!=", "!=")] {
            let left = try siftIDs("Reminder.where { day \(written) $0.dueDate }", ["day": date]).sorted()
            let right = try siftIDs("Reminder.where { $0.dueDate \(mirrored) day }", ["day": date]).sorted()
            #expect(left == right, "day \(written) $0.dueDate")
            #expect(!left.isEmpty, "day \(written) $0.dueDate selects no row")
        }
    }

    /// A parameter's text is bound as given: SQL in it is text, not SQL.
    @Test func searchTextIsBoundNotSpliced() throws {
        let hostile = ["' OR 1=1 --", "\"); DROP TABLE reminders; --", "%", "_", "Gym' --", "\u{0}", "Café"]
        for text in hostile {
            let ids = try siftIDs(#"Reminder.where { $0.title.eq(searchText) }"#, ["searchText": .string(text)])
            #expect(ids == (try sqlIDs("SELECT id FROM reminders WHERE title = ?1", [.text(text)])), "\(text)")
            let contained = try siftIDs(#"Reminder.where { $0.title.contains(searchText) }"#, ["searchText": .string(text)])
            #expect(contained.sorted() == (try sqlIDs("SELECT id FROM reminders WHERE title LIKE '%' || ?1 || '%'", [.text(text)])).sorted(), "\(text)")
        }
    }
}
