import Foundation

/// A value of a result row, ready for display: what the Swift property holds, not how SQLite
/// stores it (a `Date`, not REAL seconds since 2001; an enum case name, not its raw value).
public enum ResultValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case text(String)
    case date(Date)
    case uuid(UUID)
    case data([UInt8])
    /// A case of a raw-value enum, by name (`high`).
    case enumCase(String)

    /// Whether the value is shown right-aligned in a grid (numbers).
    public var isNumeric: Bool {
        switch self {
        case .integer, .real: true
        default: false
        }
    }

    /// The text shown for the value; `nil` is shown as `nullText`.
    ///
    /// Dates are ISO-8601 in UTC with milliseconds (`2026-03-14T09:30:00.000Z`), Booleans
    /// `true`/`false`, enum cases by name, UUIDs upper-case, data as `X'00FF'`.
    public func displayText(null nullText: String) -> String {
        switch self {
        case .null: nullText
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .real(let value): Self.format(value)
        case .text(let value): value
        case .date(let value): ISODate.format(value)
        case .uuid(let value): value.uuidString
        case .data(let bytes): "X'" + Self.hex(bytes) + "'"
        case .enumCase(let name): name
        }
    }

    /// A Double as Swift prints it, without a trailing `.0` lost (`72.5`, `3.0`, `1e-05`).
    static func format(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return String(value)
    }

    static func hex(_ bytes: [UInt8]) -> String {
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
