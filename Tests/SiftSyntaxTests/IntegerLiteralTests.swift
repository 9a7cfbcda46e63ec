import SiftSyntax
import Testing

/// An integer literal's digits are kept only when its magnitude does not spell them; either way
/// `digits` reads as written (separators aside), and a parsed literal equals the one made from its
/// digits.
@Suite struct IntegerLiteralTests {
    static let cases: [(text: String, digits: String, radix: Int, magnitude: UInt64?)] = [
        ("0", "0", 10, 0),
        ("7", "7", 10, 7),
        ("20", "20", 10, 20),
        ("1_000", "1000", 10, 1000),
        ("007", "007", 10, 7),
        ("00", "00", 10, 0),
        ("0_1", "01", 10, 1),
        ("0x2A", "2A", 16, 42),
        ("0x2a", "2a", 16, 42),
        ("0b101", "101", 2, 5),
        ("0o17", "17", 8, 15),
        ("18446744073709551615", "18446744073709551615", 10, UInt64.max),
        ("18446744073709551616", "18446744073709551616", 10, nil),
    ]

    @Test(arguments: cases)
    func digitsRadixAndMagnitude(text: String, digits: String, radix: Int, magnitude: UInt64?) throws {
        let parsed = Parser.parseExpression(SourceFile(text: text))
        guard case .integerLiteral(let literal) = parsed.tree[parsed.value] else {
            Issue.record("\(text) is not an integer literal")
            return
        }
        #expect(literal.digits == digits)
        #expect(literal.radix == radix)
        #expect(literal.magnitude == magnitude)
        #expect(literal == IntegerLiteral(digits: digits, radix: radix))
    }
}
