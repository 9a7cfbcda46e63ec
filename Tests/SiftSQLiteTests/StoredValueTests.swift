import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Columns whose stored values contradict their declared type, and relationships a model file
/// declares where the database declares no FOREIGN KEY.
@Suite("Stored values and relationships without FOREIGN KEY")
struct StoredValueTests {
    let files = TemporaryFiles()

    func database(_ sql: String, models: String? = nil) throws -> SiftDatabase {
        let directory = try files.directory("sift-stored")
        let path = directory + "/data.sqlite"
        do {
            let writer = try Connection(path: path, mode: .readWriteCreate)
            try writer.execute(sql)
        }
        guard let models else { return try SiftDatabase(path: path) }
        try models.write(toFile: directory + "/Models.swift", atomically: true, encoding: .utf8)
        return try SiftDatabase(path: path, modelFile: directory + "/Models.swift")
    }

    static let people = """
        CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, companyID INTEGER, birth TIMESTAMP NOT NULL, code INTEGER);
        INSERT INTO companies VALUES (1, 'Acme'), (2, 'Globex');
        INSERT INTO users VALUES (1, 'a', 1, 100.5, 7), (2, 'b', 2, 200, 'x7'), (3, 'c', NULL, 300.25, 9), (4, 'd', 1, 1.0, NULL);
        """

    @Test("a TIMESTAMP column holding numbers is read as what it holds, with a warning saying how to declare it")
    func numbersInATimestampColumn() throws {
        let database = try database(Self.people)
        let birth = try #require(database.schema.model(named: "User")?.attribute(named: "birth"))
        #expect(birth.type == .double)
        let warning = try #require(database.schemaDiagnostics.first { $0.id == "stored-type-mismatch" && $0.message.contains("users.birth") })
        #expect(warning.message.contains("@Storage(.referenceDate)"))
        let code = try #require(database.schema.model(named: "User")?.attribute(named: "code"))
        #expect(code.type == .integer(.int))  // INTEGER and TEXT values: not read as either; warned
        #expect(database.schemaDiagnostics.contains { $0.id == "stored-type-mismatch" && $0.message.contains("users.code") })
        let query = try database.compile("User where birth > 150")
        #expect(try database.fetch(query).compactMap { $0["id"] } == [.int(2), .int(3)])
    }

    @Test("a model file's Date over a column holding numbers is warned about, never read quietly")
    func declaredDateOverNumbers() throws {
        let models = """
            @Table struct User {
                let id: Int
                var name: String
                var birth: Date
            }
            """
        let database = try database(Self.people, models: models)
        let warning = try #require(database.schemaDiagnostics.first { $0.id == "stored-type-mismatch" })
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("ISO-8601 text") && warning.message.contains("@Storage(.referenceDate)"))
    }

    @Test("a relationship the model file declares over a column without FOREIGN KEY works in queries")
    func relationshipWithoutForeignKey() throws {
        let models = """
            @Model final class User {
                var name: String
                @Storage(.referenceDate) var birth: Date
                var company: Company?
            }
            @Model final class Company {
                var name: String
                @Relationship(inverse: \\User.company) var users: [User] = []
            }
            """
        // User 5's company 9 does not exist: nothing may assume that every value has its row.
        let database = try database(Self.people + "INSERT INTO users VALUES (5, 'e', 9, 5.0, 1);", models: models)
        let users = try database.fetch(try database.compile(#"User where company?.name == "Acme""#)).compactMap { $0["id"] }
        #expect(users == [.int(1), .int(4)])
        let lonely = try database.fetch(try database.compile("User where company == nil")).compactMap { $0["id"] }
        #expect(lonely == [.int(3), .int(5)])
        let employed = try database.fetch(try database.compile("User where company != nil")).compactMap { $0["id"] }
        #expect(employed == [.int(1), .int(2), .int(4)])
        let companies = try database.fetch(try database.compile("Company where users.count == 2")).compactMap { $0["id"] }
        #expect(companies == [.int(1)])
    }

    @Test("a relationship to a column that identifies no row is refused, with the reason")
    func relationshipToANonKey() throws {
        let models = """
            @Model final class User {
                var name: String
                @Storage(.referenceDate) var birth: Date
                @Relationship var company: Company?
            }
            @Table("companies") struct Company {
                @Column(primaryKey: true) var name: String
            }
            """
        #expect {
            _ = try database(Self.people.replacingOccurrences(of: "companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL)", with: "companies (id INTEGER, name TEXT NOT NULL)"), models: models)
        } throws: { error in
            "\(error)".contains("the database has no link")
        }
    }
}
