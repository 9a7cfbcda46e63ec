import SiftSQLite
import SiftTestSupport
import Testing

/// The nesting check every compilation runs: counting `(` sixteen bytes at a time must bound the
/// depth, so SQL is refused exactly when the plain scan finds it too deep.
@Suite struct SQLNestingTests {
    /// The depth the way SQLite's parser sees it: parentheses outside quoted identifiers.
    static func plainDepth(_ sql: String) -> Int {
        var depth = 0
        var deepest = 0
        var inQuotes = false
        for character in sql {
            switch character {
            case "\"": inQuotes.toggle()
            case "(" where !inQuotes:
                depth += 1
                deepest = max(deepest, depth)
            case ")" where !inQuotes: depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Text of `length` characters: mostly parentheses (balanced or not), some quotes, letters
    /// and multi-byte characters, so the `(` bytes fall at every place of a vector and its tail.
    static func text(length: Int, _ random: inout SplitMix64) -> String {
        let pieces = ["(", "(", "(", ")", ")", "\"", "a", " ", "é", "한"]
        return String((0..<length).map { _ in Character(pieces[random.below(pieces.count)]) })
    }

    @Test func theCountBoundsTheDepthOnGeneratedText() {
        var random = SplitMix64(seed: 29)
        for _ in 0..<3_000 {
            let sql = Self.text(length: random.below(600), &random)
            let depth = Self.plainDepth(sql)
            #expect(SQLNesting.depth(of: sql) == depth, "\(sql)")
            for limit in [0, 1, 7, 16, 95] {
                #expect(SQLNesting.depth(of: sql, over: limit) == (depth > limit ? depth : nil), "\(limit): \(sql)")
            }
        }
    }

    @Test func longTextAcrossTheCountsBlocks() {
        // More than one block of 128 vectors (2,048 bytes), with the parentheses in quotes or
        // closed at once: many `(` bytes, little depth.
        for count in [95, 96, 127, 128, 129, 2_047, 2_048, 2_049, 5_000] {
            let quoted = "\"" + String(repeating: "(", count: count) + "\""
            #expect(SQLNesting.depth(of: quoted, over: 95) == nil, "\(count) quoted")
            let flat = String(repeating: "()", count: count)
            #expect(SQLNesting.depth(of: flat, over: 95) == nil, "\(count) flat")
            let nested = String(repeating: "(", count: count) + String(repeating: ")", count: count)
            #expect(SQLNesting.depth(of: nested, over: 95) == (count > 95 ? count : nil), "\(count) nested")
        }
    }
}
