import Foundation

/// UUIDs as text, `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, written and read directly: Foundation's
/// `uuidString` and `UUID(uuidString:)` go through `snprintf` and `sscanf` (thousands of
/// instructions each), which showed up as a third of a statement-cache hit.
public enum UUIDText {
    private static let upperDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
    private static let lowerDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The 36-character text of `uuid` (upper case, as `uuidString`, unless `uppercase` is false).
    public static func format(_ uuid: UUID, uppercase: Bool = true) -> String {
        let digits = uppercase ? upperDigits : lowerDigits
        return withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var out = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[out] = UInt8(ascii: "-")
                        out += 1
                    }
                    buffer[out] = digits[Int(byte >> 4)]
                    buffer[out + 1] = digits[Int(byte & 0x0F)]
                    out += 2
                }
                return out
            }
        }
    }

    /// The UUID of a 36-character text with hex digits in either case, as `UUID(uuidString:)`
    /// reads it; other texts go to `UUID(uuidString:)` itself, so both accept the same texts.
    public static func parse(_ text: String) -> UUID? {
        var text = text
        if let parsed = text.withUTF8({ parse(utf8: $0) }) { return parsed }
        return UUID(uuidString: text)
    }

    /// The UUID of 36 bytes of UTF-8 in the canonical form (hex digits in either case); nil for
    /// anything else (which `parse(_:)` then hands to Foundation).
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let ok = withUnsafeMutableBytes(of: &value) { out -> Bool in
            var index = 0
            for position in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return false }
                out[position] = high << 4 | low
                index += 2
            }
            return true
        }
        return ok ? UUID(uuid: value) : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
