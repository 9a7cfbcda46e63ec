import Foundation
import SiftSQL

/// ISO-8601 dates as the REPL shows and reads them, in UTC, without a formatter object:
/// `2026-03-14T09:30:00.000Z` out; `2026-03-14`, `2026-03-14T09:30`, `2026-03-14 09:30:00.5`,
/// `2026-03-14T09:30:00Z` and `2026-03-14T18:30:00+09:00` in.
public enum ISODate {
    /// `2026-03-14T09:30:00.000Z` (milliseconds rounded down).
    public static func format(_ date: Date) -> String {
        // To the nearest microsecond first (a Date's Double drifts by a few ulps), then down to
        // the millisecond.
        let microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let totalMilliseconds = floorDivide(microseconds, 1000).0
        let (days, millisecondOfDay) = floorDivide(totalMilliseconds, 86_400_000)
        let (year, month, day) = CivilDate.date(days: days)
        let hour = millisecondOfDay / 3_600_000
        let minute = millisecondOfDay / 60_000 % 60
        let second = millisecondOfDay / 1000 % 60
        let millisecond = millisecondOfDay % 1000
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":"
            + pad(second, 2) + "." + pad(millisecond, 3) + "Z"
    }

    /// The date written in `text`, or `nil` when it is not an ISO-8601 date or date-time.
    public static func parse(_ text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take("-"), let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2), (1...12).contains(month), (1...CivilDate.daysIn(month: Int64(month), year: Int64(year))).contains(Int64(day))
        else { return nil }
        var seconds = Double(CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day))) * 86_400
        if scanner.atEnd { return Date(timeIntervalSince1970: seconds) }
        guard scanner.take("T") || scanner.take(" "), let hour = scanner.digits(2), scanner.take(":"),
            let minute = scanner.digits(2), hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if scanner.take(":") {
            guard let second = scanner.digits(2), second < 60 else { return nil }
            seconds += Double(second)
            if scanner.take(".") {
                let start = scanner.index
                var fraction = 0.0
                var scale = 0.1
                while let digit = scanner.digit() {
                    fraction += Double(digit) * scale
                    scale /= 10
                }
                if scanner.index == start { return nil }
                seconds += fraction
            }
        }
        if !scanner.take("Z"), let sign = scanner.sign() {
            guard let hours = scanner.digits(2) else { return nil }
            _ = scanner.take(":")
            guard let minutes = scanner.digits(2) else { return nil }
            seconds -= Double(sign * (hours * 3600 + minutes * 60))
        }
        return scanner.atEnd ? Date(timeIntervalSince1970: seconds) : nil
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, Int(remainder))
    }

    private static func pad(_ value: some BinaryInteger, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// A cursor over ASCII bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
            index += 1
            return Int(bytes[index - 1] - 0x30)
        }

        mutating func digits(_ count: Int) -> Int? {
            let start = index
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else {
                    index = start
                    return nil
                }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
