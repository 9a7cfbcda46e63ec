import Foundation
import Sift

/// A value of a result row, decoded by the schema: what the attribute is in Swift.
public enum DecodedValue: Sendable, Hashable, CustomStringConvertible {
    /// NULL (Swift's `nil`).
    case null
    /// A `Bool`.
    case bool(Bool)
    /// An integer.
    case int(Int64)
    /// A `Double` or `Float`.
    case double(Double)
    /// A `String`.
    case string(String)
    /// A `Date`.
    case date(Date)
    /// A `UUID`.
    case uuid(UUID)
    /// `Data`'s bytes.
    case data([UInt8])
    /// A `URL`, as its text.
    case url(String)
    /// A raw-value enum case, by name (and its raw value).
    case enumCase(name: String, rawValue: String)
    /// A stored value that does not decode as the schema says (text in an INTEGER column of a
    /// non-STRICT table, an enum raw value without a case): shown as it is stored.
    case undecodable(SQLValue)

    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value
        case .date(let value): ISO8601Display.string(from: value)
        case .uuid(let value): value.uuidString
        case .data(let bytes): "<\(bytes.count) bytes>"
        case .url(let value): value
        case .enumCase(let name, _): "." + name
        case .undecodable(let value): value.description
        }
    }
}

extension DecodedValue {
    /// Whether the value is shown right-aligned in a grid (numbers).
    public var isNumeric: Bool {
        switch self {
        case .int, .double, .undecodable(.integer), .undecodable(.real): true
        default: false
        }
    }

    /// The text shown for the value in a result's cells; `nil` is shown as `nullText`.
    ///
    /// Dates are ISO-8601 in UTC with milliseconds (`2026-03-14T09:30:00.000Z`), Booleans
    /// `true`/`false`, enum cases by name (`high`), UUIDs upper-case, data as `X'00FF'`; a value
    /// that does not decode as it is stored.
    public func displayText(null nullText: String) -> String {
        switch self {
        case .null, .undecodable(.null): nullText
        case .bool(let value): value ? "true" : "false"
        case .int(let value), .undecodable(.integer(let value)): String(value)
        case .double(let value), .undecodable(.real(let value)): Self.format(value)
        case .string(let value), .url(let value), .undecodable(.text(let value)): value
        case .date(let value): ISO8601Display.string(from: value)
        case .uuid(let value): value.uuidString
        case .data(let bytes), .undecodable(.blob(let bytes)): "X'" + Self.hex(bytes) + "'"
        case .enumCase(let name, _): name
        }
    }

    /// A Double as Swift prints it, without a trailing `.0` lost (`72.5`, `3.0`, `1e-05`); `nan`,
    /// `inf`, `-inf`.
    package static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return String(value)
    }

    /// Bytes as upper-case hexadecimal digits, two per byte.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        var out = ""
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return out
    }
}

/// Dates shown to people: ISO-8601 in UTC with milliseconds, `2026-03-14T09:30:00.000Z`.
public enum ISO8601Display {
    /// `date` as ISO-8601 in UTC with milliseconds.
    public static func string(from date: Date) -> String {
        // A timestamp may be infinite in PostgreSQL (`infinity`): no calendar date.
        if date.timeIntervalSinceReferenceDate.isInfinite { return date.timeIntervalSinceReferenceDate > 0 ? "infinity" : "-infinity" }
        let text = DateEncoding.iso8601(date)
        return text.replacingOccurrences(of: " ", with: "T") + "Z"
    }
}

/// Decodes stored values by an attribute's type and storage.
public enum ValueDecoder {
    /// `value` as `attribute` holds it in Swift.
    public static func decode(_ value: SQLValue, as attribute: Attribute, schema: Schema) -> DecodedValue {
        ColumnDecoding(attribute, schema: schema).decode(value)
    }

    /// An enum value by its raw value; undecodable when no case has it.
    static func decodeEnum(_ value: SQLValue, enumType: EnumType?) -> DecodedValue {
        if let enumType {
            let raw: EnumType.RawValue?
            switch value {
            case .integer(let integer): raw = .int(integer)
            case .text(let text): raw = .string(text)
            default: raw = nil
            }
            if let raw, let found = enumType.case(withRawValue: raw) {
                return .enumCase(name: found.name, rawValue: raw.description)
            }
        }
        return .undecodable(value)
    }

    /// A date from its storage; nil when the stored value is not a date in that storage.
    public static func decodeDate(_ value: SQLValue, storage: Storage) -> Date? {
        switch (storage, value) {
        case (.dateReferenceSeconds, .real(let seconds)): Date(timeIntervalSinceReferenceDate: seconds)
        case (.dateReferenceSeconds, .integer(let seconds)): Date(timeIntervalSinceReferenceDate: Double(seconds))
        case (.dateUnixSeconds, .real(let seconds)): Date(timeIntervalSince1970: seconds)
        case (.dateUnixSeconds, .integer(let seconds)): Date(timeIntervalSince1970: Double(seconds))
        case (.dateISO8601, .text(let text)): DateEncoding.parse(text)
        case (.timestamp, .text(let text)): TimestampMicroseconds.date(text: text)
        default: nil
        }
    }
}

extension DecodedValue {
    /// The value as an `Int`, when it is an integer.
    public var intValue: Int? { if case .int(let value) = self { Int(exactly: value) } else { nil } }
    /// The value as a `Double`, when it is a number.
    public var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }
    /// The value as a `String`, when it is text.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The value as a `Bool`, when it is one.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The value as a `Date`, when it is one.
    public var dateValue: Date? { if case .date(let value) = self { value } else { nil } }
    /// Whether the value is nil.
    public var isNull: Bool { if case .null = self { true } else { false } }
}
