import Foundation
import SiftChecker
import SiftSchema

/// A value given for a named parameter when a compiled query runs.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    /// `nil`.
    case null
    /// A `Bool`.
    case bool(Bool)
    /// An integer of any of Swift's integer types.
    case int(Int64)
    /// A `Double` or `Float`.
    case double(Double)
    /// A `String` (or a `URL`'s text, an enum's raw value).
    case string(String)
    /// A `Date`, encoded in the storage of what it is compared with.
    case date(Date)
    /// A `UUID`, encoded in the storage of what it is compared with.
    case uuid(UUID)
    /// `Data`'s bytes.
    case data([UInt8])
    /// For a parameter of array type (`tags.contains($0.title)`).
    case array([ParameterValue])

    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): Constant.string(value).description
        case .date(let value): DateEncoding.iso8601(value)
        case .uuid(let value): value.uuidString
        case .data(let bytes): "Data(\(bytes.count) bytes)"
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

/// A parameter value that does not fit the parameter, or a parameter without a value.
public struct ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name.
    public var name: String
    /// What is wrong, then the remedy.
    public var message: String
    public var description: String { message }
}

/// Encodes parameter values into SQL values for the storage they meet.
public enum ParameterEncoder {
    /// Encodes `value` for a parameter of type `type` with `encoding` into placeholder `position`
    /// of `sink`: a UUID stored as text goes as bytes written on the stack; everything else as
    /// ``encode(_:name:type:encoding:schema:)`` encodes it.
    public static func encode(
        _ value: ParameterValue, name: String, type: SiftType, encoding: ValueEncoding, schema: Schema,
        into sink: inout some SQLValueSink, at position: Int
    ) throws {
        if case .uuid(let uuid) = value, type.unwrapped == .uuid {
            let storage: Storage? =
                switch encoding {
                case .uuid(let storage): storage
                case .plain: .uuidUppercaseText
                default: nil
                }
            // The storages UUIDEncoding writes as text.
            if let storage, storage != .uuidBlob {
                return try UUIDText.withUTF8(of: uuid, uppercase: storage != .uuidLowercaseText && storage != .uuidNative) { try sink.putText(utf8: $0, at: position) }
            }
        }
        try sink.put(encode(value, name: name, type: type, encoding: encoding, schema: schema), at: position)
    }

    /// Encodes `value` for a parameter of type `type` with `encoding`.
    public static func encode(
        _ value: ParameterValue, name: String, type: SiftType, encoding: ValueEncoding, schema: Schema
    ) throws -> SQLValue {
        func mismatch() -> ParameterError {
            ParameterError(name: name, message: "the parameter '\(name)' is a '\(type)', but its value is \(value)")
        }
        func notAnInstant() -> ParameterError {
            ParameterError(
                name: name, message: "the value of '\(name)' is a Date of NaN seconds, which no timestamp holds; give a Date of a number of seconds")
        }
        if case .null = value {
            guard type.isOptional else {
                throw ParameterError(name: name, message: "the parameter '\(name)' is a non-optional '\(type)', but its value is nil")
            }
            return .null
        }
        switch (type.unwrapped.kind, encoding) {
        case (.array(let element), .jsonArray(let elementEncoding)):
            guard case .array(let values) = value else { throw mismatch() }
            let encoded = try values.map { try encode($0, name: name, type: element, encoding: elementEncoding, schema: schema) }
            return .text(JSONArray.encode(encoded))
        case (_, .prefixUpperBound):
            guard case .string(let text) = value else { throw mismatch() }
            return prefixUpperBound(text.precomposedForSift)
        case (_, .decomposed):
            guard case .string(let text) = value else { throw mismatch() }
            return .text(text.decomposedForSift)
        case (_, .decomposedPrefixUpperBound):
            guard case .string(let text) = value else { throw mismatch() }
            return prefixUpperBound(text.decomposedForSift)
        case (_, .plainPrefixUpperBound):
            guard case .string(let text) = value else { throw mismatch() }
            return plainPrefixUpperBound(text.precomposedForSift)
        case (.string, .verbatimText):
            guard case .string(let text) = value else { throw mismatch() }
            return .text(text)
        case (.date, .timestampAtLeast), (.date, .timestampAtMost):
            guard case .date(let date) = value else { throw mismatch() }
            let bound = encoding == .timestampAtLeast ? TimestampMicroseconds.atLeast(date) : TimestampMicroseconds.atMost(date)
            guard let bound else { throw notAnInstant() }
            return .text(TimestampMicroseconds.text(bound))
        case (.date, .date(.timestamp)):
            guard case .date(let date) = value else { throw mismatch() }
            guard let bound = TimestampMicroseconds.nearest(date) else { throw notAnInstant() }
            return .text(TimestampMicroseconds.text(bound))
        case (.integer, .count):
            guard case .int(let number) = value else { throw mismatch() }
            guard number >= 0 else {
                throw ParameterError(name: name, message: "the parameter '\(name)' is a limit or offset, so it must not be negative; its value is \(number)")
            }
            return .integer(number)
        default:
            break
        }
        if case .double(let number) = value, number.isNaN {
            // SQLite would store it as NULL, which reads as nil (or a trap): a different answer.
            throw ParameterError(
                name: name,
                message: "the value of '\(name)' is NaN, which cannot be bound: SQLite has no NaN; compute it in the predicate (0.0 / 0.0) instead")
        }
        switch (type.unwrapped.kind, value) {
        case (.bool, .bool(let flag)): return .integer(flag ? 1 : 0)
        case (.integer(let kind), .int(let number)):
            guard kind.contains(number) else {
                throw ParameterError(name: name, message: "the value \(number) of '\(name)' does not fit in '\(kind.rawValue)'")
            }
            return .integer(number)
        case (.double, .double(let number)): return .real(number)
        case (.double, .int(let number)): return .real(Double(number))
        // A Float holds single precision: 0.1 is 0.100000001490116 (as a literal of Float type is).
        case (.float, .double(let number)): return .real(Double(Float(number)))
        case (.float, .int(let number)): return .real(Double(Float(number)))
        case (.string, .string(let text)): return .text(text.precomposedForSift)
        case (.url, .string(let text)): return .text(text)
        case (.data, .data(let bytes)): return .blob(bytes)
        case (.date, .date(let date)):
            if case .date(let storage) = encoding { return DateEncoding.encode(date, storage: storage) }
            return DateEncoding.encode(date, storage: .dateReferenceSeconds)
        case (.uuid, .uuid(let uuid)):
            if case .uuid(let storage) = encoding { return UUIDEncoding.encode(uuid, storage: storage) }
            return UUIDEncoding.encode(uuid, storage: .uuidUppercaseText)
        case (.uuid, .string(let text)):
            guard let uuid = UUID(uuidString: text) else { throw mismatch() }
            if case .uuid(let storage) = encoding { return UUIDEncoding.encode(uuid, storage: storage) }
            return UUIDEncoding.encode(uuid, storage: .uuidUppercaseText)
        case (.enumeration(let enumName), _):
            guard let enumType = schema.enumType(named: enumName) else { throw mismatch() }
            let found: EnumType.Case?
            switch value {
            case .string(let text): found = enumType.case(named: text.hasPrefix(".") ? String(text.dropFirst()) : text) ?? enumType.case(withRawValue: .string(text))
            case .int(let number): found = enumType.case(withRawValue: .int(number))
            default: found = nil
            }
            guard let found else {
                throw ParameterError(
                    name: name,
                    message: "the parameter '\(name)' is a '\(enumName)', whose cases are " + enumType.cases.map { ".\($0.name)" }.joined(separator: ", ") + "; \(value) is none of them")
            }
            switch found.rawValue {
            case .int(let raw): return .integer(raw)
            case .string(let raw): return .text(raw)
            }
        default:
            throw mismatch()
        }
    }
}

/// The exclusive upper bound, in code-point order, of the strings that start with `prefix` (in NFC)
/// followed by nothing or by a code point below U+0300: `prefix` + U+0300. Each of them has the
/// prefix as Swift's `hasPrefix` has it: the prefix starts it in the same code points, and a cluster
/// starts after them (a code point below U+0300 is no mark, jamo, regional indicator nor joiner),
/// unless the prefix ends with CR (LF joins it), a zero-width joiner (© and ® may join it) or a
/// Prepend character (which joins what follows it, as Swift's characters say): then `prefix`
/// itself, the bound of an empty range.
public func plainPrefixUpperBound(_ prefix: String) -> SQLValue {
    if let last = prefix.unicodeScalars.last, last == "\r" || last == "\u{200D}" || (String(last) + "a").count == 1 {
        return .text(prefix)
    }
    var bound = prefix
    bound.unicodeScalars.append("\u{300}")
    return .text(bound)
}

/// The smallest string above every string that starts with `prefix` (its last scalar increased),
/// as an index range's exclusive upper bound; a BLOB (above every TEXT in SQLite) when there is
/// none.
public func prefixUpperBound(_ prefix: String) -> SQLValue {
    // The prefix's own bytes up to the scalar that changes, then that scalar: no array of the
    // scalars and no string built from them one by one.
    let scalars = prefix.unicodeScalars
    var end = scalars.endIndex
    while end > scalars.startIndex {
        let last = scalars.index(before: end)
        var next = scalars[last].value + 1
        if (0xD800...0xDFFF).contains(next) { next = 0xE000 }
        if let scalar = Unicode.Scalar(next) {
            var text = String(scalars[..<last])
            text.unicodeScalars.append(scalar)
            return .text(text)
        }
        end = last
    }
    return .blob([0xFF])
}

/// Dates in each storage Sift supports.
public enum DateEncoding {
    /// `date` as a column of `storage` holds it.
    public static func encode(_ date: Date, storage: Storage) -> SQLValue {
        switch storage {
        case .dateUnixSeconds: .real(date.timeIntervalSince1970)
        case .dateISO8601: .text(iso8601(date, fractionDigits: 6))
        case .timestamp: TimestampMicroseconds.nearest(date).map { .text(TimestampMicroseconds.text($0)) } ?? .null
        default: .real(date.timeIntervalSinceReferenceDate)
        }
    }

    /// `YYYY-MM-DD HH:MM:SS.SSS` in UTC (StructuredQueries' format), truncated to milliseconds.
    ///
    /// With more `fractionDigits` (up to 6), a date between milliseconds keeps its digits
    /// (`.000400`, trailing zeros after the third digit dropped): compared as text with a column in
    /// StructuredQueries' format, it orders and equals as the instant it is.
    public static func iso8601(_ date: Date, fractionDigits: Int = 3) -> String {
        let scaled = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // Beyond what a 64-bit count of microseconds holds (±292,000 years): no calendar date.
        guard scaled.isFinite, abs(scaled) < 9.2e18 else { return String(date.timeIntervalSince1970) }
        let microseconds = Int64(scaled)
        let (totalMilliseconds, microsecondPart) = floorDivide(microseconds, 1000)
        let base = iso8601(milliseconds: totalMilliseconds)
        guard fractionDigits > 3, microsecondPart != 0 else { return base }
        var extra = String(microsecondPart).leftPadded(to: 3)
        while extra.hasSuffix("0") { extra.removeLast() }
        return base + extra
    }

    static func iso8601(milliseconds totalMilliseconds: Int64) -> String {
        let (days, dayMilliseconds) = floorDivide(totalMilliseconds, 86_400_000)
        let (year, month, day) = CivilDate.date(days: days)
        let hour = dayMilliseconds / 3_600_000
        let minute = dayMilliseconds / 60_000 % 60
        let second = dayMilliseconds / 1000 % 60
        let millisecond = dayMilliseconds % 1000
        func pad(_ value: Int64, _ width: Int) -> String { String(value).leftPadded(to: width) }
        let yearText = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return "\(yearText)-\(pad(month, 2))-\(pad(day, 2)) \(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millisecond, 3))"
    }

    /// Reads `2026-03-14`, `2026-03-14 09:30`, `2026-03-14 09:30:00.000` or
    /// `2026-03-14T09:30:00.000Z`, all in UTC; nil for anything else (exactly, see `ISODateText`).
    public static func parse(_ text: String) -> Date? {
        ISODateText.referenceSeconds(text).map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let quotient = a / b
        let remainder = a % b
        return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
    }
}

/// UUIDs in each storage Sift supports.
public enum UUIDEncoding {
    /// `uuid` as a column of `storage` holds it.
    public static func encode(_ uuid: UUID, storage: Storage) -> SQLValue {
        switch storage {
        case .uuidLowercaseText, .uuidNative: .text(UUIDText.format(uuid, uppercase: false))
        case .uuidBlob:
            .blob(withUnsafeBytes(of: uuid.uuid) { Array($0) })
        default: .text(UUIDText.format(uuid))
        }
    }
}

/// A JSON array of SQL values, for binding arrays to `json_each`.
enum JSONArray {
    static func encode(_ values: [SQLValue]) -> String {
        "[" + values.map { value -> String in
            switch value {
            case .null: "null"
            case .integer(let number): String(number)
            case .real(let number): number.isFinite ? String(number) : "null"
            case .text(let text): JSONText.quote(text)
            case .blob(let bytes): JSONText.quote(bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined())
            }
        }.joined(separator: ",") + "]"
    }
}

/// JSON string literals.
package enum JSONText {
    /// `"text"` with JSON's escapes (control characters and U+2028/U+2029 as `\uXXXX`).
    package static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
