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
            let diagnostics = (error as? CompileError)?.diagnostics
            return diagnostics?.map(\.id) == ["sift-functions-missing"]
                && diagnostics![0].message.contains("sift install-functions \(PostgresURI.redacted(database.uri()))'")
        }
    }

    @Test func installingTheFunctionsNeedsAWritableConnectionAndCanBeRepeated() throws {
        let database = try PostgresServer.shared().createDatabase("install")
        try database.load(try Fixtures.readExample("example.postgresql.sql"))
        let readOnly = try PostgresDatabase(uri: database.uri(), modelFile: Self.modelFile)
        #expect {
            try readOnly.installFunctions()
        } throws: { error in
            (error as? PostgresError)?.kind == .readOnly && "\(error)".contains("mode .readWrite")
        }
        #expect(try PostgresSiftFunctions.installed(on: readOnly.connection).isEmpty)
        let writable = try PostgresDatabase(uri: database.uri(), modelFile: Self.modelFile, mode: .readWrite)
        try writable.installFunctions()
        try writable.installFunctions()
        let installed = try PostgresDatabase.installFunctions(uri: database.uri())
        #expect(installed.isSuperset(of: ["sift.contains", "sift.localized_standard", "sift.fdiv"]))
        // The read-only database finds them now (it asks again what it found missing).
        let rows = try readOnly.fetch(try readOnly.compile("User where name.contains(\"kim\") sort by name"))
        #expect(!rows.isEmpty)
    }

    @Test func aFailedInstallationChangesNothing() throws {
        let database = try PostgresServer.shared().createDatabase("install fails")
        // A function the script cannot replace (another return type), created near its end: every
        // function created before it is rolled back.
        try database.load("CREATE SCHEMA sift; CREATE FUNCTION sift.checked(v anyelement) RETURNS integer LANGUAGE sql AS 'SELECT 1'")
        let writable = try PostgresDatabase(uri: database.uri(), mode: .readWrite)
        #expect {
            try writable.installFunctions()
        } throws: { error in
            // Said in a sentence, without the script it ran.
            let text = "\(error)"
            return text.contains("cannot install Sift's functions") && !text.contains("CREATE OR REPLACE FUNCTION") && text.count < 400
        }
        #expect(try PostgresSiftFunctions.installed(on: writable.connection) == ["sift.checked"])
        // The connection is usable after the rollback.
        #expect(try writable.connection.rows("SELECT 1") == [[.int(1)]])
    }

    /// A role that may not create the schema `sift`: the error says which right it needs.
    @Test func aRoleWithoutTheRightToCreateTheSchemaIsToldWhichItNeeds() throws {
        let server = try PostgresServer.shared()
        let database = try server.createDatabase("install denied")
        let role = database.name + "_reader"
        try database.load("CREATE ROLE \"\(role)\" LOGIN")
        #expect {
            try PostgresDatabase.installFunctions(uri: server.uri(database: database.name, user: role))
        } throws: { error in
            let failure = error as? PostgresError
            return failure?.sqlState == "42501" && failure?.hint?.contains("GRANT CREATE ON DATABASE") == true && failure?.sql == nil
        }
    }

    @Test func aMissingFunctionIsNamedWithTheCommandThatInstallsIt() throws {
        let database = try PostgresServer.shared().createDatabase("older functions")
        try database.load(try Fixtures.readExample("example.postgresql.sql"))
        try database.load(PostgreSQLFunctions.installScript)
        try database.load("DROP FUNCTION sift.lower(text)")
        let postgres = try PostgresDatabase(uri: database.uri(), modelFile: Self.modelFile)
        #expect(try !postgres.fetch(try postgres.compile("#Predicate<User> { $0.name.contains(\"kim\") }")).isEmpty)
        #expect {
            try postgres.compile("#Predicate<User> { $0.name.lowercased() == \"kim\" }")
        } throws: { error in
            let diagnostic = (error as? CompileError)?.diagnostics.first
            return diagnostic?.id == "sift-functions-missing" && diagnostic!.message.contains("sift.lower")
                && diagnostic!.message.contains("sift install-functions \(PostgresURI.redacted(database.uri()))'")
                && !diagnostic!.message.contains("sift.contains")
        }
        // SQL compiled without asking the database fails on the server with the remedy added.
        let compiled = postgres.compile(try postgres.compile("#Predicate<User> { $0.name.contains(\"kim\") }").query)
        try database.load("DROP FUNCTION sift.contains(text, text)")
        #expect {
            try postgres.fetch(compiled)
        } throws: { error in
            let failure = error as? PostgresError
            return failure?.sqlState == "42883" && failure?.hint?.contains("sift install-functions URI") == true
        }
    }

    @Test func passwordsAreLeftOutOfShownURIs() {
        #expect(PostgresURI.redacted("postgresql://me:secret@db.example.com:5433/shop?sslmode=require&password=x")
            == "postgresql://me@db.example.com:5433/shop?sslmode=require")
        #expect(PostgresURI.redacted("postgres:///shop?host=/run/postgresql") == "postgres:///shop?host=/run/postgresql")
        #expect(!PostgresURI.isURI("people.sqlite"))
    }
}
