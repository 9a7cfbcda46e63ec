import Foundation
import Sift
import SiftSQLite
import Testing

/// Queries whose SQL StructuredQueries writes, transcribed from its tests (`Tests/StructuredQueriesTests`)
/// and its source (`Sources/StructuredQueriesCore`, `Sources/StructuredQueriesSQLiteCore`), adapted
/// to the example schema (`reminderTexts` has the columns `title` and `notes`, `reminders` has
/// `position` where the library's test table has `c`): each is run as Sift's rows and as the
/// library's SQL run directly on the example database. Every case names where it comes from.
@Suite struct StructuredQueriesTranscriptionTests {
    let database: SiftDatabase
    let connection: Connection

    init() throws {
        database = try ExampleDatabase.open()
        connection = try Connection(path: ExampleDatabase.path.get(), mode: .readOnly)
    }

    struct Case: Sendable, CustomStringConvertible {
        /// The library's test (`FTSTests.basics`) or source (`Operators.swift: collate`) it comes from.
        var source: String
        /// The query as Sift reads it.
        var query: String
        /// The library's SQL, adapted to the example schema.
        var sql: String
        var parameters: [String: ParameterValue] = [:]
        var bindings: [SQLValue] = []
        /// Whether the order of the rows is the query's (else they are compared as a set).
        var ordered = false
        /// For a query of whole rows: the one column compared (the SQL selects it alone).
        var key: String?

        var description: String { "\(source): \(query)" }
    }

    static let cases: [Case] = [
        // FTSTests.basics: `.where { $0.match(...) }.order(by: \.rank).select { (highlight, snippet) }`.
        Case(
            source: "FTSTests.basics", query: #"ReminderText where $0.match("milk OR budget") select title.highlight("**", "**"), notes.snippet("**", "**", "...", 10) sort by rank, rowid"#,
            sql: """
                SELECT highlight("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'title'), '**', '**'), \
                snippet("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'notes'), '**', '**', '...', 10) \
                FROM "reminderTexts" WHERE (("reminderTexts" MATCH 'milk OR budget')) ORDER BY "reminderTexts"."rank", rowid
                """, ordered: true),
        Case(
            source: "FTSTests.basics (snippet of few tokens)",
            query: #"ReminderText where $0.match("budget OR gifts") select rowid, notes.snippet("[", "]", "…", 2), title.highlight("<b>", "</b>")"#,
            sql: """
                SELECT rowid, snippet("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'notes'), '[', ']', '…', 2), \
                highlight("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'title'), '<b>', '</b>') \
                FROM "reminderTexts" WHERE "reminderTexts" MATCH 'budget OR gifts'
                """),
        // The delimiters as parameters: bound, whatever they hold.
        Case(
            source: "FTS5.swift: highlight(_:_:)", query: #"ReminderText where $0.match(search) select rowid, title.highlight(open, close)"#,
            sql: #"SELECT rowid, highlight("reminderTexts", 0, ?2, ?3) FROM "reminderTexts" WHERE "reminderTexts" MATCH ?1"#,
            parameters: ["search": .string("milk"), "open": .string("'); --"), "close": .string("\"%")],
            bindings: [.text("milk"), .text("'); --"), .text("\"%")]),
        // FTSTests.outerJoin without its LEFT (a left-joined text row is refused: SQLite has no row
        // to mark): the content row joined by rowid, the text row's column marked.
        Case(
            source: "FTSTests.outerJoin (inner join)",
            query: #"Reminder join ReminderText as text on text.rowid == id where text.match("milk") select id, text.title.highlight("**", "**")"#,
            sql: """
                SELECT "reminders"."id", highlight("reminderTexts", (SELECT "cid" FROM pragma_table_info('reminderTexts') WHERE "name" = 'title'), '**', '**') \
                FROM "reminders" JOIN "reminderTexts" ON ("reminders"."id") = ("reminderTexts"."rowid") WHERE "reminderTexts" MATCH 'milk'
                """),
        // FTSTests.unranked: highlight without a match gives the text unmarked.
        Case(
            source: "FTSTests.unranked (highlight, no match)", query: #"ReminderText select rowid, title.highlight("**", "**") sort by rowid limit 3"#,
            sql: #"SELECT rowid, highlight("reminderTexts", 0, '**', '**') FROM "reminderTexts" ORDER BY rowid LIMIT 3"#, ordered: true),
        Case(
            source: "FTSTests.columnMatch", query: #"ReminderText.where { $0.title.match("milk") }"#,
            sql: #"SELECT rowid FROM "reminderTexts" WHERE (("reminderTexts" MATCH 'title:"milk"'))"#, key: "rowid"),
        Case(
            source: "FTSTests.bm25", query: #"ReminderText.where { $0.match("milk OR gym") }.order { ($0.bm25([\.title: 10, \.notes: 5]), $0.rowid) }"#,
            sql: """
                SELECT rowid FROM "reminderTexts" WHERE (("reminderTexts" MATCH 'milk OR gym')) ORDER BY bm25("reminderTexts", \
                (SELECT CASE "name" WHEN 'title' THEN 10.0 WHEN 'notes' THEN 5.0 ELSE 1 END FROM pragma_table_info('reminderTexts') WHERE "cid" = 0), \
                (SELECT CASE "name" WHEN 'title' THEN 10.0 WHEN 'notes' THEN 5.0 ELSE 1 END FROM pragma_table_info('reminderTexts') WHERE "cid" = 1)), rowid
                """, ordered: true, key: "rowid"),
        Case(
            source: "FTSTests.bm25 (no weights)", query: #"ReminderText.where { $0.match("milk OR gym") }.order { ($0.bm25(), $0.rowid) }"#,
            sql: #"SELECT rowid FROM "reminderTexts" WHERE (("reminderTexts" MATCH 'milk OR gym')) ORDER BY bm25("reminderTexts"), rowid"#,
            ordered: true, key: "rowid"),
        Case(
            source: "FTSTests.basics (order by rank)", query: #"ReminderText.where { $0.match("milk OR gym OR call") }.order(by: \.rank).order(by: \.rowid)"#,
            sql: #"SELECT rowid FROM "reminderTexts" WHERE (("reminderTexts" MATCH 'milk OR gym OR call')) ORDER BY "reminderTexts"."rank", rowid"#,
            ordered: true, key: "rowid"),
        // OperatorsTests.strings
        Case(
            source: "OperatorsTests.strings: collate(.nocase)", query: #"Reminder.where { $0.title.collate(.nocase).eq("GYM") }"#,
            sql: #"SELECT id FROM "reminders" WHERE ("reminders"."title" COLLATE "NOCASE") = ('GYM')"#, key: "id"),
        Case(
            source: "OperatorsTests.strings: collate(.nocase) in an ordering", query: #"Reminder.order { ($0.title.collate(.nocase), $0.id.desc()) }"#,
            sql: #"SELECT id FROM "reminders" ORDER BY "reminders"."title" COLLATE "NOCASE", "reminders"."id" DESC"#, ordered: true, key: "id"),
        Case(
            source: "Collation+SQLite.swift: .rtrim", query: #"Reminder.where { $0.title.collate(.rtrim).eq("  Water plants") }"#,
            sql: #"SELECT id FROM "reminders" WHERE ("reminders"."title" COLLATE "RTRIM") = ('  Water plants')"#, key: "id"),
        Case(
            source: "Collation+SQLite.swift: .binary", query: #"Reminder.where { $0.title.collate(.binary).eq("Gym") }"#,
            sql: #"SELECT id FROM "reminders" WHERE ("reminders"."title" COLLATE "BINARY") = ('Gym')"#, key: "id"),
        Case(
            source: "OperatorsTests.strings: like(_:escape:)", query: #"Reminder.where { $0.notes.like("50\\%%", escape: "\\") }"#,
            sql: #"SELECT id FROM "reminders" WHERE ("reminders"."notes" LIKE '50\%%' ESCAPE '\')"#, key: "id"),
        Case(
            source: "OperatorsTests.strings: like(_:escape:) with _", query: #"Reminder.where { $0.title.like("%!_%", escape: "!") }"#,
            sql: #"SELECT id FROM "reminders" WHERE ("reminders"."title" LIKE '%!_%' ESCAPE '!')"#, key: "id"),
        // OperatorsTests.collectionIn, with an array parameter (bound as one JSON text).
        Case(
            source: "OperatorsTests.collectionIn (array parameter)", query: #"Reminder.where { $0.id.in(ids) }"#,
            sql: #"SELECT id FROM "reminders" WHERE ("reminders"."id") IN ((12), (13), (99))"#, parameters: ["ids": .array([.int(12), .int(13), .int(99)])],
            key: "id"),
        Case(
            source: "OperatorsTests.collectionIn (array parameter, notIn)", query: #"Reminder.where { $0.title.notIn(titles) }"#,
            sql: #"SELECT id FROM "reminders" WHERE ("reminders"."title") NOT IN (('Gym'), ('Milk'))"#,
            parameters: ["titles": .array([.string("Gym"), .string("Milk")])], key: "id"),
        Case(
            source: "OperatorsTests.collectionIn (empty array parameter)", query: #"Reminder.where { $0.id.in(ids) }"#,
            sql: #"SELECT id FROM "reminders" WHERE 0"#, parameters: ["ids": .array([])], key: "id"),
        // ScalarFunctionsTests
        Case(
            source: "ScalarFunctionsTests: length()", query: #"Reminder.where { $0.title.length() <= 3 }"#,
            sql: #"SELECT id FROM "reminders" WHERE (length("reminders"."title")) <= (3)"#, key: "id"),
        Case(
            source: "ScalarFunctionsTests: lower()", query: #"Reminder.where { $0.title.lower().eq("gym") }"#,
            sql: #"SELECT id FROM "reminders" WHERE (lower("reminders"."title")) = ('gym')"#, key: "id"),
        Case(
            source: "ScalarFunctionsTests: upper()", query: #"Reminder.where { $0.title.upper().hasPrefix("CAF") }"#,
            sql: #"SELECT id FROM "reminders" WHERE (upper("reminders"."title") LIKE 'CAF%')"#, key: "id"),
        Case(
            source: "ScalarFunctionsTests: trim()", query: #"Reminder.where { $0.title.trim().eq("Water plants") }"#,
            sql: #"SELECT id FROM "reminders" WHERE (trim("reminders"."title")) = ('Water plants')"#, key: "id"),
        Case(
            source: "ScalarFunctionsTests: ltrim() and rtrim()", query: #"Reminder.where { $0.title.ltrim().neq($0.title.rtrim()) }"#,
            sql: #"SELECT id FROM "reminders" WHERE (ltrim("reminders"."title")) <> (rtrim("reminders"."title"))"#, key: "id"),
        Case(
            source: "ScalarFunctionsTests.nullif", query: #"Reminder.select { ($0.priority, $0.priority.nullif(.high)) }"#,
            sql: #"SELECT "reminders"."priority", nullif("reminders"."priority", 3) FROM "reminders""#),
        Case(
            source: "ScalarFunctionsTests.nullifPromotesNonOptional", query: #"Reminder.select { $0.title.nullif("Gym") }"#,
            sql: #"SELECT nullif("reminders"."title", 'Gym') FROM "reminders""#),
        Case(
            source: "ScalarFunctionsTests.arithmetic: abs(), sign()", query: #"Reminder.select { ($0.id.abs(), ($0.position - 10).sign()) }"#,
            sql: #"SELECT abs("reminders"."id"), sign(("reminders"."position") - (10)) FROM "reminders""#),
        Case(
            source: "ScalarFunctionsTests.arithmetic: round(), round(2)", query: #"User.select { ($0.score.abs(), $0.score.round(), $0.score.round(2)) }"#,
            sql: #"SELECT abs("users"."score"), round("users"."score"), round("users"."score", 2) FROM "users""#),
        Case(
            source: "ScalarFunctionsTests.strings: instr", query: #"Reminder.select { "Gym".instr($0.title) }"#,
            sql: #"SELECT instr('Gym', "reminders"."title") FROM "reminders""#),
        Case(
            source: "ScalarFunctionsTests.strings: ltrim(\" \"), rtrim(\" \"), trim(\" \")",
            query: #"Reminder.select { ($0.title.ltrim(" "), $0.title.rtrim(" "), $0.title.trim(" ")) }"#,
            sql: #"SELECT ltrim("reminders"."title", ' '), rtrim("reminders"."title", ' '), trim("reminders"."title", ' ') FROM "reminders""#),
        Case(
            source: "ScalarFunctionsTests.strings: quote(), replace(\"a\", \"b\"), unicode()",
            query: #"Reminder.select { ($0.title.quote(), $0.title.replace("a", "b"), $0.title.unicode()) }"#,
            sql: #"SELECT quote("reminders"."title"), replace("reminders"."title", 'a', 'b'), unicode("reminders"."title") FROM "reminders""#),
        Case(
            source: "ScalarFunctionsTests.strings: substr(10), substr(10, 10)", query: #"Reminder.select { ($0.notes.substr(10), $0.notes.substr(10, 10)) }"#,
            sql: #"SELECT substr("reminders"."notes", 10), substr("reminders"."notes", 10, 10) FROM "reminders""#),
        Case(
            source: "OperatorsTests.integers: &, |, <<, >>, ~",
            query: #"Reminder.select { ($0.position & $0.id, $0.position | $0.id, $0.position << $0.remindersListID, $0.id >> $0.remindersListID, ~$0.position) }"#,
            sql: #"SELECT ("reminders"."position") & ("reminders"."id"), ("reminders"."position") | ("reminders"."id"), ("reminders"."position") << ("reminders"."remindersListID"), ("reminders"."id") >> ("reminders"."remindersListID"), ~("reminders"."position") FROM "reminders""#),
        // DateFunctionsTests, on the reminders' ISO-8601 due dates (the library's `Event.startsAt` is
        // stored as seconds since 1970, so its SQL adds 'unixepoch'; a Date's own column has none).
        Case(
            source: "DateFunctionsTests.components", query: #"Reminder.select { ($0.dueDate.year, $0.dueDate.month, $0.dueDate.day) }"#,
            sql: #"SELECT CAST(strftime('%Y', "reminders"."dueDate") AS INTEGER), CAST(strftime('%m', "reminders"."dueDate") AS INTEGER), CAST(strftime('%d', "reminders"."dueDate") AS INTEGER) FROM "reminders""#),
        Case(
            source: "DateFunctionsTests.customFormat", query: #"Reminder.select { $0.dueDate.strftime("%Y-%m-%d %H:%M") }"#,
            sql: #"SELECT strftime('%Y-%m-%d %H:%M', "reminders"."dueDate") FROM "reminders""#),
        Case(
            source: "DateFunctionsTests.groupByYearMonth",
            query: #"Reminder.group(by: { ($0.dueDate.year, $0.dueDate.month) }).select { ($0.dueDate.year, $0.dueDate.month, $0.count()) }"#,
            sql: """
                SELECT CAST(strftime('%Y', "reminders"."dueDate") AS INTEGER), CAST(strftime('%m', "reminders"."dueDate") AS INTEGER), count("reminders"."id") \
                FROM "reminders" GROUP BY CAST(strftime('%Y', "reminders"."dueDate") AS INTEGER), CAST(strftime('%m', "reminders"."dueDate") AS INTEGER)
                """),
        // DateFunctionsTests' modifiers on the reminders' ISO-8601 due dates, in the SQL the library
        // writes where SQLite has no 'subsec' (its `subsecDateTime` before iOS 17 / macOS 14), as
        // SQLite 3.40 has not: `strftime('%Y-%m-%d %H:%M:%f', date, modifiers...)`.
        Case(
            source: "DateFunctionsTests.subsecPreserved", query: #"Reminder.select { $0.dueDate(.days(1)) }"#,
            sql: #"SELECT strftime('%Y-%m-%d %H:%M:%f', "reminders"."dueDate", '1 days') FROM "reminders""#),
        Case(
            source: "DateFunctionsTests.startOfMonthOnEveryRepresentation", query: #"Reminder.select { $0.dueDate(.startOfMonth) }"#,
            sql: #"SELECT strftime('%Y-%m-%d %H:%M:%f', "reminders"."dueDate", 'start of month') FROM "reminders""#),
        Case(
            source: "DateFunctionsTests.chainedModifiers", query: #"Reminder.select { $0.dueDate(.startOfMonth.months(1).days(-1)) }"#,
            sql: #"SELECT strftime('%Y-%m-%d %H:%M:%f', "reminders"."dueDate", 'start of month', '1 months', '-1 days') FROM "reminders""#),
        Case(
            source: "DateFunctionsTests.chainedModifiers (.now(.months(1).endOfMonth))",
            query: #"Reminder.where { $0.dueDate < .now(.months(1).startOfMonth.months(1).days(-1)) }"#,
            sql: #"SELECT id FROM "reminders" WHERE (("reminders"."dueDate") < (strftime('%Y-%m-%d %H:%M:%f', 'now', '1 months', 'start of month', '1 months', '-1 days')))"#,
            key: "id"),
        Case(
            source: "DateFunctionsTests.bareNow", query: #"Reminder.where { $0.dueDate < .now }"#,
            sql: #"SELECT id FROM "reminders" WHERE (("reminders"."dueDate") < (strftime('%Y-%m-%d %H:%M:%f', 'now')))"#, key: "id"),
        Case(
            source: "DateFunctionsTests.monthOverflow (without the overflow rule of SQLite 3.46)", query: #"Reminder.select { ($0.id, $0.dueDate(.months(1))) }"#,
            sql: #"SELECT "reminders"."id", strftime('%Y-%m-%d %H:%M:%f', "reminders"."dueDate", '1 months') FROM "reminders""#),
        // JSONFunctionsTests, on the reminders and the example's JSON columns (the checklists').
        Case(
            source: "JSONFunctionsTests.jsonArrayLength", query: #"Reminder.select { $0.title.jsonGroupArray().jsonArrayLength() }"#,
            sql: #"SELECT json_array_length(json_group_array("reminders"."title")) FROM "reminders""#),
        Case(
            source: "JSONFunctions.swift: jsonArrayLength() (`Reminder.select { $0.tags.jsonArrayLength() }`)",
            query: #"Checklist.select { ($0.id, $0.items.jsonArrayLength()) }"#,
            sql: #"SELECT "checklists"."id", json_array_length("checklists"."items") FROM "checklists""#),
        Case(
            source: "JSONFunctions.swift: jsonGroupArray() of a JSON column (`json_group_array(json(...))`)",
            query: #"Checklist.where { $0.doneItems.isNot(nil) }.select { $0.doneItems.jsonGroupArray() }"#,
            sql: #"SELECT json_group_array(json("checklists"."doneItems")) FROM "checklists" WHERE ("checklists"."doneItems") IS NOT (NULL)"#),
        // The library writes `octet_length(x)` (SQLite 3.43 and later); Sift writes the same count
        // of bytes as `length(CAST(x AS BLOB))`, which this SQLite has.
        Case(
            source: "ScalarFunctionsTests.strings: octetLength()", query: #"Reminder.select { $0.title.octetLength() }"#,
            sql: #"SELECT length(CAST("reminders"."title" AS BLOB)) FROM "reminders""#),
        Case(
            source: "ScalarFunctionsTests.likelihood: likely(), unlikely()", query: #"Reminder.where { $0.isCompleted.likely() || $0.isCompleted.unlikely() }"#,
            sql: #"SELECT id FROM "reminders" WHERE (likely("reminders"."isCompleted")) OR (unlikely("reminders"."isCompleted"))"#, key: "id"),
        Case(
            source: "Collation.swift: Collation(rawValue:) (OperatorsTests.strings: COLLATE \"NOCASE\")",
            query: #"Reminder.where { $0.title.collate(Collation(rawValue: "NOCASE")).like("%GYM%") }"#,
            sql: #"SELECT id FROM "reminders" WHERE (("reminders"."title" COLLATE "NOCASE" LIKE '%GYM%'))"#, key: "id"),
    ]

    /// A value as text, for comparing Sift's decoded rows with SQLite's.
    static func text(_ value: DecodedValue) -> String {
        switch value {
        case .null: "NULL"
        case .bool(let value): value ? "1" : "0"
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value
        case .enumCase(_, let rawValue): rawValue
        case .date(let date):
            // As the library's ISO-8601 text: `YYYY-MM-DD HH:MM:SS.SSS`.
            DateEncoding.iso8601(date).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
        default: value.description
        }
    }

    static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        case .blob(let bytes): bytes.description
        }
    }

    @Test(arguments: cases)
    func siftGivesTheRowsOfTheLibrarysSQL(_ transcribed: Case) throws {
        let compiled = try database.compile(transcribed.query)
        var mine = try database.fetch(compiled, parameters: transcribed.parameters).map { row in
            if let key = transcribed.key { return [Self.text(row[key] ?? .null)] }
            return row.values.map(Self.text)
        }
        var theirs = try connection.rows(transcribed.sql, transcribed.bindings).map { $0.map(Self.text) }
        #expect(!theirs.isEmpty || transcribed.source.contains("empty"), "the library's SQL selects nothing: the case would prove little")
        if !transcribed.ordered {
            mine.sort { $0.lexicographicallyPrecedes($1) }
            theirs.sort { $0.lexicographicallyPrecedes($1) }
        }
        #expect(mine == theirs, "\(transcribed.query)\n\(compiled.sql)")
        if !Self.fullTextSearch(compiled.sql) {
            // The in-memory evaluator computes the same rows (FTS5's MATCH and bm25, and the current
            // time, are SQLite's alone).
            try ExampleDatabase.expectEvaluatorAgrees(compiled, on: database, parameters: transcribed.parameters, transcribed.query)
        }
    }

    /// Whether the SQL searches an FTS5 index, which only SQLite has, or reads SQLite's clock ('now').
    static func fullTextSearch(_ sql: String) -> Bool {
        ["MATCH", "bm25(", "highlight(", "snippet(", "\"rank\"", "'now'"].contains { sql.contains($0) }
    }
}
