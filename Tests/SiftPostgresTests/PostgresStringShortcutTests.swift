import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// The shortcuts of the exact string tests on PostgreSQL select what Swift's characters select:
/// `sift.contains` answers in the inlined expression where a match is preceded by a code point
/// below U+0600 and followed by one below U+0300 (one pattern; `sift.contains_each_row` compares
/// the code points around the first match, and decides an ASCII text by `strpos`),
/// `sift.has_prefix` where the code point after the prefix is below U+0300 (or the text ends),
/// and `hasPrefix` after an index range decides the candidates below `prefix + U+0300` by
/// comparing (`PostgreSQLDialect.exactPrefixTest`).
///
/// Texts are made of pieces chosen where a shortcut could go wrong: combining marks right after a
/// match (U+0300, the first code point the shortcut leaves to the clusters, and U+02FF, the last
/// it decides), precomposed and decomposed accents, CR LF, zero-width joiners before © and emoji,
/// regional indicators and Hangul jamo; and, apart, Indic conjuncts (rule GB9c). The expected
/// answers are Swift's `Character` arrays (canonical equivalence, extended grapheme clusters).
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresStringShortcutTests {
    static let pieces = [
        "K", "i", "m", "b", "e", " ", "\u{E9}", "e\u{301}", "\u{301}", "\u{300}", "\u{2FF}", "\u{308}", "\r", "\n", "\u{200D}",
        "\u{A9}", "\u{1F469}", "\u{1F4BB}", "\u{1F1F0}", "\u{1F1F7}", "\u{1100}", "\u{1161}", "\u{11AB}", "\u{D55C}",
    ]

    /// A text of up to `maximum` pieces.
    static func text(_ random: inout SplitMix64, maximum: Int) -> String {
        (0..<random.below(maximum + 1)).map { _ in pieces[random.below(pieces.count)] }.joined()
    }

    /// The unicode scalars of `text`, for messages.
    static func scalars(_ text: String) -> String {
        text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }

    static func swiftContains(_ haystack: String, _ needle: String) -> Bool {
        let h = Array(haystack)
        let n = Array(needle)
        if n.isEmpty { return true }
        guard h.count >= n.count else { return false }
        return (0...(h.count - n.count)).contains { Array(h[$0..<$0 + n.count]) == n }
    }

    static func swiftHasPrefix(_ haystack: String, _ prefix: String) -> Bool { Array(haystack).starts(with: Array(prefix)) }

    static let functions: Result<PostgresTestDatabase, any Error> = Result {
        let database = try PostgresServer.shared().createDatabase("string shortcuts")
        try database.load(PostgreSQLFunctions.installScript)
        return database
    }

    /// Generated pairs, with needles cut from their haystack at any scalar (inside clusters too):
    /// `sift.contains` and `sift.has_prefix` answer as Swift's characters.
    @Test func theInlinedTestsAnswerAsSwiftsCharacters() throws {
        let connection = try PlainPostgresConnection(uri: try Self.functions.get().uri())
        var random = SplitMix64(seed: 20_261_205)
        var pairs: [(String, String)] = []
        for _ in 0..<3000 {
            let haystack = Self.text(&random, maximum: 6)
            let scalars = Array(haystack.unicodeScalars)
            let needle: String
            if random.below(3) == 0 || scalars.isEmpty {
                needle = Self.text(&random, maximum: 3)
            } else {
                // A run of the haystack's scalars, from its start one time in two (a prefix).
                let start = random.below(2) == 0 ? 0 : random.below(scalars.count)
                let end = start + random.below(scalars.count - start + 1)
                var cut = ""
                cut.unicodeScalars.append(contentsOf: scalars[start..<end])
                needle = cut
            }
            pairs.append((haystack, needle))
        }
        let json = try JSONSerialization.data(withJSONObject: pairs.enumerated().map { ["i": $0.offset, "h": $0.element.0, "n": $0.element.1] })
        let rows = try connection.rows(
            "SELECT sift.contains(h, n)::text, sift.has_prefix(h, n)::text FROM jsonb_to_recordset($1::jsonb) AS t(i int, h text, n text) ORDER BY i",
            parameters: [String(decoding: json, as: UTF8.self)])
        #expect(rows.count == pairs.count)
        var decidedAtOnce = 0
        for ((haystack, needle), row) in zip(pairs, rows) {
            let expected = [Self.swiftContains(haystack, needle), Self.swiftHasPrefix(haystack, needle)].map { $0 ? "true" : "false" }
            #expect(row.map { $0 ?? "NULL" } == expected, "\(Self.scalars(haystack)) / \(Self.scalars(needle))")
            if haystack.unicodeScalars.starts(with: needle.unicodeScalars) { decidedAtOnce += 1 }
        }
        // Enough prefixes of the same scalars that the shortcut is exercised, not only the clusters.
        #expect(decidedAtOnce > 1000)
    }

    // MARK: The shortcuts of `contains`

    /// Regular-expression metacharacters (the needle's own characters are escaped in the pattern
    /// of `sift.contains`), ASCII letters and controls (`sift.contains_each_row` decides an ASCII
    /// text by `strpos` alone), needles that are not NFC (the Kelvin sign is canonically K, the Greek question mark
    /// a semicolon, so neither is found by its code points), and the code points around a match
    /// where the pattern stops deciding: U+02FF/U+0300 after it, U+05FF/U+0600 (a Prepend
    /// character) before it.
    static let containsPieces = [
        "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}", "#", "-", "(?:", "\\x4B", "{1}", "a", "K", "k", ";",
        "\u{212A}", "\u{37E}", "\u{E9}", "e\u{301}", "\u{301}", "\u{2FF}", "\u{300}", "\u{5FF}", "\u{600}", "\u{D55C}", "\r", "\n",
        "\u{7F}",
    ]

    static func containsText(_ random: inout SplitMix64, maximum: Int) -> String {
        (0..<random.below(maximum + 1)).map { _ in containsPieces[random.below(containsPieces.count)] }.joined()
    }

    /// `sift.contains` answers as Swift's characters for generated texts: where each row has its
    /// own needle (the pattern is made for each row) and where one needle is bound for all rows
    /// (the planner folds the needle's tests and pattern into constants); so does
    /// `sift.contains_each_row`, which the SQL calls for a needle read from each row. With the
    /// clusters' function answering NULL, the shortcuts alone answer most pairs, as Swift does.
    @Test func containsAnswersAsSwiftsCharactersWhateverTheNeedlesCharacters() throws {
        let connection = try PlainPostgresConnection(uri: try Self.functions.get().uri())
        var random = SplitMix64(seed: 20_261_206)
        var pairs: [(haystack: String, needle: String)] = []
        for _ in 0..<4000 {
            let haystack = Self.containsText(&random, maximum: 7)
            let scalars = Array(haystack.unicodeScalars)
            var needle = ""
            if random.below(3) == 0 || scalars.isEmpty {
                needle = Self.containsText(&random, maximum: 2)
            } else {
                let start = random.below(scalars.count)
                needle.unicodeScalars.append(contentsOf: scalars[start..<start + random.below(min(4, scalars.count - start) + 1)])
            }
            pairs.append((haystack, needle))
        }
        let json = try JSONSerialization.data(withJSONObject: pairs.enumerated().map { ["i": $0.offset, "h": $0.element.haystack, "n": $0.element.needle] })
        let query = """
            SELECT sift.contains(h, n)::text, sift.contains_each_row(h, n)::text
            FROM jsonb_to_recordset($1::jsonb) AS t(i int, h text, n text) ORDER BY i
            """
        let rows = try connection.rows(query, parameters: [String(decoding: json, as: UTF8.self)])
        // The shortcuts alone, in a transaction that is rolled back: the clusters answer NULL.
        try connection.execute(
            """
            BEGIN;
            CREATE OR REPLACE FUNCTION sift.contains_by_clusters(haystack text, needle text) RETURNS boolean
            LANGUAGE sql IMMUTABLE AS $$ SELECT NULL::boolean $$;
            """)
        let shortcuts = try connection.rows(query, parameters: [String(decoding: json, as: UTF8.self)])
        try connection.execute("ROLLBACK")
        #expect(rows.count == pairs.count && shortcuts.count == pairs.count)
        var decidedInASCII = [0, 0]
        var decidedInOthers = [0, 0]
        for (((haystack, needle), row), shortcut) in zip(zip(pairs, rows), shortcuts) {
            let expected = String(Self.swiftContains(haystack, needle))
            #expect(row.map { $0 ?? "NULL" } == [expected, expected], "\(Self.scalars(haystack)) / \(Self.scalars(needle))")
            let ascii = haystack.utf8.allSatisfy { $0 < 0x80 }
            for (index, answer) in shortcut.enumerated() {
                guard let answer else { continue }
                #expect(answer == expected, "shortcut \(index): \(Self.scalars(haystack)) / \(Self.scalars(needle))")
                if ascii { decidedInASCII[index] += 1 } else { decidedInOthers[index] += 1 }
            }
        }
        // The shortcuts decide many pairs in ASCII texts and in others, not only the clusters
        // (`sift.contains_each_row` answers false too in an ASCII text).
        #expect(decidedInASCII[0] > 400 && decidedInASCII[1] > 1000, "\(decidedInASCII) pairs decided in ASCII texts")
        #expect(decidedInOthers.allSatisfy { $0 > 500 }, "\(decidedInOthers) pairs decided in other texts")
        #expect(try connection.rows(#"SELECT sift.contains_by_clusters('a', 'a')::text"#) == [["true"]])

        // NULL in, NULL out; a needle too long for a pattern is decided by the clusters.
        let long = String(repeating: "a", count: 50_000)
        let edges = try connection.rows(
            """
            SELECT sift.contains(NULL, 'a')::text, sift.contains('a', NULL)::text, sift.contains_each_row(NULL, 'a')::text,
                sift.contains_each_row('a', NULL)::text, sift.contains($1, $2)::text, sift.contains($1, $2 || 'b')::text
            """, parameters: ["\u{E9}" + long + "\u{E9}", long])
        #expect(edges == [["NULL", "NULL", "NULL", "NULL", "true", "false"].map { $0 == "NULL" ? nil : $0 }])

        // One needle for every row, bound: metacharacters, and needles whose first code point is
        // ASCII but which are not NFC (found in ASCII texts only by canonical equivalence).
        let haystacks = ["KK", "aKb", ";;", "xa;y", "K", "a"] + (0..<150).map { _ in Self.containsText(&random, maximum: 7) }
        let texts = try JSONSerialization.data(withJSONObject: haystacks.enumerated().map { ["i": $0.offset, "h": $0.element] })
        for needle in [
            "K", "\u{212A}", "K\u{212A}", "aK", "a\u{212A}", ";\u{37E}", ".", "(?:", "\\x4B", "a*", "[K]", "$", "^", "{1}", "|", "\u{E9}",
            "e\u{301}", ";", "\u{37E}", "\r",
        ] {
            let answers = try connection.rows(
                "SELECT sift.contains(h, $2)::text FROM jsonb_to_recordset($1::jsonb) AS t(i int, h text) ORDER BY i",
                parameters: [String(decoding: texts, as: UTF8.self), needle])
            #expect(answers.count == haystacks.count)
            for (haystack, row) in zip(haystacks, answers) {
                #expect(row.first ?? nil == String(Self.swiftContains(haystack, needle)), "\(Self.scalars(haystack)) / \(Self.scalars(needle))")
            }
        }
    }

    // MARK: Indic conjuncts

    /// Consonants, viramas (InCB=Linker), nuktas, vowel signs that extend (InCB=Extend) and that
    /// do not (spacing marks), independent vowels and chillus of Devanagari, Bengali, Gujarati,
    /// Oriya, Telugu and Malayalam, with ZWJ, ZWNJ, an accent, Latin letters and a Myanmar
    /// consonant and virama (a consonant Swift joins after an Indic virama; a virama that is no
    /// linker).
    static let indicPieces = [
        "\u{915}", "\u{937}", "\u{958}", "\u{94D}", "\u{93C}", "\u{93F}", "\u{941}", "\u{905}",
        "\u{995}", "\u{9AF}", "\u{9CD}", "\u{9BC}", "\u{9BE}", "\u{9BF}", "\u{9CE}",
        "\u{A95}", "\u{AB9}", "\u{ACD}", "\u{ABC}", "\u{AC0}", "\u{AC1}",
        "\u{B15}", "\u{B71}", "\u{B4D}", "\u{B3C}", "\u{B3E}", "\u{B40}",
        "\u{C15}", "\u{C58}", "\u{C4D}", "\u{C3F}", "\u{C41}",
        "\u{D15}", "\u{D3A}", "\u{D4D}", "\u{D3B}", "\u{D3E}", "\u{D3F}", "\u{D7A}",
        "\u{200D}", "\u{200C}", "a", " ", "\u{301}", "\u{1000}", "\u{1039}",
    ]

    /// The six linkers, chosen more often than the other pieces so that many texts hold conjuncts.
    static let viramas = ["\u{94D}", "\u{9CD}", "\u{ACD}", "\u{B4D}", "\u{C4D}", "\u{D4D}"]

    static func indicPiece(_ random: inout SplitMix64) -> String {
        random.below(4) == 0 ? viramas[random.below(viramas.count)] : indicPieces[random.below(indicPieces.count)]
    }

    /// Generated texts of those pieces, with needles cut from them at any scalar: `sift.length`,
    /// `sift.contains`, `sift.has_prefix` and `sift.has_suffix` answer as Swift's characters, which
    /// keep a consonant, virama, consonant conjunct in one character (GB9c: "\u{915}\u{94D}\u{915}"
    /// is one character, so neither "\u{915}\u{94D}" is its prefix nor "\u{915}" its suffix).
    @Test func indicConjunctsAnswerAsSwiftsCharacters() throws {
        let connection = try PlainPostgresConnection(uri: try Self.functions.get().uri())
        var random = SplitMix64(seed: 15_01)
        var cases: [(haystack: String, needle: String)] = []
        for _ in 0..<4000 {
            let haystack = (0..<random.below(9)).map { _ in Self.indicPiece(&random) }.joined()
            let scalars = Array(haystack.unicodeScalars)
            var needle = ""
            if scalars.isEmpty || random.below(4) == 0 {
                needle = (0..<random.below(3)).map { _ in Self.indicPiece(&random) }.joined()
            } else {
                // A prefix, a suffix or another run of the haystack's scalars.
                let kind = random.below(3)
                let start = kind == 0 ? 0 : random.below(scalars.count)
                let end = kind == 1 ? scalars.count : start + random.below(scalars.count - start + 1)
                needle.unicodeScalars.append(contentsOf: scalars[start..<end])
            }
            cases.append((haystack, needle))
        }
        let rows = try PostgresStringFunctionAnswers.rows(connection, cases)
        #expect(rows.count == cases.count)
        var conjuncts = 0
        for ((haystack, needle), row) in zip(cases, rows) {
            let characters = Array(haystack)
            let expected = [
                String(characters.count),
                String(Self.swiftContains(haystack, needle)),
                String(Self.swiftHasPrefix(haystack, needle)),
                String(characters.reversed().starts(with: Array(needle).reversed())),
            ]
            #expect(row.map { $0 ?? "NULL" } == expected, "\(Self.scalars(haystack)) / \(Self.scalars(needle))")
            // A character with a letter after its first scalar: a conjunct GB9c keeps whole.
            if characters.contains(where: { $0.unicodeScalars.dropFirst().contains { $0.properties.generalCategory == .otherLetter } }) {
                conjuncts += 1
            }
        }
        // Enough texts hold conjuncts that the rule is exercised.
        #expect(conjuncts > 250, "\(conjuncts) texts with conjuncts")
    }

    @Test func nilInNilOut() throws {
        let connection = try PlainPostgresConnection(uri: try Self.functions.get().uri())
        let row = try connection.rows(
            "SELECT (sift.contains(NULL, 'a') IS NULL)::text, (sift.has_prefix(NULL, 'a') IS NULL)::text, (sift.has_prefix('a', NULL) IS NULL)::text")
        #expect(row.first?.map { $0 ?? "NULL" } == ["true", "true", "true"])
    }

    // MARK: hasPrefix after an index range

    static let models = """
        @Model final class Word {
            var name: String
            var title: String
            var nickname: String?
            var bare: String
            var plain: String
        }
        """

    /// `name` holds each text in NFC or NFD, `title` NFC, `nickname` NFC or nil, as the
    /// constraints declare (so `hasPrefix` reads index ranges of `name` and `title`); `bare` and
    /// `plain` hold the texts of `name` and `title` without an index (so `hasPrefix` tests their
    /// bytes with `starts_with`), as does `nickname`.
    static let words: Result<(PostgresTestDatabase, [Int64: (name: String, title: String, nickname: String?)]), any Error> = Result {
        let database = try PostgresServer.shared().createDatabase("prefix shortcuts")
        try database.load(PostgreSQLFunctions.installScript)
        try database.load(
            """
            CREATE TABLE "words" (
              "id" bigint PRIMARY KEY,
              "name" text NOT NULL CHECK ("name" IS NFC NORMALIZED OR "name" IS NFD NORMALIZED),
              "title" text NOT NULL CHECK ("title" IS NFC NORMALIZED),
              "nickname" text CHECK ("nickname" IS NFC NORMALIZED),
              "bare" text NOT NULL CHECK ("bare" IS NFC NORMALIZED OR "bare" IS NFD NORMALIZED),
              "plain" text NOT NULL CHECK ("plain" IS NFC NORMALIZED)
            );
            CREATE INDEX "words_name" ON "words"("name");
            CREATE INDEX "words_title" ON "words"("title");
            """)
        var random = SplitMix64(seed: 1205)
        var rows: [Int64: (name: String, title: String, nickname: String?)] = [:]
        let starts = ["", "Kimb", "e", "\u{E9}", "b\u{301}", "a\r", "x\u{200D}", "\u{1F469}\u{200D}"]
        for id in Int64(1)...600 {
            let text = starts[random.below(starts.count)] + Self.text(&random, maximum: 3)
            let name = random.below(2) == 0 ? text.precomposedStringWithCanonicalMapping : text.decomposedStringWithCanonicalMapping
            let nickname = random.below(4) == 0 ? nil : text.precomposedStringWithCanonicalMapping
            rows[id] = (name, text.precomposedStringWithCanonicalMapping, nickname)
        }
        let json = try JSONSerialization.data(
            withJSONObject: rows.map {
                [
                    "id": $0.key, "name": $0.value.name, "title": $0.value.title, "nickname": $0.value.nickname as Any,
                    "bare": $0.value.name, "plain": $0.value.title,
                ]
            })
        try PlainPostgresConnection(uri: database.uri()).rows(
            """
            INSERT INTO "words" SELECT * FROM jsonb_to_recordset($1::jsonb) AS t("id" bigint, "name" text, "title" text, "nickname" text, "bare" text, "plain" text)
            """, parameters: [String(decoding: json, as: UTF8.self)])
        try database.load("ANALYZE")
        return (database, rows)
    }

    static let prefixes = [
        "", "K", "Kimb", "Kim", "e", "\u{E9}", "e\u{301}", "b", "b\u{301}", "\u{301}", "a", "a\r", "x", "x\u{200D}", "\u{1F469}",
        "\u{1F469}\u{200D}", "\u{D55C}", "\u{1100}",
    ]

    /// A Swift string literal of `text`, every scalar escaped.
    static func literal(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined() + "\""
    }

    /// Constant and parameter prefixes of `name` (NFC or NFD: two ranges), `title` (NFC: one range)
    /// and `nickname` (optional), including prefixes that end with a combining mark, CR or a
    /// zero-width joiner, and the empty prefix, select Swift's rows. On the indexed columns the
    /// candidates are a range of each form; on the others, the bytes of each form (`starts_with`).
    @Test(arguments: ["name", "title", "nickname", "bare", "plain"])
    func prefixesAfterAnIndexRangeSelectSwiftsRows(column: String) throws {
        let (test, stored) = try Self.words.get()
        let path = TemporaryFiles.untilExit.path("prefix-words", suffix: ".swift")
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.models.utf8))
        let database = try PostgresDatabase(uri: test.uri(), modelFile: path)
        var shortcuts = 0
        for prefix in Self.prefixes {
            let expected = stored.filter { _, row in
                let value = column == "name" || column == "bare" ? row.name : column == "title" || column == "plain" ? row.title : row.nickname
                return value.map { Self.swiftHasPrefix($0, prefix) } ?? false
            }.keys.sorted()
            let access = column == "nickname" ? "$0.nickname?" : "$0.\(column)"
            let suffix = column == "nickname" ? " == true" : ""
            for (text, parameters) in [
                ("#Predicate<Word> { \(access).hasPrefix(\(Self.literal(prefix)))\(suffix) }", [:]),
                ("#Predicate<Word> { \(access).hasPrefix(prefix)\(suffix) }", ["prefix": ParameterValue.string(prefix)]),
            ] {
                let query = try database.compile(text, parameterTypes: parameters.isEmpty ? [:] : ["prefix": .string])
                if query.sql.contains("COLLATE \"C\" <") { shortcuts += 1 }
                // Candidates: a range where an index can read it, the bytes elsewhere (no range at all,
                // not even with the empty prefix, where `starts_with` is true of every text).
                let indexed = column == "name" || column == "title"
                let range = query.sql.contains("\"\(column)\" >= ")
                let bytes = query.sql.contains("starts_with(\"words\".\"\(column)\", ")
                #expect(!(range && bytes), "\(query.sql)")
                if indexed { #expect(!bytes, "\(query.sql)") } else { #expect(!range, "\(query.sql)") }
                if !prefix.isEmpty || !parameters.isEmpty { #expect(range || bytes, "\(query.sql)") }
                let selected = try database.fetch(query, parameters: parameters).compactMap { row -> Int64? in
                    if case .int(let id)? = row["id"] { return id }
                    return nil
                }.sorted()
                #expect(selected == expected, "\(column) / \(Self.scalars(prefix)): \(text)\n\(query.sql)")
            }
        }
        // The shortcut is written wherever an index range is read.
        #expect(column == "nickname" || shortcuts >= Self.prefixes.count)
    }
}
