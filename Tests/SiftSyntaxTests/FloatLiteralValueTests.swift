@testable import SiftSyntax
import SiftTestSupport
import Testing

/// A float literal's value is what Swift's own conversion gives, to the bit, whether it takes the
/// short decimal path (`99.8`) or the general one (`1e3`, `0x1p4`, 16 digits or more).
@Suite struct FloatLiteralValueTests {
    static func expectSameAsSwift(_ text: String) {
        let value = FloatLiteral(text: text).value
        let swift = Double(text)
        #expect(value?.bitPattern == swift?.bitPattern, "\(text): \(String(describing: value)) != \(String(describing: swift))")
    }

    @Test func shortDecimalsMatchSwiftsConversion() {
        var random = SplitMix64(seed: 2026)
        for _ in 0..<50_000 {
            let integerDigits = Int(random.next() % 9)
            let fractionDigits = 1 + Int(random.next() % 15)
            var text = ""
            for _ in 0..<integerDigits { text.append(Character(String(random.next() % 10))) }
            if text.isEmpty { text = "0" }
            text += "."
            for _ in 0..<fractionDigits { text.append(Character(String(random.next() % 10))) }
            Self.expectSameAsSwift(text)
        }
    }

    @Test func edgesAndOtherForms() {
        for text in [
            "0.0", "0.1", "0.5", "99.8", "50.0", "1.0", "123456789012345.0", "1.23456789012345", "999999999999999.9",
            "0.000000000000001", "9007199254740993.0", "1234567890123456.7", "1e3", "1.5e-3", "0x1p4", "0x1.8p1", "1.", ".5",
            "00000000000000000.1", "3.141592653589793", "2.2250738585072014e-308",
        ] {
            Self.expectSameAsSwift(text)
        }
        // The short path takes at most 15 digits with a fraction; anything else is Swift's.
        #expect(FloatLiteral.shortDecimalValue("99.8") == 99.8)
        #expect(FloatLiteral.shortDecimalValue("1234567890123456.7") == nil)
        #expect(FloatLiteral.shortDecimalValue("1e3") == nil)
        #expect(FloatLiteral.shortDecimalValue("12") == nil)
    }
}
