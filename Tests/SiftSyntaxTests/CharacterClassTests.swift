import Testing

@testable import SiftSyntax

/// The lexer's byte classes, against their definitions in Swift's grammar.
@Suite struct CharacterClassTests {
    /// The bit-mask test of name characters agrees with "an ASCII letter, digit or `_`" on every byte.
    @Test func asciiNameCharactersAreLettersDigitsAndUnderscore() {
        for value in 0...255 {
            let byte = UInt8(value)
            let defined = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            #expect(CharacterClasses.isASCIIIdentifierCharacter(byte) == defined, "byte \(value)")
        }
    }
}
