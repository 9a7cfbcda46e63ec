/// Swift's lexical character classes, on bytes and Unicode scalars.
///
/// The identifier sets are those of *The Swift Programming Language* ("Lexical Structure":
/// identifier-head and identifier-character), so `이름`, `größe` and `π` are identifiers.
enum CharacterClasses {
    /// ASCII letters and `_`.
    @inline(__always)
    static func isASCIIIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
    }

    /// ASCII letters, digits and `_`: one bit test against two words (the lexer asks it of every
    /// byte of every name).
    @inline(__always)
    static func isASCIIIdentifierCharacter(_ byte: UInt8) -> Bool {
        // Bits 0x30–0x39 (digits) of the low word; 0x41–0x5A, 0x5F and 0x61–0x7A of the high one.
        let low: UInt64 = 0x03FF_0000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        return byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : byte < 128 && (high >> UInt64(byte & 63)) & 1 != 0
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        default: nil
        }
    }

    /// Space, tab, line feed, carriage return, vertical tab, form feed.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    /// The ASCII characters that make up operators: `/ = - + ! * % < > & | ^ ~ ?`.
    @inline(__always)
    static func isOperatorCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
            UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
            UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default: false
        }
    }

    /// Swift's identifier-head, for scalars outside ASCII.
    static func isIdentifierHead(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIIdentifierHead(UInt8(scalar)) }
        switch scalar {
        case 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6,
            0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
            0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054,
            0x2060...0x206F, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793,
            0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F,
            0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44,
            0xFE47...0xFFFD:
            return true
        case 0x10000...0xEFFFD:
            // U+10000–U+1FFFD, U+20000–U+2FFFD, ... U+E0000–U+EFFFD.
            return scalar & 0xFFFF <= 0xFFFD
        default:
            return false
        }
    }

    /// Swift's identifier-character (identifier-head, digits and combining marks).
    static func isIdentifierCharacter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return isASCIIIdentifierCharacter(UInt8(scalar)) }
        switch scalar {
        case 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        default: return isIdentifierHead(scalar)
        }
    }

    /// Decodes one UTF-8 scalar at `offset`: its value and length, or `nil` for an invalid
    /// sequence (then the caller skips one byte).
    static func decodeScalar(_ bytes: [UInt8], at offset: Int) -> (value: UInt32, length: Int)? {
        let count = bytes.count
        let first = bytes[offset]
        if first < 0x80 { return (UInt32(first), 1) }
        let length: Int
        var value: UInt32
        switch first {
        case 0xC2...0xDF: length = 2; value = UInt32(first & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(first & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(first & 0x07)
        default: return nil
        }
        guard offset + length <= count else { return nil }
        for index in 1..<length {
            let byte = bytes[offset + index]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // Overlong forms, surrogates and values past U+10FFFF are invalid.
        switch length {
        case 3 where value < 0x800 || (0xD800...0xDFFF).contains(value): return nil
        case 4 where value < 0x10000 || value > 0x10FFFF: return nil
        default: return (value, length)
        }
    }

    /// How a scalar is shown in a diagnostic: the character itself when printable, else `U+XXXX`.
    static func describe(_ scalar: UInt32) -> String {
        if scalar < 0x20 || scalar == 0x7F || (0x80...0x9F).contains(scalar) || scalar == 0x200B
            || scalar == 0xFEFF
        {
            return "U+" + hex4(scalar)
        }
        guard let unicode = Unicode.Scalar(scalar) else { return "U+" + hex4(scalar) }
        return "'" + String(Character(unicode)) + "'"
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }
}
