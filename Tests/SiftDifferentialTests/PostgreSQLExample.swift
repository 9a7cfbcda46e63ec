import Foundation
import Sift
import SiftSQLite
import SiftTestSupport

/// The example data for PostgreSQL, `Examples/example.postgresql.sql`, made from the example SQLite
/// database: the same tables, columns (camelCase names, quoted), keys, indexes and rows, in
/// PostgreSQL's types — `bigint`, `float8`, `text`, and `boolean` for a `Bool` (`users.isActive`,
/// `reminders.isCompleted`), where SQLite stores 0 and 1. Dates keep their storage (seconds since
/// 2001 as `float8`, the reminders' ISO-8601 text). The FTS5 index `reminderTexts` has no
/// counterpart. A test keeps the checked-in file equal to what this writes.
enum PostgreSQLExample {
    /// The tables in an order that satisfies their foreign keys, with their columns' definitions.
    static let tables: [(name: String, columns: [(name: String, definition: String)], constraints: [String])] = [
        ("companies", [("id", "bigint PRIMARY KEY"), ("name", "text NOT NULL"), ("city", "text"), ("founded", "float8")], []),
        (
            "users",
            [
                ("id", "bigint PRIMARY KEY"), ("identifier", "text NOT NULL UNIQUE"), ("name", "text NOT NULL"), ("nickname", "text"),
                ("age", "bigint NOT NULL"), ("birth", "float8 NOT NULL"), ("score", "float8 NOT NULL"), ("isActive", "boolean NOT NULL"),
                ("companyID", "bigint REFERENCES \"companies\"(\"id\") ON DELETE SET NULL"),
            ], []
        ),
        ("interests", [("id", "bigint PRIMARY KEY"), ("title", "text NOT NULL"), ("category", "text")], []),
        (
            "userInterests",
            [
                ("userID", "bigint NOT NULL REFERENCES \"users\"(\"id\") ON DELETE CASCADE"),
                ("interestID", "bigint NOT NULL REFERENCES \"interests\"(\"id\") ON DELETE CASCADE"),
            ], ["PRIMARY KEY (\"userID\", \"interestID\")"]
        ),
        ("remindersLists", [("id", "bigint PRIMARY KEY"), ("title", "text NOT NULL"), ("color", "bigint NOT NULL"), ("position", "bigint NOT NULL")], []),
        (
            "reminders",
            [
                ("id", "bigint PRIMARY KEY"), ("remindersListID", "bigint NOT NULL REFERENCES \"remindersLists\"(\"id\") ON DELETE CASCADE"),
                ("title", "text NOT NULL"), ("notes", "text NOT NULL DEFAULT ''"), ("isCompleted", "boolean NOT NULL DEFAULT FALSE"),
                ("dueDate", "text"), ("priority", "bigint CHECK (\"priority\" IN (1, 2, 3))"),
                ("status", "text NOT NULL CHECK (\"status\" IN ('todo', 'inProgress', 'done'))"), ("position", "bigint NOT NULL"),
            ], []
        ),
        ("tags", [("id", "bigint PRIMARY KEY"), ("title", "text NOT NULL UNIQUE")], []),
        (
            "reminderTags",
            [
                ("reminderID", "bigint NOT NULL REFERENCES \"reminders\"(\"id\") ON DELETE CASCADE"),
                ("tagID", "bigint NOT NULL REFERENCES \"tags\"(\"id\") ON DELETE CASCADE"),
            ], ["PRIMARY KEY (\"reminderID\", \"tagID\")"]
        ),
        (
            "attachments",
            [
                ("id", "bigint PRIMARY KEY"), ("reminderID", "bigint NOT NULL REFERENCES \"reminders\"(\"id\") ON DELETE CASCADE"),
                ("link", "text"), ("note", "text"), ("imageCaption", "text"), ("imageURL", "text"),
            ], []
        ),
        (
            "categories",
            [
                ("id", "bigint PRIMARY KEY"), ("title", "text NOT NULL"),
                ("parentID", "bigint REFERENCES \"categories\"(\"id\") ON DELETE CASCADE"),
            ], []
        ),
        // StructuredQueries' JSON columns, their JSON as text.
        ("checklists", [("id", "bigint PRIMARY KEY"), ("title", "text NOT NULL"), ("items", "text NOT NULL"), ("doneItems", "text")], []),
    ]

    /// The indexes of example.sql: name, table, column.
    static let indexes: [(String, String, String)] = [
        ("users_age", "users", "age"), ("users_name", "users", "name"), ("users_birth", "users", "birth"),
        ("users_companyID", "users", "companyID"), ("userInterests_interestID", "userInterests", "interestID"),
        ("interests_title", "interests", "title"), ("companies_name", "companies", "name"),
        ("reminders_remindersListID", "reminders", "remindersListID"), ("reminders_dueDate", "reminders", "dueDate"),
        ("reminders_priority", "reminders", "priority"), ("reminderTags_tagID", "reminderTags", "tagID"),
        ("attachments_reminderID", "attachments", "reminderID"), ("categories_parentID", "categories", "parentID"),
    ]

    /// Columns SQLite stores as 0/1 that PostgreSQL stores as `boolean`.
    static let booleanColumns: Set<String> = ["users.isActive", "reminders.isCompleted"]

    /// The script, its rows read from `connection` (the example SQLite database).
    static func script(from connection: Connection) throws -> String {
        // Every table of the example database has its counterpart (the FTS5 index and its shadow
        // tables aside): a table added to example.sql and not here fails the test that uses this.
        let sqliteTables = try connection.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'reminderTexts%'"
        ).rows().compactMap { row -> String? in if case .text(let name) = row.first { name } else { nil } }
        let missing = Set(sqliteTables).subtracting(tables.map(\.name))
        guard missing.isEmpty else { throw FixtureError("tables of example.sql without a PostgreSQL counterpart: \(missing.sorted())") }
        var script = """
            -- Sift example database for PostgreSQL, made from Examples/example.sql (the same rows; see that file
            -- for what each row is there to show). Load: psql -v ON_ERROR_STOP=1 -f Examples/example.postgresql.sql DATABASE
            -- Written by PostgreSQLExample.script (Tests/SiftDifferentialTests): a test keeps the two the same.
            -- Bool columns are boolean; People dates are float8 seconds since 2001; Reminders dates are ISO-8601 text.

            BEGIN;

            """
        for table in tables {
            let definitions = table.columns.map { "  \"\($0.name)\" \($0.definition)" } + table.constraints.map { "  " + $0 }
            script += "CREATE TABLE \"\(table.name)\" (\n" + definitions.joined(separator: ",\n") + "\n);\n"
        }
        for (name, table, column) in indexes {
            script += "CREATE INDEX \"\(name)\" ON \"\(table)\" (\"\(column)\");\n"
        }
        for table in tables {
            let names = table.columns.map(\.name)
            let quotedNames = names.map { "\"\($0)\"" }.joined(separator: ", ")
            let rows = try connection.prepare("SELECT \(quotedNames) FROM \"\(table.name)\" ORDER BY \(quotedNames)").rows()
            guard !rows.isEmpty else { continue }
            script += "\nINSERT INTO \"\(table.name)\" (\(quotedNames)) VALUES\n"
            script +=
                rows.map { row in
                    "  (" + zip(names, row).map { literal($1, boolean: booleanColumns.contains("\(table.name).\($0)")) }.joined(separator: ", ") + ")"
                }.joined(separator: ",\n") + ";\n"
        }
        return script + "\nCOMMIT;\n"
    }

    /// A value as a PostgreSQL literal: a REAL quoted (read by `float8in` as written, so `-0.0`
    /// keeps its sign), text with its quotes doubled.
    static func literal(_ value: SQLValue, boolean: Bool) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): boolean ? (integer != 0 ? "TRUE" : "FALSE") : String(integer)
        case .real(let real): "'\(real)'"
        case .text(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let bytes): "'\\x" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }
}
