import CSQLite
import Sift

/// Byte-level answers of Sift's text functions for texts whose characters are all below U+0300
/// (ASCII and the Latin-1 and Latin Extended letters): such a text is in NFC (so two of them are
/// canonically equivalent exactly when their bytes are equal), no two of its characters compose,
/// and each character is a grapheme cluster of its own except "\r\n". So `sift_nfc` returns it
/// unchanged, and `contains`, `hasPrefix` and `hasSuffix` compare bytes, minding only a match
/// that would split "\r\n".
/// Any other argument (other text, NULL, numbers, blobs, invalid UTF-8) goes to the Swift
/// implementation. `SiftFunction.evaluate` stays the definition; tests compare the two.
enum TextFunctionShortcuts {
    static func shortcut(for function: SiftFunction) -> FunctionShortcut? {
        switch function {
        case .nfc:
            return { context, arguments in
                guard simpleText(arguments[0]) != nil else { return false }
                sqlite3_result_value(context, arguments[0])
                return true
            }
        case .contains, .hasPrefix, .hasSuffix:
            return { context, arguments in
                guard let haystack = simpleText(arguments[0]), let needle = simpleText(arguments[1]) else { return false }
                let found: Bool
                switch function {
                case .contains: found = contains(haystack, needle)
                case .hasPrefix: found = matches(haystack, needle, at: 0)
                default: found = needle.count <= haystack.count && matches(haystack, needle, at: haystack.count - needle.count)
                }
                sqlite3_result_int64(context, found ? 1 : 0)
                return true
            }
        default:
            return nil
        }
    }

    /// The bytes of a TEXT value that is valid UTF-8 with every character below U+0300, or nil.
    static func simpleText(_ value: OpaquePointer?) -> UnsafeBufferPointer<UInt8>? {
        guard sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
        let start = sqlite3_value_text(value)
        let bytes = UnsafeBufferPointer(start: start, count: Int(sqlite3_value_bytes(value)))
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
            } else if (0xC2...0xCB).contains(byte), index + 1 < bytes.count, (0x80...0xBF).contains(bytes[index + 1]) {
                index += 2  // U+0080 ... U+02FF
            } else {
                return nil
            }
        }
        return bytes
    }

    /// Whether `needle` occurs in `haystack` at byte `offset` as whole characters: its bytes are
    /// there, and it neither starts with "\n" after a "\r" nor ends with "\r" before a "\n".
    static func matches(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset >= 0, offset + needle.count <= haystack.count else { return false }
        for index in 0..<needle.count where haystack[offset + index] != needle[index] { return false }
        guard let first = needle.first, let last = needle.last else { return true }
        if first == UInt8(ascii: "\n"), offset > 0, haystack[offset - 1] == UInt8(ascii: "\r") { return false }
        let end = offset + needle.count
        if last == UInt8(ascii: "\r"), end < haystack.count, haystack[end] == UInt8(ascii: "\n") { return false }
        return true
    }

    /// Whether `needle` occurs anywhere in `haystack` as whole characters ("" always does).
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        for offset in 0...(haystack.count - needle.count) where haystack[offset] == first {
            if matches(haystack, needle, at: offset) { return true }
        }
        return false
    }
}
