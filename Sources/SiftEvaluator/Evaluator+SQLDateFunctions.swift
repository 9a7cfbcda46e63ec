import Foundation
import SiftChecker
import SiftSchema

/// StructuredQueries' date functions as SQLite computes them (its `date.c`, 3.40): the date read
/// as its column stores it, to the millisecond SQLite keeps; its parts in UTC on the proleptic
/// Gregorian calendar; `strftime`'s formats `%d %f %H %j %J %m %M %s %S %w %W %Y %%` (another
/// is NULL).
extension ExpressionEvaluator {
    func sqlDatePart(_ part: SQLDatePart, storage: Storage, _ operand: TypedExpr) throws -> Value {
        guard let time = SQLiteTime(Self.plain(try evaluate(operand)), storage: storage), let text = time.format(part.rawValue) else {
            return .null
        }
        if part == .fractionalSecond { return .double(Double(text) ?? 0) }
        return .int(Int64(text) ?? 0)
    }

    func sqlStrftime(storage: Storage, _ operand: TypedExpr, _ formatOperand: TypedExpr) throws -> Value {
        guard case .string(let format) = Self.plain(try evaluate(formatOperand)) else { return .null }
        guard let time = SQLiteTime(Self.plain(try evaluate(operand)), storage: storage) else { return .null }
        return time.format(format).map(Value.string) ?? .null
    }
}

/// A moment as SQLite's date functions hold it: whole milliseconds since 1970-01-01 UTC.
struct SQLiteTime {
    var milliseconds: Int64

    /// The moment `milliseconds` after 1970-01-01 00:00 UTC.
    init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// The moment a stored date is, read as SQLite reads its storage; nil for NULL or a number
    /// `'unixepoch'` refuses.
    init?(_ value: Value, storage: Storage) {
        guard case .date(let date) = value else { return nil }
        switch storage {
        case .dateUnixSeconds, .dateReferenceSeconds:
            // `'unixepoch'`: the number of seconds, scaled to a Julian day's milliseconds, rounded.
            let seconds = storage == .dateUnixSeconds ? date.timeIntervalSince1970 : date.timeIntervalSinceReferenceDate + 978307200
            let julian = seconds * 1000 + 210866760000000
            // SQLite's range of valid Julian days, tested after rounding (the last half millisecond
            // rounds past year 9999).
            guard julian >= 0, julian < 464269060800000, Int64(julian + 0.5) <= 464269060799999 else { return nil }
            milliseconds = Int64(julian + 0.5) - 210866760000000
        default:
            milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        }
    }

    static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// SQLite's `computeJD` of a date's midnight, in days plus 1524.5 (its `X1 + X2 + D + B`), with
    /// C's division toward zero: before year 0 it is not the proleptic calendar's count, and
    /// SQLite's `%j` and `%W` count days from it.
    private static func sqliteJulianDays(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let m = month <= 2 ? month + 12 : month
        let a = y / 100
        return 36525 * (y + 4716) / 100 + 306001 * (m + 1) / 10000 + day + 2 - a + a / 4
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivision(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The date of a count of days since 1970-01-01.
    static func civil(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719468
        let era = floorDivision(z, 146097)
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `strftime(format, moment)`; nil for a format SQLite refuses (an unknown `%` letter).
    func format(_ format: String) -> String? {
        let dayNumber = Self.floorDivision(milliseconds, 86_400_000)
        let millisecondOfDay = milliseconds - dayNumber * 86_400_000
        let (year, month, day) = Self.civil(dayNumber)
        // SQLite's `(iJD - iJD of January 1st + 12 h) / 24 h`; 1970-01-01 is its day 2442112.
        let dayOfYear = dayNumber + 2_442_112 - Self.sqliteJulianDays(year: year, month: 1, day: 1)
        func two(_ n: Int64) -> String { n < 10 && n >= 0 ? "0\(n)" : "\(n)" }
        var result = ""
        var scalars = Array(format.unicodeScalars)
        if let nul = scalars.firstIndex(of: "\0") { scalars.removeSubrange(nul...) }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard index < scalars.count else { return nil }
            let letter = scalars[index]
            index += 1
            switch letter {
            case "d": result += two(day)
            case "f":
                let seconds = min(Double(millisecondOfDay % 60_000) / 1000, 59.999)
                result += String(format: "%06.3f", seconds)
            case "H": result += two(millisecondOfDay / 3_600_000)
            case "j":
                let text = String(dayOfYear + 1)
                result += String(repeating: "0", count: max(0, 3 - text.count)) + text
            case "m": result += two(month)
            case "M": result += two(millisecondOfDay / 60_000 % 60)
            case "s": result += String(Self.floorDivision(milliseconds, 1000))
            case "S": result += two(millisecondOfDay / 1000 % 60)
            case "w": result += String(((dayNumber + 4) % 7 + 7) % 7)
            case "W":
                let mondayBased = ((dayNumber + 3) % 7 + 7) % 7
                result += two((dayOfYear + 7 - mondayBased) / 7)
            case "Y":
                // `%04d`: the sign counts in the width (`-044`).
                let digits = String(year.magnitude)
                let width = year < 0 ? 3 : 4
                result += (year < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
            case "%": result += "%"
            case "J":
                // The Julian day in days, as SQLite's printf writes `%.16g` of `iJD / 86400000.0`.
                result += SQLiteRealText.general16(Double(milliseconds + 210_866_760_000_000) / 86_400_000)
            default: return nil
            }
        }
        return result
    }
}

/// StructuredQueries' date modifiers as SQLite 3.40 applies them (`date.c`'s `parseModifier`),
/// for the texts the library writes: `'N days'` (hours, minutes, seconds: the count times the
/// unit's milliseconds, rounded half away from zero, within SQLite's limits), `'N months'` and
/// `'N years'` (the calendar fields moved, the day kept, so that January 31st plus a month is
/// March 3rd or 2nd; a year outside -4713...9999 is NULL), `'start of day'`, `'start of month'`,
/// `'start of year'`, `'weekday N'` (forward to the next such day, 0 Sunday, or none).
extension ExpressionEvaluator {
    func sqlModifiedDate(storage: Storage, _ operand: TypedExpr, modifiers: ArraySlice<TypedExpr>) throws -> Value {
        let value = Self.plain(try evaluate(operand))
        var texts: [String] = []
        for modifier in modifiers {
            guard case .string(let text) = Self.plain(try evaluate(modifier)) else { return .null }
            texts.append(text)
        }
        return try Self.modifiedDate(value, storage: storage, modifiers: texts)
    }

    /// A stored date moved by the modifiers' texts, as SQLite writes it back for the storage.
    static func modifiedDate(_ value: Value, storage: Storage, modifiers: [String]) throws -> Value {
        guard var time = SQLiteTime(value, storage: storage) else { return .null }
        for modifier in modifiers {
            guard let moved = try time.applying(modifier: modifier) else { return .null }
            time = moved
        }
        return try time.storedValue(storage: storage)
    }
}

extension SQLiteTime {
    /// The first and last milliseconds SQLite's Julian days hold (-4713-11-24 12:00 to 9999-12-31).
    static let validMilliseconds: ClosedRange<Int64> = -210_866_760_000_000...253_402_300_799_999

    /// The moment moved by one of the modifiers StructuredQueries writes; nil where SQLite's
    /// answer is NULL. Throws `needsDatabase` for a text the library does not write.
    func applying(modifier text: String) throws -> SQLiteTime? {
        let dayNumber = Self.floorDivision(milliseconds, 86_400_000)
        let millisecondOfDay = milliseconds - dayNumber * 86_400_000
        // The modifiers that read the calendar's fields first fail on a moment outside SQLite's days.
        let readsFields = text.hasPrefix("start of ") || text.hasPrefix("weekday ") || text.hasSuffix("months") || text.hasSuffix("years")
        if readsFields, !Self.validMilliseconds.contains(milliseconds) { return nil }
        switch text {
        case "start of day": return SQLiteTime(milliseconds: dayNumber * 86_400_000)
        case "start of month":
            let (year, month, _) = Self.civil(dayNumber)
            return SQLiteTime(milliseconds: Self.days(year: year, month: month, day: 1) * 86_400_000)
        case "start of year":
            let (year, _, _) = Self.civil(dayNumber)
            return SQLiteTime(milliseconds: Self.days(year: year, month: 1, day: 1) * 86_400_000)
        default: break
        }
        if text.hasPrefix("weekday "), let day = Int64(text.dropFirst(8)), (0...6).contains(day) {
            var weekday = ((dayNumber + 4) % 7 + 7) % 7
            if weekday > day { weekday -= 7 }
            return SQLiteTime(milliseconds: milliseconds + (day - weekday) * 86_400_000)
        }
        let parts = text.split(separator: " ")
        guard parts.count == 2, let count = Double(parts[0]) else { throw EvaluationError.needsDatabase("the date modifier '\(text)'") }
        let unit = parts[1].hasSuffix("s") ? parts[1].dropLast() : parts[1]
        switch unit {
        case "month", "year":
            guard count > (unit == "month" ? -176_546 : -14_713), count < (unit == "month" ? 176_546 : 14_713) else { return nil }
            var (year, month, day) = Self.civil(dayNumber)
            if unit == "month" {
                month += Int64(count)
                let carry = month > 0 ? (month - 1) / 12 : (month - 12) / 12
                year += carry
                month -= carry * 12
            } else {
                year += Int64(count)
            }
            guard year >= -4713, year <= 9999 else { return nil }
            // The day is kept as it is: past the month's end it runs into the next month.
            return SQLiteTime(milliseconds: Self.days(year: year, month: month, day: day) * 86_400_000 + millisecondOfDay)
        default:
            let (scale, limit): (Double, Double)
            switch unit {
            // SQLite keeps the limits as `float`s: compared after their rounding to one.
            case "day": (scale, limit) = (86_400, Double(Float(5_373_485)))
            case "hour": (scale, limit) = (3_600, Double(Float(1.2897e11)))
            case "minute": (scale, limit) = (60, Double(Float(7.7379e12)))
            case "second": (scale, limit) = (1, Double(Float(4.6427e14)))
            default: throw EvaluationError.needsDatabase("the date modifier '\(text)'")
            }
            guard count > -limit, count < limit else { return nil }
            let shift = count * 1000 * scale + (count < 0 ? -0.5 : 0.5)
            // A long chain of large moves overflows SQLite's 64-bit milliseconds: left to SQLite.
            let (moved, overflow) = milliseconds.addingReportingOverflow(Int64(shift))
            if overflow { throw EvaluationError.needsDatabase("a date moved beyond 64-bit milliseconds") }
            return SQLiteTime(milliseconds: moved)
        }
    }

    /// The moment as SQLite writes it back for the storage: ISO-8601 text to the millisecond,
    /// whole seconds since 1970 from `unixepoch`; NULL outside SQLite's days. A year before 0000
    /// (text SQLite writes with a sign) is left to SQLite.
    func storedValue(storage: Storage) throws -> Value {
        guard Self.validMilliseconds.contains(milliseconds) else { return .null }
        if storage == .dateUnixSeconds {
            return .date(Date(timeIntervalSince1970: Double(Self.floorDivision(milliseconds, 1000))))
        }
        guard milliseconds >= -62_167_219_200_000 else { throw EvaluationError.needsDatabase("a date before the year 0000") }
        // As Sift reads the text back: the milliseconds since 2001, divided once (correctly rounded).
        return .date(Date(timeIntervalSinceReferenceDate: Double(milliseconds - 978_307_200_000) / 1000))
    }
}

extension ExpressionEvaluator {
    /// `unixepoch(seconds, 'unixepoch', modifiers...)` as the evaluator computes it for a date
    /// stored as seconds since 1970.
    static func unixTimeModified(seconds: Double, modifiers: [String]) throws -> Value {
        try modifiedDate(.date(Date(timeIntervalSince1970: seconds)), storage: .dateUnixSeconds, modifiers: modifiers)
    }
}
