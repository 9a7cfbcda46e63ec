import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// A `String` raw-value enum whose `<` compares raw values compares by Swift's `<` on the strings
/// (`"Mid" < "alpha" < "zeta" < "e\u{301}"`, the last one's canonical form `"é"`), not by the order
/// of its cases nor by SQLite's text order (which puts the bytes of `"e\u{301}"` before `"zeta"`):
/// the SQL and the evaluator select the rows this same enum selects in Swift.
@Suite struct EnumComparisonTests {
    /// The model file's enum, compiled here too, as Swift's answer.
    enum Mood: String, CaseIterable, Comparable {
        case zeta, alpha, mid = "Mid", accent = "e\u{301}"
        static func < (lhs: Mood, rhs: Mood) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    static let models = """
        import StructuredQueries

        enum Mood: String, Codable, Comparable {
            case zeta, alpha, mid = "Mid", accent = "e\\u{301}"
            static func < (lhs: Mood, rhs: Mood) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        @Table struct Entry {
            let id: Int
            var mood: Mood?
        }
        """

    /// Entries 1 to 8: each mood, and nil (read as the default `.zeta`).
    static let moods: [Mood?] = [.zeta, .alpha, nil, .mid, .accent, .zeta, .alpha, .mid]

    static let operators: [(text: String, swift: @Sendable (Mood, Mood) -> Bool)] = [
        ("<", { $0 < $1 }), ("<=", { $0 <= $1 }), (">", { $0 > $1 }), (">=", { $0 >= $1 }),
    ]

    /// The entries' database, with the model file's schema, and the same rows in memory.
    static func open() throws -> (files: TemporaryFiles, database: SiftDatabase, dataset: Dataset) {
        let files = TemporaryFiles()
        let modelFile = files.path("sift-enum-comparison-models", suffix: ".swift")
        try Self.models.write(toFile: modelFile, atomically: true, encoding: .utf8)
        let path = files.path("sift-enum-comparison", suffix: ".sqlite")
        let values = Self.moods.enumerated().map { "(\($0.offset + 1), \($0.element.map { "'\($0.rawValue)'" } ?? "NULL"))" }
        try Connection(path: path, mode: .readWriteCreate).execute(
            "CREATE TABLE entries (id INTEGER PRIMARY KEY, mood TEXT); INSERT INTO entries VALUES \(values.joined(separator: ", "));")
        let database = try SiftDatabase(path: path, modelFile: modelFile)
        return (files, database, try DatasetLoader.load(path: path, schema: database.schema))
    }

    /// Expects the SQL and the evaluator to select the entries whose mood (nil read as `.zeta`)
    /// `swift` keeps.
    static func expectRows(
        _ text: String, _ database: SiftDatabase, _ dataset: Dataset, swift: (Mood) -> Bool
    ) throws {
        let expected = Self.moods.enumerated().compactMap { index, mood in swift(mood ?? .zeta) ? Int64(index + 1) : nil }
        let compiled = try database.compile(text)
        let sqlIDs = try database.fetch(compiled).map { row -> Int64 in if case .int(let id)? = row["id"] { id } else { -1 } }
        let evaluated = try Evaluator().evaluate(compiled.query, in: dataset).map { $0.identity.integer ?? -1 }
        #expect(sqlIDs.sorted() == expected, "\(text)\n\(compiled.sql)")
        #expect(evaluated.sorted() == expected, "\(text)")
    }

    @Test func stringEnumComparesByRawValueOnBothSides() throws {
        let (files, database, dataset) = try Self.open()
        defer { _ = files }
        for (symbol, swift) in Self.operators {
            for constant in Mood.allCases {
                for constantOnLeft in [false, true] {
                    let value = "($0.mood ?? .zeta)"
                    let text =
                        constantOnLeft
                        ? "#Predicate<Entry> { .\(constant) \(symbol) \(value) }" : "#Predicate<Entry> { \(value) \(symbol) .\(constant) }"
                    try Self.expectRows(text, database, dataset) { row in constantOnLeft ? swift(constant, row) : swift(row, constant) }
                }
            }
        }
    }

    /// Ranges of moods hold what Swift's ranges hold; a range whose lower bound, read from the
    /// row, exceeds its upper bound traps in Swift, and the row is not selected.
    @Test func stringEnumRangesHoldWhatSwiftsHold() throws {
        let (files, database, dataset) = try Self.open()
        defer { _ = files }
        for low in Mood.allCases {
            for high in Mood.allCases where low <= high {
                try Self.expectRows("#Predicate<Entry> { (Mood.\(low) ... .\(high)).contains($0.mood ?? .zeta) }", database, dataset) {
                    (low...high).contains($0)
                }
                try Self.expectRows("#Predicate<Entry> { (Mood.\(low) ..< .\(high)).contains($0.mood ?? .zeta) }", database, dataset) {
                    (low..<high).contains($0)
                }
            }
            for value in Mood.allCases {
                try Self.expectRows("#Predicate<Entry> { (($0.mood ?? .zeta) ... .\(low)).contains(.\(value)) }", database, dataset) {
                    $0 <= low && ($0...low).contains(value)
                }
            }
        }
    }

    /// `min()` and `max()` of moods pick what Swift's pick.
    @Test func stringEnumMinimumAndMaximumAreSwifts() throws {
        let (files, database, dataset) = try Self.open()
        defer { _ = files }
        for other in Mood.allCases {
            for expected in Mood.allCases {
                try Self.expectRows("#Predicate<Entry> { [$0.mood ?? .zeta, .\(other)].min() == .\(expected) }", database, dataset) {
                    [$0, other].min() == expected
                }
                try Self.expectRows("#Predicate<Entry> { [.\(other), $0.mood ?? .zeta].max() == .\(expected) }", database, dataset) {
                    [other, $0].max() == expected
                }
            }
        }
    }
}
