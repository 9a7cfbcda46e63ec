import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// StructuredQueries' scalar functions and registered collations on the example database: the
/// values Sift's SQL gives are those of hand-written SQL (SQLite's functions, NULL in and out),
/// value for value and type for type (an `Int` stays an integer, `round` gives a real); the
/// smallest integer's `abs` fails the query as SQLite fails it; a collation the connection does
/// not have is a compile error at the value it applies to.
@Suite struct StructuredQueriesScalarFunctionRowsTests {
    struct Case: Sendable, CustomStringConvertible {
        var builder: String
        var sql: String
        var description: String { builder }
    }

    let database: SiftDatabase
    let connection: Connection

    init() throws {
        database = try ExampleDatabase.open()
        connection = try Connection(path: ExampleDatabase.path.get(), mode: .readOnly)
    }

    static let cases: [Case] = [
        Case(
            builder: #"Reminder.select { ($0.id, $0.title.substr(2), $0.title.substr(2, 3), $0.title.substr(-3), $0.title.substr(0, 2), $0.title.substr(3, -2)) }"#,
            sql: "SELECT id, substr(title, 2), substr(title, 2, 3), substr(title, -3), substr(title, 0, 2), substr(title, 3, -2) FROM reminders"),
        Case(
            builder: #"Reminder.select { ($0.id, $0.title.instr("e"), $0.notes.instr(""), "Gym".instr($0.title), $0.title.replace("e", "€"), $0.notes.replace("", "x")) }"#,
            sql: "SELECT id, instr(title, 'e'), instr(notes, ''), instr('Gym', title), replace(title, 'e', '€'), replace(notes, '', 'x') FROM reminders"),
        Case(
            builder: #"Reminder.select { ($0.id, $0.title.trim(" Ga"), $0.title.ltrim("BGy"), $0.title.rtrim("ms "), $0.notes.trim("%0123456789")) }"#,
            sql: "SELECT id, trim(title, ' Ga'), ltrim(title, 'BGy'), rtrim(title, 'ms '), trim(notes, '%0123456789') FROM reminders"),
        Case(
            builder: #"Reminder.select { ($0.id, $0.title.octetLength(), $0.title.quote(), $0.notes.unicode(), $0.title.length()) }"#,
            sql: "SELECT id, length(CAST(title AS BLOB)), quote(title), unicode(notes), length(title) FROM reminders"),
        Case(
            builder: #"Reminder.select { ($0.id, $0.position.abs(), ($0.position - 20).abs(), ($0.position - 20).sign(), $0.priority.nullif(.high), $0.title.nullif("Gym")) }"#,
            sql: "SELECT id, abs(position), abs(position - 20), sign(position - 20), nullif(priority, 3), nullif(title, 'Gym') FROM reminders"),
        Case(
            builder: #"User.select { ($0.name, $0.score.round(), $0.score.round(1), $0.score.round(2).abs(), (-$0.score).round(1), $0.score.sign(), $0.nickname.upper().quote(), $0.nickname.nullif($0.name)) }"#,
            sql: "SELECT name, round(score), round(score, 1), abs(round(score, 2)), round(-score, 1), sign(score), quote(upper(nickname)), nullif(nickname, name) FROM users"),
        Case(
            builder: #"User.where { $0.isActive.likely() && !$0.name.unicode().eq(90).unlikely() }.select { ($0.name, $0.age.nullif(20)) }"#,
            sql: "SELECT name, nullif(age, 20) FROM users WHERE likely(isActive) AND NOT unlikely(unicode(name) = 90)"),
        Case(
            builder: #"Reminder.select { ($0.id, $0.position & 5, $0.position | 2, $0.position << 3, $0.position >> 1, ~$0.position, $0.position << -1, $0.id >> 70, -$0.id >> 70, ~$0.id & 7 | 1 << 4) }"#,
            sql: "SELECT id, position & 5, position | 2, position << 3, position >> 1, ~position, position << -1, id >> 70, -id >> 70, ((~id) & 7) | (1 << 4) FROM reminders"),
        Case(
            builder: #"Reminder.where { $0.position & 4 == 4 && $0.id | 1 > 10 }.select { $0.id }"#,
            sql: "SELECT id FROM reminders WHERE (position & 4) = 4 AND (id | 1) > 10"),
        // Dates: ISO-8601 text (the reminders), seconds since 2001 (the users' birth, moved to 1970).
        Case(
            builder: #"Reminder.select { ($0.id, $0.dueDate.year, $0.dueDate.month, $0.dueDate.day, $0.dueDate.hour, $0.dueDate.minute, $0.dueDate.second, $0.dueDate.fractionalSecond, $0.dueDate.weekday, $0.dueDate.dayOfYear, $0.dueDate.strftime("%d/%m/%Y %H:%M:%f %w %W %j %s %% %Q")) }"#,
            sql: """
                SELECT id, CAST(strftime('%Y', dueDate) AS INTEGER), CAST(strftime('%m', dueDate) AS INTEGER), CAST(strftime('%d', dueDate) AS INTEGER), \
                CAST(strftime('%H', dueDate) AS INTEGER), CAST(strftime('%M', dueDate) AS INTEGER), CAST(strftime('%S', dueDate) AS INTEGER), \
                CAST(strftime('%f', dueDate) AS REAL), CAST(strftime('%w', dueDate) AS INTEGER), CAST(strftime('%j', dueDate) AS INTEGER), \
                strftime('%d/%m/%Y %H:%M:%f %w %W %j %s %% %Q', dueDate) FROM reminders
                """),
        Case(
            builder: #"User.where { $0.birth.month > 2 }.select { ($0.name, $0.birth.year, $0.birth.second, $0.birth.fractionalSecond, $0.birth.weekday, $0.birth.strftime("%Y-%m-%dT%H:%M:%f %W")) }"#,
            sql: """
                SELECT name, CAST(strftime('%Y', birth + 978307200, 'unixepoch') AS INTEGER), CAST(strftime('%S', birth + 978307200, 'unixepoch') AS INTEGER), \
                CAST(strftime('%f', birth + 978307200, 'unixepoch') AS REAL), CAST(strftime('%w', birth + 978307200, 'unixepoch') AS INTEGER), \
                strftime('%Y-%m-%dT%H:%M:%f %W', birth + 978307200, 'unixepoch') FROM users WHERE CAST(strftime('%m', birth + 978307200, 'unixepoch') AS INTEGER) > 2
                """),
        // Date modifiers on ISO-8601 text: SQLite's datetime to the millisecond (its months run past a
        // month's end, 'weekday' goes forward), compared as the texts they are.
        Case(
            builder: #"Reminder.select { ($0.id, $0.dueDate(.days(1)), $0.dueDate(.hours(-2).minutes(30)), $0.dueDate(.seconds(1.5)), $0.dueDate(.milliseconds(-1500)), $0.dueDate(.months(1)), $0.dueDate(.years(-1)), $0.dueDate(.startOfDay), $0.dueDate(.startOfMonth.months(1).days(-1)), $0.dueDate(.startOfYear), $0.dueDate(.weekday(0)), $0.dueDate(.weekday(3).days(7))) }"#,
            sql: """
                SELECT id, strftime('%Y-%m-%d %H:%M:%f', dueDate, '+1 days'), strftime('%Y-%m-%d %H:%M:%f', dueDate, '-2 hours', '+30 minutes'), \
                strftime('%Y-%m-%d %H:%M:%f', dueDate, '+1.5 seconds'), strftime('%Y-%m-%d %H:%M:%f', dueDate, '-1.5 seconds'), \
                strftime('%Y-%m-%d %H:%M:%f', dueDate, '+1 months'), strftime('%Y-%m-%d %H:%M:%f', dueDate, '-1 years'), \
                strftime('%Y-%m-%d %H:%M:%f', dueDate, 'start of day'), strftime('%Y-%m-%d %H:%M:%f', dueDate, 'start of month', '+1 months', '-1 days'), \
                strftime('%Y-%m-%d %H:%M:%f', dueDate, 'start of year'), strftime('%Y-%m-%d %H:%M:%f', dueDate, 'weekday 0'), \
                strftime('%Y-%m-%d %H:%M:%f', dueDate, 'weekday 3', '+7 days') FROM reminders
                """),
        Case(
            builder: #"Reminder.where { $0.dueDate(.months(1)) > $0.dueDate(.days(30)) && $0.dueDate.lt(.now(.years(5))) }.select { ($0.id, $0.dueDate(.startOfMonth)) }"#,
            sql: """
                SELECT id, strftime('%Y-%m-%d %H:%M:%f', dueDate, 'start of month') FROM reminders \
                WHERE strftime('%Y-%m-%d %H:%M:%f', dueDate, '+1 months') > strftime('%Y-%m-%d %H:%M:%f', dueDate, '+30 days') \
                AND dueDate < strftime('%Y-%m-%d %H:%M:%f', 'now', '+5 years')
                """),
        Case(
            builder: #"Reminder.group(by: { $0.dueDate(.startOfMonth) }).select { ($0.dueDate(.startOfMonth), $0.count()) }"#,
            sql: "SELECT strftime('%Y-%m-%d %H:%M:%f', dueDate, 'start of month'), count(id) FROM reminders GROUP BY 1"),
        // JSON columns: their text, json_array_length, and json_group_array nesting them.
        Case(
            builder: #"Checklist.where { $0.items.jsonArrayLength() > 2 }.select { ($0.id, $0.items, $0.doneItems, $0.items.jsonArrayLength(), $0.doneItems.jsonArrayLength()) }"#,
            sql: "SELECT id, items, doneItems, json_array_length(items), json_array_length(doneItems) FROM checklists WHERE json_array_length(items) > 2"),
        Case(
            builder: #"Checklist.select { ($0.items.jsonGroupArray(), $0.doneItems.jsonGroupArray(), $0.title.jsonGroupArray().jsonArrayLength()) }"#,
            sql: "SELECT json_group_array(json(items)), json_group_array(json(doneItems)), json_array_length(json_group_array(title)) FROM checklists"),
        // Rows as JSON objects: json_object of the columns (a Bool as true/false, a JSON column nested),
        // a left-joined row's only where it is present.
        Case(
            builder: #"Checklist.select { ($0.id, $0.jsonObject()) }"#,
            sql: "SELECT id, json_object('id', id, 'title', title, 'items', json(items), 'doneItems', json(doneItems)) FROM checklists"),
        Case(
            builder: #"RemindersList.group(by: \.id).leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }.select { ($0.jsonObject(), $1.jsonGroupArray(), $1.jsonGroupArray(filter: $1.priority.is(.high))) }"#,
            sql: """
                SELECT json_object('id', l.id, 'title', l.title, 'color', l.color, 'position', l.position), \
                json_group_array(CASE WHEN r.id IS NOT NULL THEN json_object('id', r.id, 'remindersListID', r.remindersListID, 'title', r.title, 'notes', r.notes, \
                'isCompleted', json(CASE r.isCompleted WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'dueDate', r.dueDate, 'priority', r.priority, \
                'status', r.status, 'position', r.position) END) FILTER (WHERE r.id IS NOT NULL), \
                json_group_array(CASE WHEN r.id IS NOT NULL THEN json_object('id', r.id, 'remindersListID', r.remindersListID, 'title', r.title, 'notes', r.notes, \
                'isCompleted', json(CASE r.isCompleted WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'dueDate', r.dueDate, 'priority', r.priority, \
                'status', r.status, 'position', r.position) END) FILTER (WHERE r.id IS NOT NULL AND r.priority IS 3) \
                FROM remindersLists l LEFT JOIN reminders r ON l.id = r.remindersListID GROUP BY l.id
                """),
        // Blobs of a count: zero bytes (none for a negative count); randomblob's length only.
        Case(
            builder: #"Reminder.select { ($0.id, ($0.position - 3).zeroblob(), $0.position.randomblob().length()) }"#,
            sql: "SELECT id, zeroblob(position - 3), length(randomblob(position)) FROM reminders"),
        Case(
            builder: #"Reminder.where { $0.title.substr(1, 1).collate(Collation(rawValue: "NoCase")).eq("g") }.select { ($0.id, $0.title) }"#,
            sql: "SELECT id, title FROM reminders WHERE substr(title, 1, 1) = 'g' COLLATE NOCASE"),
    ]

    /// The values of a row as text with their storage class, for comparison.
    static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): "i\(integer)"
        case .real(let real): "r\(real)"
        case .text(let text): "t\(text)"
        case .blob(let bytes): "b\(bytes)"
        }
    }

    @Test(arguments: cases)
    func scalarFunctionsGiveTheValuesOfTheirSQL(_ testCase: Case) throws {
        let compiled = try database.compile(testCase.builder)
        let bindings = try compiled.bindings(for: [:], schema: database.schema)
        let sift = try connection.rows(compiled.sql, bindings).map { $0.map(Self.text) }.sorted { $0.lexicographicallyPrecedes($1) }
        let expected = try connection.rows(testCase.sql).map { $0.map(Self.text) }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(!expected.isEmpty, "\(testCase.builder): the hand-written SQL selects no row")
        #expect(sift == expected, "\(testCase.builder)\n\(compiled.sql)")
        #expect(try database.fetch(compiled).count == expected.count)
        if ["now", "randomblob", "jsonObject()", "$1.jsonGroupArray"].contains(where: testCase.builder.contains) {
            // The current time, random bytes and a row's json_object are SQLite's alone: the
            // evaluator says so instead of answering.
            let outcome = EvaluatorAgreement.compare(compiled, database: database, dataset: try ExampleDatabase.dataset.get())
            #expect(outcome.disagreement?.contains("is computed by SQLite alone") == true, "\(testCase.builder): \(outcome)")
        } else {
            try ExampleDatabase.expectEvaluatorAgrees(compiled, on: database, testCase.builder)
        }
    }

    /// `abs` of the smallest integer has no answer: SQLite stops the query ("integer overflow"),
    /// and the in-memory evaluator says so too.
    @Test func absOfTheSmallestIntegerFailsTheQuery() throws {
        let compiled = try database.compile(#"Reminder.where { $0.position.eq(n.abs()) }"#, parameterTypes: ["n": .int])
        #expect(compiled.sql.contains("abs(?"))
        do {
            _ = try database.fetch(compiled, parameters: ["n": .int(Int64.min)])
            Issue.record("abs(\(Int64.min)) gave rows")
        } catch let error as SQLiteError {
            #expect(error.message.contains("integer overflow"), "\(error)")
        }
        let rows = try database.fetch(compiled, parameters: ["n": .int(-7)])
        #expect(try connection.rows("SELECT id FROM reminders WHERE position = 7").count == rows.count)
        #expect(!rows.isEmpty)
    }

    /// A collation the application registers is named, quoted, in the SQL: the connection's
    /// own answer. One it does not have is reported before the query runs.
    @Test func registeredCollationsAreNamedAndUnknownOnesReported() throws {
        let compiled = try database.compile(#"Reminder.where { $0.title.collate(Collation(rawValue: "sift_case_insensitive")).eq("GYM") }"#)
        #expect(compiled.sql.contains(#"COLLATE "sift_case_insensitive""#), "\(compiled.sql)")
        let ids = try database.fetch(compiled).map { $0["id"]?.description ?? "" }
        #expect(ids.sorted() == ["12", "13"])
        do {
            _ = try database.compile(#"Reminder.where { $0.title.collate(Collation(rawValue: "my'collation")).eq("x") }"#)
            Issue.record("an unknown collation compiled")
        } catch let error as CompileError {
            #expect(error.diagnostics.map(\.id.rawValue) == ["unknown-collation"])
            #expect(error.diagnostics.first?.message.contains("'my'collation' is not defined") == true, "\(error)")
            #expect(error.diagnostics.first?.range == SourceRange(start: 17, end: 25))
        }
    }
}
