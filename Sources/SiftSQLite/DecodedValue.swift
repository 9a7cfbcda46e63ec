import Foundation
import Sift

/// A value of a result row, decoded by the schema: what the attribute is in Swift.
public enum DecodedValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case date(Date)
    case uuid(UUID)
    case data([UInt8])
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

/// Dates shown to people: ISO-8601 in UTC with milliseconds, `2026-03-14T09:30:00.000Z`.
public enum ISO8601Display {
    public static func string(from date: Date) -> String {
        let text = DateEncoding.iso8601(date)
        return text.replacingOccurrences(of: " ", with: "T") + "Z"
    }
}

/// Decodes stored values by an attribute's type and storage.
public enum ValueDecoder {
    public static func decode(_ value: SQLiteValue, as attribute: Attribute, schema: Schema) -> DecodedValue {
        ColumnDecoding(attribute, schema: schema).decode(value)
    }

    /// An enum value by its raw value; undecodable when no case has it.
    static func decodeEnum(_ value: SQLiteValue, enumType: EnumType?) -> DecodedValue {
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
        return .undecodable(SQLValue(value))
    }

    /// A date from its storage; nil when the stored value is not a date in that storage.
    public static func decodeDate(_ value: SQLiteValue, storage: Storage) -> Date? {
        switch (storage, value) {
        case (.dateReferenceSeconds, .real(let seconds)): Date(timeIntervalSinceReferenceDate: seconds)
        case (.dateReferenceSeconds, .integer(let seconds)): Date(timeIntervalSinceReferenceDate: Double(seconds))
        case (.dateUnixSeconds, .real(let seconds)): Date(timeIntervalSince1970: seconds)
        case (.dateUnixSeconds, .integer(let seconds)): Date(timeIntervalSince1970: Double(seconds))
        case (.dateISO8601, .text(let text)): DateEncoding.parse(text)
        default: nil
        }
    }
}

/// How one result column decodes, worked out once per run: plain values (no strings to retain
/// when it is copied), with the column's enum, if any, looked up once.
struct ColumnDecoding {
    enum Kind: UInt8 { case bool, integer, double, string, url, data, date, uuid, enumeration }

    let kind: Kind
    let storage: Storage
    /// The column's enum (a class reference: copying a decoding retains at most this).
    let enumType: EnumTypeBox?

    init(_ attribute: Attribute, schema: Schema) {
        storage = attribute.storage
        switch attribute.type {
        case .bool: kind = .bool
        case .integer: kind = .integer
        case .double, .float: kind = .double
        case .string: kind = .string
        case .url: kind = .url
        case .data: kind = .data
        case .date: kind = .date
        case .uuid: kind = .uuid
        case .enumeration: kind = .enumeration
        }
        if case .enumeration(let name) = attribute.type { enumType = EnumTypeBox(schema.enumType(named: name)) } else { enumType = nil }
    }

    /// The same answers as ``ValueDecoder/decode(_:as:schema:)``.
    func decode(_ value: SQLiteValue) -> DecodedValue {
        if case .null = value { return .null }
        switch (kind, value) {
        case (.bool, .integer(let integer)) where integer == 0 || integer == 1: return .bool(integer == 1)
        case (.integer, .integer(let integer)): return .int(integer)
        case (.double, .real(let real)): return .double(real)
        case (.double, .integer(let integer)): return .double(Double(integer))
        case (.string, .text(let text)): return .string(text)
        case (.url, .text(let text)): return .url(text)
        case (.data, .blob(let bytes)): return .data(bytes)
        case (.date, _): if let date = ValueDecoder.decodeDate(value, storage: storage) { return .date(date) }
        case (.uuid, .text(let text)): if let uuid = UUIDText.parse(text) { return .uuid(uuid) }
        case (.uuid, .blob(let bytes)) where bytes.count == 16:
            return .uuid(bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) })
        case (.enumeration, _): return ValueDecoder.decodeEnum(value, enumType: enumType?.enumType)
        default: break
        }
        return .undecodable(SQLValue(value))
    }
}

/// An enum type held by reference, for ``ColumnDecoding``.
final class EnumTypeBox {
    let enumType: EnumType?
    init(_ enumType: EnumType?) { self.enumType = enumType }
}
