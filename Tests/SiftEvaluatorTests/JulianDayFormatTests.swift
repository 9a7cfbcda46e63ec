import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

@testable import SiftEvaluator

/// `strftime("%J")` in the in-memory evaluator against SQLite: the Julian day in days, printed as
/// SQLite's own `printf("%.16g")` prints it (16 digits computed in 80-bit arithmetic, an exponent
/// below 1e-4), over generated moments (SQLite's first and last milliseconds, years 0 to 9999,
/// milliseconds whose digits SQLite rounds otherwise than a correctly rounded `%.16g`).
@Suite struct JulianDayFormatTests {
    #if arch(x86_64)
        static let isX86_64 = true
    #else
        static let isX86_64 = false
    #endif

    /// The unevenly printed milliseconds are where SQLite's printf and a correctly rounded
    /// `%.16g` part: the tests below, which include them, tell the two apart. (SQLite computes in
    /// x87's 80-bit long double only on x86-64, which this emulation and the tests assume.)
    @Test(.enabled(if: Self.isX86_64, "SQLite's printf computes in 80-bit long double on x86-64 only"))
    func theUnevenMillisecondsAreWhereSQLitesPrintfIsNotCorrectlyRounded() throws {
        let statement = try Connection.inMemory().prepare("SELECT strftime('%J', ?1 / 86400000.0)")
        for milliseconds in JulianDayMoments.unevenlyPrinted {
            let sqlite = try statement.rows(bindings: [.integer(milliseconds)]).first?.first
            let correctlyRounded = String(format: "%.16g", Double(milliseconds) / 86_400_000)
            #expect(sqlite != nil && sqlite != .text(correctlyRounded), "\(milliseconds): SQLite \(String(describing: sqlite))")
        }
    }

    /// Seconds in the last half millisecond of year 9999 round past SQLite's last valid Julian day:
    /// NULL there, as in SQLite, not year 10000.
    @Test func theLastHalfMillisecondRoundsOutOfRange() throws {
        let statement = try Connection.inMemory().prepare("SELECT strftime('%J', ?1, 'unixepoch'), strftime('%Y', ?1, 'unixepoch')")
        for seconds in [253_402_300_799.9996, 253_402_300_799.9994] {
            let sqlite = try statement.rows(bindings: [.real(seconds)]).first ?? []
            let time = SQLiteTime(.date(Date(timeIntervalSince1970: seconds)), storage: .dateUnixSeconds)
            #expect((time == nil) == (sqlite.first == .null), "\(seconds): SQLite \(sqlite), evaluator \(String(describing: time?.milliseconds))")
        }
    }

    @Test func julianDaysPrintAsSQLitePrintsThem() throws {
        let statement = try Connection.inMemory().prepare("SELECT strftime('%J', ?1 / 86400000.0), strftime('%Y-%m-%d %J %H:%M:%f %%J', ?1 / 86400000.0)")
        var failures: [String] = []
        let moments = try JulianDayMoments.generate(count: 20_000, seed: 0x4A44_0001)
        for moment in moments {
            let time = SQLiteTime(milliseconds: moment.julianMilliseconds - 210_866_760_000_000)
            let expected = try statement.rows(bindings: [.integer(moment.julianMilliseconds)]).first ?? []
            let mine: [SQLValue] = [time.format("%J"), time.format("%Y-%m-%d %J %H:%M:%f %%J")].map { $0.map(SQLValue.text) ?? .null }
            if mine != expected { failures.append("\(moment.julianMilliseconds): SQLite \(expected), evaluator \(mine)") }
        }
        #expect(moments.count == 20_000)
        #expect(failures.isEmpty, "\(failures.count) differ: \(failures.prefix(5).joined(separator: "; "))")
    }

    static let modelFile = """
        import StructuredQueries
        @Table struct Moment {
            let id: Int
            @Column(as: Date.UnixTimeRepresentation.self) var unix: Date
            @Column(as: Date.TimeIntervalSinceReferenceDateRepresentation.self) var reference: Date
            var iso: Date
        }
        """

    /// A builder query of dates stored as seconds since 1970, since 2001 and as ISO-8601 text
    /// selects SQLite's rows in the evaluator (which reads each as Sift reads it).
    @Test func storedDatesSelectSQLitesJulianDays() throws {
        let files = TemporaryFiles()
        defer { files.removeAll() }
        let directory = try files.directory("sift-julian-day")
        let path = directory + "/moments.sqlite"
        let models = directory + "/Models.swift"
        try Self.modelFile.write(toFile: models, atomically: true, encoding: .utf8)
        let writer = try Connection(path: path, mode: .readWriteCreate)
        try writer.execute("CREATE TABLE moments (id INTEGER PRIMARY KEY, unix REAL NOT NULL, reference REAL NOT NULL, iso TEXT NOT NULL)")
        let insert = try writer.prepare("INSERT INTO moments VALUES (?1, ?2, ?3, ?4)")
        let moments = try JulianDayMoments.generate(count: 3000, seed: 0x4A44_0002, yearsFromZero: true)
        try writer.execute("BEGIN")
        for (index, moment) in moments.enumerated() {
            _ = try insert.rows(bindings: [.integer(Int64(index + 1)), .real(moment.unixSeconds), .real(moment.referenceSeconds), .text(moment.iso)])
        }
        try writer.execute("COMMIT")
        let database = try SiftDatabase(path: path, modelFile: models)
        let dataset = try DatasetLoader.load(from: database.connection, schema: database.schema)
        let query = #"Moment.order(by: \.id).select { ($0.id, $0.unix.strftime("%J"), $0.reference.strftime("%J %Y"), $0.iso.strftime("%J")) }"#
        let outcome = EvaluatorAgreement.compare(try database.compile(query), database: database, dataset: dataset)
        #expect(outcome.agrees, "\(outcome)")
        #expect(outcome.comparedRows == moments.count)
    }
}
