import CSiftExtension
import SiftSQL

/// The extension's shortcuts for `sift_nfc`, `sift_contains`, `sift_has_prefix` and
/// `sift_has_suffix`, the same as the runtime's (`SimpleTextBytes`): simple texts are answered from
/// SQLite's bytes, without decoding them into Swift strings.
enum ExtensionTextShortcuts {
    /// Sets the result of `function` on `arguments` and returns true when they are simple texts;
    /// returns false (nothing set) otherwise.
    static func answer(_ function: SiftFunction, _ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>) -> Bool {
        switch function {
        case .nfc:
            guard simpleText(arguments[0]) != nil else { return false }
            sift_extension_result_value(context, arguments[0])
            return true
        case .contains, .hasPrefix, .hasSuffix:
            guard let haystack = simpleText(arguments[0]), let needle = simpleText(arguments[1]) else { return false }
            sift_extension_result_int64(context, SimpleTextBytes.test(function, haystack, needle) ? 1 : 0)
            return true
        default:
            return false
        }
    }

    /// The bytes of a TEXT value that is valid UTF-8 with every character below U+0300, or nil.
    static func simpleText(_ value: OpaquePointer?) -> UnsafeBufferPointer<UInt8>? {
        guard sift_extension_value_type(value) == Int32(SIFT_EXTENSION_TEXT) else { return nil }
        let start = sift_extension_value_text(value)
        let bytes = UnsafeBufferPointer(start: start, count: Int(sift_extension_value_bytes(value)))
        return SimpleTextBytes.isSimple(bytes) ? bytes : nil
    }
}
