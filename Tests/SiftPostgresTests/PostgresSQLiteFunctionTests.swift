import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// StructuredQueries' scalar functions, bitwise operators, date functions and
/// `groupConcat(order:)` answer on PostgreSQL what they answer on SQLite: the same generated rows
/// (edge values first: `Int.min`, shifts by ±64, halves to round, empty texts, quotes, texts of
/// several bytes, dates at 24:00, February 31st, time zones, SQLite's range of dates) in a SQLite
/// database and a PostgreSQL one, each builder query compiled by `SiftDatabase` and by
/// `PostgresDatabase`, the rows compared value by value.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresSQLiteFunctionTests {
    static let modelText = """
        @Table struct Sample {
            let id: Int
            var g: Int
            var i: Int
            var j: Int
            var k: Int
            var x: Double
            var s: String
            var t: String
            var u: String
            var b: Data
            var flag: Bool
            @Column(as: Date.UnixTimeRepresentation.self) var unix: Date
            @Column(as: Date.TimeIntervalSinceReferenceDateRepresentation.self) var reference: Date
            var iso: Date
        }
        """

    static let modelFile: String = {
        let path = TemporaryFiles.untilExit.path("sqlite-functions", suffix: ".swift")
        _ = FileManager.default.createFile(atPath: path, contents: Data(modelText.utf8))
        return path
    }()

    static let integers: [Int64] = [
        0, 1, -1, 2, 3, 7, -7, 31, 32, 62, 63, 64, 65, 100, -63, -64, -65, -100, 1 << 31, -(1 << 31), (1 << 31) - 1, 1 << 32,
        (1 << 32) + 3, -(1 << 32) - 3, .max, .min, .max - 1, .min + 1, 1_000_000_000, 1_000_000_001,
    ]
    static let doubles: [Double] = [
        0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 2.675, 0.1, 1e-300, -1e-300, 1e300, -1e300,
        4503599627370495.5, -4503599627370495.5, 4503599627370496, 4503599627370497, 9007199254740992, .infinity, -.infinity,
        123456.5, -98765.5,
    ]
    static let textPieces = ["", "a", "b", "ab", "A", "Z", " ", "  ", "'", "''", "é", "e\u{301}", "😀", "x y", "%", "_", "ß", "Ω", ".", "-", "\\"]
    static let seconds: [Double] = [
        0, -0.0005, 0.0005, 1767262830.5, -210866760000, -210866760000.0006, -210866760001, 253402300799.9995, 253402300799.999,
        253402300800, -62135596800, -12219292800, 951782400, 1e12, -1e12, .infinity, 86399.9996, -86400.0004,
    ]
    static let isoTexts = [
        "2026-01-01 00:00:00.0005", "2026-02-31", "2026-01-01T10:20Z", "2026-01-01 10:20:30+01:30", "-0044-03-15", "2026-01-01 24:00",
        "0100-03-01 24:00", "2026-01-01 24:00:00+01:00", "-4713-11-24 12:00", "-4713-11-24 11:00", "2026-01-01T10:20:30.5 Z",
        "2026-01-01TT10:20", "2026-01-01 T 10:20", "0400-01-01", "9999-12-31 23:59:59.999", "9999-12-31 24:00",
        "2024-12-30 10:00:59.9996", "2021-01-03 01:02:03.123456789-14:00", "2026-13-01", "2026-00-10", "2026-01-32", "2026-01-01 25:00",
        "2026-01-01 10:60", "2026-01-01 10:20:", "2026-01-01 10:20:30.", "2026-01-01 +01:00", "2026-01-01 10:20 +15:00",
        "2026-01-01 10:20 -14:59", "2026-01-01 10:20 +1:00", "2026-01-01t10:20", "10:20", "2460000.5", "", "garbage", " 2026-01-01",
        "2026-01-01 ", "2026-01-01 10:20:30.999999999999", "1970-01-01 00:00:00.000", "2000-02-29 12:00:00.000Z",
    ]

    /// A random ISO-8601-like text: mostly dates SQLite reads, some it does not.
    static func isoText(_ random: inout SplitMix64) -> String {
        let year = random.pick(["2026", "1970", "2000", "2024", "1582", "0001", "0000", "9999", "-0044", "-4713", "-4714", "1900"])
        let month = random.pick(["01", "02", "03", "06", "09", "11", "12", random.chance(1, in: 8) ? "13" : "07"])
        let day = random.pick(["01", "09", "15", "28", "29", "30", "31", random.chance(1, in: 8) ? "00" : "10"])
        var text = year + "-" + month + "-" + day
        guard random.chance(4, in: 5) else { return text }
        text += random.pick([" ", "T", " ", "T", "  ", " T"])
        text += String(format: "%02d:%02d", random.int(in: 0...24), random.int(in: 0...59))
        if random.chance(3, in: 4) {
            text += String(format: ":%02d", random.int(in: 0...59))
            if random.chance(2, in: 3) { text += "." + (0..<random.int(in: 1...7)).map { _ in String(random.int(in: 0...9)) }.joined() }
        }
        text += random.pick(["", "", "Z", " Z", "+01:30", "-05:00", "+14:00", "-00:00", "+00:45", " +02:00 "])
        return text
    }

    /// The SQLite and PostgreSQL databases, holding the same rows. PostgreSQL's default collation is
    /// ICU's English one (`"a" < "B"`, `upper("é")` is `"É"`), where only what the SQL writes gives
    /// SQLite's byte order and ASCII case mapping.
    static let databases: Result<(sqlite: TemporaryDatabase, postgres: String, rows: Int), any Error> = Result {
        let columns = "id, g, i, j, k, x, s, t, u, b, flag, unix, reference, iso"
        let sqlite = try TemporaryDatabase("sqlite-functions")
        try sqlite.create(
            """
            CREATE TABLE samples (id INTEGER PRIMARY KEY, g INTEGER NOT NULL, i INTEGER NOT NULL, j INTEGER NOT NULL, k INTEGER NOT NULL,
              x REAL NOT NULL, s TEXT NOT NULL, t TEXT NOT NULL, u TEXT NOT NULL, b BLOB NOT NULL, flag INTEGER NOT NULL,
              unix REAL NOT NULL, reference REAL NOT NULL, iso TEXT NOT NULL);
            """)
        let server = try PostgresServer.shared()
        let name = "sift_sqlite_functions_icu"
        try PlainPostgresConnection(uri: server.uri()).execute(
            "CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US'")
        let postgres = server.uri(database: name)
        let administration = try PlainPostgresConnection(uri: postgres)
        try administration.execute(PostgreSQLFunctions.installScript)
        try administration.execute(
            """
            CREATE TABLE samples (id bigint PRIMARY KEY, g bigint NOT NULL, i bigint NOT NULL, j bigint NOT NULL, k bigint NOT NULL,
              x float8 NOT NULL, s text NOT NULL, t text NOT NULL, u text NOT NULL, b bytea NOT NULL, flag boolean NOT NULL,
              unix float8 NOT NULL, reference float8 NOT NULL, iso text NOT NULL);
            """)
        let sqliteConnection = try Connection(path: sqlite.path, mode: .readWrite)
        let insert = try sqliteConnection.prepare("INSERT INTO samples (\(columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)")
        let postgresConnection = try PostgresConnection(uri: postgres, mode: .readWrite)
        let placeholders = (1...14).map { "$\($0)" }.joined(separator: ", ")
        var random = SplitMix64(seed: 3_440)
        let count = 700
        for id in 1...count {
            // Edge values first, one list each, then random picks and random numbers.
            func edge<T>(_ list: [T], _ make: (inout SplitMix64) -> T) -> T { id <= list.count ? list[id - 1] : make(&random) }
            let i = edge(integers) { r in r.chance(2, in: 3) ? r.pick(integers) : Int64(r.int(in: -200...200)) }
            let j = edge(Array(integers.reversed())) { r in r.chance(2, in: 3) ? r.pick(integers) : Int64(r.int(in: -70...70)) }
            let k = edge(integers.filter { $0 != .min }) { r in r.chance(1, in: 2) ? r.pick(integers.filter { $0 != .min }) : Int64(r.int(in: -9...9)) }
            let x = edge(doubles) { r in
                r.chance(1, in: 3) ? r.pick(doubles) : Double(r.int(in: -2_000_000...2_000_000)) / r.pick([2, 4, 8, 1000, 3, 7])
            }
            let pieces = { (r: inout SplitMix64) in (0..<r.int(in: 0...4)).map { _ in r.pick(textPieces) }.joined() }
            let s = edge(textPieces, pieces)
            let t = edge(Array(textPieces.reversed()), pieces)
            let u = edge(["", " ", "ab", "ba", "a b", "'", "é", "e\u{301}", "😀a"], pieces)
            let bytes = edge([[], [0], [255], [0, 171, 205], Array("é".utf8)]) { r in (0..<r.int(in: 0...5)).map { _ in UInt8(r.int(in: 0...255)) } }
            let unix = edge(seconds) { r in r.chance(1, in: 4) ? r.pick(seconds) : Double(r.int(in: -2_000_000_000...2_000_000_000)) * r.pick([1, 10, 100]) + Double(r.int(in: 0...1999)) / 2000 }
            let reference = edge(seconds.reversed()) { r in Double(r.int(in: -2_000_000_000...2_000_000_000)) + Double(r.int(in: 0...1999)) / 2000 }
            let iso = edge(isoTexts) { r in isoText(&r) }
            let g = Int64(random.int(in: 0...5))
            let flag = random.chance(1, in: 2)
            _ = try insert.rows(bindings: [
                .integer(Int64(id)), .integer(g), .integer(i), .integer(j), .integer(k), .real(x), .text(s), .text(t), .text(u), .blob(bytes),
                .integer(flag ? 1 : 0), .real(unix), .real(reference), .text(iso),
            ])
            _ = try postgresConnection.rows(
                "INSERT INTO samples (\(columns)) VALUES (\(placeholders))",
                [
                    .int(Int64(id)), .int(g), .int(i), .int(j), .int(k), .double(x), .text(s), .text(t), .text(u), .bytes(bytes), .bool(flag),
                    .double(unix), .double(reference), .text(iso),
                ])
        }
        return (sqlite, postgres, count)
    }

    /// The selected expressions, a query each group.
    static let groups: [[String]] = [
        ["$0.s.substr($0.i)", "$0.s.substr($0.i, $0.j)", "$0.s.substr($0.k, $0.i)", "$0.t.substr(0, $0.k)", "$0.s.substr(-2, -3)"],
        ["$0.s.instr($0.t)", "$0.t.instr($0.u)", "$0.s.replace($0.t, $0.u)", "$0.s.replace(\"\", \"x\")", "$0.t.replace($0.u, \"\")"],
        ["$0.s.trim($0.u)", "$0.s.ltrim($0.u)", "$0.s.rtrim($0.t)", "$0.s.trim()", "$0.s.rtrim()", "$0.s.lower()", "$0.s.upper()"],
        ["$0.s.length()", "$0.s.octetLength()", "$0.b.length()", "$0.s.quote()", "$0.b.hex()", "$0.s.unicode()", "$0.t.unicode()"],
        ["$0.k.abs()", "$0.k.sign()", "$0.x.abs()", "$0.x.sign()", "$0.x.round()", "($0.x * 10).round()"],
        ["$0.x.round(1)", "$0.x.round(2)", "$0.x.round($0.k)", "($0.x / 7).round(15)", "($0.x / 3).round(30)", "$0.x.round(-1)"],
        ["$0.s.collate(.binary) < $0.t", "$0.s.collate(.binary).eq($0.t)", "$0.s.nullif($0.t.collate(.binary))"],
        ["$0.s.nullif($0.t)", "$0.i.nullif($0.j)", "$0.x.nullif(0.5)", "$0.flag.nullif(true)", "$0.b.nullif($0.b)", "$0.flag.likely()", "$0.flag.unlikely()"],
        ["$0.i & $0.j", "$0.i | $0.j", "~$0.i", "$0.i << $0.j", "$0.i >> $0.j", "$0.k << 3", "$0.i >> 64", "$0.i << -1", "$0.i >> -65"],
        [
            "$0.unix.year", "$0.unix.month", "$0.unix.day", "$0.unix.hour", "$0.unix.minute", "$0.unix.second", "$0.unix.fractionalSecond",
            "$0.unix.weekday", "$0.unix.dayOfYear",
        ],
        [
            "$0.reference.year", "$0.reference.month", "$0.reference.day", "$0.reference.hour", "$0.reference.second",
            "$0.reference.fractionalSecond", "$0.reference.weekday", "$0.reference.dayOfYear",
        ],
        ["$0.iso.year", "$0.iso.month", "$0.iso.day", "$0.iso.hour", "$0.iso.minute", "$0.iso.second", "$0.iso.fractionalSecond", "$0.iso.weekday", "$0.iso.dayOfYear"],
        [
            "$0.iso.strftime(\"%Y-%m-%dT%H:%M:%f %j %w %W %s %S %%\")", "$0.unix.strftime(\"%Y-%m-%dT%H:%M:%f %j %w %W %s %S %%\")",
            "$0.reference.strftime(\"%d/%m/%Y\")", "$0.unix.strftime(\"%Q\")", "$0.iso.strftime(\"50%\")", "$0.iso.strftime(\"week %W, é\")",
            "$0.iso.strftime(\"%J\")", "$0.unix.strftime(\"%J\")",
        ],
    ]

    static func engines() throws -> (SiftDatabase, PostgresDatabase, Int) {
        let (sqlite, postgres, count) = try databases.get()
        return (try SiftDatabase(path: sqlite.path, modelFile: modelFile), try PostgresDatabase(uri: postgres, modelFile: modelFile), count)
    }

    @Test(arguments: groups)
    func answersAsSQLite(_ expressions: [String]) throws {
        let (sqlite, postgres, count) = try Self.engines()
        let query = "Sample.order(by: \\.id).select { ($0.id, " + expressions.joined(separator: ", ") + ") }"
        let expected = try sqlite.fetch(try sqlite.compile(query))
        let compiled = try postgres.compile(query)
        #expect(compiled.dialectDiagnostics.isEmpty)
        let rows = try postgres.fetch(compiled)
        // Every row compared, and most values something other than NULL.
        #expect(expected.count == count)
        #expect(rows.count == expected.count)
        let present = expected.reduce(0) { $0 + $1.values.dropFirst().filter { $0 != .null }.count }
        #expect(present * 2 >= count * expressions.count / 2, "too few values to compare: \(present)")
        PostgresRowAgreement.expectSameRows(rows, as: expected)
    }

    @Test func orderedGroupConcatenationsAnswerAsSQLite() throws {
        let (sqlite, postgres, _) = try Self.engines()
        let query = """
            Sample.group(by: \\.g).order(by: \\.g).select { ($0.g, $0.s.groupConcat("|", order: $0.t), $0.s.groupConcat(order: $0.x.desc()), \
            $0.t.groupConcat(distinct: true, order: $0.t), $0.s.groupConcat(",", order: $0.t.collate(.nocase), filter: $0.k > 0), \
            $0.u.groupConcat(distinct: true, order: $0.u.desc()), $0.s.groupConcat(order: $0.iso), $0.t.groupConcat(order: $0.unix.desc()), \
            $0.s.groupConcat("-", order: $0.t.collate(.rtrim).desc()), $0.t.groupConcat(order: $0.flag, filter: $0.k > 1000)) }
            """
        let expected = try sqlite.fetch(try sqlite.compile(query))
        let rows = try postgres.fetch(try postgres.compile(query))
        #expect(expected.count == 6)
        #expect(expected.flatMap(\.values).filter { $0 != .null }.count > 40)
        #expect(rows == expected)
    }

    @Test func aBinaryCollationSortsByBytes() throws {
        let (sqlite, postgres, count) = try Self.engines()
        let query = "Sample.order { ($0.s.collate(.binary).desc(), $0.id) }.select { $0.id }"
        let expected = try sqlite.fetch(try sqlite.compile(query))
        #expect(expected.count == count)
        #expect(try postgres.fetch(try postgres.compile(query)) == expected)
    }

    @Test func absOfTheSmallestIntegerFailsOnBoth() throws {
        let (sqlite, postgres, _) = try Self.engines()
        let positive = "Sample.where { $0.i > 0 }.order(by: \\.id).select { ($0.id, $0.i.abs(), (-$0.i).abs()) }"
        let expected = try sqlite.fetch(try sqlite.compile(positive))
        #expect(expected.count > 100)
        #expect(try postgres.fetch(try postgres.compile(positive)) == expected)
        // `Int.min` is in the table: SQLite fails the query ("integer overflow"), and so does PostgreSQL.
        let failing = "Sample.select { $0.i.abs() }"
        #expect(throws: (any Error).self) { try sqlite.fetch(try sqlite.compile(failing)) }
        #expect(throws: (any Error).self) { try postgres.fetch(try postgres.compile(failing)) }
    }

    /// Builder queries of the example database with SQLite's functions: the rows SQLite gives.
    static let exampleQueries = [
        "Reminder.order(by: \\.id).select { ($0.id, $0.title.substr(-4, 3), $0.title.instr(\"e\"), $0.title.quote(), $0.title.upper(), $0.notes.unicode()) }",
        "Reminder.where { $0.dueDate.year == 2026 && $0.dueDate.weekday == 1 }.order(by: \\.id).select { ($0.id, $0.dueDate.dayOfYear, $0.dueDate.strftime(\"%Y-%m-%d %H:%M:%f %W\")) }",
        "Reminder.order(by: \\.id).select { ($0.position << 60, $0.position >> 1, ~$0.position, $0.position & 6, ($0.position - 20).abs(), ($0.position - 20).sign()) }",
        "RemindersList.group(by: \\.id).leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }.order(by: \\.id).select { ($0.title, $1.title.groupConcat(\", \", order: $1.dueDate.desc()), $1.notes.groupConcat(distinct: true, order: $1.notes)) }",
        "User.order(by: \\.id).select { ($0.name, $0.score.round(), $0.birth.year, $0.birth.month, $0.birth.fractionalSecond) }",
    ]

    @Test(arguments: exampleQueries)
    func exampleBuilderQueriesSelectWhatSQLiteSelects(_ query: String) throws {
        let postgres = try PostgresDatabase(uri: try PostgresDatabaseTests.example.get().uri(), modelFile: PostgresDatabaseTests.modelFile)
        let sqlite = try SiftDatabase(path: try PostgresDatabaseTests.sqlite.get().path, modelFile: PostgresDatabaseTests.modelFile)
        let expected = try sqlite.fetch(try sqlite.compile(query))
        #expect(expected.count >= 3)
        #expect(try postgres.fetch(try postgres.compile(query)) == expected)
    }
}
