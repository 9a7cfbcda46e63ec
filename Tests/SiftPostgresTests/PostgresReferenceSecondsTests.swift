import Foundation
import Sift
import SiftPostgres
import SiftSQL
import SiftSQLite
import SiftTestSupport
import Testing

/// `sift.reference_seconds` (a date stored as ISO-8601 text, in seconds since 2001) reads each text
/// as Sift's reader does: the same instant to the last bit, and NULL exactly where Sift finds no date
/// (a trailing `Z`, many fraction digits, leap days, year 0000, fields out of range, malformed text).
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresReferenceSecondsTests {
    @Test func readsEveryTextAsSiftsReader() throws {
        let postgres = try PostgresConnection(uri: try PostgresDatabaseTests.example.get().uri())
        var random = SplitMix64(seed: 2001)
        var dates = 0
        for _ in 0..<1500 {
            func digits(_ count: Int, _ range: ClosedRange<Int>) -> String {
                let value = String(random.int(in: range))
                return String(repeating: "0", count: max(0, count - value.count)) + value
            }
            var text = digits(4, random.pick([0...0, 1...3000, 1899...2101, 9990...9999])) + "-" + digits(2, 0...13) + "-" + digits(2, 0...32)
            if random.chance(3, in: 4) {
                text += random.pick([" ", "T"]) + digits(2, 0...24) + ":" + digits(2, 0...60)
                if random.chance(3, in: 4) {
                    text += ":" + digits(2, 0...60)
                    if random.chance(1, in: 2) { text += "." + (0..<random.int(in: 0...30)).map { _ in String(random.int(in: 0...9)) }.joined() }
                }
            }
            if random.chance(1, in: 3) { text += "Z" }
            if random.chance(1, in: 20) { text = random.pick(["", "2024-1-01", "2024-01-01 ", "2024-01-01Z1", "٢٠٢٤-01-01", "2024-01-01 10:00:00.5Z"]) }
            let expected = ISODateText.referenceSeconds(text)
            let actual = try postgres.rows("SELECT sift.reference_seconds($1)", [.text(text)])[0][0]
            #expect(actual == (expected.map(DecodedValue.double) ?? .null), "\(text.debugDescription)")
            if expected != nil { dates += 1 }
        }
        #expect(dates > 300)
    }
}
