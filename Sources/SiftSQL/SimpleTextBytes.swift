/// Byte-level answers of Sift's text functions for texts whose characters are all below U+0300
/// (ASCII and the Latin-1 and Latin Extended letters): such a text is in NFC (so two of them are
/// canonically equivalent exactly when their bytes are equal), no two of its characters compose,
/// and each character is a grapheme cluster of its own except "\r\n". So `sift_nfc` returns it
/// unchanged, and `contains`, `hasPrefix` and `hasSuffix` compare bytes, minding only a match that
/// would split "\r\n".
///
/// Both routes that register Sift's functions use these (Sift's runtime connection and the loadable
/// extension), each reading SQLite's argument bytes its own way; any other argument (other text,
/// NULL, numbers, blobs, invalid UTF-8) goes to `SiftFunction.evaluate`, which stays the definition
/// (tests compare the two). Inlinable, so that each caller's optimizer may specialize them.
package enum SimpleTextBytes {
    /// Whether `bytes` are valid UTF-8 with every character below U+0300.
    @inlinable
    package static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
            } else if (0xC2...0xCB).contains(byte), index + 1 < bytes.count, (0x80...0xBF).contains(bytes[index + 1]) {
                index += 2  // U+0080 ... U+02FF
            } else {
                return false
            }
        }
        return true
    }

    /// The answer of `contains`, `hasPrefix` or `hasSuffix` (any other function: `contains`) for
    /// two simple texts.
    @inlinable
    package static func test(_ function: SiftFunction, _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        switch function {
        case .hasPrefix: matches(haystack, needle, at: 0)
        case .hasSuffix: needle.count <= haystack.count && matches(haystack, needle, at: haystack.count - needle.count)
        default: contains(haystack, needle)
        }
    }

    /// Whether `needle` occurs in `haystack` at byte `offset` as whole characters: its bytes are
    /// there, and it neither starts with "\n" after a "\r" nor ends with "\r" before a "\n".
    @inlinable
    package static func matches(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset >= 0, offset + needle.count <= haystack.count else { return false }
        for index in 0..<needle.count where haystack[offset + index] != needle[index] { return false }
        guard let first = needle.first, let last = needle.last else { return true }
        if first == UInt8(ascii: "\n"), offset > 0, haystack[offset - 1] == UInt8(ascii: "\r") { return false }
        let end = offset + needle.count
        if last == UInt8(ascii: "\r"), end < haystack.count, haystack[end] == UInt8(ascii: "\n") { return false }
        return true
    }

    /// Whether `needle` occurs anywhere in `haystack` as whole characters ("" always does).
    @inlinable
    package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        for offset in 0...(haystack.count - needle.count) where haystack[offset] == first {
            if matches(haystack, needle, at: offset) { return true }
        }
        return false
    }
}
