import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// A `String` raw-value enum whose `<` compares raw values compares by Swift's `<` on the strings
/// (`"Mid" < "alpha" < "zeta"`), not by the order of its cases nor by SQLite's text order: the SQL
/// and the evaluator select the rows this same enum selects in Swift.
@Suite struct EnumComparisonTests {
    /// The model file's enum, compiled here too, as Swift's answer.
    enum Mood: String, CaseIterable, Comparable {
        case zeta, alpha, mid = "Mid"
        static func < (lhs: Mood, rhs: Mood) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    static let models = """
        import StructuredQueries

        enum Mood: String, Codable, Comparable {
            case zeta, alpha, mid = "Mid"
            static func < (lhs: Mood, rhs: Mood) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        @Table struct Entry {
            let id: Int
            var mood: Mood?
        }
        """

    /// Entries 1 to 7: each mood, and nil (read as the default `.zeta`).
    static let moods: [Mood?] = [.zeta, .alpha, nil, .mid, .zeta, .alpha, .mid]

    static let operators: [(text: String, swift: @Sendable (Mood, Mood) -> Bool)] = [
        ("<", { $0 < $1 }), ("<=", { $0 <= $1 }), (">", { $0 > $1 }), (">=", { $0 >= $1 }),
    ]

    @Test func stringEnumComparesByRawValueOnBothSides() throws {
        let files = TemporaryFiles()
        let modelFile = files.path("sift-enum-comparison-models", suffix: ".swift")
        try Self.models.write(toFile: modelFile, atomically: true, encoding: .utf8)
        let path = files.path("sift-enum-comparison", suffix: ".sqlite")
        let values = Self.moods.enumerated().map { "(\($0.offset + 1), \($0.element.map { "'\($0.rawValue)'" } ?? "NULL"))" }
        try Connection(path: path, mode: .readWriteCreate).execute(
            "CREATE TABLE entries (id INTEGER PRIMARY KEY, mood TEXT); INSERT INTO entries VALUES \(values.joined(separator: ", "));")
        let database = try SiftDatabase(path: path, modelFile: modelFile)
        let dataset = try DatasetLoader.load(path: path, schema: database.schema)
        for (symbol, swift) in Self.operators {
            for constant in Mood.allCases {
                for constantOnLeft in [false, true] {
                    let value = "($0.mood ?? .zeta)"
                    let text =
                        constantOnLeft
                        ? "#Predicate<Entry> { .\(constant) \(symbol) \(value) }" : "#Predicate<Entry> { \(value) \(symbol) .\(constant) }"
                    let expected = Self.moods.enumerated().compactMap { index, mood -> Int64? in
                        let row = mood ?? .zeta
                        let kept = constantOnLeft ? swift(constant, row) : swift(row, constant)
                        return kept ? Int64(index + 1) : nil
                    }
                    let compiled = try database.compile(text)
                    let sqlIDs = try database.fetch(compiled).map { row -> Int64 in if case .int(let id)? = row["id"] { id } else { -1 } }
                    let evaluated = try Evaluator().evaluate(compiled.query, in: dataset).map { $0.identity.integer ?? -1 }
                    #expect(sqlIDs.sorted() == expected, "\(text)\n\(compiled.sql)")
                    #expect(evaluated.sorted() == expected, "\(text)")
                }
            }
        }
    }
}
