@testable import SiftSyntax
import SiftTestSupport
import Testing

/// The lexer's fast paths (names, `$0`, decimal integers and operators lexed in its main loop)
/// give exactly what its general methods give: the same tokens, diagnostics, string values and
/// open delimiters, on generated text full of the cases where the two part ways.
@Suite struct LexerFastPathTests {
    /// Pieces that start, end or break the fast paths: names next to non-ASCII letters, keywords,
    /// `$0` glued to letters, numbers in every form, operator runs with comments and dots in
    /// them, literals, stray and invalid bytes.
    static let pieces: [[UInt8]] = [
        "age", "name", "if", "in", "nil", "true", "let", "extension", "Predicate", "_x", "é", "größe", "名",
        "$0", "$1", "$12", "$0x", "$", "$name", "$é", "0", "70", "007", "1_000", "0x1F", "0b2", "0o7",
        "1.5", "1.", "1e5", "1E", "12abc", "3é", ".", "..", "...", "..<", "==", "!=", "&&", "||", "??", "<",
        ">=", "!", "?", "-", "+", "*", "/", "%", "=", "->", "&", "===", "=>", "!!", "?!", ">-", "&&!", "//",
        "/*", "*/", "(", ")", "{", "}", "[", "]", ",", ":", ";", "@", "\\", "#", "\"", "\"a\"", "#\"r\"#",
        "`", "`if`", " ", " ", "  ", "\n", "\t", "\r", "\u{0B}", "\u{0C}", "^", "~", "|", "e\u{301}", "\u{301}",
        "😀", "\u{00A0}", "\u{212A}",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x80], [0xE2, 0x82], [0x00], [0x7F]]

    @Test func fastPathsLexAsTheGeneralMethodsDo() {
        var random = SplitMix64(seed: 20261204)
        var compared = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            // Up to 60 pieces, so that some inputs have more tokens than the 32 the lexer
            // writes at a time.
            for _ in 0..<random.below(60) { bytes += Self.pieces[random.below(Self.pieces.count)] }
            // The bytes as they are (a `String` would have replaced invalid UTF-8 first).
            var fast = LexerState(bytes: bytes, fastPaths: true)
            fast.run()
            var general = LexerState(bytes: bytes, fastPaths: false)
            general.run()
            #expect(fast.tokens == general.tokens, "\(bytes)")
            #expect(fast.diagnostics == general.diagnostics, "\(bytes)")
            #expect(fast.literalValues.entries.map(\.offset) == general.literalValues.entries.map(\.offset))
            #expect(fast.literalValues.entries.map(\.value) == general.literalValues.entries.map(\.value))
            #expect(fast.unterminatedAtEnd == general.unterminatedAtEnd)
            #expect(fast.hasLineBreaks == general.hasLineBreaks)
            // A token has trailing trivia exactly when the next one has leading trivia or ends the input.
            let trailing = fast.tokens.indices.map { fast.tokens[$0].trailingTrivia }
            let expected = fast.tokens.indices.map { $0 + 1 == fast.tokens.count || fast.tokens[$0 + 1].leadingTrivia || fast.tokens[$0 + 1].kind == .endOfFile }
            #expect(trailing == expected, "\(bytes)")
            compared += fast.tokens.count
        }
        // The inputs are long enough to exercise the batches and every fast path.
        #expect(compared > 200_000)
    }

    /// Inputs denser than the room the lexer reserves (a token every other byte) and longer
    /// than a batch still give every token, the end last.
    @Test func denseInputsKeepEveryToken() {
        for length in [1, 31, 32, 33, 64, 65, 1_023, 1_024, 5_000] {
            let text = String(repeating: "(", count: length)
            let tokens = Lexer.tokenize(SourceFile(name: "t", text: text)).tokens
            #expect(tokens.count == length + 1)
            #expect(tokens.dropLast().allSatisfy { $0.kind == .leftParen })
            #expect(tokens.enumerated().dropLast().allSatisfy { $0.element.range == SourceRange(start: $0.offset, end: $0.offset + 1) })
            #expect(tokens.last?.kind == .endOfFile)
        }
    }
}
