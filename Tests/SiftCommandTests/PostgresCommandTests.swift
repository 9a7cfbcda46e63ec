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
        #expect(before.standardError.contains("sift install-functions URI"), "\(before.standardError)")
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
