import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// What a connection learns about the normal forms of a text column, and the SQL it allows:
/// a column of NFC or NFD texts compares with both forms of a bound value (`IN (?nfc, ?nfd)`,
/// index ranges for `hasPrefix`, `instr` candidates for `contains`); a column with any other
/// form keeps `sift_nfc`. The rows are checked against Swift's own `==`, `hasPrefix` and
/// `contains` on the stored strings.
@Suite struct TextFormFactTests {
    let temporaryFiles = TemporaryFiles()

    /// Stored texts in NFC, in NFD, and ASCII (one in several forms of the same word).
    static let nfcOrNFD = [
        "José", "Jose\u{301}", "José García", "Jose\u{301} Garci\u{301}a", "Jose", "Josef", "Jose\u{301}phine", "Kim Lee",
        "kimchi", "Chloé", "Chloe\u{301}", "한국", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", "Ångström", "A\u{30A}ngstro\u{308}m",
        "K", "abc",
    ]
    /// A text in neither NFC nor NFD, and the Kelvin sign (NFC and NFD turn it into "K").
    static let neither = ["\u{E9}e\u{301}", "\u{212A}"]

    static let needles = ["José", "Jose\u{301}", "Jose", "Jos", "Kim", "kim", "한", "Å", "A", "K", "", "e\u{301}", "\u{301}", "é", "ée\u{301}"]

    /// A database of `words(id, text)` holding `texts`, indexed on `text`, in a file removed when
    /// `files` is released.
    static func makeDatabase(_ texts: [String], collation: String = "BINARY", in files: TemporaryFiles) throws
        -> (path: String, database: SiftDatabase)
    {
        let path = files.path("sift-text-forms", suffix: ".sqlite")
        let writer = try Connection(path: path, mode: .readWriteCreate)
        try writer.execute(
            "CREATE TABLE words (id INTEGER PRIMARY KEY, text TEXT NOT NULL COLLATE \(collation)); CREATE INDEX words_text ON words(text)")
        let insert = try writer.prepare("INSERT INTO words (text) VALUES (?1)")
        for text in texts { _ = try insert.rows(bindings: [.text(text)]) }
        return (path, try SiftDatabase(path: path, mode: .readWrite))
    }

    /// The texts a query selects, as Swift would, and as SQLite does.
    static func texts(_ database: SiftDatabase, _ query: CompiledQuery, parameters: [String: ParameterValue] = [:]) throws -> [String] {
        try database.fetch(query, parameters: parameters).map { if case .string(let text)? = $0["text"] { text } else { "?" } }.sorted()
    }

    static func swiftAnswer(_ texts: [String], _ test: (String) -> Bool) -> [String] { texts.filter(test).sorted() }

    static let tests: [(name: String, swift: @Sendable (String, String) -> Bool)] = [
        ("==", { $0 == $1 }), ("!=", { $0 != $1 }), ("hasPrefix", { $0.hasPrefix($1) }), ("contains", { $0.firstRange(of: $1) != nil }),
    ]

    static func source(_ test: String, _ needle: String) -> String {
        switch test {
        case "==", "!=": "Word where text \(test) needle"
        default: "Word where text.\(test)(needle)"
        }
    }

    /// Every test with every needle, as a literal and as a parameter: the rows Swift selects.
    static func checkAll(_ database: SiftDatabase, texts: [String]) throws {
        for (name, swift) in tests {
            for needle in needles {
                let expected = swiftAnswer(texts, { swift($0, needle) })
                let literal = source(name, needle).replacingOccurrences(of: "needle", with: "\"\(needle.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined())\"")
                #expect(try Self.texts(database, try database.compile(literal)) == expected, "\(literal)")
                let parameterized = try database.compile(source(name, needle), parameterTypes: ["needle": .string])
                #expect(try Self.texts(database, parameterized, parameters: ["needle": .string(needle)]) == expected, "\(name) \(needle.debugDescription) as a parameter")
            }
        }
    }

    @Test func aColumnOfNFCAndNFDTextsUsesItsIndexWithBothForms() throws {
        let (_, database) = try Self.makeDatabase(Self.nfcOrNFD, in: temporaryFiles)
        let equality = try database.compile(#"Word where text == "José""#)
        #expect(equality.sql.contains(#"WHERE "words"."text" IN (?1, ?2)"#), "\(equality.sql)")
        #expect(equality.nfcOrNFDAssumptions == ["words.text"])
        let plan = try database.queryPlan(equality).map(\.detail)
        #expect(plan.contains { $0.contains("USING COVERING INDEX words_text (text=?)") }, "\(plan)")
        let ascii = try database.compile(#"Word where text == "Kim Lee""#)
        #expect(ascii.sql.contains(#"WHERE "words"."text" = ?1"#), "\(ascii.sql)")
        let prefix = try database.compile(#"Word where text.hasPrefix("José")"#)
        #expect(prefix.sql.contains(" OR "), "\(prefix.sql)")
        let prefixPlan = try database.queryPlan(prefix).map(\.detail)
        #expect(prefixPlan.contains { $0.contains("MULTI-INDEX OR") }, "\(prefixPlan)")
        let contains = try database.compile(#"Word where text.contains("é")"#)
        #expect(contains.sql.contains("instr("), "\(contains.sql)")
        try Self.checkAll(database, texts: Self.nfcOrNFD)
    }

    @Test func aColumnWithTextInNeitherFormKeepsNormalising() throws {
        let texts = Self.nfcOrNFD + Self.neither
        let (_, database) = try Self.makeDatabase(texts, in: temporaryFiles)
        let equality = try database.compile(#"Word where text == "José""#)
        #expect(equality.sql.contains(#"sift_nfc("words"."text")"#), "\(equality.sql)")
        #expect(equality.nfcOrNFDAssumptions.isEmpty)
        #expect(!(try database.compile(#"Word where text.contains("é")"#)).sql.contains("instr("))
        try Self.checkAll(database, texts: texts)
    }

    @Test func aQueryCompiledOnTheFactsIsLoweredAgainWhenTheyStopHolding() throws {
        let (_, database) = try Self.makeDatabase(Self.nfcOrNFD, in: temporaryFiles)
        let query = try database.compile(#"Word where text == "ée\u{301}""#)
        #expect(query.sql.contains(" IN ("), "\(query.sql)")
        #expect(try Self.texts(database, query).isEmpty)
        // A text in neither form arrives: the same compiled query still finds it.
        try database.connection.execute("INSERT INTO words (text) VALUES ('\u{E9}e\u{301}')")
        #expect(try Self.texts(database, query) == ["\u{E9}e\u{301}"])
    }

    /// Another connection stores a text in neither form after the facts were learned: the next
    /// run, by name or positionally, checks the facts against the data its statement reads.
    @Test func anotherConnectionsCommitIsSeenByTheNextRun() throws {
        let (path, database) = try Self.makeDatabase(Self.nfcOrNFD, in: temporaryFiles)
        let query = try database.compile("Word where text == needle", parameterTypes: ["needle": .string])
        #expect(query.nfcOrNFDAssumptions == ["words.text"])
        let needle: ParameterValue = .string("ée\u{301}")
        #expect(try Self.texts(database, query, parameters: ["needle": needle]).isEmpty)
        try Connection(path: path, mode: .readWrite).execute("INSERT INTO words (text) VALUES ('\u{E9}e\u{301}')")
        #expect(try Self.texts(database, query, parameters: ["needle": needle]) == ["\u{E9}e\u{301}"])
        #expect(try database.fetch(query, values: [needle]).count == 1)
    }

    /// Another connection stores a text in neither form between two compilations: the second is
    /// lowered on the facts learned before (a compilation does not ask whether the data changed),
    /// and its run, which does, lowers it again.
    @Test func anotherConnectionsCommitBetweenTwoCompilationsIsSeenByTheRun() throws {
        let (path, database) = try Self.makeDatabase(Self.nfcOrNFD, in: temporaryFiles)
        #expect(try database.compile(#"Word where text == "José""#).nfcOrNFDAssumptions == ["words.text"])
        try Connection(path: path, mode: .readWrite).execute("INSERT INTO words (text) VALUES ('\u{E9}e\u{301}')")
        let query = try database.compile(#"Word where text == "ée\u{301}""#)
        #expect(query.nfcOrNFDAssumptions == ["words.text"], "compiled on the facts learned before the commit")
        #expect(try Self.texts(database, query) == ["\u{E9}e\u{301}"])
        #expect(try database.fetch(query, values: []).count == 1)
    }

    /// This connection's own write between two compilations is seen by the second at once.
    @Test func thisConnectionsWriteIsSeenByTheNextCompilation() throws {
        let (_, database) = try Self.makeDatabase(Self.nfcOrNFD, in: temporaryFiles)
        #expect(try database.compile(#"Word where text == "José""#).nfcOrNFDAssumptions == ["words.text"])
        try database.connection.execute("INSERT INTO words (text) VALUES ('\u{E9}e\u{301}')")
        let query = try database.compile(#"Word where text == "ée\u{301}""#)
        #expect(query.nfcOrNFDAssumptions.isEmpty)
        #expect(query.sql.contains(#"sift_nfc("words"."text")"#), "\(query.sql)")
        #expect(try Self.texts(database, query) == ["\u{E9}e\u{301}"])
    }

    /// Positional values still bind by their parameters when the query is lowered again.
    @Test func positionalValuesSurviveLoweringAgain() throws {
        let (_, database) = try Self.makeDatabase(Self.nfcOrNFD, in: temporaryFiles)
        let query = try database.compile("Word where text.hasPrefix(start) && id >= low", parameterTypes: ["start": .string, "low": .int])
        #expect(query.nfcOrNFDAssumptions == ["words.text"])
        let values: [ParameterValue] = [.string("Jos"), .int(2)]
        func ids() throws -> [Int64] { try database.fetch(query, values: values).compactMap { if case .int(let id)? = $0["id"] { id } else { nil } }.sorted() }
        #expect(try ids() == [2, 3, 4, 5, 6, 7])
        try database.connection.execute("INSERT INTO words (id, text) VALUES (100, 'Jos\u{E9}e\u{301}')")
        #expect(try ids() == [2, 3, 4, 5, 6, 7, 100])
    }

    /// Compared bare, a `NOCASE` column would compare "josé" equal to "José": such a column keeps
    /// `sift_nfc`, which compares as Swift does.
    @Test func aColumnWithAnotherCollationKeepsNormalising() throws {
        let texts = Self.nfcOrNFD + ["Zoe", "zoe"]
        let (_, database) = try Self.makeDatabase(texts, collation: "NOCASE", in: temporaryFiles)
        let equality = try database.compile(#"Word where text == "jos\u{E9}""#)
        #expect(equality.sql.contains(#"sift_nfc("words"."text")"#), "\(equality.sql)")
        #expect(try Self.texts(database, equality).isEmpty)
        #expect(try Self.texts(database, try database.compile(#"Word where text.hasPrefix("Z")"#)) == ["Zoe"])
        try Self.checkAll(database, texts: texts)
    }

    /// `GLOB` stops at a NUL: the scan still looks at texts that hold one.
    @Test func aTextWithANulIsInspectedToo() throws {
        let texts = Self.nfcOrNFD + ["x\u{0}e\u{301}\u{E9}"]
        let (_, database) = try Self.makeDatabase(texts, in: temporaryFiles)
        let equality = try database.compile(#"Word where text == "x\u{0}\u{E9}\u{E9}""#)
        #expect(equality.sql.contains(#"sift_nfc("words"."text")"#), "\(equality.sql)")
        #expect(try Self.texts(database, equality) == ["x\u{0}e\u{301}\u{E9}"])
    }
}
