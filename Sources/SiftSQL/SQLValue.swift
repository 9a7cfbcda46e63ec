/// A value as SQL databases store it: SQLite's five storage classes, independent of any library.
///
/// SQLite has no NaN: binding `.real(.nan)` stores NULL, so NaN reads back as `.null`.
public enum SQLValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL NULL.
    case null
    /// INTEGER: a signed 64-bit integer.
    case integer(Int64)
    /// REAL: an IEEE 754 double (never NaN once stored).
    case real(Double)
    /// TEXT: UTF-8 text; may contain NUL characters.
    case text(String)
    /// BLOB: raw bytes; may be empty.
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

    /// A readable rendering: `NULL`, `42`, `1.5`, `"quoted text"` (Swift's escapes), `X'00FF'`.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): Constant.string(value).description
        case .blob(let bytes): "X'" + bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined() + "'"
        }
    }
}

extension SQLValue: ExpressibleByNilLiteral {
    /// `nil` is SQL NULL.
    public init(nilLiteral: ()) { self = .null }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    /// An integer literal is an `.integer`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
    /// A floating-point literal is a `.real`.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLValue: ExpressibleByStringLiteral {
    /// A string literal is `.text`.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

import SiftChecker
