/// A value as SQL databases store it: SQLite's five storage classes, independent of any library.
public enum SQLValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL NULL.
    case null
    /// INTEGER.
    case integer(Int64)
    /// REAL.
    case real(Double)
    /// TEXT.
    case text(String)
    /// BLOB.
    case blob([UInt8])

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

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

import SiftChecker
