import Foundation

/// What identifies an object of a model: its primary key values in key order, or its rowid.
///
/// Identities are ordered as SQLite orders the key columns (`ORDER BY key`): `nil` first, then
/// numbers by value, then text by its UTF-8 bytes (the BINARY collation), then blobs by bytes;
/// a composite key compares column by column.
public struct ObjectIdentity: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The key values, in key order.
    public var values: [Value]

    /// The identity of key `values`.
    public init(_ values: [Value]) { self.values = values }

    /// The identity of an object keyed by one integer (`id INTEGER PRIMARY KEY` or rowid).
    public init(_ id: Int64) { self.values = [.int(id)] }

    /// The key when it is one integer.
    public var integer: Int64? {
        if values.count == 1, case .int(let value) = values[0] { return value }
        return nil
    }

    public static func < (lhs: ObjectIdentity, rhs: ObjectIdentity) -> Bool {
        for (left, right) in zip(lhs.values, rhs.values) {
            let order = sqliteOrder(left, right)
            if order != 0 { return order < 0 }
        }
        return lhs.values.count < rhs.values.count
    }

    /// `12`, or `(1, 3)` for a composite key.
    public var description: String {
        values.count == 1 ? values[0].description : "(" + values.map(\.description).joined(separator: ", ") + ")"
    }

    /// -1, 0 or 1 as SQLite orders two key values.
    static func sqliteOrder(_ lhs: Value, _ rhs: Value) -> Int {
        func rank(_ value: Value) -> Int {
            switch value {
            case .null: 0
            case .int, .uint, .double, .bool: 1
            case .string: 2
            default: 3
            }
        }
        let (leftRank, rightRank) = (rank(lhs), rank(rhs))
        if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return compareBytes(Array(a.utf8), Array(b.utf8))
        case (.data(let a), .data(let b)): return compareBytes(Array(a), Array(b))
        default:
            if let a = lhs.integerValue, let b = rhs.integerValue { return a < b ? -1 : a == b ? 0 : 1 }
            if let a = numeric(lhs), let b = numeric(rhs) { return a < b ? -1 : a == b ? 0 : 1 }
            return 0
        }
    }

    private static func numeric(_ value: Value) -> Double? {
        switch value {
        case .int(let v): Double(v)
        case .uint(let v): Double(v)
        case .double(let v): v
        case .bool(let v): v ? 1 : 0
        default: nil
        }
    }

    private static func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count == b.count ? 0 : a.count < b.count ? -1 : 1
    }
}
