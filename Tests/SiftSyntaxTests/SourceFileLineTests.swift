import SiftSyntax
import SiftTestSupport
import Testing

/// A source's lines, which every diagnostic's line and column come from: the line starts are
/// found by `memchr`, and a one-line text shares one array; both must give what a plain walk
/// over the bytes gives.
@Suite struct SourceFileLineTests {
    /// The offsets after each `\n`, after 0, byte by byte.
    static func plainLineStarts(_ text: String) -> [Int] {
        [0] + text.utf8.enumerated().filter { $0.element == UInt8(ascii: "\n") }.map { $0.offset + 1 }
    }

    @Test(arguments: ["", "x", "\n", "\n\n", "a\nb", "a\r\nb\r\n", "User where age > 1\n", "\nUser", "é\n한\n\n#Predicate<User> {\n  $0.age > 1\n}"])
    func lineStartsOf(_ text: String) {
        let source = SourceFile(text: text)
        #expect(source.lineStarts == Self.plainLineStarts(text))
        let last = source.location(of: text.utf8.count)
        #expect(last.line == source.lineStarts.count)
        #expect(last.column == text.utf8.count - source.lineStarts[source.lineStarts.count - 1] + 1)
    }

    @Test func lineStartsOfGeneratedText() {
        var random = SplitMix64(seed: 61)
        let pieces = ["\n", "a", " ", "é", "\r\n", "{", "한"]
        for _ in 0..<2_000 {
            let text = (0..<random.below(200)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let source = SourceFile(name: "generated", text: text)
            #expect(source.lineStarts == Self.plainLineStarts(text), "\(text.debugDescription)")
            #expect(source.bytes == Array(text.utf8))
        }
    }
}
