/// How deeply SQL text nests parentheses: SQLite's parser gives up ("parser stack overflow") past
/// about 100 levels, and ``SiftDatabase`` refuses such SQL with a diagnostic instead.
///
/// Every compilation asks, and nearly every query's SQL opens far fewer parentheses than the
/// limit: their count, taken sixteen bytes at a time, bounds the depth and answers at a fraction of
/// the cost of the exact scan, which tells quoted identifiers from the rest byte by byte and runs
/// only when the count exceeds the limit.
package enum SQLNesting {
    /// The depth of `sql` when it is more than `limit`; nil when it is at most `limit`.
    package static func depth(of sql: String, over limit: Int) -> Int? {
        let bound = sql.utf8.withContiguousStorageIfAvailable { openingParentheses(in: $0, stoppingAbove: limit) } ?? Int.max
        guard bound > limit else { return nil }
        let depth = depth(of: sql)
        return depth > limit ? depth : nil
    }

    /// The deepest parenthesis nesting of SQL text, outside quoted identifiers.
    package static func depth(of sql: String) -> Int {
        var depth = 0
        var deepest = 0
        var inQuotes = false
        for byte in sql.utf8 {
            switch byte {
            case UInt8(ascii: "\""): inQuotes.toggle()
            case UInt8(ascii: "(") where !inQuotes:
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: ")") where !inQuotes: depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// How many `(` bytes `bytes` holds (quoted or not, so at least the depth), or a number above
    /// `limit` as soon as there are more than that.
    ///
    /// Sixteen bytes at a time: each lane of a vector counts the `(` bytes at its position, and
    /// the lanes are added up every 128 vectors at the latest, before one could overflow.
    static func openingParentheses(in bytes: UnsafeBufferPointer<UInt8>, stoppingAbove limit: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let parenthesis = SIMD16<UInt8>(repeating: UInt8(ascii: "("))
        let zeros = SIMD16<UInt8>()
        let ones = SIMD16<UInt8>(repeating: 1)
        var count = 0
        var offset = 0
        while offset + 16 <= bytes.count {
            var lanes = SIMD16<UInt8>()
            let end = min(bytes.count, offset + 128 * 16)
            while offset + 16 <= end {
                let vector = UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
                lanes &+= zeros.replacing(with: ones, where: vector .== parenthesis)
                offset += 16
            }
            count += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
            if count > limit { return count }
        }
        while offset < bytes.count {
            if base[offset] == UInt8(ascii: "(") { count += 1 }
            offset += 1
        }
        return count
    }
}
