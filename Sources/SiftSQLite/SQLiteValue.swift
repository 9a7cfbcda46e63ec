/// A value as SQLite stores it: one of its five storage classes.
///
/// SQLite has no NaN: binding `.real(.nan)` stores NULL, so NaN reads back as `.null`.
public enum SQLiteValue: Sendable, Hashable {
    /// The SQL NULL value.
    case null
    /// A signed 64-bit integer.
    case integer(Int64)
    /// An IEEE 754 double (never NaN once stored).
    case real(Double)
    /// UTF-8 text; may contain NUL characters.
    case text(String)
    /// Raw bytes; may be empty.
    case blob([UInt8])

    /// The storage class name as `typeof()` reports it: `null`, `integer`, `real`, `text` or `blob`.
    public var storageClass: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }

    /// Whether this is SQL NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The integer payload, or nil for any other storage class.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The real payload, or nil for any other storage class.
    public var realValue: Double? {
        if case .real(let value) = self { return value }
        return nil
    }

    /// The text payload, or nil for any other storage class.
    public var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The blob payload, or nil for any other storage class.
    public var blobValue: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }
}

extension SQLiteValue: CustomStringConvertible {
    /// A readable rendering: `NULL`, `42`, `1.5`, `"quoted text"` (Swift escapes), `X'00FF'`.
    public var description: String {
        switch self {
        case .null:
            return "NULL"
        case .integer(let value):
            return String(value)
        case .real(let value):
            return String(value)
        case .text(let value):
            return String(reflecting: value)
        case .blob(let bytes):
            let digits: [Character] = Array("0123456789ABCDEF")
            var hex = ""
            hex.reserveCapacity(bytes.count * 2)
            for byte in bytes {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
            return "X'\(hex)'"
        }
    }
}

extension SQLiteValue: ExpressibleByNilLiteral {
    /// `nil` is SQL NULL.
    public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
    /// An integer literal is an `.integer`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLiteValue: ExpressibleByFloatLiteral {
    /// A floating-point literal is a `.real`.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLiteValue: ExpressibleByStringLiteral {
    /// A string literal is `.text`.
    public init(stringLiteral value: String) { self = .text(value) }
}
