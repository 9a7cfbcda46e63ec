import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The example database on the test process's private PostgreSQL server (``PostgresServer``), with
/// Sift's functions installed: loaded once per process from `Examples/example.postgresql.sql`.
enum PostgreSQLExampleDatabase {
    private static let loaded: Result<PostgresTestDatabase, any Error> = Result {
        let database = try PostgresServer.shared().createDatabase("example")
        try database.load(PostgreSQLFunctions.installScript)
        try database.load(try String(contentsOf: PostgreSQLExampleFileTests.file, encoding: .utf8))
        return database
    }

    static func shared() throws -> PostgresTestDatabase { try loaded.get() }

    /// A value in PostgreSQL's text form, as the placeholders of ``PostgreSQLDialect`` take it
    /// (their casts give the types): nil for NULL. Text with U+0000, which PostgreSQL's text cannot
    /// hold (and libpq would cut there), is refused, as Sift's runtime refuses it.
    static func text(_ value: SQLValue) throws -> String? {
        switch value {
        case .null: return nil
        case .integer(let integer): return String(integer)
        case .real(let real): return real.isNaN ? "NaN" : real.isInfinite ? (real > 0 ? "Infinity" : "-Infinity") : "\(real)"
        case .text(let text):
            guard !text.unicodeScalars.contains("\0") else { throw FixtureError("PostgreSQL's text cannot hold U+0000: \(text.debugDescription)") }
            return text
        case .blob(let bytes): return "\\x" + bytes.map { String(format: "%02x", $0) }.joined()
        }
    }
}

/// One query on both engines: Sift's SQL on the example SQLite database (with Sift's registered
/// functions) and PostgreSQL's SQL of the same checked query on the example PostgreSQL database,
/// ties broken by primary key on both so that sorted queries compare in order.
struct BothEngines {
    let world: ExampleWorld
    let sqlite: SiftDatabase
    let postgres: PlainPostgresConnection

    init() throws {
        world = try ExampleWorld.shared()
        sqlite = try world.open()
        sqlite.loweringOptions.breakTiesByPrimaryKey = true
        postgres = try PlainPostgresConnection(uri: try PostgreSQLExampleDatabase.shared().uri())
    }

    /// The first column (the key) of each row on each engine, in the query's order; or sorted
    /// when the query does not sort.
    func keys(_ text: String, _ parameters: [String: ParameterValue] = [:]) throws -> (sqlite: [String], postgres: [String], sql: String)? {
        let compiled = try sqlite.compile(text)
        let values = parameters.filter { name, _ in compiled.parameters.contains { $0.name == name } }
        let sqliteRows = try sqlite.connection.prepare(compiled.sql).rows(bindings: try compiled.bindings(for: values, schema: sqlite.schema))
        let lowered = SQLLowering.lower(
            compiled.query, schema: sqlite.schema, dialect: PostgreSQLDialect(), options: SQLLowering.Options(breakTiesByPrimaryKey: true))
        if !lowered.dialectDiagnostics.isEmpty {
            // Refused in PostgreSQL's dialect (SQLite-only constructs): never run with SQLite's SQL.
            #expect(lowered.dialectDiagnostics.allSatisfy { $0.id == "unsupported-in-dialect" }, "\(text)")
            return nil
        }
        let bindings = try lowered.bindings(for: values, schema: sqlite.schema)
        let postgresRows = try postgres.rows(lowered.sql, parameters: try bindings.map(PostgreSQLExampleDatabase.text))
        var sqliteKeys = try sqliteRows.map { try $0.first.map { try PostgreSQLExampleDatabase.text($0) ?? "NULL" } ?? "" }
        var postgresKeys = postgresRows.map { ($0.first ?? nil) ?? "NULL" }
        if lowered.columns.first?.type == .bool {
            // A `Bool` is SQLite's 0/1 and PostgreSQL's `boolean` (t/f in text).
            postgresKeys = postgresKeys.map { $0 == "t" ? "1" : $0 == "f" ? "0" : $0 }
        }
        if compiled.query.sort.isEmpty {
            sqliteKeys.sort()
            postgresKeys.sort()
        }
        return (sqliteKeys, postgresKeys, lowered.sql)
    }
}

/// Every query of Examples/people.sift and Examples/reminders.sift returns the same rows, in the
/// same order, on SQLite and on PostgreSQL (full-text search aside: PostgreSQL has no FTS5 tables).
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgreSQLExampleQueryTests {
    static let parameters: [String: ParameterValue] = [
        "searchString": .string("kim"), "minimumAge": .int(20), "userID": .uuid(UUID(uuidString: "43610E2E-DE80-4464-85F6-16092CAF300D")!),
        "startDate": .date(Date(timeIntervalSinceReferenceDate: 0)), "endDate": .date(Date(timeIntervalSinceReferenceDate: 200_000_000)),
        "now": .date(Date(timeIntervalSinceReferenceDate: 817_603_200)), "listTitle": .string("Work"),
        "deadline": .date(Date(timeIntervalSinceReferenceDate: 817_808_400)),
    ]

    /// The queries of a .sift file: one per line, or one spanning lines until its braces close.
    static func queries(in file: String) throws -> [String] {
        let text = try String(contentsOf: ExampleWorld.repository.appendingPathComponent("Examples/\(file)"), encoding: .utf8)
        var queries: [String] = []
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current.isEmpty && (trimmed.isEmpty || trimmed.hasPrefix("//")) { continue }
            current += (current.isEmpty ? "" : "\n") + line
            if current.filter({ $0 == "{" }).count == current.filter({ $0 == "}" }).count {
                queries.append(current)
                current = ""
            }
        }
        return queries
    }

    @Test(arguments: ["people.sift", "reminders.sift"])
    func everyExampleQuerySelectsTheSameRows(file: String) throws {
        let engines = try BothEngines()
        let queries = try Self.queries(in: file).filter { !$0.contains("ReminderText") }
        #expect(queries.count > 20)
        var selecting = 0
        var refused: [String] = []
        for query in queries {
            guard let keys = try engines.keys(query, Self.parameters) else {
                refused.append(query)
                continue
            }
            #expect(keys.postgres == keys.sqlite, "\(query)\n\(keys.sql)")
            if !keys.sqlite.isEmpty { selecting += 1 }
        }
        // Every query runs on both (named and recursive sub-queries, counts of queries, sorted set
        // operations included), and most select rows: agreement on empty results would prove little.
        #expect(refused.isEmpty, "refused in PostgreSQL's dialect: \(refused)")
        #expect(selecting > queries.count * 3 / 4)
    }

    @Test func fullTextSearchIsRefusedNotWrittenInSQLitesSyntax() throws {
        let engines = try BothEngines()
        for query in try Self.queries(in: "reminders.sift") where query.contains("ReminderText") {
            let compiled = try engines.sqlite.compile(query)
            let lowered = SQLLowering.lower(compiled.query, schema: engines.sqlite.schema, dialect: PostgreSQLDialect())
            #expect(!lowered.dialectDiagnostics.isEmpty, "\(query)")
            #expect(lowered.dialectDiagnostics.allSatisfy { $0.id.rawValue == "unsupported-in-dialect" }, "\(query)")
        }
    }

    /// The example data is the same on both engines: each table's rows, value by value (a `Bool`
    /// as 0/1 on one and `boolean` on the other, a REAL to the last bit).
    @Test func theExampleDataIsTheSameOnBothEngines() throws {
        let engines = try BothEngines()
        for table in PostgreSQLExample.tables {
            let columns = table.columns.map { "\"\($0.name)\"" }.joined(separator: ", ")
            let sqliteRows = try engines.sqlite.connection.prepare("SELECT \(columns) FROM \"\(table.name)\" ORDER BY \(columns)").rows()
            let postgresColumns = table.columns.map { column in
                column.definition.hasPrefix("boolean") ? "CAST(\"\(column.name)\" AS integer)"
                    : column.definition.hasPrefix("float8") ? "CAST(\"\(column.name)\" AS text)" : "\"\(column.name)\""
            }.joined(separator: ", ")
            let postgresRows = try engines.postgres.rows("SELECT \(postgresColumns) FROM \"\(table.name)\" ORDER BY \(columns)")
            #expect(postgresRows.count == sqliteRows.count, "\(table.name)")
            for (sqliteRow, postgresRow) in zip(sqliteRows, postgresRows) {
                let expected = try sqliteRow.map { value -> String? in
                    if case .real(let real) = value { return Self.postgresText(of: real) }
                    return try PostgreSQLExampleDatabase.text(value)
                }
                #expect(postgresRow == expected, "\(table.name)")
            }
        }
    }

    /// How PostgreSQL 15 writes a `float8` (the shortest text that reads back as the same bits).
    static func postgresText(of real: Double) -> String {
        if real == real.rounded(), abs(real) < 1e15 { return real == 0 && real.sign == .minus ? "-0" : String(Int64(real)) }
        return "\(real)".replacingOccurrences(of: "e-0", with: "e-").replacingOccurrences(of: "e+", with: "e+")
    }
}
