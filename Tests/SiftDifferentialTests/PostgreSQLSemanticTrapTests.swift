import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The rows of the semantic-trap fixture (Tests/SiftSQLiteTests/TrapFixture.swift) in a
/// PostgreSQL database whose default collation is ICU's English one, where `'KIM' > 'a'`: code-point
/// order must come from the SQL (`COLLATE "C"`), not from the database. Sift's functions installed.
enum PostgreSQLTrapFixture {
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

    static let sql = """
        CREATE TABLE "companies" ("id" bigint PRIMARY KEY, "name" text NOT NULL);
        CREATE TABLE "interests" ("id" bigint PRIMARY KEY, "title" text NOT NULL);
        CREATE TABLE "persons" (
            "id" bigint PRIMARY KEY, "name" text NOT NULL, "nickname" text, "age" bigint NOT NULL, "score" float8 NOT NULL,
            "birth" float8 NOT NULL, "dueDate" text, "companyID" bigint REFERENCES "companies"("id")
        );
        CREATE TABLE "interestPersons" (
            "personID" bigint NOT NULL REFERENCES "persons"("id"), "interestID" bigint NOT NULL REFERENCES "interests"("id"),
            PRIMARY KEY ("personID", "interestID")
        );
        INSERT INTO "companies" VALUES (1, 'Acme'), (2, 'acme'), (3, 'Globex');
        INSERT INTO "interests" VALUES (1, 'hiking'), (2, 'Hiking'), (3, 'reading'), (4, 'k_m'), (5, '50%');
        INSERT INTO "persons" VALUES
            (1, 'kim',   NULL,  20, 1.5,  0.0,   NULL, 1),
            (2, 'KIM',   'kim', 30, 2.0,  -10.0, '2026-03-14 09:30:00.000', 2),
            (3, 'café',  'bob', 40, 0.0,  10.0,  '2026-03-14 09:30:00.001', NULL),
            (4, U&'cafe\\0301', NULL, -7, -1.0, 20.5, '2025-12-31 23:59:59.999', 3),
            (5, 'kom',   'Kim', 0,  9.5,  100.0, NULL, NULL),
            (6, 'Zoë',   NULL,  65, 3.25, 5.0,   NULL, 1),
            (7, 'ZOE',   NULL,  18, 3.25, 5.0,   NULL, NULL),
            (8, '50% off', NULL, 21, 0.5, 1.0,   NULL, NULL);
        INSERT INTO "interestPersons" VALUES (1, 1), (1, 3), (2, 2), (3, 1), (3, 2), (5, 4), (6, 3);
        """

    /// The database's URI, made once per process.
    private static let loaded: Result<String, any Error> = Result {
        let server = try PostgresServer.shared()
        let name = "sift_traps_icu"
        try PlainPostgresConnection(uri: server.uri()).execute(
            "CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US'")
        let uri = server.uri(database: name)
        let connection = try PlainPostgresConnection(uri: uri)
        try connection.execute(PostgreSQLFunctions.installScript)
        try connection.execute(sql)
        return uri
    }

    static func uri() throws -> String { try loaded.get() }

    static let schema: Result<Schema, any Error> = Result {
        let (schema, diagnostics) = Fixtures.modelSchema(models, name: "Traps.swift")
        guard !diagnostics.hasErrors else { throw FixtureError("the trap models do not read: \(diagnostics)") }
        return schema
    }
}

/// The semantic traps on PostgreSQL: the SQL of ``PostgreSQLDialect`` selects exactly the rows Swift
/// selects (the expectations of the SQLite suite, "Semantic traps on SQLite"), and where PostgreSQL
/// would raise an error for the whole statement (an `Int` overflow, a division by zero, a `Double`
/// overflow), the row Swift traps on is left out and the others are selected.
@Suite("Semantic traps on PostgreSQL", .enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgreSQLSemanticTrapTests {
    let connection: PlainPostgresConnection
    let schema: Schema

    init() throws {
        connection = try PlainPostgresConnection(uri: try PostgreSQLTrapFixture.uri())
        schema = try PostgreSQLTrapFixture.schema.get()
    }

    /// The ids a query selects, in result order (ties broken by key).
    func orderedIDs(_ text: String, _ parameters: [String: ParameterValue] = [:]) throws -> [Int64] {
        let compilation = Compiler(schema: schema).check(text)
        guard let checked = compilation.checked, !compilation.diagnostics.hasErrors else {
            throw FixtureError("\(text) does not compile: \(compilation.diagnostics)")
        }
        let compiled = SQLLowering.lower(
            checked, schema: schema, dialect: PostgreSQLDialect(), options: SQLLowering.Options(breakTiesByPrimaryKey: true))
        let bindings = try compiled.bindings(for: parameters, schema: schema).map { try PostgreSQLExampleDatabase.text($0) }
        return try connection.rows(compiled.sql, parameters: bindings).map { Int64($0.first.flatMap { $0 } ?? "") ?? -1 }
    }

    func ids(_ text: String, _ parameters: [String: ParameterValue] = [:]) throws -> [Int64] {
        try orderedIDs(text, parameters).sorted()
    }

    @Test("1, 2: nil != \"kim\" is true; !(company?.name == \"Acme\") keeps people without a company")
    func optionals() throws {
        #expect(try ids(#"#Predicate<Person> { $0.nickname != "kim" }"#) == [1, 3, 4, 5, 6, 7, 8])
        #expect(try ids(#"#Predicate<Person> { !($0.company?.name == "Acme") }"#) == [2, 3, 4, 5, 7, 8])
    }

    @Test("3: == is canonical equivalence")
    func canonicalEquivalence() throws {
        #expect(try ids(#"#Predicate<Person> { $0.name == "caf\u{E9}" }"#) == [3, 4])
        #expect(try ids(#"#Predicate<Person> { $0.name == "cafe\u{301}" }"#) == [3, 4])
    }

    @Test("4, 5, 6: contains works on characters, case-sensitively, without wildcards")
    func contains() throws {
        #expect(try ids(#"#Predicate<Person> { $0.name.contains("e") }"#) == [])
        #expect(try ids(#"#Predicate<Person> { $0.name.contains("é") }"#) == [3, 4])
        #expect(try ids(#"#Predicate<Person> { $0.name.contains("kim") }"#) == [1])
        #expect(try ids(#"#Predicate<Person> { $0.interests.contains { $0.title.contains("k_m") } }"#) == [5])
        #expect(try ids(#"#Predicate<Person> { $0.name.hasPrefix("50%") }"#) == [8])
        #expect(try ids(#"#Predicate<Person> { $0.name.contains("_") }"#) == [])
        #expect(try ids(#"#Predicate<Person> { $0.name.hasPrefix("cafe") || $0.name.hasSuffix("e") }"#) == [])
        #expect(try ids(#"#Predicate<Person> { $0.name.count == 4 }"#) == [3, 4])
    }

    @Test("7: localizedStandardContains folds case and diacritics")
    func localizedStandardContains() throws {
        #expect(try ids(#"#Predicate<Person> { $0.name.localizedStandardContains("zoe") }"#) == [6, 7])
        #expect(try ids(#"#Predicate<Person> { $0.name.localizedStandardContains("CAFE") }"#) == [3, 4])
    }

    @Test("8, 9, 10: quantifiers and counts over relationships")
    func relationships() throws {
        #expect(try ids(#"#Predicate<Person> { $0.interests.contains { _ in true } }"#) == [1, 2, 3, 5, 6])
        #expect(try ids(#"#Predicate<Person> { $0.interests.allSatisfy { $0.title.hasPrefix("h") } }"#) == [4, 7, 8])
        #expect(try ids(#"#Predicate<Person> { $0.interests.filter { $0.title.lowercased() == "hiking" }.count >= 2 }"#) == [3])
    }

    @Test("11: integer division truncates; a division by zero leaves the row out, even under !")
    func integerDivision() throws {
        #expect(try ids(#"#Predicate<Person> { $0.age / 2 == -3 }"#) == [4])
        #expect(try ids(#"#Predicate<Person> { $0.age % 3 == -1 }"#) == [4])
        #expect(try ids(#"#Predicate<Person> { 100 / $0.age > 1 }"#) == [1, 2, 3, 7, 8])
        #expect(try ids(#"#Predicate<Person> { !(100 / $0.age > 1) }"#) == [4, 6])
        #expect(try ids(#"#Predicate<Person> { $0.age == 0 || 100 / $0.age > 1 }"#) == [1, 2, 3, 5, 7, 8])
        // Int.min / -1 and Int.min % -1 trap in Swift; PostgreSQL raises for the first.
        let minimum: [String: ParameterValue] = ["small": .int(Int64.min)]
        #expect(try ids(#"#Predicate<Person> { small / ($0.age - $0.age - 1) < 0 || $0.age == 0 }"#, minimum) == [])
        #expect(try ids(#"#Predicate<Person> { $0.age == 0 || small % ($0.age - $0.age - 1) == 0 }"#, minimum) == [5])
    }

    @Test("12: Int overflow leaves the row out instead of failing the statement")
    func overflow() throws {
        let big: [String: ParameterValue] = ["big": .int(Int64.max - 20)]
        #expect(try ids(#"#Predicate<Person> { $0.age + big > 0 }"#, big) == [1, 4, 5, 7])
        #expect(try ids(#"#Predicate<Person> { !($0.age + big > 0) }"#, big) == [])
        let largest: [String: ParameterValue] = ["big": .int(Int64.max)]
        #expect(try ids(#"#Predicate<Person> { !($0.age * big > 0) }"#, largest) == [5])
        // -Int.min traps (age 0); Int.min + -7 overflows.
        #expect(try ids(#"#Predicate<Person> { -(small + $0.age) > 0 }"#, ["small": .int(Int64.min)]) == [1, 2, 3, 6, 7, 8])
    }

    @Test("Double: overflow and division by zero give infinities, NaN is unordered")
    func doubles() throws {
        #expect(try ids(#"#Predicate<Person> { $0.score * 1e308 * 10.0 > 1.0 }"#) == [1, 2, 5, 6, 7, 8])
        #expect(try ids(#"#Predicate<Person> { $0.score / 0.0 > 1.0 }"#) == [1, 2, 5, 6, 7, 8])
        #expect(try ids(#"#Predicate<Person> { $0.score / 0.0 != $0.score / 0.0 }"#) == [3])
        #expect(try ids(#"#Predicate<Person> { $0.score / 0.0 < -1.0 }"#) == [4])
    }

    @Test("13: dates compare as points in time in each storage")
    func dates() throws {
        #expect(try ids(#"#Predicate<Person> { $0.birth > cutoff }"#, ["cutoff": .date(Date(timeIntervalSinceReferenceDate: 5))]) == [3, 4, 5])
        let due = try #require(DateEncoding.parse("2026-03-14 09:30:00.000"))
        #expect(try ids(#"#Predicate<Person> { $0.dueDate == cutoff }"#, ["cutoff": .date(due)]) == [2])
        #expect(try ids(#"#Predicate<Person> { ($0.dueDate ?? cutoff) > cutoff }"#, ["cutoff": .date(due)]) == [3])
    }

    @Test("14, 15: nil sorts first; strings sort and compare by Swift's <, whatever the database's collation")
    func order() throws {
        #expect(try orderedIDs(#"FetchDescriptor<Person>(sortBy: [SortDescriptor(\.nickname)])"#) == [1, 4, 6, 7, 8, 5, 3, 2])
        #expect(
            try orderedIDs(#"FetchDescriptor<Person>(sortBy: [SortDescriptor(\.nickname, order: .reverse)])"#)
                == [2, 3, 5, 1, 4, 6, 7, 8])
        #expect(try orderedIDs(#"FetchDescriptor<Person>(sortBy: [SortDescriptor(\.name)])"#) == [8, 2, 7, 6, 3, 4, 1, 5])
        #expect(try ids(#"#Predicate<Person> { $0.name < "a" }"#) == [2, 6, 7, 8])
        #expect(try ids(#"#Predicate<Person> { ("K"..."Z").contains($0.name) }"#) == [2])
    }

    @Test("16, 17: folding and ranges")
    func rangesAndFolding() throws {
        #expect(try ids(#"#Predicate<Person> { $0.age > 30 || true }"#) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(try ids(#"#Predicate<Person> { (18..<21).contains($0.age) }"#) == [1, 7])
        #expect(try ids(#"#Predicate<Person> { !(low...high).contains($0.age) }"#, ["low": .int(30), "high": .int(20)]) == [])
    }

    @Test("A computed limit that traps or is negative fails the statement, as SQLite refuses it")
    func computedLimit() throws {
        #expect(try orderedIDs(#"Person sort by age limit page * size"#, ["page": .int(1), "size": .int(2)]) == [4, 5])
        #expect(throws: FixtureError.self) { try orderedIDs(#"Person sort by age limit page * size"#, ["page": .int(-1), "size": .int(2)]) }
    }

    /// Texts where a match ends or starts inside a character: a combining mark after it (in NFC
    /// text, after a letter with no precomposed form), CR LF, a ZWJ sequence, regional indicators,
    /// the match found again later. Swift's answers are those of `Character` arrays (whose `==`
    /// is canonical equivalence).
    static let clusterCases: [(String, String)] = [
        ("q\u{301}x", "q"), ("xq\u{301}", "q"), ("xq\u{301}", "q\u{301}"), ("q\u{301}xq", "q"), ("a\r\nb", "a\r"),
        ("a\r\nb", "\nb"), ("x\u{1F469}\u{200D}\u{1F4BB}", "\u{1F469}"), ("x\u{1F469}\u{200D}\u{1F4BB}", "\u{1F4BB}"),
        ("\u{1F1F0}\u{1F1F7}\u{1F1EF}\u{1F1F5}", "\u{1F1F7}\u{1F1EF}"), ("\u{1F1F0}\u{1F1F7}\u{1F1EF}\u{1F1F5}", "\u{1F1EF}\u{1F1F5}"),
        ("kim", "i"), ("kim", ""), ("caf\u{E9}", "cafe\u{301}"), ("\u{D55C}\u{AD6D}", "\u{D55C}"), ("a\u{308}\u{323}b", "a"),
    ]

    @Test("contains, hasPrefix and hasSuffix match whole characters only")
    func wholeCharacters() throws {
        for (haystack, needle) in Self.clusterCases {
            let row = try connection.rows(
                "SELECT sift.contains($1, $2)::text, sift.has_prefix($1, $2)::text, sift.has_suffix($1, $2)::text",
                parameters: [haystack, needle])
            let h = Array(haystack)
            let n = Array(needle)
            let contains = n.isEmpty || (0...max(h.count - n.count, 0)).contains { h.count >= n.count && Array(h[$0..<$0 + n.count]) == n }
            let expected = [contains, h.starts(with: n), h.reversed().starts(with: n.reversed())].map { $0 ? "true" : "false" }
            #expect(row.first?.map { $0 ?? "NULL" } == expected, "\(haystack.unicodeScalars.map { String($0.value, radix: 16) }) / \(needle.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
