import Foundation
import SiftTestSupport
import Testing

/// `sift` given a PostgreSQL URI where a database path goes: `sift query`, `sift compile --schema`,
/// the REPL, and a database that does not exist.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresCommandTests {
    let uri: String
    let server: PostgresServer

    init() throws {
        server = try PostgresServer.shared()
        let database = try server.createDatabase("command")
        try database.load("CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL, size bigint NOT NULL); INSERT INTO items VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30)")
        uri = database.uri()
    }

    @Test func queryRunsOnTheServer() throws {
        let result = try CommandRunner.run(["query", uri, "Item where size > minimum sort by size desc", "--param", "minimum=15", "--mode", "csv"])
        #expect(result.standardError == "")
        #expect(result.standardOutput == "id,title,size\n3,c,30\n2,b,20\n")
        #expect(result.status == 0)
    }

    @Test func compileReadsTheSchemaFromTheServer() throws {
        let result = try CommandRunner.run(["compile", "--schema", uri, "--dialect", "postgresql", "--one-line", "Item where size > 15"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#"WHERE "items"."size" > $1::bigint"#))
    }

    /// SQL compiled against a server's schema is for that server: PostgreSQL's unless SQLite's is asked
    /// for, and `--portable` reads no SQLite facts from a URI.
    @Test func compileWritesTheSchemaServersDialectByDefault() throws {
        let implicit = try CommandRunner.run(["compile", "--schema", uri, "--one-line", "Item where size > 15"])
        #expect(implicit.status == 0, "\(implicit.standardError)")
        #expect(implicit.standardOutput.contains(#"WHERE "items"."size" > $1::bigint"#), "\(implicit.standardOutput)")
        let json = try CommandRunner.run(["compile", "--schema", uri, "--json", "Item where size > 15"])
        #expect(json.standardOutput.contains(#""dialect":"postgresql""#), "\(json.standardOutput)")
        let portable = try CommandRunner.run(["compile", "--schema", uri, "--portable", "--one-line", "Item where size > 15"])
        #expect(portable.status == 0, "\(portable.standardError)")
        #expect(portable.standardOutput.contains(#"WHERE "items"."size" > $1::bigint"#), "\(portable.standardOutput)")
        let sqlite = try CommandRunner.run(["compile", "--schema", uri, "--dialect", "sqlite", "--portable", "--one-line", "Item where size > 15"])
        #expect(sqlite.status == 0, "\(sqlite.standardError)")
        #expect(sqlite.standardOutput.contains(#"WHERE "items"."size" > ?1"#), "\(sqlite.standardOutput)")
    }

    /// Control-C during `sift query`: the statement is cancelled on the server, not left running there.
    @Test func controlCCancelsTheStatementOnTheServer() throws {
        let database = try server.createDatabase("query interrupted")
        try database.load("CREATE TABLE items (id bigint PRIMARY KEY); INSERT INTO items SELECT generate_series(1, 3000)")
        let monitor = try PlainPostgresConnection(uri: server.uri())
        /// Statements running in the database (for longer than `seconds`: the count, past its
        /// preparation, which the connection and introspection statements never last).
        func runningStatements(forLongerThan seconds: Double = 0) throws -> Int {
            let rows = try monitor.rows(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND now() - query_start >= make_interval(secs => $2::float8)",
                parameters: [database.name, String(seconds)])
            guard let first = rows.first?.first, let text = first else { return -1 }
            return Int(text) ?? -1
        }
        let errorPath = TemporaryFiles.untilExit.path("interrupted", suffix: ".txt")
        let pid = try InterruptibleProcess.spawn(
            CommandRunner.productsDirectory.appendingPathComponent("sift").path,
            ["query", database.uri(), "Item join Item as b on b.id != id join Item as c on c.id != id join Item as d on d.id != id select count()"],
            standardError: errorPath)
        var waited = 0
        while try runningStatements(forLongerThan: 0.5) == 0, waited < 400 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 1
        }
        #expect(try runningStatements() == 1)
        kill(pid, SIGINT)
        let status = InterruptibleProcess.wait(pid, seconds: 10)
        #expect(status == 130)
        #expect(try String(contentsOfFile: errorPath, encoding: .utf8) == "interrupted\n")
        waited = 0
        while try runningStatements() != 0, waited < 100 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 1
        }
        #expect(try runningStatements() == 0)
    }

    @Test func theREPLOpensTheServer() throws {
        let result = try CommandRunner.run([uri], input: "Item where title == \"b\"\n")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("(1 row)"))
    }

    @Test func installFunctionsInstallsThemAndCanRunAgain() throws {
        let database = try server.createDatabase("install command")
        try database.load("CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL); INSERT INTO items VALUES (1, 'Café'), (2, 'tea')")
        let query = ["query", database.uri(), "Item where title.contains(\"é\")", "--mode", "csv"]
        let before = try CommandRunner.run(query)
        #expect(before.status == 1)
        #expect(before.standardError.contains("sift install-functions \(database.uri())'"), "\(before.standardError)")
        for _ in 0..<2 {
            let install = try CommandRunner.run(["install-functions", database.uri()])
            #expect(install.status == 0, "\(install.standardError)")
            #expect(install.standardOutput.hasPrefix("installed Sift's functions in schema 'sift' of postgres"))
        }
        let after = try CommandRunner.run(query)
        #expect(after.status == 0, "\(after.standardError)")
        #expect(after.standardOutput == "id,title\n1,Café\n")
    }

    @Test func installFunctionsTakesOneURI() throws {
        let none = try CommandRunner.run(["install-functions"])
        #expect(none.status == 2)
        let file = try CommandRunner.run(["install-functions", "Examples/example.sqlite"])
        #expect(file.status == 2)
        #expect(file.standardError.contains("not a PostgreSQL URI"))
        let help = try CommandRunner.run(["install-functions", "--help"])
        #expect(help.standardOutput.contains("USAGE: sift install-functions URI"))
        #expect(try CommandRunner.run(["--help"]).standardOutput.contains("sift install-functions URI"))
        let refused = try CommandRunner.run(["install-functions", server.uri(database: "no_such_database")])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains(#"database "no_such_database" does not exist"#))
    }

    @Test func anUnknownDatabaseIsAClearError() throws {
        let result = try CommandRunner.run(["query", server.uri(database: "no_such_database"), "Item where size > 1"])
        #expect(result.status == 1)
        #expect(result.standardError.contains(#"database "no_such_database" does not exist"#))
    }
}

/// A child process that receives SIGINT as from a terminal: spawned with no signal blocked and
/// SIGINT's default action (a test runner's threads may block it, and a child inherits the mask).
enum InterruptibleProcess {
    static func spawn(_ path: String, _ arguments: [String], standardError: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        posix_spawnattr_setsigdefault(&attributes, &interrupt)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard result == 0 else { throw CocoaError(.executableLoad) }
        return pid
    }

    /// The exit status, or 128 + the signal that ended it; -1 (and the process killed) after `seconds`.
    static func wait(_ pid: pid_t, seconds: Double) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return -1
    }
}
