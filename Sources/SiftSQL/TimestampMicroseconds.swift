import Foundation

/// Instants counted in whole microseconds since 2001-01-01 00:00:00 UTC, as a database's timestamp
/// type holds them (PostgreSQL's `timestamptz`), and the `Date` each one is in Swift.
///
/// A `Date` is a `Double` of seconds since 2001: the `Date` of a stored microsecond `m` is the
/// `Double` nearest to `m / 1 000 000` (``date(_:)``), which is also what PostgreSQL's
/// `CAST(extract(epoch FROM x) - 978307200 AS float8)` gives. Swift's comparisons of stored values
/// with a `Date` are then kept by bounds in microseconds: `stored < d` exactly when
/// `m < atLeast(d)`, `stored <= d` exactly when `m <= atMost(d)`, and `stored == d` exactly when
/// `atLeast(d) <= m <= atMost(d)` (empty when no microsecond is `d`; several far from 2001, where
/// a `Double` is coarser than a microsecond).
package enum TimestampMicroseconds {
    /// The first microsecond PostgreSQL's timestamps hold (4714-11-24 00:00:00 BC).
    package static let minimum: Int64 = -211_845_110_400_000_000
    /// The last microsecond PostgreSQL's timestamps hold (294276-12-31 23:59:59.999999).
    package static let maximum: Int64 = 9_223_339_708_799_999_999

    /// Days between 1970-01-01 and 2001-01-01.
    static let unixOffsetDays: Int64 = 11_323
    /// Microseconds in a day.
    static let day: Int64 = 86_400_000_000

    /// The `Date` of `microseconds` since 2001: the `Double` nearest to the exact number of seconds.
    package static func date(_ microseconds: Int64) -> Date { Date(timeIntervalSinceReferenceDate: seconds(microseconds)) }

    /// The `Double` nearest to `microseconds / 1 000 000`.
    package static func seconds(_ microseconds: Int64) -> Double {
        // Both exact below 2^53, and IEEE division rounds to nearest; beyond, the decimal text is
        // read with one rounding.
        if microseconds.magnitude < 1 << 53 { return Double(microseconds) / 1_000_000 }
        let sign = microseconds < 0 ? "-" : ""
        let magnitude = microseconds.magnitude
        let fraction = String(magnitude % 1_000_000)
        return Double(sign + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction)!
    }

    /// A bound for comparing stored microseconds with a `Date`: a microsecond, or beyond every
    /// microsecond PostgreSQL holds (`-infinity`, `infinity`, which PostgreSQL also stores: their
    /// `Date`s are those of infinite intervals, ``date(text:)``).
    package enum Bound: Hashable {
        case belowAll
        case microsecond(Int64)
        case aboveAll
    }

    /// The first stored microsecond whose `Date` is at least `date`; nil for NaN.
    package static func atLeast(_ date: Date) -> Bound? {
        let t = date.timeIntervalSinceReferenceDate
        if t.isNaN { return nil }
        if t == -.infinity { return .belowAll }
        if t <= seconds(minimum) { return .microsecond(minimum) }
        if t > seconds(maximum) { return .aboveAll }
        var m = estimate(t)
        while seconds(m) < t { m = min(maximum, m + step(m)) }
        // Back to the first microsecond at least `t` (several share one `Double` far from 2001).
        var stride: Int64 = 1
        while m > minimum, seconds(m - 1) >= t {
            let lower = max(minimum, m - stride)
            if seconds(lower) >= t {
                m = lower
                stride *= 2
            } else {
                m -= 1
                stride = 1
            }
        }
        return .microsecond(m)
    }

    /// The last stored microsecond whose `Date` is at most `date`; nil for NaN.
    package static func atMost(_ date: Date) -> Bound? {
        let t = date.timeIntervalSinceReferenceDate
        if t.isNaN { return nil }
        if t == .infinity { return .aboveAll }
        if t >= seconds(maximum) { return .microsecond(maximum) }
        if t < seconds(minimum) { return .belowAll }
        var m = estimate(t)
        while seconds(m) > t { m = max(minimum, m - step(m)) }
        var stride: Int64 = 1
        while m < maximum, seconds(m + 1) <= t {
            let upper = min(maximum, m + stride)
            if seconds(upper) <= t {
                m = upper
                stride *= 2
            } else {
                m += 1
                stride = 1
            }
        }
        return .microsecond(m)
    }

    /// The microsecond nearest `t` seconds, within PostgreSQL's range.
    static func estimate(_ t: Double) -> Int64 {
        let scaled = (t * 1_000_000).rounded()
        return max(minimum, min(maximum, scaled >= 9.2e18 ? maximum : scaled <= -9.2e18 ? minimum : Int64(scaled)))
    }

    /// A step back or forward when an estimate is off: one microsecond near 2001, more far from it.
    static func step(_ m: Int64) -> Int64 { m.magnitude < 1 << 53 ? 1 : Int64(m.magnitude >> 52) }

    /// The microsecond a `Date` binds as where no comparison decides the rounding (a value of an
    /// array, a selected value): its own when a microsecond is that `Date`, else the nearest.
    package static func nearest(_ date: Date) -> Bound? {
        guard let atLeast = atLeast(date) else { return nil }
        if case .microsecond(let m) = atLeast, seconds(m) == date.timeIntervalSinceReferenceDate { return atLeast }
        guard let atMost = atMost(date) else { return nil }
        guard case .microsecond(let high) = atLeast, case .microsecond(let low) = atMost else {
            return atLeast == .aboveAll ? atMost : atLeast
        }
        let t = date.timeIntervalSinceReferenceDate
        return t - seconds(low) <= seconds(high) - t ? atMost : atLeast
    }

    /// PostgreSQL's text of a bound as a `timestamptz` reads it: `2026-03-14 09:30:00.000001+00`,
    /// `0044-03-15 12:00:00+00 BC`, `infinity`.
    package static func text(_ bound: Bound) -> String {
        switch bound {
        case .belowAll: return "-infinity"
        case .aboveAll: return "infinity"
        case .microsecond(let m): return text(m)
        }
    }

    /// `YYYY-MM-DD HH:MM:SS[.ffffff]+00`, ` BC` after a year before 1.
    package static func text(_ microseconds: Int64) -> String {
        // Days counted from 2001, then moved to 1970: microseconds since 1970 would overflow near
        // PostgreSQL's last instant.
        let (days, dayMicroseconds) = DateEncoding.floorDivide(microseconds, Self.day)
        let (year, month, day) = CivilDate.date(days: days + unixOffsetDays)
        let seconds = dayMicroseconds / 1_000_000
        let fraction = dayMicroseconds % 1_000_000
        func pad(_ value: Int64, _ width: Int) -> String { String(value).leftPadded(to: width) }
        var text = "\(pad(year > 0 ? year : 1 - year, 4))-\(pad(month, 2))-\(pad(day, 2)) "
        text += "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
        if fraction != 0 { text += "." + pad(fraction, 6) }
        text += "+00"
        if year <= 0 { text += " BC" }
        return text
    }

    /// The `Date` of PostgreSQL's text of a timestamp: of its microsecond (``parse(_:)``), or of an
    /// infinite interval for `infinity` and `-infinity`, which order as PostgreSQL orders them.
    package static func date(text: String) -> Date? {
        switch text {
        case "infinity": return Date(timeIntervalSinceReferenceDate: .infinity)
        case "-infinity": return Date(timeIntervalSinceReferenceDate: -.infinity)
        default: return parse(text).map(date)
        }
    }

    /// The microseconds of PostgreSQL's text of a `timestamptz`, `timestamp` or `date` in ISO style
    /// (`2026-03-14 09:30:00.123456+00`, `2026-03-14 09:30:00`, `2026-03-14`, `0044-03-15 BC`,
    /// years beyond 9999, offsets `+05:30`); a timestamp without time zone and a date are UTC.
    /// Nil for `infinity`, `-infinity` and anything else.
    package static func parse(_ text: String) -> Int64? {
        var utf8 = Array(text.utf8)
        var beforeChrist = false
        if utf8.count > 3, utf8.suffix(3).elementsEqual(" BC".utf8) {
            beforeChrist = true
            utf8.removeLast(3)
        }
        var index = 0
        func number(digits: ClosedRange<Int>) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while index < utf8.count, utf8[index] >= 48, utf8[index] <= 57, count < digits.upperBound {
                value = value * 10 + Int64(utf8[index] - 48)
                index += 1
                count += 1
            }
            return digits.contains(count) ? value : nil
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < utf8.count, utf8[index] == byte else { return false }
            index += 1
            return true
        }
        guard var year = number(digits: 4...7), expect(UInt8(ascii: "-")), let month = number(digits: 2...2), (1...12).contains(month),
            expect(UInt8(ascii: "-")), let day = number(digits: 2...2), (1...31).contains(day)
        else { return nil }
        if beforeChrist { year = 1 - year }
        var timeOfDay: Int64 = 0
        var offset: Int64 = 0
        if index < utf8.count {
            guard expect(UInt8(ascii: " ")), let hour = number(digits: 2...2), expect(UInt8(ascii: ":")), let minute = number(digits: 2...2),
                expect(UInt8(ascii: ":")), let second = number(digits: 2...2)
            else { return nil }
            timeOfDay = ((hour * 60 + minute) * 60 + second) * 1_000_000
            if expect(UInt8(ascii: ".")) {
                let start = index
                guard let digits = number(digits: 1...6) else { return nil }
                var scaled = digits
                for _ in (index - start)..<6 { scaled *= 10 }
                timeOfDay += scaled
            }
            if index < utf8.count {
                let sign: Int64 = utf8[index] == UInt8(ascii: "-") ? -1 : 1
                guard expect(UInt8(ascii: "+")) || expect(UInt8(ascii: "-")), let hours = number(digits: 2...2) else { return nil }
                var seconds = hours * 3600
                if expect(UInt8(ascii: ":")) {
                    guard let minutes = number(digits: 2...2) else { return nil }
                    seconds += minutes * 60
                    if expect(UInt8(ascii: ":")) {
                        guard let extra = number(digits: 2...2) else { return nil }
                        seconds += extra
                    }
                }
                offset = sign * seconds * 1_000_000
            }
        }
        guard index == utf8.count else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day) - unixOffsetDays
        let (dayStart, overflow) = days.multipliedReportingOverflow(by: Self.day)
        guard !overflow, dayStart.magnitude < UInt64(Int64.max) - UInt64(2 * Self.day) else { return nil }
        return dayStart + timeOfDay - offset
    }
}
