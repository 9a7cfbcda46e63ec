import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// A `String` raw-value enum whose `<` compares raw values sorts by Swift's `<` on the strings,
/// not by the order of its cases: the SQL ranks raw values, and rows come out in the evaluator's
/// order (Swift: `enum Mood: String, Comparable` with that `<` sorts `"alpha" < "mid" < "zeta"`).
@Suite struct EnumSortTests {
    static let models = """
        import StructuredQueries

        enum Mood: String, Codable, Comparable {
            case zeta, alpha, mid = "Mid"
            static func < (lhs: Mood, rhs: Mood) -> Bool { return lhs.rawValue < rhs.rawValue }
        }

        @Table struct Entry {
            let id: Int
            var title = ""
            var mood: Mood?
        }
        """

    @Test(arguments: [
        (#"SortDescriptor(\Entry.mood)"#, [Int64(3), 6, 4, 2, 1, 5]),
        (#"SortDescriptor(\Entry.mood, order: .reverse)"#, [Int64(1), 5, 2, 4, 3, 6]),
    ])
    func stringEnumSortsByRawValueOnBothSides(text: String, expected: [Int64]) throws {
        let files = TemporaryFiles()
        let modelFile = files.path("sift-enum-sort-models", suffix: ".swift")
        try Self.models.write(toFile: modelFile, atomically: true, encoding: .utf8)
        let path = files.path("sift-enum-sort", suffix: ".sqlite")
        // "Mid" < "alpha" < "zeta" by Swift's `<` (upper case first); declaration order is zeta, alpha, mid.
        try Connection(path: path, mode: .readWriteCreate).execute(
            """
            CREATE TABLE entries (id INTEGER PRIMARY KEY, title TEXT NOT NULL, mood TEXT);
            INSERT INTO entries VALUES (1, 'a', 'zeta'), (2, 'b', 'alpha'), (3, 'c', NULL), (4, 'd', 'Mid'), (5, 'e', 'zeta'), (6, 'f', NULL);
            """)
        let database = try SiftDatabase(path: path, modelFile: modelFile)
        let compiled = try database.compile(text)
        let sqlIDs = try database.fetch(compiled).map { row -> Int64 in if case .int(let id)? = row["id"] { id } else { -1 } }
        let dataset = try DatasetLoader.load(path: path, schema: database.schema)
        let evaluated = try Evaluator().evaluate(compiled.query, in: dataset).map { $0.identity.integer ?? -1 }
        #expect(sqlIDs == expected, "\(compiled.sql)")
        #expect(evaluated == expected)
    }
}
