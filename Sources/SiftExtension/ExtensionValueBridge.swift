import CSiftExtension
import SiftSQL

// Moving values between SQLite and `SQLValue` through the host's routines, as Sift's runtime does
// through its linked SQLite (SQLiteValueBridge): text measured in bytes (NUL characters survive),
// invalid UTF-8 repaired with U+FFFD, an empty BLOB kept a BLOB.

extension SQLValue {
    /// Reads a function argument.
    init(extensionArgument value: OpaquePointer?) {
        switch sift_extension_value_type(value) {
        case Int32(SIFT_EXTENSION_INTEGER):
            self = .integer(sift_extension_value_int64(value))
        case Int32(SIFT_EXTENSION_FLOAT):
            self = .real(sift_extension_value_double(value))
        case Int32(SIFT_EXTENSION_TEXT):
            // The pointer first, then the byte count, as SQLite documents.
            let bytes = sift_extension_value_text(value)
            self = .text(Self.decodedText(bytes, count: Int(sift_extension_value_bytes(value))))
        case Int32(SIFT_EXTENSION_BLOB):
            let bytes = sift_extension_value_blob(value)
            let count = Int(sift_extension_value_bytes(value))
            self = .blob(bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? [])
        default:
            self = .null
        }
    }

    /// Decodes `count` bytes of UTF-8, replacing invalid sequences with U+FFFD.
    static func decodedText(_ bytes: UnsafeRawPointer?, count: Int) -> String {
        guard let bytes, count > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Makes this value the result of the SQL function call `context`.
    func setExtensionResult(of context: OpaquePointer?) {
        switch self {
        case .null:
            sift_extension_result_null(context)
        case .integer(let value):
            sift_extension_result_int64(context, value)
        case .real(let value):
            sift_extension_result_double(context, value)
        case .text(var text):
            text.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { sift_extension_result_text(context, $0.baseAddress, UInt64($0.count)) }
            }
        case .blob(let bytes):
            bytes.withUnsafeBytes { sift_extension_result_blob(context, $0.baseAddress, UInt64($0.count)) }
        }
    }
}
