import SiftTestSupport
import Testing

@testable import SiftSQL

/// The renderer's word tests against their definitions, byte by byte: where the text of a word
/// ends (its first byte below `SQLFragment.Marker.end`), and whether its first bytes hold a quote.
@Suite struct WordScanTests {
    /// Bytes that sit on each side of the tests' edges: markers, the first text byte, the quote and
    /// its neighbours, and bytes whose high bit is set (the tests read the high bits).
    static let interestingBytes: [UInt8] = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x21, 0x22, 0x23, 0x41, 0x7F, 0x80, 0x83, 0xA2, 0xC3, 0xFF]

    @Test func textLengthIsTheCountOfBytesBeforeTheFirstMarker() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<50_000 {
            let bytes = (0..<8).map { _ in Self.pick(&generator) }
            let word = bytes.withUnsafeBufferPointer { WordScan.load($0.baseAddress!) }
            let expected = bytes.firstIndex { $0 < SQLFragment.Marker.end } ?? 8
            #expect(WordScan.textLength(word) == expected, "\(bytes)")
        }
    }

    @Test func containsQuoteLooksAtTheFirstBytesOnly() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<50_000 {
            let bytes = (0..<8).map { _ in Self.pick(&generator) }
            let word = bytes.withUnsafeBufferPointer { WordScan.load($0.baseAddress!) }
            for count in 1...8 {
                let expected = bytes.prefix(count).contains(UInt8(ascii: "\""))
                #expect(WordScan.containsQuote(word, inFirst: count) == expected, "\(bytes), first \(count)")
            }
        }
    }

    @Test func storeWritesTheBytesAsLoaded() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
        var target = [UInt8](repeating: 0, count: 9)
        // At an odd address: loads and stores take any alignment.
        let word = bytes.withUnsafeBufferPointer { WordScan.load($0.baseAddress! + 1) }
        target.withUnsafeMutableBufferPointer { WordScan.store(word, at: $0.baseAddress! + 1) }
        #expect(target == [0, 2, 3, 4, 5, 6, 7, 8, 9])
    }

    /// Mostly the interesting bytes, sometimes any byte.
    static func pick(_ generator: inout SplitMix64) -> UInt8 {
        generator.next() % 4 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : interestingBytes[Int(generator.next() % UInt64(interestingBytes.count))]
    }

    /// Fragments whose buffers hold exactly their bytes, with no slack after them: the in-place
    /// writer reads a word only where the fragment has eight bytes left, so under AddressSanitizer
    /// (`make test` runs this suite so) a word read past the text or past a name at the end fails.
    @Test func theWriterReadsNoWordPastAFragmentsBytes() {
        var text = SQLFragment(reservingCapacity: 3)
        text.appendText("abc")
        #expect(text.estimatedLength == 3 && text.rendered().text == "abc")
        var name = SQLFragment(reservingCapacity: 14)
        name.appendText("a = ")
        name.appendTableReference("users", alias: "users")
        #expect(name.estimatedLength == 14 && name.rendered().text == "a = \"users\"")
    }
}
