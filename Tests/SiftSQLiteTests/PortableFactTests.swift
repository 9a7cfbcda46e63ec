import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// What portable SQL may do with the facts a connection learns about a text column: on ASCII text
/// without NUL or carriage return, `contains`, `hasPrefix`, `hasSuffix`, `lowercased()` and
/// `count` become SQLite's byte-wise functions, with the rows Swift selects (checked with Swift's
/// own string functions on the stored texts, the SQL run on a connection without Sift's
/// functions); on NFC text that is not ASCII, or ASCII text with a carriage return, they are
/// refused, since the bytes would give other rows.
@Suite struct PortableFactTests {
    let temporaryFiles = TemporaryFiles()

    /// ASCII texts without NUL or carriage return, with LIKE's metacharacters, a tab and a line feed.
    static let ascii = ["Kim Lee", "kimchi", "KIM", "abc", "K", "", "a_b%c", "tab\there", "line\nbreak", "Joakim", "b"]
    static let needles = ["kim", "Kim", "K", "", "b", "a_b", "\n", "e", "é", "\u{212A}", "ab\u{0}", "im", "\u{301}"]

    /// A portable database of `words(id, text)` holding `texts`.
    static func makeDatabase(_ texts: [String], in files: TemporaryFiles) throws -> (path: String, database: SiftDatabase) {
        let path = files.path("sift-portable-facts", suffix: ".sqlite")
        let writer = try Connection(path: path, mode: .readWriteCreate)
        try writer.execute("CREATE TABLE words (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        let insert = try writer.prepare("INSERT INTO words (text) VALUES (?1)")
        for text in texts { _ = try insert.rows(bindings: [.text(text)]) }
        let database = try SiftDatabase(path: path, mode: .readWrite)
        database.loweringOptions.portable = true
        return (path, database)
    }

    /// The texts a portable query selects on a connection without Sift's functions, sorted.
    static func plainTexts(_ path: String, _ query: CompiledQuery, _ database: SiftDatabase, _ parameters: [String: ParameterValue]) throws
        -> [String]
    {
        let plain = try Connection(path: path)
        let bindings = try query.bindings(for: parameters, schema: database.schema)
        let textColumn = try #require(query.columnNames.firstIndex(of: "text"))
        return try plain.prepare(query.sql).rows(bindings: bindings).map { if case .text(let text) = $0[textColumn] { text } else { "?" } }
            .sorted()
    }

    static let tests: [(source: String, swift: @Sendable (String, String) -> Bool)] = [
        ("Word where text.contains(needle)", { $0.firstRange(of: $1) != nil }),
        ("Word where text.hasPrefix(needle)", { $0.hasPrefix($1) }),
        ("Word where text.hasSuffix(needle)", { $0.hasSuffix($1) }),
        ("Word where text.lowercased() == needle", { $0.lowercased() == $1 }),
        ("Word where text.uppercased().contains(needle)", { $0.uppercased().firstRange(of: $1) != nil }),
    ]

    @Test func onASCIITextTheByteWiseFunctionsGiveSwiftsRows() throws {
        let (path, database) = try Self.makeDatabase(Self.ascii, in: temporaryFiles)
        #expect(throws: (any Error).self) { try Connection(path: path).prepare("SELECT sift_contains('a', 'a')").rows() }
        for (source, swift) in Self.tests {
            for needle in Self.needles {
                let expected = Self.ascii.filter { swift($0, needle) }.sorted()
                let literal = source.replacingOccurrences(
                    of: "needle", with: "\"" + needle.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined() + "\"")
                for (query, parameters) in [
                    (try database.compile(literal), [:]),
                    (try database.compile(source, parameterTypes: ["needle": .string]), ["needle": ParameterValue.string(needle)]),
                ] as [(CompiledQuery, [String: ParameterValue])] {
                    #expect(!SiftCallScan.callsSift(query.sql), "\(source): \(query.sql)")
                    #expect(query.asciiAssumptions == ["words.text"], "\(source)")
                    #expect(query.assumptions.map(\.description) == ["column words.text holds only ASCII text, without NUL or carriage return"])
                    #expect(try Self.plainTexts(path, query, database, parameters) == expected, "\(source) with \(needle.debugDescription)")
                }
            }
        }
        let count = try database.compile("Word where text.count > 3")
        #expect(try Self.plainTexts(path, count, database, [:]) == Self.ascii.filter { $0.count > 3 }.sorted())
    }

    /// Foundation's `caseInsensitiveCompare` of ASCII texts, against a constant (a parameter may
    /// hold any text: refused).
    @Test func caseInsensitiveCompareOfASCIITexts() throws {
        let (path, database) = try Self.makeDatabase(Self.ascii + ["kIm", "_", "[", "`", "{", "Z", "z"], in: temporaryFiles)
        let texts = Self.ascii + ["kIm", "_", "[", "`", "{", "Z", "z"]
        for needle in ["kim", "KIM", "k", "", "_", "[", "z", "Z", "a_b%C", "tab\tHERE"] {
            for (name, order) in [("orderedAscending", ComparisonResult.orderedAscending), ("orderedSame", .orderedSame), ("orderedDescending", .orderedDescending)] {
                let literal = needle.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined()
                let query = try database.compile("Word where text.caseInsensitiveCompare(\"\(literal)\") == .\(name)")
                #expect(query.asciiAssumptions == ["words.text"])
                let expected = texts.filter { $0.caseInsensitiveCompare(needle) == order }.sorted()
                #expect(try Self.plainTexts(path, query, database, [:]) == expected, "\(needle.debugDescription) \(name)")
            }
        }
        let checked = try #require(
            Compiler(schema: database.schema, options: .init(parameterTypes: ["needle": .string])).check(
                "Word where text.caseInsensitiveCompare(needle) == .orderedSame"
            ).checked)
        #expect(!database.compile(checked).portabilityDiagnostics.isEmpty)
    }

    @Test func onNFCTextThatIsNotASCIIStringFunctionsAreRefused() throws {
        // "a" + U+20DD (an enclosing circle, which composes with nothing) is NFC; it holds the
        // bytes of "a", not the character.
        let texts = ["a\u{20DD}", "a", "café"]
        let (path, database) = try Self.makeDatabase(texts, in: temporaryFiles)
        for source in [#"Word where text.contains("a")"#, #"Word where text.hasPrefix("a")"#, #"Word where text.count == 1"#, #"Word where text.uppercased() == "A""#] {
            let compilation = try #require(Compiler(schema: database.schema).check(source).checked)
            let query = database.compile(compilation)
            #expect(query.portabilityDiagnostics.map(\.id.rawValue) == ["portable-needs-extension"], "\(source): \(query.sql)")
            #expect(throws: CompileError.self) { try database.compile(source) }
        }
        // `==` and sorting need NFC only: portable, with Swift's rows.
        let equality = try database.compile(#"Word where text == "cafe\u{301}" || text < "a\u{20DD}" sort by text"#)
        #expect(equality.nfcAssumptions == ["words.text"])
        #expect(try Self.plainTexts(path, equality, database, [:]) == texts.filter { $0 == "cafe\u{301}" || $0 < "a\u{20DD}" }.sorted())
    }

    @Test func asciiTextWithACarriageReturnIsNotASCIIForPortableSQL() throws {
        // "\r\n" is one character: "a\r\nb".contains("\r") is false, though its bytes hold it.
        let (_, database) = try Self.makeDatabase(["a\r\nb", "ab"], in: temporaryFiles)
        let checked = try #require(Compiler(schema: database.schema).check(#"Word where text.contains("\r")"#).checked)
        #expect(!database.compile(checked).portabilityDiagnostics.isEmpty)
        #expect(try database.compile(#"Word where text == "ab""#).nfcAssumptions == ["words.text"])
    }

    @Test func aPortableQueryIsRefusedOnceTheDataNoLongerProvesItsFacts() throws {
        let (_, database) = try Self.makeDatabase(Self.ascii, in: temporaryFiles)
        #expect(try database.compile(#"Word where text.contains("kim")"#).asciiAssumptions == ["words.text"])
        try database.connection.execute("INSERT INTO words (text) VALUES ('Zoë')")
        #expect(throws: CompileError.self) { try database.compile(#"Word where text.contains("kim")"#) }
    }
}
