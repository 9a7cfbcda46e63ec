/// Finds calls of Sift's SQL functions and collations in SQL text: a word starting with `sift_`
/// outside quoted identifiers and string literals (Sift's functions and collations all start so,
/// and SQLite's built-in ones never do).
package enum SiftCallScan {
    /// Whether `sql` calls one of Sift's functions or collations.
    package static func callsSift(_ sql: String) -> Bool {
        let bytes = Array(sql.utf8)
        let prefix = Array("sift_".utf8)
        var quote: UInt8?
        var previous: UInt8 = 0x20
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            defer {
                previous = byte
                index += 1
            }
            if let open = quote {
                // A doubled quote closes and opens again: still inside.
                if byte == open { quote = nil }
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
                continue
            }
            guard !isWordByte(previous), index + prefix.count <= bytes.count else { continue }
            if zip(bytes[index..<index + prefix.count], prefix).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) { return true }
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }
}
