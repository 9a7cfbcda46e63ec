import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// Introspection of a PostgreSQL database into models, compared with golden files
/// (`Golden/*.schema`; `SIFT_UPDATE_GOLDEN=1` rewrites them).
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresIntrospectionTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    private func expectGolden(_ name: String, _ schema: Schema, _ diagnostics: [Diagnostic]) throws {
        var text = SchemaPrinter.print(schema)
        for diagnostic in diagnostics { text += "// \(diagnostic.severity): \(diagnostic.message)\n" }
        let url = Self.goldenDirectory.appendingPathComponent(name + ".schema")
        if ProcessInfo.processInfo.environment["SIFT_UPDATE_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected)
    }

    @Test func everyTypeAndRelationshipKind() throws {
        let database = try PostgresServer.shared().createDatabase("introspection")
        try database.load(
            """
            CREATE TYPE task_status AS ENUM ('todo', 'in_progress', 'done');
            CREATE TABLE companies (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, founded date, revenue numeric(12, 2));
            CREATE TABLE people (
              id integer PRIMARY KEY, company_id bigint REFERENCES companies, manager_id integer REFERENCES people,
              name varchar(80) NOT NULL, initials char(3), age smallint NOT NULL, score double precision, ratio real,
              is_active boolean NOT NULL DEFAULT true, born timestamptz, seen timestamp, token uuid NOT NULL, avatar bytea,
              settings jsonb, raw json, status task_status NOT NULL, tags text[], waited interval);
            CREATE TABLE skills (id integer PRIMARY KEY, title text NOT NULL);
            CREATE UNIQUE INDEX skills_title ON skills (title);
            CREATE UNIQUE INDEX people_name_when_active ON people (name) WHERE is_active;
            CREATE UNIQUE INDEX people_lower_name ON people (lower(name));
            CREATE TABLE people_skills (person_id integer REFERENCES people, skill_id integer REFERENCES skills,
              PRIMARY KEY (person_id, skill_id));
            CREATE TABLE audit_log (at timestamptz NOT NULL, message text);
            CREATE VIEW active_people AS SELECT id, name FROM people WHERE is_active;
            CREATE SCHEMA hidden;
            CREATE TABLE hidden.secrets (id integer PRIMARY KEY);
            """)
        let connection = try PostgresConnection(uri: database.uri())
        let (schema, diagnostics) = try PostgresSchemaLoader.introspect(connection)
        try expectGolden("every-type-and-relationship", schema, diagnostics)
    }

    /// Two schemas on the search path with a table of the same name: the visible one's columns,
    /// keys and references are read, never the hidden one's (its key on another column).
    @Test func aTableHiddenBehindOneOfTheSameNameLendsItNothing() throws {
        let database = try PostgresServer.shared().createDatabase("shadowed")
        try database.load(
            """
            CREATE TABLE items (id integer PRIMARY KEY, code text NOT NULL);
            CREATE SCHEMA extra;
            CREATE TABLE extra.items (id integer, code text PRIMARY KEY);
            CREATE TABLE extra.owners (id integer PRIMARY KEY, item_code text REFERENCES extra.items);
            ALTER DATABASE "\(database.name)" SET search_path = public, extra;
            """)
        let connection = try PostgresConnection(uri: database.uri())
        let (schema, _) = try PostgresSchemaLoader.introspect(connection)
        let items = try #require(schema.models.first { $0.tableName == "items" })
        #expect(items.primaryKey == ["id"])
        let owners = try #require(schema.models.first { $0.tableName == "owners" })
        #expect(owners.relationships.isEmpty, "\(owners.relationships.map(\.name))")
    }

    /// A model file's enum for a column of an enum type: a case stored as no label of the type is
    /// a warning at the case (no row holds it), the others are not.
    @Test func aModelEnumCaseThatIsNoLabelIsAWarning() throws {
        let database = try PostgresServer.shared().createDatabase("enum labels")
        try database.load(
            """
            CREATE TYPE mood AS ENUM ('happy', 'so-so');
            CREATE TABLE persons (id integer PRIMARY KEY, mood mood NOT NULL, other mood);
            """)
        let path = TemporaryFiles.untilExit.path("enum-labels", suffix: ".swift")
        let models = """
            enum Feeling: String { case glad = "happy", meh = "soso" }
            @Model final class Person {
                var id: Int
                var mood: Feeling
                var other: Feeling?
            }
            """
        FileManager.default.createFile(atPath: path, contents: Data(models.utf8))
        let database2 = try PostgresDatabase(uri: database.uri(), modelFile: path)
        let warnings = database2.schemaDiagnostics.filter { $0.id == "enum-case-not-a-label" }
        #expect(warnings.count == 1, "\(database2.schemaDiagnostics)")
        #expect(warnings.first?.message.contains("'meh' of 'Feeling' is stored as \"soso\"") == true, "\(warnings)")
        #expect(warnings.first?.message.contains("'happy', 'so-so'") == true, "\(warnings)")
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.range == database2.schema.enumType(named: "Feeling")?.cases.last?.declaration)
    }

    @Test func quotedMixedCaseNames() throws {
        let database = try PostgresServer.shared().createDatabase("mixed case")
        try database.load(
            """
            CREATE TABLE "remindersLists" ("id" bigint PRIMARY KEY, "Title" text NOT NULL);
            CREATE TABLE "reminders" ("id" bigint PRIMARY KEY, "remindersListID" bigint NOT NULL REFERENCES "remindersLists",
              "isCompleted" boolean NOT NULL, "dueDate" timestamptz);
            CREATE TABLE Folded_Table (Some_Column integer);
            INSERT INTO "remindersLists" VALUES (1, 'Home');
            INSERT INTO "reminders" VALUES (10, 1, false, '2026-01-02 03:04:05+00');
            """)
        let connection = try PostgresConnection(uri: database.uri())
        let (schema, diagnostics) = try PostgresSchemaLoader.introspect(connection)
        try expectGolden("quoted-mixed-case", schema, diagnostics)
        // The names introspection gives are the stored ones: quoted, they reach the same columns.
        let reminders = try #require(schema.model(named: "Reminder"))
        let columns = reminders.attributes.map { "\"" + $0.columnName + "\"" }.joined(separator: ", ")
        let rows = try connection.rows("SELECT \(columns) FROM \"\(reminders.tableName)\"")
        #expect(rows.count == 1)
        let folded = try #require(schema.models.first { $0.tableName == "folded_table" })
        #expect(folded.attributes.map(\.columnName) == ["some_column"])
    }
}
