import Foundation
@testable import SiftSQL
import SiftTestSupport
import Testing

/// Sift's own NFC and NFD of Latin and Hangul text equal Foundation's, character by character
/// and in random mixtures; any other text is left to Foundation.
@Suite struct SimpleNormalizationTests {
    static let latin = (0..<0x300).compactMap(Unicode.Scalar.init).map(String.init)
    static let hangul = SimpleNormalization.hangulSyllables.compactMap(Unicode.Scalar.init).map(String.init)

    @Test func everyLatinAndHangulCharacterNormalizesAsFoundationDoes() {
        var mismatches: [String] = []
        for text in Self.latin + Self.hangul {
            let nfc = SimpleNormalization.precomposed(text)
            let nfd = SimpleNormalization.decomposed(text)
            // The fast path takes every one of them, and agrees with Foundation to the scalar.
            if nfc.map({ Array($0.unicodeScalars) }) != Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
                || nfd.map({ Array($0.unicodeScalars) }) != Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
            {
                mismatches.append(text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined())
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func mixturesNormalizeAsFoundationDoesOrAreLeftToIt() {
        // Simple characters next to ones that are not: combining marks, conjoining jamo, Greek,
        // CJK, an emoji.
        let others = ["\u{301}", "\u{308}", "\u{1161}", "\u{11A8}", "\u{1100}", "Ω", "ά", "漢", "👍🏽", "\u{340}"]
        let pool = Array(Self.latin[0x20..<0x300]) + Self.hangul.prefix(200) + others
        var generator = SplitMix64(seed: 20_261_201)  // the same mixtures on every run
        var leftToFoundation = 0
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
            let expectedNFC = Array(text.precomposedStringWithCanonicalMapping.unicodeScalars)
            let expectedNFD = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
            let simple = text.unicodeScalars.allSatisfy { $0.value < 0x300 || SimpleNormalization.hangulSyllables.contains($0.value) }
            if let nfc = SimpleNormalization.precomposed(text) {
                #expect(Array(nfc.unicodeScalars) == expectedNFC, "\(text.debugDescription)")
            }
            if let nfd = SimpleNormalization.decomposed(text) {
                #expect(Array(nfd.unicodeScalars) == expectedNFD, "\(text.debugDescription)")
            }
            #expect((SimpleNormalization.precomposed(text) != nil) == simple, "\(text.debugDescription)")
            #expect((SimpleNormalization.decomposed(text) != nil) == simple, "\(text.debugDescription)")
            if !simple { leftToFoundation += 1 }
        }
        #expect(leftToFoundation > 100)
    }

    @Test func textWithACombiningMarkIsLeftToFoundation() {
        #expect(SimpleNormalization.precomposed("Jose\u{301}") == nil)
        #expect(SimpleNormalization.decomposed("Jose\u{301}") == nil)
        #expect(SimpleNormalization.precomposed("José") == "José")
        #expect(SimpleNormalization.decomposed("José").map { Array($0.unicodeScalars) } == Array("Jose\u{301}".unicodeScalars))
        #expect(SimpleNormalization.decomposed("등산").map { $0.unicodeScalars.map(\.value) } == [0x1103, 0x1173, 0x11BC, 0x1109, 0x1161, 0x11AB])
    }
}
