import Foundation
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// The runtime against the test server: failures to connect, each type decoded, each parameter
/// type sent back, cancel, time limit, read-only mode, the statement cache, a lost connection.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresConnectionTests {
    let server: PostgresServer
    init() throws { server = try PostgresServer.shared() }

    private func expectFailure(_ uri: String, _ kind: PostgresError.Kind, mentioning words: String) {
        do {
            _ = try PostgresConnection(uri: uri)
            Issue.record("connected to \(uri)")
        } catch let error as PostgresError {
            #expect(error.kind == kind, "\(error)")
            #expect(error.message.contains(words), "\(error)")
        } catch {
            Issue.record("not a PostgresError: \(error)")
        }
    }

    @Test func connectionFailuresAreClearErrors() throws {
        expectFailure("postgresql://postgres@/postgres?host=/nonexistent-socket-dir&port=\(server.port)", .connectionRefused, mentioning: "No such file")
        expectFailure(server.uri(database: "no_such_database"), .unknownDatabase, mentioning: "\"no_such_database\" does not exist")
        try server.createPasswordRole()
        let role = PostgresServer.passwordRole
        expectFailure(server.uri(user: role, parameters: ["password": "wrong"]), .authenticationFailed, mentioning: "password authentication failed")
        let connection = try PostgresConnection(uri: server.uri(user: role, parameters: ["password": PostgresServer.rolePassword]))
        #expect(try connection.rows("SELECT current_user::text") == [[.string(role)]])
        expectFailure("postgresql://postgres@/postgres?host=\(server.directory)&port=\(server.port)&sslmode=nonsense", .connectionFailed, mentioning: "sslmode")
    }

    @Test func eachColumnTypeDecodes() throws {
        let database = try server.createDatabase("types")
        try database.load(
            """
            CREATE TYPE mood AS ENUM ('happy', 'sad');
            CREATE TABLE every (s smallint, i integer, b bigint, r real, d double precision, n numeric, t text, v varchar(10),
              c char(3), f boolean, y bytea, tz timestamptz, ts timestamp, dt date, u uuid, j jsonb, a integer[], m mood);
            INSERT INTO every VALUES (-2, 40000, 9223372036854775807, 1.5, -0.1, 12.25, 'héllo', 'var', 'ab', true, '\\x00ff10',
              '2026-03-14 09:30:00.123456+02', '2026-03-14 09:30:00', '2026-03-14', 'e621e1f8-c36c-495a-93fc-0c247a3e6e5f',
              '{"a": [1, 2]}', '{1,2,3}', 'sad');
            INSERT INTO every (s) VALUES (NULL);
            """)
        let connection = try PostgresConnection(uri: database.uri())
        let rows = try connection.rows("SELECT * FROM every ORDER BY s NULLS LAST")
        let expected: [DecodedValue] = [
            .int(-2), .int(40000), .int(Int64.max), .double(1.5), .double(-0.1), .double(12.25), .string("héllo"), .string("var"),
            // `char(3)` without its padding, as PostgreSQL compares it; a date is the `Double` nearest to
            // the stored microsecond since 2001.
            .string("ab"), .bool(true), .data([0x00, 0xFF, 0x10]), .date(Date(timeIntervalSinceReferenceDate: 795_166_200.123456)),
            .date(Date(timeIntervalSince1970: 1_773_480_600)), .date(Date(timeIntervalSince1970: 1_773_446_400)),
            .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!), .string(#"{"a": [1, 2]}"#), .undecodable(.text("{1,2,3}")),
            .undecodable(.text("sad")),
        ]
        #expect(rows.count == 2)
        #expect(rows.first == expected)
        #expect(rows.last == Array(repeating: DecodedValue.null, count: expected.count))
        let special = try connection.rows("SELECT 'NaN'::float8, 'Infinity'::float8, '-Infinity'::float4, '-0'::float8")
        #expect(special[0][0].doubleValue?.isNaN == true)
        #expect(Array(special[0].dropFirst()) == [.double(.infinity), .double(-.infinity), .double(-0.0)])
    }

    @Test(arguments: [
        PostgresValue.bool(true), .bool(false), .int(Int64.min), .int(42), .double(0.1), .double(-1e300), .double(.infinity),
        .double(-.infinity), .text(""), .text("Grüße, \"quoted\" 'text' 🙂"), .bytes([]), .bytes([0, 1, 0xFE, 0xFF]),
        .timestamp(Date(timeIntervalSince1970: 1_773_473_400.25)), .timestamp(Date(timeIntervalSince1970: -86_400.5)),
        .timestamp(Date(timeIntervalSince1970: 1_773_473_400.015625)),
        .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!), .jsonb(#"{"k": "v"}"#), .null,
    ])
    func parameterRoundTrips(_ value: PostgresValue) throws {
        let connection = try PostgresConnection(uri: server.uri())
        let expected: DecodedValue
        switch value {
        case .null: expected = .null
        case .bool(let bool): expected = .bool(bool)
        case .int(let int): expected = .int(int)
        case .double(let double): expected = .double(double)
        case .text(let text), .untyped(let text): expected = .string(text)
        case .bytes(let bytes): expected = .data(bytes)
        case .timestamp(let date): expected = .date(date)
        case .uuid(let uuid): expected = .uuid(uuid)
        case .jsonb(let json): expected = .string(json)
        }
        #expect(try connection.rows("SELECT $1", [value]) == [[expected]])
        // The server saw the type, not only the text.
        let expectedType: [PostgresValue: String] = [
            .bool(true): "boolean", .int(42): "bigint", .double(0.1): "double precision", .text(""): "text", .bytes([]): "bytea",
            .jsonb(#"{"k": "v"}"#): "jsonb", .uuid(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!): "uuid",
            .timestamp(Date(timeIntervalSince1970: 1_773_473_400.25)): "timestamp with time zone",
        ]
        if let name = expectedType[value] { #expect(try connection.rows("SELECT pg_typeof($1)::text", [value]) == [[.string(name)]]) }
        #expect(try connection.rows("SELECT $1::text IS NULL", [value]) == [[.bool(value == .null)]])
    }

    @Test func aRealDecodesAsTheFloatItHolds() throws {
        let connection = try PostgresConnection(uri: server.uri())
        var random = SplitMix64(seed: 4)
        var floats: [Float] = [0.1, -0.1, 1, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 16_777_217, .infinity, -.infinity]
        floats += (0..<300).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }.filter { !$0.isNaN }
        for float in floats {
            let row = try connection.rows("SELECT CAST($1::float8 AS real)", [.double(Double(float))])
            #expect(row == [[.double(Double(float))]], "\(float)")
        }
        let nan = try connection.rows("SELECT 'NaN'::real")
        guard case .double(let value) = nan.first?.first else {
            Issue.record("NaN decoded as \(nan)")
            return
        }
        #expect(value.isNaN)
    }

    @Test func untypedValuesTakeTheTypeTheStatementGives() throws {
        let connection = try PostgresConnection(uri: server.uri())
        let row = try connection.rows(
            "SELECT $1::boolean, $2::bigint + 1, $3::float8, $4::bytea", [.untyped(.integer(1)), .untyped(.integer(41)), .untyped(.real(0.5)), .untyped(.blob([7]))])
        #expect(row == [[.bool(true), .int(42), .double(0.5), .data([7])]])
    }

    @Test func textWithNULIsRefusedNotCut() throws {
        let connection = try PostgresConnection(uri: server.uri())
        #expect(throws: PostgresError(kind: .client, message: "text with a NUL character cannot be sent to PostgreSQL", sql: "SELECT $1")) {
            try connection.rows("SELECT $1", [.text("a\u{0}b")])
        }
    }

    @Test func cancelFromAnotherThreadStopsTheStatement() throws {
        let connection = try PostgresConnection(uri: server.uri())
        let handle = connection.cancelHandle
        let started = ContinuousClock.now
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            handle.cancel()
        }
        #expect {
            try connection.rows("SELECT pg_sleep(10)")
        } throws: { error in
            (error as? PostgresError)?.kind == .cancelled && (error as? PostgresError)?.sqlState == "57014"
        }
        #expect(ContinuousClock.now - started < .seconds(1.3))
        #expect(try connection.rows("SELECT 1") == [[.int(1)]])
    }

    @Test func timeLimitStopsALongStatement() throws {
        let connection = try PostgresConnection(uri: server.uri())
        try connection.setTimeLimit(0.2)
        #expect(connection.timeLimit == 0.2)
        let started = ContinuousClock.now
        #expect {
            try connection.rows("SELECT pg_sleep(5)")
        } throws: { error in
            (error as? PostgresError)?.kind == .timeout
        }
        #expect(ContinuousClock.now - started < .seconds(2))
        try connection.setTimeLimit(nil)
        #expect(try connection.rows("SELECT pg_sleep(0.3)::text") == [[.string("")]])
    }

    @Test func readOnlyByDefaultWritableOnRequest() throws {
        let database = try server.createDatabase("modes")
        try database.load("CREATE TABLE t (x integer)")
        let reader = try PostgresConnection(uri: database.uri())
        #expect {
            try reader.rows("INSERT INTO t VALUES (1)")
        } throws: { error in
            (error as? PostgresError)?.kind == .readOnly && (error as? PostgresError)?.sqlState == "25006"
        }
        let writer = try PostgresConnection(uri: database.uri(), mode: .readWrite)
        try writer.execute("INSERT INTO t VALUES (1)")
        #expect(try reader.rows("SELECT count(*) FROM t") == [[.int(1)]])
    }

    @Test func statementsArePreparedOncePerConnection() throws {
        let connection = try PostgresConnection(uri: server.uri())
        for value in 0..<5 { #expect(try connection.rows("SELECT $1 + 1", [.int(Int64(value))]) == [[.int(Int64(value) + 1)]]) }
        #expect(connection.prepareCount == 1)
        _ = try connection.rows("SELECT $1 + 1", [.double(1)])  // other parameter types: another statement
        #expect(connection.prepareCount == 2)
        for index in 0..<(PostgresConnection.statementCacheCapacity + 10) { _ = try connection.rows("SELECT \(index)") }
        #expect(connection.preparedStatementCount == PostgresConnection.statementCacheCapacity)
        let onServer = try connection.rows("SELECT count(*) FROM pg_prepared_statements")
        #expect(onServer == [[.int(Int64(PostgresConnection.statementCacheCapacity))]])
    }

    @Test func rowsStreamAndAThrowingBodyStopsTheStatement() throws {
        let connection = try PostgresConnection(uri: server.uri())
        struct Enough: Error {}
        var seen = 0
        let started = ContinuousClock.now
        #expect(throws: Enough.self) {
            // Without streaming, 10⁹ rows would be produced (and held) before the first arrived. (In the
            // select list: a set-returning function in FROM is materialized before its first row.)
            try connection.forEachRow("SELECT generate_series(1, 1000000000)", []) { row in
                seen += 1
                if seen == 3 { throw Enough() }
            }
        }
        #expect(seen == 3)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(try connection.rows("SELECT 2") == [[.int(2)]])
    }

    /// A time limit set while the server cannot be reached (the REPL's `.timeout` with the server
    /// down) holds in the session opened when it is back.
    @Test func aTimeLimitSetWhileTheServerIsUnreachableHoldsOnceItIsBack() throws {
        let database = try server.createDatabase("unreachable")
        let connection = try PostgresConnection(uri: database.uri())
        let pid = try connection.rows("SELECT pg_backend_pid()").first?.first?.intValue
        let admin = try PostgresConnection(uri: server.uri(), mode: .readWrite)
        try admin.execute("ALTER DATABASE \"\(database.name)\" ALLOW_CONNECTIONS false")
        _ = try admin.rows("SELECT pg_terminate_backend($1::int)", [.int(Int64(pid ?? 0))])
        #expect {
            try connection.setTimeLimit(0.25)
        } throws: { error in
            (error as? PostgresError)?.kind == .connectionLost
        }
        try admin.execute("ALTER DATABASE \"\(database.name)\" ALLOW_CONNECTIONS true")
        #expect(try connection.rows("SELECT current_setting('statement_timeout')") == [[.string("250ms")]])
        #expect(connection.timeLimit == 0.25)
    }

    @Test func aLostConnectionIsAnErrorThenReconnects() throws {
        let connection = try PostgresConnection(uri: server.uri())
        try connection.setTimeLimit(30)
        let pid = try connection.rows("SELECT pg_backend_pid()").first?.first?.intValue
        let killer = try PostgresConnection(uri: server.uri())
        #expect(try killer.rows("SELECT pg_terminate_backend($1::int)", [.int(Int64(pid ?? 0))]) == [[.bool(true)]])
        #expect {
            try connection.rows("SELECT 1")
        } throws: { error in
            (error as? PostgresError)?.kind == .connectionLost
        }
        // The next statement opens a new session, with the same settings.
        #expect(try connection.rows("SELECT current_setting('statement_timeout'), current_setting('transaction_read_only')") == [[.string("30s"), .string("on")]])
        #expect(try connection.rows("SELECT pg_backend_pid()").first?.first?.intValue != pid)
    }
}
