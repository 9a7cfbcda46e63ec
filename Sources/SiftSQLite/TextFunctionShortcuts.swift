import CSQLite
import Sift

/// The runtime's shortcuts for `sift_nfc`, `sift_contains`, `sift_has_prefix` and
/// `sift_has_suffix`: arguments that are simple texts (`SiftSQL.SimpleTextBytes`) are answered from
/// SQLite's bytes; any other argument goes to the Swift implementation.
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
                sqlite3_result_int64(context, SimpleTextBytes.test(function, haystack, needle) ? 1 : 0)
                return true
            }
        default:
            return nil
        }
    }

    /// The bytes of a TEXT value that is valid UTF-8 with every character below U+0300, or nil.
    @inline(__always)
    static func simpleText(_ value: OpaquePointer?) -> UnsafeBufferPointer<UInt8>? {
        guard sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
        let start = sqlite3_value_text(value)
        let bytes = UnsafeBufferPointer(start: start, count: Int(sqlite3_value_bytes(value)))
        return SimpleTextBytes.isSimple(bytes) ? bytes : nil
    }
}
