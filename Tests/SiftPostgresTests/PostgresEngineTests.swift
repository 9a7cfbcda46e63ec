import Foundation
import Sift
import SiftPostgres
import SiftREPL
import SiftSQLite
import SiftTestSupport
import Testing

/// The REPL's engine on PostgreSQL: compile and run, Control-C's cancel, a server that drops the
/// session (an error, then the next query runs), and `.open` of a file refused with a remedy.
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
}
