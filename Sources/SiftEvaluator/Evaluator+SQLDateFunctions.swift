import Foundation
import SiftChecker
import SiftSchema

/// StructuredQueries' date functions as SQLite computes them (its `date.c`, 3.40): the date read
/// as its column stores it, to the millisecond SQLite keeps; its parts in UTC on the proleptic
/// Gregorian calendar; `strftime`'s formats `%d %f %H %j %m %M %s %S %w %W %Y %%` (another is
/// NULL; `%J` is SQLite's alone).
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
        if format.contains("%J") { throw EvaluationError.needsDatabase("strftime('%J')") }
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
            guard julian >= 0, julian < 464269060800000 else { return nil }
            milliseconds = Int64(julian + 0.5) - 210866760000000
        default:
            milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        }
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// SQLite's `computeJD` of a date's midnight, in days plus 1524.5 (its `X1 + X2 + D + B`), with
    /// C's division toward zero: before year 0 it is not the proleptic calendar's count, and
    /// SQLite's `%j` and `%W` count days from it.
    private static func sqliteJulianDays(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let m = month <= 2 ? month + 12 : month
        let a = y / 100
        return 36525 * (y + 4716) / 100 + 306001 * (m + 1) / 10000 + day + 2 - a + a / 4
    }

    /// The date of a count of days since 1970-01-01.
    private static func civil(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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
            case "J": result += ""  // reported by the caller: SQLite's own `%.16g` of the Julian day
            default: return nil
            }
        }
        return result
    }
}
