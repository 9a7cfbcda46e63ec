import Foundation
import SiftTestSupport
import Testing

/// The private test server: it runs, as a Unix socket only, with fresh databases that hold what is
/// loaded into them, and a password role that must give its password.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresServerTests {
    @Test func serverListensOnlyOnItsSocket() throws {
        let server = try PostgresServer.shared()
        let connection = try PlainPostgresConnection(uri: server.uri())
        let settings = try connection.rows(
            "SELECT current_setting('listen_addresses'), current_setting('unix_socket_directories'), current_setting('fsync')")
        #expect(settings == [["", server.directory, "off"]])
        #expect(FileManager.default.fileExists(atPath: "\(server.directory)/.s.PGSQL.\(server.port)"))
    }

    @Test func eachDatabaseIsFreshAndHoldsWhatIsLoaded() throws {
        let server = try PostgresServer.shared()
        let first = try server.createDatabase("Loaded Twice")
        let second = try server.createDatabase("Loaded Twice")
        #expect(first.name != second.name)
        try first.load("CREATE TABLE t (x integer); INSERT INTO t VALUES (1), (2);")
        #expect(try PlainPostgresConnection(uri: first.uri()).rows("SELECT sum(x) FROM t") == [["3"]])
        #expect(try PlainPostgresConnection(uri: second.uri()).rows("SELECT count(*) FROM pg_class WHERE relname = 't'") == [["0"]])
        #expect(try PlainPostgresConnection(uri: second.uri()).rows("SELECT $1::int + 1", parameters: ["41"]) == [["42"]])
    }

    @Test func passwordRoleMustGiveItsPassword() throws {
        let server = try PostgresServer.shared()
        try server.createPasswordRole()
        let user = PostgresServer.passwordRole
        #expect(try PlainPostgresConnection(uri: server.uri(user: user, parameters: ["password": PostgresServer.rolePassword])).rows("SELECT 1") == [["1"]])
        #expect(throws: FixtureError.self) { try PlainPostgresConnection(uri: server.uri(user: user, parameters: ["password": "wrong"])) }
    }
}
