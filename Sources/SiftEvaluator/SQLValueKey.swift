import Foundation
import SiftChecker

/// A value as SQL's equality sees it, for grouping, `DISTINCT`, `UNION` and the distinct
/// aggregates of a query with SQL's meaning (StructuredQueries'): NULL equals NULL, a number
/// equals another of the same value (`1` and `1.0` are one key), texts are equal when their bytes
/// are (after the collation written on the value folds them), blobs by their bytes.
enum SQLValueKey: Hashable {
    case null
    case integer(Int64)
    case real(UInt64)
    case text([UInt8])
    case blob([UInt8])

    /// The key of `value`, its text folded as `collation` compares it.
    init(_ value: Value, collation: SQLCollation? = nil) {
        guard let scalar = SQLScalar(value) else {
            self = .null
            return
        }
        switch scalar {
        case .number(let real, let exact):
            if let exact {
                self = .integer(exact)
            } else if real == real.rounded(), real >= -0x1p63, real < 0x1p63 {
                self = .integer(Int64(real))
            } else {
                self = .real(real.bitPattern)
            }
        case .text(let text):
            self = .text(Array((collation?.key(text) ?? text).utf8))
        case .blob(let bytes):
            self = .blob(bytes)
        }
    }

    /// The keys of a row's values, each folded by its column's collation when one is written.
    static func row(_ values: [Value], collations: [SQLCollation?] = []) -> [SQLValueKey] {
        values.enumerated().map { index, value in SQLValueKey(value, collation: index < collations.count ? collations[index] : nil) }
    }
}
