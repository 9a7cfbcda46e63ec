import Foundation
import Sift
import SiftREPL
import SiftSQLite
import SiftTestSupport
import Testing

/// The REPL on the real engine, where it meets a changing database and runaway queries.
@Suite struct DatabaseEngineTests {
    let temporaryFiles = TemporaryFiles()

    func session(_ engine: DatabaseEngine, _ sink: StringSink) -> REPLSession {
        REPLSession(
            engine: engine, console: REPLConsole(output: sink, error: sink), configuration: REPLConfiguration(),
            settings: REPLSettings(mode: .csv))
    }

    /// A database made by `sql`, in a folder removed when the test ends.
    func temporaryDatabase(_ sql: String) throws -> String {
        let directory = try temporaryFiles.directory("sift-engine")
        let path = directory + "/db.sqlite"
        let writer = try Connection(path: path, mode: .readWriteCreate)
        try writer.execute(sql)
        return path
    }

    @Test func timeoutStopsARunawayQueryAndTheSessionGoesOn() throws {
        let slow = try String(contentsOfFile: TestFiles.directory + "/PseudoTerminal/slow.sql", encoding: .utf8)
        let path = try temporaryDatabase(slow)
        let sink = StringSink()
        let engine = try DatabaseEngine(path: path, modelFile: nil)
        let reader = ScriptedLineReader(lines: [
            ".timeout 200", "Item where items.contains { child in child.items.contains { $0.value < 0 || child.value < 0 } }", ".timeout off",
            "Item where id == 2",
        ])
        #expect(session(engine, sink).run(reader: reader) == 1)
        #expect(sink.text.contains("error: SQLite: interrupted: the statement ran past its time limit of 0.2 s\n"))
        #expect(sink.text.hasSuffix("id,value,parentID,parent\n2,2,1,1\n") || sink.text.hasSuffix("id,value,parentID\n2,2,1\n"))
    }

    @Test func sqlSaysWhichBindingIsTheDecomposedForm() throws {
        // A column of composed and decomposed texts: `==` binds both forms, which print alike.
        let path = try temporaryDatabase(
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL); INSERT INTO notes VALUES (1, 'Jos\u{E9}'), (2, 'Jose\u{301}');")
        let engine = try DatabaseEngine(path: path, modelFile: nil)
        let sink = StringSink()
        let reader = ScriptedLineReader(lines: [#".sql Note where title == "José""#])
        #expect(session(engine, sink).run(reader: reader) == 0)
        #expect(sink.text.contains("\"notes\".\"title\" IN (?1, ?2)"), "\(sink.text)")
        #expect(sink.text.contains("-- ?1 = 'Jos\u{E9}'\n-- ?2 = 'Jose\u{301}' (NFD)\n"), "\(sink.text)")
    }

    @Test func reloadReadsAChangedSchema() throws {
        let path = try temporaryDatabase("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL); INSERT INTO notes VALUES (1, 'a');")
        let engine = try DatabaseEngine(path: path, modelFile: nil)
        let writer = try Connection(path: path, mode: .readWrite)
        try writer.execute("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 1;")
        let sink = StringSink()
        let reader = ScriptedLineReader(lines: ["Note where pinned == 1", ".reload", "Note where pinned == 1"])
        #expect(session(engine, sink).run(reader: reader) == 1)
        #expect(sink.text.contains("no value for the parameter 'pinned' (Int)"))
        #expect(sink.text.contains("reloaded: 1 model\n"))
        #expect(sink.text.hasSuffix("id,title,pinned\n1,a,1\n"))
    }

    @Test func aDroppedColumnSaysToReload() throws {
        let path = try temporaryDatabase("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, extra TEXT);")
        let engine = try DatabaseEngine(path: path, modelFile: nil)
        let writer = try Connection(path: path, mode: .readWrite)
        try writer.execute("ALTER TABLE notes DROP COLUMN extra;")
        let sink = StringSink()
        #expect(session(engine, sink).run(reader: ScriptedLineReader(lines: ["Note"])) == 1)
        #expect(sink.text.contains("no such column"))
        #expect(sink.text.contains("note: the database's schema may have changed since it was read; '.reload' reads it again"))
    }
}
