import Foundation

/// UUIDs as text, `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, written and read directly: Foundation's
/// `uuidString` and `UUID(uuidString:)` go through `snprintf` and `sscanf` (thousands of
/// instructions each), which showed up as a third of a statement-cache hit.
public enum UUIDText {
    /// The 36-character text of `uuid` (upper case, as `uuidString`, unless `uppercase` is false).
    public static func format(_ uuid: UUID, uppercase: Bool = true) -> String {
        let letterBase: UInt8 = uppercase ? UInt8(ascii: "A") - 10 : UInt8(ascii: "a") - 10
        @inline(__always) func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : letterBase + nibble }
        return withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var out = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[out] = UInt8(ascii: "-")
                        out += 1
                    }
                    let byte = bytes[index]
                    buffer[out] = digit(byte >> 4)
                    buffer[out + 1] = digit(byte & 0x0F)
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
        guard bytes.count == 36,
            bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"), bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-")
        else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var invalid: UInt8 = 0
        withUnsafeMutableBytes(of: &value) { out in
            var index = 0
            for position in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }
                let high = hexValue(bytes[index])
                let low = hexValue(bytes[index + 1])
                invalid |= (high | low) & 0xF0
                out[position] = high << 4 | low
                index += 2
            }
        }
        return invalid == 0 ? UUID(uuid: value) : nil
    }

    /// A hex digit's value, or 0xFF for any other byte.
    @inline(__always) private static func hexValue(_ byte: UInt8) -> UInt8 {
        let decimal = byte &- UInt8(ascii: "0")
        if decimal < 10 { return decimal }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")  // either case
        return letter < 6 ? letter + 10 : 0xFF
    }
}
