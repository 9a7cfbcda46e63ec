import Foundation
import Sift
import SiftSQLite
import SiftTestSupport

/// A small database built for the semantic-trap tests: every row exists to catch one naive
/// translation to SQL (the traps are listed in README.md, "What a predicate means").
enum TrapFixture {
    static let sql = """
        CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE interests (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
        CREATE TABLE persons (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, nickname TEXT, age INTEGER NOT NULL,
            score REAL NOT NULL, birth REAL NOT NULL, dueDate TEXT, companyID INTEGER REFERENCES companies(id)
        );
        CREATE TABLE personInterests (
            personID INTEGER NOT NULL REFERENCES persons(id), interestID INTEGER NOT NULL REFERENCES interests(id),
            PRIMARY KEY (personID, interestID)
        );
        CREATE INDEX persons_age ON persons(age);
        INSERT INTO companies VALUES (1, 'Acme'), (2, 'acme'), (3, 'Globex');
        INSERT INTO interests VALUES (1, 'hiking'), (2, 'Hiking'), (3, 'reading'), (4, 'k_m'), (5, '50%');
        INSERT INTO persons VALUES
            (1, 'kim',   NULL,  20, 1.5,  0.0,   NULL, 1),
            (2, 'KIM',   'kim', 30, 2.0,  -10.0, '2026-03-14 09:30:00.000', 2),
            (3, 'café',  'bob', 40, 0.0,  10.0,  '2026-03-14 09:30:00.001', NULL),
            (4, 'cafe' || char(769), NULL, -7, -1.0, 20.5, '2025-12-31 23:59:59.999', 3),
            (5, 'kom',   'Kim', 0,  9.5,  100.0, NULL, NULL),
            (6, 'Zoë',   NULL,  65, 3.25, 5.0,   NULL, 1),
            (7, 'ZOE',   NULL,  18, 3.25, 5.0,   NULL, NULL),
            (8, '50% off', NULL, 21, 0.5, 1.0,   NULL, NULL);
        INSERT INTO personInterests VALUES (1, 1), (1, 3), (2, 2), (3, 1), (3, 2), (5, 4), (6, 3);
        """

    static let models = """
        @Model final class Company {
            var name: String
            var people: [Person] = []
        }
        @Model final class Interest {
            var title: String
            var people: [Person] = []
        }
        @Model final class Person {
            var name: String
            var nickname: String?
            var age: Int
            var score: Double
            var birth: Date
            @Storage(.iso8601) var dueDate: Date?
            @Relationship(inverse: \\Company.people) var company: Company?
            @Relationship(inverse: \\Interest.people) var interests: [Interest] = []
        }
        """

    /// A fresh database file with the fixture, opened read-only through Sift; its directory is
    /// removed when `files` is released.
    static func open(in files: TemporaryFiles) throws -> SiftDatabase {
        let directory = try files.directory("sift-traps")
        let path = directory + "/traps.sqlite"
        let modelPath = directory + "/Models.swift"
        do {
            let writer = try Connection(path: path, mode: .readWriteCreate)
            try writer.execute(sql)
        }
        try models.write(toFile: modelPath, atomically: true, encoding: .utf8)
        return try SiftDatabase(path: path, modelFile: modelPath)
    }

    /// The ids of the people a query selects, in result order.
    static func ids(_ text: String, in database: SiftDatabase, parameters: [String: ParameterValue] = [:]) throws -> [Int64] {
        let query = try database.compile(text)
        return try database.fetch(query, parameters: parameters).map { row in
            if case .int(let id)? = row["id"] { return id }
            return -1
        }
    }
}
