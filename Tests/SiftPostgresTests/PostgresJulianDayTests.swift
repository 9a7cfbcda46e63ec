import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// `strftime("%J")` on PostgreSQL (`sift.sqlite_printf_g16`, SQLite's `printf("%.16g")` computed
/// in `numeric` as SQLite computes it in 80-bit `long double`) gives SQLite's text: the same 4,000
/// generated moments (SQLite's first and last milliseconds, the first day's, printed with an
/// exponent, years 0 to 9999 and before, milliseconds whose digits SQLite rounds otherwise than a
/// correctly rounded `%.16g`) stored as seconds since 1970 and since 2001, as ISO-8601 text, and as
/// SQLite's other texts (offsets, `T`, 24:00, February 31st, a time alone, more fraction digits,
/// Julian day numbers) in a SQLite database and a PostgreSQL one, the rows compared value by value.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresJulianDayTests {
    static let modelText = """
        @Table struct Moment {
            let id: Int
            @Column(as: Date.UnixTimeRepresentation.self) var unix: Date
            @Column(as: Date.TimeIntervalSinceReferenceDateRepresentation.self) var reference: Date
            var iso: Date
            var written: Date
        }
        """

    static let modelFile: String = {
        let path = TemporaryFiles.untilExit.path("julian-day", suffix: ".swift")
        _ = FileManager.default.createFile(atPath: path, contents: Data(modelText.utf8))
        return path
    }()

    static let count = 4000

    /// The SQLite and PostgreSQL databases, holding the same rows.
    static let databases: Result<(sqlite: TemporaryDatabase, postgres: String), any Error> = Result {
        let sqlite = try TemporaryDatabase("julian-day")
        try sqlite.create("CREATE TABLE moments (id INTEGER PRIMARY KEY, unix REAL NOT NULL, reference REAL NOT NULL, iso TEXT NOT NULL, written TEXT NOT NULL);")
        let server = try PostgresServer.shared()
        let name = "sift_julian_day"
        try PlainPostgresConnection(uri: server.uri()).execute("CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8'")
        let postgres = server.uri(database: name)
        let administration = try PlainPostgresConnection(uri: postgres)
        try administration.execute(PostgreSQLFunctions.installScript)
        try administration.execute(
            "CREATE TABLE moments (id bigint PRIMARY KEY, unix float8 NOT NULL, reference float8 NOT NULL, iso text NOT NULL, written text NOT NULL);")
        let sqliteConnection = try Connection(path: sqlite.path, mode: .readWrite)
        let insert = try sqliteConnection.prepare("INSERT INTO moments VALUES (?1, ?2, ?3, ?4, ?5)")
        let postgresConnection = try PostgresConnection(uri: postgres, mode: .readWrite)
        let moments = try JulianDayMoments.generate(count: count, seed: 0x4A44_0003)
        // PostgreSQL's rows 400 to a statement; SQLite's in one transaction.
        try sqliteConnection.execute("BEGIN")
        for start in stride(from: 0, to: moments.count, by: 400) {
            var placeholders: [String] = []
            var values: [PostgresValue] = []
            for (offset, moment) in moments[start..<min(start + 400, moments.count)].enumerated() {
                let id = Int64(start + offset + 1)
                _ = try insert.rows(bindings: [.integer(id), .real(moment.unixSeconds), .real(moment.referenceSeconds), .text(moment.iso), .text(moment.written)])
                let first = values.count
                placeholders.append("(" + (1...5).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
                values += [.int(id), .double(moment.unixSeconds), .double(moment.referenceSeconds), .text(moment.iso), .text(moment.written)]
            }
            _ = try postgresConnection.rows("INSERT INTO moments VALUES " + placeholders.joined(separator: ", "), values)
        }
        try sqliteConnection.execute("COMMIT")
        return (sqlite, postgres)
    }

    static let selections = [
        #"($0.id, $0.unix.strftime("%J"), $0.reference.strftime("%J"))"#,
        #"($0.id, $0.iso.strftime("%J"), $0.written.strftime("%J"), $0.written.strftime("%Y-%m-%d %H:%M:%f %J %%J"))"#,
    ]

    @Test(arguments: selections)
    func julianDaysAreSQLitesText(_ selection: String) throws {
        let (sqlite, postgres) = try Self.databases.get()
        let sqliteDatabase = try SiftDatabase(path: sqlite.path, modelFile: Self.modelFile)
        let postgresDatabase = try PostgresDatabase(uri: postgres, modelFile: Self.modelFile)
        let query = "Moment.order(by: \\.id).select { " + selection + " }"
        let expected = try sqliteDatabase.fetch(try sqliteDatabase.compile(query))
        let compiled = try postgresDatabase.compile(query)
        #expect(compiled.dialectDiagnostics.isEmpty)
        let rows = try postgresDatabase.fetch(compiled)
        #expect(expected.count == Self.count)
        #expect(rows.count == expected.count)
        // Nearly every moment is one of SQLite's dates: the texts, not NULLs, are compared.
        let present = expected.reduce(0) { $0 + $1.values.dropFirst().filter { $0 != .null }.count }
        #expect(present * 10 >= Self.count * (selection.components(separatedBy: "strftime").count - 1) * 9, "too few values to compare: \(present)")
        PostgresRowAgreement.expectSameRows(rows, as: expected)
    }
}
