import Foundation
import Sift
import SiftREPL
import SiftSQLite
import SiftTestSupport
import Testing

/// StructuredQueries' builder and FTS5 search at the prompt, on a real database.
@Suite struct StructuredQueriesSessionTests {
    let temporaryFiles = TemporaryFiles()

    func run(_ lines: [String]) throws -> (status: Int32, text: String) {
        let directory = try temporaryFiles.directory("sift-builder")
        let path = directory + "/db.sqlite"
        let writer = try Connection(path: path, mode: .readWriteCreate)
        try writer.execute(
            """
            CREATE TABLE reminders (id INTEGER PRIMARY KEY, title TEXT NOT NULL, priority INTEGER);
            INSERT INTO reminders VALUES (1, 'Buy milk', 3), (2, 'Gym', NULL), (3, 'gym bag', 1), (4, '50% off', 2);
            CREATE VIRTUAL TABLE reminderTexts USING fts5(title, content='reminders', content_rowid='id');
            INSERT INTO reminderTexts(reminderTexts) VALUES ('rebuild');
            """)
        let sink = StringSink()
        let engine = try DatabaseEngine(path: path, modelFile: nil)
        let session = REPLSession(
            engine: engine, console: REPLConsole(output: sink, error: sink), configuration: REPLConfiguration(),
            settings: REPLSettings(mode: .csv))
        let status = session.run(reader: ScriptedLineReader(lines: lines))
        return (status, sink.text)
    }

    @Test func builderChainsRunWithSQLsMeaning() throws {
        // `contains` is LIKE: 'gym' finds 'Gym' too; `neq` drops the NULL priority.
        let result = try run([
            #"Reminder.where { $0.title.contains("gym") }.order(by: \.id)"#,
            #"Reminder.where { $0.priority.neq(3) }.order { $0.id.desc() }"#,
        ])
        #expect(result.status == 0, "\(result.text)")
        #expect(result.text == "id,title,priority\n2,Gym,\n3,gym bag,1\nid,title,priority\n4,50% off,2\n3,gym bag,1\n", "\(result.text)")
    }

    @Test func builderSelectionsNameTheirColumnsAfterTheirExpressions() throws {
        // A selection, an aggregate per group (SQL's `sum`: NULL for a group of NULLs), an error with its remedy.
        let result = try run([
            #"Reminder.select { ($0.title, $0.priority ?? 0) }.order(by: \.id).limit(2)"#,
            #"Reminder.group { $0.priority.is(nil) }.select { ($0.priority.is(nil), $0.count(), $0.priority.sum()) }.order { $0.priority.is(nil) }"#,
            #"Reminder.where { $0.count() > 1 }"#,
        ])
        #expect(
            result.text.hasPrefix(
                "$0.title,$0.priority ?? 0\nBuy milk,3\nGym,0\n$0.priority.is(nil),$0.count(),$0.priority.sum()\nfalse,3,6\ntrue,1,\n"),
            "\(result.text)")
        #expect(result.text.contains("error: '$0.count()' combines the rows of a group, but 'where' reads one row at a time"), "\(result.text)")
    }

    @Test func aFullTextQueryTheIndexRejectsIsADiagnosticAtItsArgument() throws {
        let result = try run([
            #".param set searchText "\"gym""#,
            #"ReminderText.where { $0.match(searchText) }"#,
            #"ReminderText.where { $0.match("gym") }.order(by: \.rowid)"#,
        ])
        #expect(result.status == 1)
        #expect(result.text.contains("error: the full-text query given here is not valid FTS5 syntax"), "\(result.text)")
        #expect(result.text.contains("ReminderText.where { $0.match(searchText) }\n                              ^~~~~~~~~~"), "\(result.text)")
        // The session goes on.
        #expect(result.text.hasSuffix("rowid,title\n2,Gym\n3,gym bag\n"), "\(result.text)")
    }
}
