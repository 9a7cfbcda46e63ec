import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Limits, each with a clear diagnostic, and hostile names and stored values, each with a defined
/// result: never a crash, never a value in SQL text.
@Suite("Limits and hostile data")
struct LimitsAndHostileDataTests {
    let temporaryFiles = TemporaryFiles()

    /// A database made by `sql`, in a directory removed when the test ends.
    func temporaryDatabase(_ sql: String) throws -> String {
        let directory = try temporaryFiles.directory("sift-limits")
        let path = directory + "/db.sqlite"
        let writer = try Connection(path: path, mode: .readWriteCreate)
        try writer.execute(sql)
        return path
    }

    @Test func inputLongerThanEightMegabytesIsRefused() throws {
        let schema = Schema(models: [Model(name: "Note", tableName: "notes", primaryKey: ["id"], style: .table)])
        let text = "Note where " + String(repeating: " ", count: 9 << 20) + "true"
        let compilation = Compiler(schema: schema).check(text)
        #expect(compilation.diagnostics.map(\.id) == ["input-too-long"])
        #expect(compilation.diagnostics.first?.message.hasPrefix("the query is 9.0 MB long") == true)
    }

    @Test func aLongIdentifierIsJustAName() throws {
        let name = "c" + String(repeating: "x", count: 5_000)
        let path = try temporaryDatabase("CREATE TABLE notes (id INTEGER PRIMARY KEY, \(name) INTEGER NOT NULL); INSERT INTO notes VALUES (1, 7);")
        let database = try SiftDatabase(path: path)
        let rows = try database.fetch(try database.compile("Note where \(name) == 7"))
        #expect(rows.count == 1)
    }

    @Test func aLongArrayLiteralIsOneBinding() throws {
        let path = try temporaryDatabase("CREATE TABLE notes (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO notes VALUES (1, 7), (2, 40000);")
        let database = try SiftDatabase(path: path)
        let list = (0..<40_000).map(String.init).joined(separator: ", ")
        let query = try database.compile("Note where [\(list)].contains(n)")
        #expect(query.bindings.count == 1)
        #expect(try database.fetch(query).count == 1)
    }

    @Test func tooManyBoundValuesIsAClearError() throws {
        let path = try temporaryDatabase("CREATE TABLE notes (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);")
        let database = try SiftDatabase(path: path)
        // The limit SQLite was built with (32,766 by default, more in some builds), lowered here.
        database.connection.setLimit(.variableNumber, to: 1_000)
        let clauses = (0..<1_500).map { "n != \($0)" }.joined(separator: " && ")
        let error = try #require(throws: CompileError.self) { try database.compile("Note where \(clauses)") }
        #expect(error.diagnostics.map(\.id) == ["too-many-values"])
    }

    @Test func aHostileTableAndColumnNameIsOnlyAName() throws {
        let hostile = "\"; DROP TABLE users; --"
        let quoted = SQLiteIdentifier.quote(hostile)
        let path = try temporaryDatabase("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO users VALUES (1, 'kim');
            CREATE TABLE \(quoted) (id INTEGER PRIMARY KEY, \(quoted) TEXT NOT NULL); INSERT INTO \(quoted) VALUES (1, 'x');
            """)
        let model = try #require(SchemaLoader.load(path).schema.model(named: hostile))
        let member = try #require(model.attributes.last?.name)
        let database = try SiftDatabase(path: path)
        let rows = try database.fetch(try database.compile("\(model.name) where \(member) == \"x\""))
        #expect(rows.count == 1)
        #expect(try database.fetch(try database.compile("User")).count == 1, "users is still there")
    }

    @Test func storedValuesThatDoNotFitTheirTypeAreShownAsStored() throws {
        let path = try temporaryDatabase("""
            CREATE TABLE readings (id INTEGER PRIMARY KEY, value REAL, count INTEGER, label TEXT);
            INSERT INTO readings VALUES (1, 9e999, 'seven', 'ok'), (2, -9e999, 3, CAST(x'61FF62' AS TEXT)), (3, 1.5, 4, 'a' || char(0) || 'b');
            """)
        let database = try SiftDatabase(path: path)
        let rows = try database.fetch(try database.compile("Reading sort by id"))
        #expect(rows.count == 3)
        #expect(rows[0]["value"] == .double(.infinity))
        #expect(rows[1]["value"] == .double(-.infinity))
        #expect(rows[0]["count"] == .undecodable(.text("seven")))
        #expect(rows[1]["label"] == .string("a\u{FFFD}b"))
        #expect(rows[2]["label"] == .string("a\u{0}b"))
        // Queries over such values run: text in an INTEGER column compares as SQLite orders it.
        #expect(try database.fetch(try database.compile("Reading where (value ?? 0.0) > 1.0")).count == 2)
        #expect(try database.fetch(try database.compile("Reading where label?.contains(\"\\u{0}\") == true")).count == 1)
    }

    @Test func invalidUTF8InAQueryFileIsReadWithReplacementCharacters() throws {
        let source = SourceFile(name: "q.sift", text: String(decoding: [0x55, 0x73, 0x65, 0x72, 0x20, 0xFF, 0xFE], as: UTF8.self))
        let schema = try SchemaLoader.load(ExampleDatabase.modelFile).schema
        let compilation = Compiler(schema: schema).check(source)
        #expect(compilation.hasErrors)
        #expect(DiagnosticRenderer().render(compilation.diagnostics, in: source).contains("error:"))
    }
}
