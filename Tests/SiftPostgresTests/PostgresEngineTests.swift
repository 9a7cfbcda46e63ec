import Foundation
import Sift
import SiftPostgres
import SiftREPL
import SiftSQLite
import SiftTestSupport
import Testing

/// The REPL's engine on PostgreSQL: compile and run, Control-C's cancel, a server that drops the
/// session (an error, then the next query runs); the REPL's `.open` going from a SQLite file to the
/// server and back in one session.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresEngineTests {
    @Test func runsCancelsAndSurvivesALostSession() throws {
        let database = try PostgresServer.shared().createDatabase("engine")
        try database.load("CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL, size bigint NOT NULL); INSERT INTO items VALUES (1, 'a', 10), (2, 'b', 20)")
        let engine = try PostgresEngine(uri: database.uri(parameters: ["password": "unused"]), modelFile: nil)
        #expect(!engine.location.contains("password"))
        let compilation = engine.compile(SourceFile(name: "<input>", text: "Item where size > limit"), parameters: ["limit": .int(15)])
        #expect(compilation.diagnostics.isEmpty)
        var rows: [ResultRow] = []
        try engine.run(compilation) { rows.append($0) }
        #expect(rows == [[.int(2), .string("b"), .int(20)]])
        #expect(try engine.queryPlan(compilation).contains { $0.detail.contains("Scan") })

        // Control-C: the watcher's cancel reaches the server.
        let cancel = try #require(engine.cancelRunningQuery)
        let connection = engine.database.connection
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            cancel()
        }
        #expect(throws: PostgresError.self) { try connection.rows("SELECT pg_sleep(10)") }

        // The server ends the session: the query fails, the next one runs on a new session.
        let pid = try connection.rows("SELECT pg_backend_pid()")[0][0]
        _ = try PostgresConnection(uri: database.uri()).rows("SELECT pg_terminate_backend($1::int)", [.int(Int64(pid.intValue ?? 0))])
        #expect(throws: PostgresError.self) { try engine.run(compilation) { _ in } }
        rows = []
        try engine.run(compilation) { rows.append($0) }
        #expect(rows.count == 1)

        #expect(throws: CommandError.self) { try engine.reopen(path: "people.sqlite", writable: false) }
    }

    /// `.portable on` on the server: queries that need Sift's functions are refused naming them, the
    /// others run; the setting survives `.reload`.
    @Test func portableRefusesSiftFunctionsOnTheServer() throws {
        let database = try PostgresServer.shared().createDatabase("portable")
        try database.load("CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL, size bigint NOT NULL); INSERT INTO items VALUES (1, 'a', 10), (2, 'b', 20)")
        let sink = StringSink()
        let session = REPLSession(engine: try PostgresEngine(uri: database.uri(), modelFile: nil), console: REPLConsole(output: sink, error: sink))
        _ = session.run(reader: ScriptedLineReader(lines: [".portable on", ".reload", ".portable", "Item where title.contains(\"a\")", "Item where size > 15"]))
        #expect(!sink.text.contains("needs a database"), "\(sink.text)")
        #expect(sink.text.contains("portable SQL: on"), "\(sink.text)")
        #expect(sink.text.contains("sift.contains"), "\(sink.text)")
        #expect(sink.text.contains("(1 row)"), "\(sink.text)")
    }

    /// A query that needs Sift's functions on a database without them is refused before it runs,
    /// naming them, as `sift query` refuses it; once installed (by another connection), it runs.
    @Test func missingSiftFunctionsAreNamedBeforeTheQueryRuns() throws {
        let database = try PostgresServer.shared().createDatabase("repl no functions")
        try database.load("CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL); INSERT INTO items VALUES (1, 'a'), (2, 'b')")
        let sink = StringSink()
        let session = REPLSession(engine: try PostgresEngine(uri: database.uri(), modelFile: nil), console: REPLConsole(output: sink, error: sink))
        let query = "Item where title.contains(\"a\")"
        _ = session.run(reader: ScriptedLineReader(lines: [query]))
        #expect(sink.text.contains("this query calls Sift's functions (sift.contains), which are not installed"), "\(sink.text)")
        #expect(!sink.text.contains("does not exist"), "\(sink.text)")
        try PostgresDatabase.installFunctions(uri: database.uri())
        let mark = sink.text.count
        _ = session.run(reader: ScriptedLineReader(lines: [query]))
        let output = String(sink.text.dropFirst(mark))
        #expect(output.contains("(1 row)") && !output.contains("error"), "\(output)")
    }

    /// A table or column dropped on the server after the session read the schema: the error says
    /// `.reload` reads it again, and after it the session goes on.
    @Test func aSchemaChangedOnTheServerPointsToReload() throws {
        let database = try PostgresServer.shared().createDatabase("changed schema")
        try database.load("CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL, size bigint); CREATE TABLE notes (id bigint PRIMARY KEY); INSERT INTO items VALUES (1, 'a', 10)")
        let sink = StringSink()
        let session = REPLSession(engine: try PostgresEngine(uri: database.uri(), modelFile: nil), console: REPLConsole(output: sink, error: sink))
        try database.load("ALTER TABLE items DROP COLUMN size; DROP TABLE notes")
        _ = session.run(reader: ScriptedLineReader(lines: ["Item select size", "Note select count()"]))
        let note = "'.reload' reads it again"
        #expect(sink.text.components(separatedBy: note).count == 3, "\(sink.text)")
        let mark = sink.text.count
        _ = session.run(reader: ScriptedLineReader(lines: [".reload", "Item select title"]))
        let output = String(sink.text.dropFirst(mark))
        #expect(output.contains("(1 row)") && !output.contains("error"), "\(output)")
    }

    /// `.timeout`: a statement past it is stopped on the server, said in a line, and the session goes on.
    @Test func aStatementPastTheTimeLimitIsSaidInALine() throws {
        let database = try PostgresServer.shared().createDatabase("time limit")
        try database.load("CREATE TABLE items (id bigint PRIMARY KEY); INSERT INTO items SELECT generate_series(1, 3000)")
        let sink = StringSink()
        let session = REPLSession(engine: try PostgresEngine(uri: database.uri(), modelFile: nil), console: REPLConsole(output: sink, error: sink))
        let started = ContinuousClock.now
        _ = session.run(reader: ScriptedLineReader(lines: [
            ".timeout 200", "Item join Item as b on b.id != id join Item as c on c.id != id select count()", "Item select count()",
        ]))
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(sink.text.contains("error: PostgreSQL: interrupted: the statement ran past its time limit (.timeout)\n"), "\(sink.text)")
        #expect(!sink.text.contains("SELECT"), "\(sink.text)")
        #expect(sink.text.contains("3000"), "\(sink.text)")
    }

    @Test func openSwitchesBetweenSQLiteAndPostgreSQLInOneSession() throws {
        let database = try PostgresServer.shared().createDatabase("switch")
        try database.load("CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL, size bigint NOT NULL); INSERT INTO items VALUES (1, 'a', 10), (2, 'b', 20)")
        let file = try PostgresDatabaseTests.sqlite.get().path
        let sink = StringSink()
        let session = REPLSession(engine: try DatabaseEngine(path: file, modelFile: nil), console: REPLConsole(output: sink, error: sink))
        _ = session.run(reader: ScriptedLineReader(lines: [".timeout 5000", ".param set minimum 15", ".open \(database.uri())", ".models", "Item where size > minimum"]))
        #expect(sink.text.contains("opened \(database.uri()) (read-only): 1 model"), "\(sink.text)")
        #expect(sink.text.contains("Item  table items"))
        #expect(sink.text.contains("(1 row)"), "\(sink.text)")
        let postgres = try #require(session.engine as? PostgresEngine)
        #expect(postgres.database.connection.timeLimit == 5)
        #expect(Completer(schema: session.engine.schema).complete("It").candidates == ["Item"])
        // `.sql` lists the bindings under the placeholders PostgreSQL's SQL has.
        _ = session.run(reader: ScriptedLineReader(lines: [".sql Item where size > minimum"]))
        #expect(sink.text.contains("> $1::bigint\n-- $1 = 15 (minimum)\n"), "\(sink.text)")

        // A refused connection: an error, and the session stays on the server it had.
        var mark = sink.text.count
        let refused = try PostgresServer.shared().uri(database: "no_such_database")
        _ = session.run(reader: ScriptedLineReader(lines: [".open \(refused)", ".models"]))
        var output = String(sink.text.dropFirst(mark))
        #expect(output.contains("cannot open"), "\(output)")
        #expect(output.contains(#"database "no_such_database" does not exist"#))
        #expect(output.contains("still on \(database.uri())"))
        #expect(output.contains("Item  table items"))
        #expect(session.engine === postgres)

        // Back to the file: its models, and queries on SQLite.
        mark = sink.text.count
        _ = session.run(reader: ScriptedLineReader(lines: [".open \(file)", ".schema Company", "count(User where age > minimum)"]))
        output = String(sink.text.dropFirst(mark))
        #expect(session.engine is DatabaseEngine)
        #expect(output.contains("struct Company"), "\(output)")
        #expect(output.contains("(1 row)") && !output.contains("error"), "\(output)")
        #expect(Completer(schema: session.engine.schema).complete("Compa").candidates == ["Company"])
    }
}
