import Foundation
import SiftSQL
import SiftSQLite
import SiftTestSupport
import Testing

/// ``CivilDate`` is the one calendar every date text Sift reads or writes goes through: the
/// proleptic Gregorian calendar, as ISO 8601 and SQLite count. Checked over generated dates against
/// Foundation (its ISO-8601 formatter and its Gregorian calendar, from the Gregorian reform of
/// 1582 on: before it, Foundation counts Julian dates), against SQLite's `date()` for every year
/// from 1 to 9999, and, for years neither writes (far before year 1, far after 9999), by the
/// calendar's own laws: the day after a date is the next date, and reading a date back gives
/// the day count it came from.
@Suite struct CivilDateTests {
    static func makeFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")!
        return formatter
    }

    /// Days since 1970 of 0001-01-01, 1582-10-15 (the Gregorian reform) and 9999-12-31.
    static let firstDayOfYearOne: Int64 = -719_162
    static let firstGregorianDay: Int64 = -141_427
    static let lastDayOf9999: Int64 = 2_932_896

    static func generatedDays(from first: Int64, seed: UInt64) -> [Int64] {
        var random = SplitMix64(seed: seed)
        var days: [Int64] = [first, first + 1, Self.lastDayOf9999, -1, 0, 1, 11_016, 11_017, 10_956, 11_015]
        for _ in 0..<20_000 { days.append(Int64(random.int(in: Int(first)...Int(Self.lastDayOf9999)))) }
        return days
    }

    @Test func datesAgreeWithSQLitesDateFunction() throws {
        let connection = try Connection.inMemory()
        let statement = try connection.prepare("SELECT date(?1 * 86400, 'unixepoch')")
        for day in Self.generatedDays(from: Self.firstDayOfYearOne, seed: 0x5_0A7E) {
            let (year, month, dayOfMonth) = CivilDate.date(days: day)
            let mine = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(dayOfMonth, 2)
            #expect(try statement.rows(bindings: [.integer(day)]) == [[.text(mine)]], "day \(day)")
            #expect(CivilDate.days(year: year, month: month, day: dayOfMonth) == day, "\(mine)")
        }
    }

    @Test func datesAgreeWithFoundationsISO8601Formatter() {
        let formatter = Self.makeFormatter()
        for day in Self.generatedDays(from: Self.firstGregorianDay, seed: 0xCA1E_DA7E) {
            let (year, month, dayOfMonth) = CivilDate.date(days: day)
            let mine = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(dayOfMonth, 2)
            let foundation = formatter.string(from: Date(timeIntervalSince1970: Double(day) * 86_400))
            #expect(mine == foundation, "day \(day)")
            #expect(CivilDate.days(year: year, month: month, day: dayOfMonth) == day, "\(mine)")
            let parsed = formatter.date(from: mine).map { $0.timeIntervalSince1970 / 86_400 }
            #expect(parsed == Double(day), "\(mine)")
        }
    }

    @Test func monthLengthsAndLeapYearsAgreeWithFoundationsCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var random = SplitMix64(seed: 0x1EA9)
        // After the Gregorian reform, where Foundation's calendar is Gregorian too.
        let years = [1600, 1700, 1900, 2000, 2024, 2100, 2400] + (0..<300).map { _ in random.int(in: 1583...9999) }
        for year in years {
            #expect(CivilDate.isLeap(Int64(year)) == (calendar.range(of: .day, in: .year, for: firstOf(year, 1, calendar))!.count == 366))
            for month in 1...12 {
                let length = calendar.range(of: .day, in: .month, for: firstOf(year, month, calendar))!.count
                #expect(CivilDate.daysIn(month: Int64(month), year: Int64(year)) == Int64(length), "\(year)-\(month)")
            }
        }
    }

    @Test func farYearsFollowTheCalendarDayByDay() {
        var random = SplitMix64(seed: 0xFA4)
        // ±100 million years, and runs of consecutive days across era, century and leap-day turns.
        var starts: [Int64] = [-719_469, -719_468 - 146_097, 13_000_000, -36_524 * 1000 - 1]
        for _ in 0..<200 { starts.append(Int64(random.int(in: -36_524_250_000...36_524_250_000))) }
        for start in starts {
            var previous = CivilDate.date(days: start - 1)
            for day in start..<(start + 800) {
                let date = CivilDate.date(days: day)
                #expect(CivilDate.days(year: date.year, month: date.month, day: date.day) == day)
                #expect((1...12).contains(date.month) && (1...CivilDate.daysIn(month: date.month, year: date.year)).contains(date.day))
                let expected: (Int64, Int64, Int64) =
                    previous.day < CivilDate.daysIn(month: previous.month, year: previous.year)
                    ? (previous.year, previous.month, previous.day + 1)
                    : previous.month < 12 ? (previous.year, previous.month + 1, 1) : (previous.year + 1, 1, 1)
                #expect(date == expected, "day \(day)")
                previous = date
            }
        }
        // Every 400 years the calendar repeats: 146,097 days.
        for _ in 0..<1000 {
            let year = Int64(random.int(in: -10_000_000...10_000_000))
            #expect(CivilDate.days(year: year + 400, month: 3, day: 1) - CivilDate.days(year: year, month: 3, day: 1) == 146_097)
        }
    }

    private func firstOf(_ year: Int, _ month: Int, _ calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: 1))!
    }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
