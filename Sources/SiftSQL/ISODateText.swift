/// Reads the ISO-8601 text StructuredQueries stores: `YYYY-MM-DD HH:MM:SS.SSS` in UTC. The one
/// reader of stored date text: loading, parameters and the SQL function `sift_reference_seconds`
/// all agree on the instant a text means.
///
/// Also accepted: `T` instead of the space, a trailing `Z`, no fraction or any number of
/// fraction digits, no seconds (`HH:MM`), and a date alone (midnight). Fields are validated
/// (month 1–12, the month's days with leap years, hour 0–23, minute and second 0–59).
/// The instant is exact: the seconds are computed as an integer and the fraction is applied
/// in one correctly rounded decimal-to-`Double` conversion.
package enum ISODateText {
    /// Seconds since 2001-01-01 00:00:00 UTC, or nil when the text is not such a date.
    package static func referenceSeconds(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        if bytes.last == UInt8(ascii: "Z") { bytes.removeLast() }
        var position = 0
        func number(_ digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<(position + digits)] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            position += digits
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard position < bytes.count, bytes[position] == character.asciiValue! else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2) else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction: [UInt8] = []
        if position < bytes.count {
            guard bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "T") else { return nil }
            position += 1
            guard let h = number(2), expect(":"), let m = number(2) else { return nil }
            (hour, minute) = (h, m)
            if position < bytes.count {
                guard expect(":"), let s = number(2) else { return nil }
                second = s
                if position < bytes.count {
                    guard expect("."), position < bytes.count else { return nil }
                    fraction = Array(bytes[position...])
                    guard fraction.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
                    position = bytes.count
                }
            }
        }
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: Int64(month), year: Int64(year))).contains(Int64(day)), (0...23).contains(hour),
            (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let days = CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day)) - CivilDate.days(year: 2001, month: 1, day: 1)
        let whole = days * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        if fraction.isEmpty || fraction.allSatisfy({ $0 == 48 }) { return Double(whole) }
        // whole + 0.fraction as one decimal literal "<whole * 10^k + fraction>e-k", so the
        // conversion to Double rounds once. Digits beyond 24 cannot change a Double here.
        let digits = fraction.prefix(24)
        var power: Int128 = 1
        var fractionValue: Int128 = 0
        for digit in digits {
            power *= 10
            fractionValue = fractionValue * 10 + Int128(digit - 48)
        }
        let scaled = Int128(whole) * power + fractionValue
        return Double("\(scaled)e-\(digits.count)")
    }
}
