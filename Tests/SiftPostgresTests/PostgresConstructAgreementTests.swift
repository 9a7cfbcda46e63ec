import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// The constructs PostgreSQL's dialect writes as SQLite's does — named and recursive sub-queries,
/// counts and existence of whole queries (also as columns), combined rows sorted and limited, strings
/// joined in a key's order — select on the private server exactly the rows the in-memory evaluator
/// selects on the same example data, column by column, in a database whose collation is not
/// code-point order.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresConstructAgreementTests {
    static let queries = [
        "with overdue = (Reminder where dueDate != nil && !isCompleted select title, priority, dueDate) overdue where priority == .high select title, dueDate sort by dueDate, title",
        """
        with recursive tree = (Category where parentID == nil select id, title, depth: 0 \
        union Category join tree on tree.id == parentID select id, title, depth: tree.depth + 1) tree select id, title, depth sort by depth, id
        """,
        "with recursive under = (Category where title == \"Home\" select id union Category join under on under.id == parentID select id) count(under)",
        """
        with recursive under = (Category where title == "Work" select id, title union Category join under on under.id == parentID select id, title), \
        named = (under select title) named select title sort by title
        """,
        "count(Reminder where !isCompleted && dueDate != nil)",
        "exists(Reminder where title == \"Café with Renée\")",
        "exists(RemindersList where title == \"Nope\")",
        "Interest select title union Tag select title sort by title",
        "User select nickname union Company select name sort by nickname desc limit 5 offset 2",
        "User select nickname union Company select name sort by nickname limit 4",
        "Tag select title union RemindersList select title sort by title limit 10",
        "Reminder where isCompleted select title intersect Reminder where priority == .high select title",
        "Tag select title except Interest select title sort by title desc offset 1",
        "Company select name, adults: count(User where age >= 30), hiking: exists(Interest where title == \"Hiking\") sort by name",
        "Reminder.where { $0.isCompleted }.limit(1).count()",
        "Reminder.where { $0.isCompleted }.count()",
        """
        Reminder group by remindersList select remindersList.title, groupConcat(title, separator: ", ", sortedBy: dueDate, order: .reverse), \
        groupConcat(distinct: title, separator: "/", sortedBy: title) sort by remindersList.title
        """,
        "User group by company?.city select company?.city, groupConcat(name, sortedBy: score), groupConcat(name, sortedBy: nickname, order: .reverse) sort by company?.city",
    ]

    /// The example database in a database whose default collation is ICU's English one (`"a" <
    /// "B"`), where only code-point order written in the SQL gives Swift's order of strings.
    static let example: Result<String, any Error> = Result {
        let server = try PostgresServer.shared()
        let name = "sift_constructs_icu"
        try PlainPostgresConnection(uri: server.uri()).execute(
            "CREATE DATABASE \(name) TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C.UTF-8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US'")
        let uri = server.uri(database: name)
        let connection = try PlainPostgresConnection(uri: uri)
        try connection.execute(PostgreSQLFunctions.installScript)
        try connection.execute(try Fixtures.readExample("example.postgresql.sql"))
        return uri
    }

    static let world: Result<(schema: Schema, dataset: Dataset), any Error> = Result {
        let sqlite = try SiftDatabase(
            path: try PostgresDatabaseTests.sqlite.get().path, modelFile: Fixtures.packageRoot.appendingPathComponent("Examples/Models.swift").path)
        return (sqlite.schema, try DatasetLoader.load(from: sqlite.connection, schema: sqlite.schema))
    }

    @Test(arguments: queries)
    func rowsAreTheEvaluators(_ text: String) throws {
        let postgres = try PostgresDatabase(uri: try Self.example.get(), modelFile: PostgresDatabaseTests.modelFile)
        let compiled = try postgres.compile(text)
        let rows = try postgres.fetch(compiled).map { $0.values.map(Self.text) }
        let (schema, dataset) = try Self.world.get()
        let checked = try #require(Compiler(schema: schema).check(text).checked)
        let evaluated = try Evaluator().select(checked, in: dataset)
        #expect(evaluated.columnNames == compiled.columnNames)
        var expected = evaluated.rows.map { $0.map(Self.text) }
        var actual = rows
        if checked.sort.isEmpty {
            expected.sort { $0.lexicographicallyPrecedes($1) }
            actual.sort { $0.lexicographicallyPrecedes($1) }
        }
        #expect(!expected.isEmpty)
        #expect(actual == expected, "\(compiled.sql)")
    }

    /// A value as text, strings in NFC (both engines answer with the stored text of equal strings).
    static func text(_ value: DecodedValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let flag): String(flag)
        case .int(let integer): String(integer)
        case .double(let real): "\(real)"
        case .string(let text): text.precomposedStringWithCanonicalMapping
        case .date(let date): "\(date.timeIntervalSinceReferenceDate)"
        case .enumCase(let name, _): name
        default: value.description
        }
    }

    static func text(_ value: Value) -> String {
        switch value {
        case .null: "nil"
        case .some(let inner): text(inner)
        case .bool(let flag): String(flag)
        case .int(let integer): String(integer)
        case .uint(let integer): String(integer)
        case .double(let real): "\(real)"
        case .string(let text): text.precomposedStringWithCanonicalMapping
        case .date(let date): "\(date.timeIntervalSinceReferenceDate)"
        case .enumCase(let value): value.caseName
        default: value.description
        }
    }
}
