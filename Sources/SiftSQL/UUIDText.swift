import Foundation

/// UUIDs as text, `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, written and read directly: Foundation's
/// `uuidString` and `UUID(uuidString:)` go through `snprintf` and `sscanf`, each far costlier than
/// the rest of a statement-cache hit.
///
/// Both directions work on eight hex digits at a time in one 64-bit word (one byte per digit,
/// the first digit in the lowest byte), without tables or branches per digit.
package enum UUIDText {
    /// The 36-character text of `uuid` (upper case, as `uuidString`, unless `uppercase` is false).
    package static func format(_ uuid: UUID, uppercase: Bool = true) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            write(uuid, uppercase: uppercase, to: UnsafeMutableRawPointer(buffer.baseAddress!))
            return 36
        }
    }

    /// Calls `body` with the 36 bytes of UTF-8 of `uuid`'s text, written on the stack (no `String`).
    package static func withUTF8<Result>(
        of uuid: UUID, uppercase: Bool = true, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            write(uuid, uppercase: uppercase, to: UnsafeMutableRawPointer(buffer.baseAddress!))
            return try body(UnsafeBufferPointer(rebasing: buffer[0..<36]))
        }
    }

    /// Writes the 36 bytes of `uuid`'s text to `out`.
    private static func write(_ uuid: UUID, uppercase: Bool, to out: UnsafeMutableRawPointer) {
        // From "0" + 10 to the first letter: 7 to "A", 39 to "a".
        let letterOffset: UInt64 = uppercase ? 7 : 39
        withUnsafeBytes(of: uuid.uuid) { bytes in
            /// The eight digits of `bytes[start..<start + 4]`.
            @inline(__always) func digits(_ start: Int) -> UInt64 {
                var nibbles: UInt64 = 0
                for offset in 0..<4 {
                    let byte = UInt64(bytes[start + offset])
                    nibbles |= (byte >> 4) << (16 * offset) | (byte & 0x0F) << (16 * offset + 8)
                }
                let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101  // nibble ≥ 10
                return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* letterOffset
            }
            let hyphen = UInt8(ascii: "-")
            out.storeBytes(of: digits(0).littleEndian, as: UInt64.self)
            out.storeBytes(of: hyphen, toByteOffset: 8, as: UInt8.self)
            let second = digits(4)  // digits 9–12 and 14–17 of the text
            out.storeBytes(of: UInt32(truncatingIfNeeded: second).littleEndian, toByteOffset: 9, as: UInt32.self)
            out.storeBytes(of: hyphen, toByteOffset: 13, as: UInt8.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: second >> 32).littleEndian, toByteOffset: 14, as: UInt32.self)
            out.storeBytes(of: hyphen, toByteOffset: 18, as: UInt8.self)
            let third = digits(8)
            out.storeBytes(of: UInt32(truncatingIfNeeded: third).littleEndian, toByteOffset: 19, as: UInt32.self)
            out.storeBytes(of: hyphen, toByteOffset: 23, as: UInt8.self)
            out.storeBytes(of: UInt32(truncatingIfNeeded: third >> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
            out.storeBytes(of: digits(12).littleEndian, toByteOffset: 28, as: UInt64.self)
        }
    }

    /// The UUID of a 36-character text with hex digits in either case, as `UUID(uuidString:)`
    /// reads it; other texts go to `UUID(uuidString:)` itself, so both accept the same texts.
    package static func parse(_ text: String) -> UUID? {
        var text = text
        if let parsed = text.withUTF8({ parse(utf8: $0) }) { return parsed }
        return UUID(uuidString: text)
    }

    /// The UUID of 36 bytes of UTF-8 in the canonical form (hex digits in either case); nil for
    /// anything else (which `parse(_:)` then hands to Foundation).
    package static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let hyphen = UInt8(ascii: "-")
        guard base[8] == hyphen, base[13] == hyphen, base[18] == hyphen, base[23] == hyphen else { return nil }
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func half(_ offset: Int) -> UInt64 { UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        let (first, valid1) = value(ofDigits: word(0))
        let (second, valid2) = value(ofDigits: half(9) | half(14) << 32)
        let (third, valid3) = value(ofDigits: half(19) | half(24) << 32)
        let (fourth, valid4) = value(ofDigits: word(28))
        guard valid1 && valid2 && valid3 && valid4 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { out in
            out.storeBytes(of: first.bigEndian, toByteOffset: 0, as: UInt32.self)
            out.storeBytes(of: second.bigEndian, toByteOffset: 4, as: UInt32.self)
            out.storeBytes(of: third.bigEndian, toByteOffset: 8, as: UInt32.self)
            out.storeBytes(of: fourth.bigEndian, toByteOffset: 12, as: UInt32.self)
        }
        return UUID(uuid: uuid)
    }

    /// The value of eight ASCII hex digits (the first in the lowest byte of `digits`), and whether
    /// every byte is a hex digit in either case.
    @inline(__always) private static func value(ofDigits digits: UInt64) -> (UInt32, Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones &* 0x80
        // For bytes below 0x80: the high bit of each byte of the sum is set where the byte ≥ bound.
        func atLeast(_ word: UInt64, _ bound: UInt64) -> UInt64 { (word &+ ones &* (0x80 &- bound)) & high }
        let lower = digits | (ones &* 0x20)
        let decimal = atLeast(digits, 0x30) & ~atLeast(digits, 0x3A)
        let letter = atLeast(lower, 0x61) & ~atLeast(lower, 0x67)
        let valid = (digits & high) == 0 && (decimal | letter) == high
        // "0"…"9" → 0…9; "A"…"F" and "a"…"f" (bit 6 set) → 1…6 + 9.
        let nibbles = (digits & (ones &* 0x0F)) &+ ((digits >> 6) & ones) &* 9
        let pairs = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF_00FF_00FF  // byte 2k: digit 2k, 2k+1
        let value = (pairs & 0xFF) << 24 | ((pairs >> 16) & 0xFF) << 16 | ((pairs >> 32) & 0xFF) << 8 | ((pairs >> 48) & 0xFF)
        return (UInt32(truncatingIfNeeded: value), valid)
    }
}
