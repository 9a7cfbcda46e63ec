import Foundation
import Sift

/// A value bound to a placeholder (`$1`), sent in PostgreSQL's text form with the type it is
/// declared as when the statement is prepared.
public enum PostgresValue: Sendable, Hashable {
    /// NULL, of the type the statement gives the placeholder.
    case null
    /// `boolean`.
    case bool(Bool)
    /// `bigint` (int8).
    case int(Int64)
    /// `double precision` (float8); NaN and the infinities included.
    case double(Double)
    /// `text`. PostgreSQL's text cannot hold a NUL character: binding one fails.
    case text(String)
    /// `bytea`.
    case bytes([UInt8])
    /// `timestamp with time zone`.
    case timestamp(Date)
    /// `uuid`.
    case uuid(UUID)
    /// `jsonb`, from its text.
    case jsonb(String)
    /// Text whose type the statement decides (the placeholder's own cast, `$1::bigint`, or its
    /// context): how compiled queries bind, since their SQL states the types it needs.
    case untyped(String)

    /// An `SQLValue` bound with the type of its storage class (`integer` as `bigint`, `real` as
    /// `float8`, `text` as `text`, `blob` as `bytea`).
    public init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .int(integer)
        case .real(let real): self = .double(real)
        case .text(let text): self = .text(text)
        case .blob(let bytes): self = .bytes(bytes)
        }
    }

    /// An `SQLValue` as text of no declared type (see ``untyped(_:)``); NULL stays NULL.
    public static func untyped(_ value: SQLValue) -> PostgresValue {
        switch value {
        case .null: .null
        case .integer(let integer): .untyped(String(integer))
        case .real(let real): .untyped(PostgresText.double(real))
        case .text(let text): .untyped(text)
        case .blob(let bytes): .untyped(PostgresText.bytea(bytes))
        }
    }

    /// The type the placeholder is declared as when prepared (0: left to the statement).
    var typeOID: UInt32 {
        switch self {
        case .null, .untyped: 0
        case .bool: PostgresType.bool
        case .int: PostgresType.int8
        case .double: PostgresType.float8
        case .text: PostgresType.text
        case .bytes: PostgresType.bytea
        case .timestamp: PostgresType.timestamptz
        case .uuid: PostgresType.uuid
        case .jsonb: PostgresType.jsonb
        }
    }

    /// The text form sent to the server; nil for NULL.
    var text: String? {
        switch self {
        case .null: nil
        case .bool(let value): value ? "t" : "f"
        case .int(let value): String(value)
        case .double(let value): PostgresText.double(value)
        case .text(let value), .jsonb(let value), .untyped(let value): value
        case .bytes(let bytes): PostgresText.bytea(bytes)
        case .timestamp(let date): PostgresText.timestamp(date)
        case .uuid(let uuid): uuid.uuidString.lowercased()
        }
    }
}

/// PostgreSQL's text forms of values, both ways.
enum PostgresText {
    /// A double as `float8in` reads it back exactly: Swift's shortest round-trip digits, `NaN`,
    /// `Infinity`, `-Infinity`.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return String(value)
    }

    /// `\x` and two lower-case hexadecimal digits per byte (`bytea_output = hex`).
    static func bytea(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var utf8: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
        utf8.reserveCapacity(2 + bytes.count * 2)
        for byte in bytes {
            utf8.append(digits[Int(byte >> 4)])
            utf8.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The bytes of a `bytea` in hex output form; nil when it is not in that form.
    static func bytes(fromBytea text: UnsafePointer<CChar>, count: Int) -> [UInt8]? {
        guard count >= 2, count % 2 == 0, text[0] == 0x5C, text[1] == 0x78 else { return nil }
        func nibble(_ c: CChar) -> UInt8? {
            switch UInt8(bitPattern: c) {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(bitPattern: c) - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(bitPattern: c) - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(bitPattern: c) - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((count - 2) / 2)
        var index = 2
        while index < count {
            guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// A date as `timestamptz` text in UTC: the microsecond that is that `Date`, else the nearest
    /// (``TimestampMicroseconds``); `infinity` or `-infinity` beyond PostgreSQL's range, NULL's
    /// text (nil) for NaN.
    static func timestamp(_ date: Date) -> String? {
        TimestampMicroseconds.nearest(date).map(TimestampMicroseconds.text)
    }
}
