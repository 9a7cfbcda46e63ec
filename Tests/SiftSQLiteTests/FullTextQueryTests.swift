import Foundation
import Sift
import SiftChecker
import SiftSQLite
import SiftTestSupport
import Testing

/// Full-text search on the example database's FTS5 index `reminderTexts` (rowid = reminder id):
/// introspection, matching, ranking, the check of a literal query's syntax against SQLite's own,
/// and the run-time error for a parameter's text.
@Suite struct FullTextQueryTests {
    let database: SiftDatabase
    let connection: Connection

    init() throws {
        database = try ExampleDatabase.open()
        connection = try Connection(path: ExampleDatabase.path.get(), mode: .readOnly)
    }

    func ids(_ text: String, _ parameters: [String: ParameterValue] = [:], column: String = "rowid") throws -> [Int64] {
        try database.fetch(try database.compile(text), parameters: parameters).map { row in
            guard case .int(let id)? = row[column] else { return -1 }
            return id
        }
    }

    func sqlIDs(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [Int64] {
        try connection.rows(sql, bindings).map { row in
            guard case .integer(let id) = row[0] else { return -1 }
            return id
        }
    }

    @Test func introspectionReadsTheFTS5TableWithItsColumns() throws {
        let introspected = try SiftDatabase(path: ExampleDatabase.path.get())
        let model = try #require(introspected.schema.model(named: "ReminderText"))
        #expect(model.isFullTextTable)
        #expect(model.tableName == "reminderTexts")
        #expect(model.attributes.map(\.columnName) == ["rowid", "title", "notes"])
        #expect(model.primaryKey == ["rowid"])
        // FTS5's shadow tables are not models.
        #expect(!introspected.schema.models.contains { $0.tableName.hasPrefix("reminderTexts_") })
    }

    static let matches: [(query: String, sql: String)] = [
        (#"ReminderText.where { $0.match("gym OR milk") }"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'gym OR milk'"#),
        (#"ReminderText.where { $0.match("mil*") }"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'mil*'"#),
        (#"ReminderText.where { $0.match("\"oat milk\"") }"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH '"oat milk"'"#),
        (#"ReminderText.where { $0.match("title: gym") }"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'title: gym'"#),
        (#"ReminderText.where { $0.match("NEAR(oat milk, 3)") }"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'NEAR(oat milk, 3)'"#),
        (#"ReminderText.where { $0.match("call NOT mom") }"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'call NOT mom'"#),
        (#"#Predicate<ReminderText> { $0.match("gym") }"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'gym'"#),
        (#"ReminderText where $0.match("milk")"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'milk'"#),
        // StructuredQueries' column match: the words as one phrase in that column.
        (#"ReminderText.where { $0.title.match("oat milk") }"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'title:"oat milk"'"#),
        (#"ReminderText.where { $0.notes.match("ends sunday") }"#, #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'notes:"ends sunday"'"#),
    ]

    @Test(arguments: matches.indices)
    func matchSelectsTheRowsOfFTS5(_ index: Int) throws {
        let (query, sql) = Self.matches[index]
        let expected = try sqlIDs(sql).sorted()
        #expect(!expected.isEmpty || query.contains("NOT"), "\(sql) selects nothing: the test would prove little")
        #expect(try ids(query).sorted() == expected, "\(query)")
    }

    @Test func rankingOrdersByBM25WithWeights() throws {
        #expect(
            try ids(#"ReminderText.where { $0.match("milk OR gym OR call") }.order { ($0.bm25([\.title: 10, \.notes: 1]), $0.rowid) }"#)
                == (try sqlIDs("SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'milk OR gym OR call' ORDER BY bm25(reminderTexts, 10.0, 1.0), rowid")))
        #expect(
            try ids(#"ReminderText.where { $0.match("milk OR gym OR call") }.order(by: \.rank).order(by: \.rowid)"#)
                == (try sqlIDs("SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'milk OR gym OR call' ORDER BY rank, rowid")))
        #expect(
            try ids(#"ReminderText where $0.match("milk OR gym") sort by rank, rowid"#)
                == (try sqlIDs("SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'milk OR gym' ORDER BY rank, rowid")))
    }

    /// The text index's rowid is the reminder's id: the matching reminders, found by rowid.
    @Test func aTextRowJoinsItsContentRowByRowid() throws {
        let matched = try ids(#"ReminderText.where { $0.match("milk") }"#).sorted()
        let reminders = try ids(#"Reminder.where { $0.id.in([\#(matched.map(String.init).joined(separator: ", "))]) }"#, column: "id").sorted()
        #expect(!matched.isEmpty)
        #expect(reminders == matched)
        #expect(reminders == (try sqlIDs("SELECT r.id FROM reminders r JOIN reminderTexts t ON t.rowid = r.id WHERE reminderTexts MATCH 'milk' ORDER BY r.id")))
    }

    /// The search text is bound: whatever it holds, it is FTS5 query text, never SQL.
    @Test func searchTextIsBound() throws {
        let query = try database.compile(#"ReminderText.where { $0.match(searchText) }"#)
        #expect(!query.sql.contains("milk"))
        for text in ["milk", "\"oat milk\"", "' OR 1=1 --", "milk'); DROP TABLE reminders; --", "gym OR milk"] {
            let expected = try? sqlIDs("SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH ?1", [.text(text)])
            let got = try? ids(#"ReminderText.where { $0.match(searchText) }"#, ["searchText": .string(text)])
            #expect(got.map { $0.sorted() } == expected.map { $0.sorted() }, "\(text)")
        }
        #expect(try sqlIDs("SELECT count(*) FROM reminders") != [0])
        // In one column, the text is one phrase: its quotes are doubled, its operators are words.
        for text in ["oat milk", "milk\" OR \"gym", "\"", "AND", "' OR 1=1 --"] {
            let phrase = "title:\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let expected = try sqlIDs("SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH ?1", [.text(phrase)])
            #expect(try ids(#"ReminderText.where { $0.title.match(searchText) }"#, ["searchText": .string(text)]).sorted() == expected.sorted(), "\(text)")
        }
    }

    @Test func aParameterThatIsNotFTS5SyntaxIsReportedAtTheArgument() throws {
        let text = #"ReminderText.where { $0.match(searchText) }"#
        let query = try database.compile(text)
        do {
            _ = try database.fetch(query, parameters: ["searchText": .string("\"oat milk")])
            Issue.record("an unclosed quote ran")
        } catch let error as FullTextQueryError {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.id == .invalidFullTextQuery)
            let start = text.utf8.count - " }".utf8.count - "searchText)".utf8.count
            #expect(diagnostic.range == SourceRange(start: start, end: start + "searchText".utf8.count))
        }
    }

    /// A literal's syntax is checked as SQLite's FTS5 reads it: over generated query texts, Sift
    /// rejects exactly the texts SQLite rejects (a column filter naming a column of the table).
    @Test func theLiteralCheckAgreesWithSQLite() throws {
        let pieces = ["milk", "\0", "gym", "title", "notes", "body", ":", "\"", "\"\"", "*", "^", "+", "(", ")", "{", "}", ",", "-",
            "AND", "OR", "NOT", "NEAR", "NEAR(", "3", " ", " ", " ", "é", "_", ".", "'", "%"]
        var random = SplitMix64(seed: 34)
        var disagreements: [String] = []
        for _ in 0..<20000 {
            let count = random.int(in: 1...6)
            let text = (0..<count).map { _ in random.pick(pieces) }.joined(separator: random.chance(1, in: 2) ? " " : "")
            let siftAccepts = FullTextQuerySyntax.problem(in: text, columns: ["title", "notes"]) == nil
            let sqliteAccepts = (try? connection.rows("SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH ?1", [.text(text)])) != nil
            if siftAccepts != sqliteAccepts { disagreements.append("\(text) (Sift: \(siftAccepts), SQLite: \(sqliteAccepts))") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }
}
