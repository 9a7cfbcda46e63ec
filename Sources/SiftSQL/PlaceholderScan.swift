/// The placeholders of SQL text a lowering wrote: `?N` (SQLite) and `$N` (PostgreSQL), found by
/// one scan of its UTF-8 bytes. Quoted identifiers (which may hold `?`, as `"company?.name"`
/// does) and the few string literals a dialect writes (`'NaN'`) are passed over as they are.
///
/// Both uses read the text a lowering just rendered, so the scan works on bytes: no character is
/// built, and runs of text between placeholders are copied whole.
enum PlaceholderScan {
    /// One placeholder: the bytes of its sign and number, and its number.
    struct Placeholder {
        /// The sign (`?` or `$`) and the digits.
        var bytes: Range<Int>
        /// The number the digits write (1 for the first binding).
        var number: Int
    }

    /// Calls `body` with each placeholder of the SQL text `utf8`, in order: a sign of `signs`
    /// followed by digits.
    static func forEach(in utf8: UnsafeBufferPointer<UInt8>, signs: (UInt8, UInt8), _ body: (Placeholder) -> Void) {
        let count = utf8.count
        var quote: UInt8 = 0
        var index = 0
        while index < count {
            let byte = utf8[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
                index += 1
                continue
            }
            guard byte == signs.0 || byte == signs.1, index + 1 < count, isDigit(utf8[index + 1]) else {
                index += 1
                continue
            }
            var end = index + 1
            var number = 0
            while end < count, isDigit(utf8[end]) {
                number = number &* 10 &+ Int(utf8[end] &- UInt8(ascii: "0"))
                end += 1
            }
            body(Placeholder(bytes: index..<end, number: number))
            index = end
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `sql` with each placeholder `?N` (`$N`) written `?(N + offset)`.
    static func renumbering(_ sql: String, by offset: Int) -> String {
        guard offset > 0 else { return sql }
        var sql = sql
        return sql.withUTF8 { utf8 in
            var result = ""
            result.reserveCapacity(utf8.count + 8)
            var copied = 0
            forEach(in: utf8, signs: (UInt8(ascii: "?"), UInt8(ascii: "$"))) { placeholder in
                result += String(decoding: UnsafeBufferPointer(rebasing: utf8[copied..<placeholder.bytes.lowerBound + 1]), as: UTF8.self)
                result += String(placeholder.number + offset)
                copied = placeholder.bytes.upperBound
            }
            result += String(decoding: UnsafeBufferPointer(rebasing: utf8[copied...]), as: UTF8.self)
            return result
        }
    }
}
