import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// `PostgresDatabase`: the example database loaded into the test server, refined by
/// `Examples/Models.swift`, gives the rows `SiftDatabase` gives on the example SQLite database.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresDatabaseTests {
    /// `Examples/Models.swift` without its FTS5 model, whose table PostgreSQL's example lacks.
    static let modelFile: String = {
        let path = TemporaryFiles.untilExit.path("postgres-models", suffix: ".swift")
        let text = (try? Fixtures.readExample("Models.swift")) ?? ""
        let withoutFullText = text.components(separatedBy: "// Full-text search (FTS5)").first ?? text
        FileManager.default.createFile(atPath: path, contents: Data(withoutFullText.utf8))
        return path
    }()

    static let example: Result<PostgresTestDatabase, any Error> = Result {
        let database = try PostgresServer.shared().createDatabase("front door")
        try database.load(PostgreSQLFunctions.installScript)
        try database.load(try Fixtures.readExample("example.postgresql.sql"))
        return database
    }

    static let sqlite: Result<TemporaryDatabase, any Error> = Result {
        let database = try TemporaryDatabase("postgres-front-door")
        try database.create(try Fixtures.readExample("example.sql"))
        return database
    }

    static let queries = [
        "#Predicate<User> { $0.age > 20 }",
        "#Predicate<User> { $0.name.contains(\"kim\") }",
        "#Predicate<User> { $0.nickname == nil }",
        "#Predicate<User> { $0.company?.name == \"Acme\" }",
        "#Predicate<User> { $0.birth >= startDate && $0.birth < endDate }",
        "#Predicate<User> { $0.interests.isEmpty }",
        "User where isActive sort by birth desc",
        "#Predicate<Reminder> { $0.isCompleted == false && $0.priority == .high }",
    ]

    @Test(arguments: queries)
    func rowsAgreeWithSQLite(_ text: String) throws {
        let postgres = try PostgresDatabase(uri: try Self.example.get().uri(), modelFile: Self.modelFile)
        let sqlite = try SiftDatabase(path: try Self.sqlite.get().path, modelFile: Fixtures.packageRoot.appendingPathComponent("Examples/Models.swift").path)
        postgres.loweringOptions.breakTiesByPrimaryKey = true
        sqlite.loweringOptions.breakTiesByPrimaryKey = true
        let parameters: [String: ParameterValue] = [
            "startDate": .date(Date(timeIntervalSinceReferenceDate: -500_000_000)), "endDate": .date(Date(timeIntervalSinceReferenceDate: 0)),
        ]
        let expected = try sqlite.fetch(try sqlite.compile(text), parameters: parameters)
        let compiled = try postgres.compile(text)
        #expect(compiled.sql.contains("$1") || compiled.bindings.isEmpty)
        let rows = try postgres.fetch(compiled, parameters: parameters)
        #expect(!expected.isEmpty)
        // Without a sort, the order of rows is the engine's own: compared as sets (and counts).
        let sorted = text.contains("sort by")
        #expect(sorted ? rows == expected : Set(rows) == Set(expected) && rows.count == expected.count)
        let positional = try postgres.fetch(compiled, values: compiled.parameters.map { parameters[$0.name]! })
        #expect(positional == rows)
        #expect(try postgres.queryPlan(compiled, parameters: parameters).contains { $0.contains("Scan") })
    }

    @Test func aQueryNeedingSiftFunctionsSaysSoWhereTheyAreMissing() throws {
        let database = try PostgresServer.shared().createDatabase("no functions")
        try database.load(try Fixtures.readExample("example.postgresql.sql"))
        let postgres = try PostgresDatabase(uri: database.uri(), modelFile: Self.modelFile)
        #expect(try !postgres.fetch(try postgres.compile("#Predicate<User> { $0.age > 20 }")).isEmpty)
        #expect {
            try postgres.compile("#Predicate<User> { $0.name.contains(\"kim\") }")
        } throws: { error in
            (error as? CompileError)?.diagnostics.map(\.id) == ["sift-functions-missing"]
        }
    }

    @Test func passwordsAreLeftOutOfShownURIs() {
        #expect(PostgresURI.redacted("postgresql://me:secret@db.example.com:5433/shop?sslmode=require&password=x")
            == "postgresql://me@db.example.com:5433/shop?sslmode=require")
        #expect(PostgresURI.redacted("postgres:///shop?host=/run/postgresql") == "postgres:///shop?host=/run/postgresql")
        #expect(!PostgresURI.isURI("people.sqlite"))
    }
}
