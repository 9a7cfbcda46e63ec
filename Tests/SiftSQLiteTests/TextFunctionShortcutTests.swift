import Sift
import SiftSQLite
import Testing

/// The byte-level shortcuts of `sift_nfc`, `sift_contains`, `sift_has_prefix` and
/// `sift_has_suffix` give exactly what `SiftFunction.evaluate` (Swift's own string operations)
/// gives, for texts they answer (characters below U+0300, "\r\n" pairs) and texts they pass on.
@Suite struct TextFunctionShortcutTests {
    static let texts: [String] = [
        "", "a", "ab", "abc", "kim", "Kim Lee", "kimchi", "José", "Jos", "é", "e", "Ça", "ÿ", "ǅ", "ʰ", "\r", "\n", "\r\n", "a\r", "\nb",
        "a\r\nb", "a\rb", "a\r\n", "\r\nb", "\n\r", "x\u{0}y", "\u{0}", "José\r\n", "e\u{301}", "Jose\u{301}", "한국", "a\u{300}", "\u{2FF}",
        "\u{300}", "ab\u{0301}c",
    ]

    @Test func theShortcutsAgreeWithSwift() throws {
        let connection = try Connection.inMemory()
        try connection.registerSiftFunctions()
        var compared = 0
        for function in [SiftFunction.contains, .hasPrefix, .hasSuffix] {
            let statement = try connection.prepare("SELECT \(function.sqlName)(?1, ?2)")
            for haystack in Self.texts {
                for needle in Self.texts {
                    let swift = function.evaluate([.text(haystack), .text(needle)])
                    let sqlite = try statement.rows(bindings: [.text(haystack), .text(needle)]).first?.first
                    #expect(sqlite == swift, "\(function.sqlName)(\(haystack.debugDescription), \(needle.debugDescription))")
                    compared += 1
                }
            }
        }
        let nfc = try connection.prepare("SELECT sift_nfc(?1)")
        for text in Self.texts {
            let sqlite = try nfc.rows(bindings: [.text(text)]).first?.first
            guard case .text(let normalized)? = sqlite else {
                Issue.record("sift_nfc(\(text.debugDescription)) is not text")
                continue
            }
            // Bytes, not `==` (which would find every form equal).
            #expect(Array(normalized.utf8) == Array(text.precomposedStringWithCanonicalMapping.utf8), "sift_nfc(\(text.debugDescription))")
        }
        #expect(compared == 3 * Self.texts.count * Self.texts.count)
    }

    @Test func otherStorageClassesGoToTheSwiftImplementation() throws {
        let connection = try Connection.inMemory()
        try connection.registerSiftFunctions()
        #expect(try connection.scalar("SELECT sift_contains(12345, '34')") == nil)
        #expect(try connection.scalar("SELECT sift_has_prefix(NULL, 'a')") == nil)
        #expect(try connection.scalar("SELECT sift_nfc(42)") == 42)
    }

    /// Invalid UTF-8 (stored by another program) is not taken by the shortcuts: the Swift
    /// implementation reads it with U+FFFD, as it does any stored text.
    @Test func invalidUTF8GoesToTheSwiftImplementation() throws {
        let connection = try Connection.inMemory()
        try connection.registerSiftFunctions()
        // 0x80 alone, an overlong "/" (C0 AF), a truncated "é" (C3): each reads as U+FFFD.
        for hex in ["6180", "61c0af", "61c3"] {
            let replaced = try connection.scalar("SELECT sift_nfc(CAST(x'\(hex)' AS TEXT))")
            #expect(replaced.textValue?.unicodeScalars.contains("\u{FFFD}") == true, "\(hex): \(replaced)")
            #expect(try connection.scalar("SELECT sift_has_prefix(CAST(x'\(hex)' AS TEXT), 'a')") == 1)
            #expect(try connection.scalar("SELECT sift_contains(CAST(x'\(hex)' AS TEXT), '\u{FFFD}')") == 1)
        }
    }
}
