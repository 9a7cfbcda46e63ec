import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// `sift.glob` (StructuredQueries' `glob` on PostgreSQL) answers as SQLite's GLOB: generated texts
/// and patterns of wildcards, sets, ranges, negations, unclosed brackets and characters a regular
/// expression would take for its own, compared one by one with SQLite's answer.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresGlobTests {
    static let patternPieces = ["*", "?", "[", "]", "^", "-", "a", "b", "c", "z", "é", "e\u{301}", "😀", ".", "\\", "(", "+", "$", "{1}", "|", "\n", "[a-c]", "[^b]", "[]]", "[c-a]"]
    static let textPieces = ["a", "b", "c", "z", "é", "e\u{301}", "😀", ".", "\\", "]", "[", "-", "^", "(", "+", "$", "|", "\n", "A", "ab"]

    @Test func globAnswersAsSQLitesGlob() throws {
        let postgres = try PostgresConnection(uri: try PostgresDatabaseTests.example.get().uri())
        let sqlite = try Connection(path: ":memory:", mode: .readWriteCreate)
        var random = SplitMix64(seed: 35)
        var matches = 0
        for _ in 0..<1500 {
            let pattern = (0..<random.int(in: 0...5)).map { _ in random.pick(Self.patternPieces) }.joined()
            var text = (0..<random.int(in: 0...4)).map { _ in random.pick(Self.textPieces) }.joined()
            // Texts that fit the pattern's plain characters too, so that matches are common.
            if random.chance(1, in: 2) { text = pattern.replacingOccurrences(of: "*", with: random.pick(["", "ab", "\n"])).replacingOccurrences(of: "?", with: "c") }
            let expected = try sqlite.prepare("SELECT ?1 GLOB ?2").rows(bindings: [.text(text), .text(pattern)])[0][0]
            let actual = try postgres.rows("SELECT sift.glob($1, $2)", [.text(text), .text(pattern)])[0][0]
            #expect(actual == .bool(expected == .integer(1)), "\(text.debugDescription) GLOB \(pattern.debugDescription)")
            if expected == .integer(1) { matches += 1 }
        }
        #expect(matches > 200)
        #expect(try postgres.rows("SELECT sift.glob(NULL, 'a'), sift.glob('a', NULL)") == [[.null, .null]])
    }

    @Test func aGlobQuerySelectsWhatItSelectsOnSQLite() throws {
        let query = "Reminder.where { $0.title.glob(\"Re[n-z]*\") || $0.title.glob(\"*[^a-z ]\") }.order(by: \\.title).select(\\.title)"
        let postgres = try PostgresDatabase(uri: try PostgresDatabaseTests.example.get().uri(), modelFile: PostgresDatabaseTests.modelFile)
        let sqlite = try SiftDatabase(path: try PostgresDatabaseTests.sqlite.get().path)
        let rows = try postgres.fetch(try postgres.compile(query))
        #expect(rows.count > 4)
        #expect(rows == (try sqlite.fetch(try sqlite.compile(query))))
    }
}
