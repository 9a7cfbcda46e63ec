import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Rows decoded straight from the statement (`SiftDatabase.fetch`) hold exactly what
/// `ValueDecoder.decode` gives for the same stored values, including values that do not fit
/// their attribute (text in an integer column, a malformed UUID, a real in a Bool column).
@Suite struct RowDecodingTests {
    let temporaryFiles = TemporaryFiles()

    @Test func theStatementPathDecodesAsValueDecoderDoes() throws {
        let path = temporaryFiles.path("sift-decoding", suffix: ".sqlite")
        let uuid = UUID()
        try Connection(path: path, mode: .readWriteCreate).execute(
            """
            CREATE TABLE things (id INTEGER PRIMARY KEY, count INTEGER, ratio REAL, flag BOOLEAN, label TEXT,
                identifier TEXT, created REAL, createdUnix REAL);
            INSERT INTO things VALUES
                (1, 7, 0.5, 1, 'a', '\(uuid.uuidString)', 700000000.25, 1700000000),
                (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
                (3, 'seven', 3, 2, 42, '\(uuid.uuidString.lowercased())', 12, 13),
                (4, 2.5, 'half', 0.5, x'00ff', 'not-a-uuid', 'yesterday', x'01'),
                (5, -9223372036854775808, -0.0, 0, '', x'000102030405060708090a0b0c0d0e0f', -1.5, 2.5);
            """)
        let models = temporaryFiles.path("sift-decoding", suffix: ".swift")
        try """
            @Table("things") struct Thing {
                let id: Int
                var count: Int?
                var ratio: Double?
                var flag: Bool?
                var label: String?
                var identifier: UUID?
                @Column(as: Date.TimeIntervalSinceReferenceDateRepresentation.self) var created: Date?
                @Column(as: Date.UnixTimeRepresentation.self) var createdUnix: Date?
            }
            """.write(toFile: models, atomically: true, encoding: .utf8)
        let database = try SiftDatabase(path: path, modelFile: models)
        let query = try database.compile("Thing where id > 0 sort by id")
        let fetched = try database.fetch(query)
        let stored = try database.connection.prepare(query.sql).rows(bindings: [.integer(0)])
        #expect(fetched.count == 5 && stored.count == 5)
        for (row, values) in zip(fetched, stored) {
            let expected = zip(values, query.columns).map { ValueDecoder.decode($0, as: $1, schema: database.schema) }
            #expect(row.values == expected, "\(row.values) vs \(expected)")
        }
        #expect(fetched[0]["identifier"] == .uuid(uuid))
        #expect(fetched[2]["identifier"] == .uuid(uuid))
        #expect(fetched[0]["created"] == .date(Date(timeIntervalSinceReferenceDate: 700000000.25)))
    }
}
