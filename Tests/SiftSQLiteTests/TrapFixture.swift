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

    /// The same rows in Core Data's layout (entities numbered in name order: Company 1, Interest 2,
    /// Person 3; no FOREIGN KEY; dates as TIMESTAMP seconds since 2001), with the same keys.
    static let coreDataSQL = """
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
        CREATE TABLE ZCOMPANY ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR );
        CREATE TABLE ZINTEREST ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR );
        CREATE TABLE ZPERSON ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAGE INTEGER, ZCOMPANY INTEGER,
            ZBIRTH TIMESTAMP, ZDUEDATE TIMESTAMP, ZSCORE FLOAT, ZNAME VARCHAR, ZNICKNAME VARCHAR );
        CREATE TABLE Z_2PEOPLE ( Z_2INTERESTS INTEGER, Z_3PEOPLE INTEGER, PRIMARY KEY (Z_2INTERESTS, Z_3PEOPLE) );
        CREATE INDEX ZPERSON_ZCOMPANY_INDEX ON ZPERSON (ZCOMPANY);
        CREATE INDEX Z_2PEOPLE_Z_3PEOPLE_INDEX ON Z_2PEOPLE (Z_3PEOPLE, Z_2INTERESTS);
        INSERT INTO Z_PRIMARYKEY VALUES (1, 'Company', 0, 3), (2, 'Interest', 0, 5), (3, 'Person', 0, 8);
        INSERT INTO Z_METADATA VALUES (1, '0D8D3C55-6E0B-4C39-8E55-3B7A2D6C9F10', NULL);
        INSERT INTO ZCOMPANY VALUES (1, 1, 1, 'Acme'), (2, 1, 1, 'acme'), (3, 1, 1, 'Globex');
        INSERT INTO ZINTEREST VALUES (1, 2, 1, 'hiking'), (2, 2, 1, 'Hiking'), (3, 2, 1, 'reading'), (4, 2, 1, 'k_m'), (5, 2, 1, '50%');
        INSERT INTO ZPERSON VALUES
            (1, 3, 1, 20, 1,    0.0,   NULL,            1.5,  'kim',   NULL),
            (2, 3, 1, 30, 2,    -10.0, 795173400.0,     2.0,  'KIM',   'kim'),
            (3, 3, 1, 40, NULL, 10.0,  795173400.001,   0.0,  'café',  'bob'),
            (4, 3, 1, -7, 3,    20.5,  788918399.999,   -1.0, 'cafe' || char(769), NULL),
            (5, 3, 1, 0,  NULL, 100.0, NULL,            9.5,  'kom',   'Kim'),
            (6, 3, 1, 65, 1,    5.0,   NULL,            3.25, 'Zoë',   NULL),
            (7, 3, 1, 18, NULL, 5.0,   NULL,            3.25, 'ZOE',   NULL),
            (8, 3, 1, 21, NULL, 1.0,   NULL,            0.5,  '50% off', NULL);
        INSERT INTO Z_2PEOPLE (Z_3PEOPLE, Z_2INTERESTS) VALUES (1, 1), (1, 3), (2, 2), (3, 1), (3, 2), (5, 4), (6, 3);
        """

    /// The models of the Core Data layout: SwiftData's, whose dates are TIMESTAMP columns.
    static let coreDataModels = models.replacingOccurrences(of: "@Storage(.iso8601) ", with: "")

    /// A fresh database file with the fixture, opened read-only through Sift; its directory is
    /// removed when `files` is released. `coreData` lays the same rows out as Core Data does.
    static func open(in files: TemporaryFiles, coreData: Bool = false) throws -> SiftDatabase {
        let directory = try files.directory(coreData ? "sift-traps-coredata" : "sift-traps")
        let path = directory + "/traps.sqlite"
        let modelPath = directory + "/Models.swift"
        do {
            let writer = try Connection(path: path, mode: .readWriteCreate)
            try writer.execute(coreData ? coreDataSQL : sql)
        }
        try (coreData ? coreDataModels : models).write(toFile: modelPath, atomically: true, encoding: .utf8)
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
