import Foundation
import SiftPostgres
import SiftSQL
import SiftTestSupport
import Testing

/// PostgreSQL's grapheme clusters are Swift's `Character`s, for every scalar.
///
/// `sift.cluster_class` is written from the classes Swift's own `Character` gives each of the
/// 1,112,064 scalars (``SwiftClusterClasses``); these tests check that the script holds exactly
/// that, that PostgreSQL answers it for every scalar, that the shortcuts' assumptions about code
/// points below U+0300 hold for it, and that `sift.length`, `contains`, `has_prefix` and
/// `has_suffix` of generated texts answer as Swift's characters.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresClusterClassTests {
    static let update = ProcessInfo.processInfo.environment["SIFT_UPDATE_GOLDEN"] == "1"
    static let scriptFile = Fixtures.packageRoot.appendingPathComponent("SQL/postgresql-functions.sql")
    static let swiftFile = Fixtures.packageRoot.appendingPathComponent("Sources/SiftSQL/PostgreSQLFunctions.swift")

    static let functions: Result<PostgresTestDatabase, any Error> = Result {
        let database = try PostgresServer.shared().createDatabase("cluster classes")
        try database.load(PostgreSQLFunctions.installScript)
        return database
    }

    /// `text` with the lines from ``SwiftClusterClasses/beginMarker`` to ``SwiftClusterClasses/endMarker``
    /// replaced by `generated`; nil where the markers are missing.
    static func replacingGenerated(in text: String, with generated: String) -> String? {
        guard let begin = text.range(of: SwiftClusterClasses.beginMarker),
            let end = text.range(of: SwiftClusterClasses.endMarker, range: begin.upperBound..<text.endIndex)
        else { return nil }
        return text.replacingCharacters(in: begin.lowerBound..<end.upperBound, with: generated)
    }

    /// The script (the file and the library's copy) holds `sift.cluster_class` and
    /// `sift.is_prepend` as written from Swift's classes today: a toolchain with other Unicode data
    /// fails here until `SIFT_UPDATE_GOLDEN=1` rewrites both.
    @Test func theScriptHoldsTheClassesSwiftGives() throws {
        let table = try SwiftClusterClasses.table.get()
        let generated = try #require(SwiftClusterClasses.sqlFunctions(table), "the Hangul syllables are not LV and LVT by arithmetic")
        for file in [Self.scriptFile, Self.swiftFile] {
            let text = try Fixtures.read(file)
            let rewritten = try #require(Self.replacingGenerated(in: text, with: generated), "\(file.path) has no generated region")
            if Self.update {
                if rewritten != text { try rewritten.write(to: file, atomically: true, encoding: .utf8) }
            } else if rewritten != text {
                let old = text.split(separator: "\n", omittingEmptySubsequences: false)
                let new = rewritten.split(separator: "\n", omittingEmptySubsequences: false)
                let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
                Issue.record(
                    """
                    \(file.lastPathComponent) line \(line + 1) differs from Swift's classes (SIFT_UPDATE_GOLDEN=1 rewrites it):
                    \(line < old.count ? old[line] : "(end)")
                    Swift's: \(line < new.count ? new[line] : "(end)")
                    """)
            }
        }
    }

    /// `sift.cluster_class` of every scalar, in one query, is the class Swift's characters give it.
    @Test func everyScalarHasSwiftsClassInPostgreSQL() throws {
        let table = try SwiftClusterClasses.table.get()
        let connection = try PlainPostgresConnection(uri: try Self.functions.get().uri())
        let rows = try connection.rows(
            """
            SELECT string_agg(sift.cluster_class(c), ',' ORDER BY c) FROM generate_series(0, 1114111) AS c
            WHERE c < 55296 OR c > 57343
            """)
        let names = try #require(rows.first?.first ?? nil).split(separator: ",", omittingEmptySubsequences: false)
        let expected = table.compactMap { $0 }
        #expect(names.count == 1_112_064)
        #expect(expected.count == 1_112_064)
        let scalars = table.indices.filter { table[$0] != nil }
        var wrong: [String] = []
        for (index, name) in names.enumerated() where index < expected.count && name != expected[index].rawValue {
            wrong.append("U+\(String(scalars[index], radix: 16, uppercase: true)): PostgreSQL \(name), Swift \(expected[index].rawValue)")
        }
        #expect(wrong.isEmpty, "\(wrong.count) scalars: \(wrong.prefix(20).joined(separator: "; "))")
    }

    /// What the inlined shortcuts take for granted about code points below U+0300 (`plain_edges`,
    /// `plain_boundary`, `has_prefix`, and the bound `plainPrefixUpperBound` of an index range) is
    /// true of Swift's classes: none is a mark, joiner, jamo, regional indicator, consonant nor
    /// Prepend; the pictographs among them are © and ® only; the only other code points that join
    /// one after them are CR, ZWJ and the Prepend characters.
    @Test func theShortcutsAssumptionsHold() throws {
        let table = try SwiftClusterClasses.table.get()
        for value in 0..<0x300 {
            let cluster = try #require(table[value])
            #expect([.other, .control, .cr, .lf, .pictographic].contains(cluster), "U+\(String(value, radix: 16)): \(cluster)")
            if cluster == .pictographic { #expect([0xA9, 0xAE].contains(value)) }
        }
        #expect(table.indices.filter { table[$0] == .cr } == [13])
        #expect(table.indices.filter { table[$0] == .lf } == [10])
        #expect(table.indices.filter { table[$0] == .zwj } == [0x200D])
        // Swift joins a letter after exactly these, and plainPrefixUpperBound knows them; none is
        // below U+0600, which `sift.contains` compares with before it asks `sift.is_prepend`.
        for value in table.indices where table[value] == .prepend {
            #expect(value >= 0x600, "U+\(String(value, radix: 16))")
            let prepend = String(Unicode.Scalar(UInt32(value))!)
            #expect((prepend + "a").count == 1)
            #expect(plainPrefixUpperBound(prepend) == .text(prepend), "U+\(String(value, radix: 16))")
        }
        #expect(plainPrefixUpperBound("\u{915}") == .text("\u{915}\u{300}"))
    }

    // MARK: Generated texts

    /// Scalars of each class, as Swift gives them (NUL apart: PostgreSQL's text cannot hold it).
    static func scalarsByClass(_ table: [SwiftClusterClass?]) -> [SwiftClusterClass: [UInt32]] {
        var byClass: [SwiftClusterClass: [UInt32]] = [:]
        for (value, cluster) in table.enumerated() where value != 0 {
            if let cluster { byClass[cluster, default: []].append(UInt32(value)) }
        }
        return byClass
    }

    /// Pieces where the rules meet: letters, accents precomposed and not, CR LF, controls (the soft
    /// hyphen among them), emoji with skin tones and ZWJ, ©, spacing marks, Prepend characters,
    /// regional indicators, Hangul jamo and syllables, Devanagari and Malayalam consonants,
    /// viramas, nukta, ZWNJ.
    static let pieces = [
        "a", "K", " ", "e\u{301}", "\u{E9}", "\u{301}", "\r", "\n", "\r\n", "\u{AD}", "\u{200D}", "\u{200C}", "\u{FE0F}",
        "\u{1F469}", "\u{1F4BB}", "\u{1F3FD}", "\u{A9}", "\u{903}", "\u{93E}", "\u{600}", "\u{110BD}", "\u{D4E}",
        "\u{1F1F0}", "\u{1F1F7}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{915}", "\u{937}",
        "\u{94D}", "\u{93C}", "\u{D15}", "\u{D4D}",
    ]

    /// A piece: a listed one, a scalar of a class chosen at random (so that every class's newer
    /// members come up), an emoji ZWJ sequence with extending or spacing marks before its joiner
    /// (GB11 joins only across Extend), or an Indic consonant run with marks and linkers (GB9c).
    static func piece(_ random: inout SplitMix64, _ byClass: [SwiftClusterClass: [UInt32]]) -> String {
        func scalar(_ cluster: SwiftClusterClass) -> String {
            String(Unicode.Scalar(random.pick(byClass[cluster]!))!)
        }
        switch random.below(8) {
        case 0, 1, 2: return random.pick(pieces)
        case 3, 4: return scalar(random.pick(SwiftClusterClass.allCases))
        case 5:
            let marks: [SwiftClusterClass] = [.extend, .spacingMark, .otherExtend, .linker]
            var sequence = scalar(.pictographic)
            for _ in 0..<random.below(3) { sequence += scalar(random.pick(marks)) }
            return sequence + "\u{200D}" + scalar(.pictographic)
        case 6:
            let marks: [SwiftClusterClass] = [.extend, .linker, .linker, .zwj, .otherExtend, .spacingMark]
            var run = scalar(.consonant)
            for _ in 0..<random.below(3) { run += scalar(random.pick(marks)) }
            return run + scalar(.consonant)
        default:
            return random.pick([scalar(.prepend) + random.pick(pieces), scalar(.l) + scalar(.v) + scalar(.t), scalar(.regionalIndicator)])
        }
    }

    static func scalarList(_ text: String) -> String {
        text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
    }

    static func swiftContains(_ haystack: [Character], _ needle: [Character]) -> Bool {
        if needle.isEmpty { return true }
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    /// Generated texts, with needles that are runs of their characters, runs of their scalars cut
    /// anywhere (inside characters too) or other pieces: `sift.length`, `sift.contains`,
    /// `sift.has_prefix` and `sift.has_suffix` answer as Swift's `count`, `contains`, `hasPrefix`
    /// and `hasSuffix`.
    @Test func generatedTextsAnswerAsSwiftsCharacters() throws {
        let byClass = Self.scalarsByClass(try SwiftClusterClasses.table.get())
        let connection = try PlainPostgresConnection(uri: try Self.functions.get().uri())
        var random = SplitMix64(seed: 20_261_205_1)
        var cases: [(haystack: String, needle: String)] = []
        for _ in 0..<6000 {
            let haystack = (0..<random.below(7)).map { _ in Self.piece(&random, byClass) }.joined()
            let characters = Array(haystack)
            let scalars = Array(haystack.unicodeScalars)
            var needle = ""
            switch characters.isEmpty ? 3 : random.below(4) {
            case 0:
                // Whole characters: a prefix, a suffix or a run inside.
                let kind = random.below(3)
                let start = kind == 0 ? 0 : random.below(characters.count)
                let end = kind == 1 ? characters.count : start + random.below(characters.count - start + 1)
                needle = String(characters[start..<end])
            case 1, 2:
                let kind = random.below(3)
                let start = kind == 0 ? 0 : random.below(scalars.count)
                let end = kind == 1 ? scalars.count : start + random.below(scalars.count - start + 1)
                needle.unicodeScalars.append(contentsOf: scalars[start..<end])
            default:
                needle = (0..<random.below(3)).map { _ in Self.piece(&random, byClass) }.joined()
            }
            cases.append((haystack, needle))
        }
        let rows = try PostgresStringFunctionAnswers.rows(connection, cases)
        #expect(rows.count == cases.count)
        var compared = 0
        var trueAnswers = [0, 0, 0]
        var spacingMarkBeforeJoiner = 0
        var joinedPrepends = 0
        var conjuncts = 0
        for ((haystack, needle), row) in zip(cases, rows) {
            let characters = Array(haystack)
            let needleCharacters = Array(needle)
            let answers = [
                Self.swiftContains(characters, needleCharacters), haystack.hasPrefix(needle), haystack.hasSuffix(needle),
            ]
            let expected = [String(haystack.count)] + answers.map(String.init)
            #expect(row.map { $0 ?? "NULL" } == expected, "\(Self.scalarList(haystack)) / \(Self.scalarList(needle))")
            // Swift's own hasPrefix and hasSuffix are its characters' (read backwards for hasSuffix).
            #expect(answers[1] == characters.starts(with: needleCharacters))
            #expect(answers[2] == characters.reversed().starts(with: needleCharacters.reversed()))
            compared += 1
            for (index, answer) in answers.enumerated() where answer { trueAnswers[index] += 1 }
            // Coverage of the rules the classes serve.
            let classes = haystack.unicodeScalars.map { Self.classOf($0) }
            for index in classes.indices.dropFirst(3)
            where classes[index] == .pictographic && classes[index - 1] == .zwj && classes[index - 2] == .spacingMark {
                spacingMarkBeforeJoiner += 1
            }
            for character in characters {
                let scalars = Array(character.unicodeScalars)
                if scalars.count > 1, Self.classOf(scalars[0]) == .prepend { joinedPrepends += 1 }
                if scalars.dropFirst().contains(where: { Self.classOf($0) == .consonant }) { conjuncts += 1 }
            }
        }
        #expect(compared == 6000)
        #expect(trueAnswers.allSatisfy { $0 > 1500 }, "\(trueAnswers)")
        #expect(spacingMarkBeforeJoiner > 100, "\(spacingMarkBeforeJoiner) spacing marks before a joiner and a pictograph")
        #expect(joinedPrepends > 300, "\(joinedPrepends) Prepend characters joined")
        #expect(conjuncts > 300, "\(conjuncts) conjuncts")
    }

    static func classOf(_ scalar: Unicode.Scalar) -> SwiftClusterClass? {
        (try? SwiftClusterClasses.table.get())?[Int(scalar.value)]
    }
}
