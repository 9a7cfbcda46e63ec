import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Generated search texts, highlight marks and patterns — quotes, NUL, `%`, `_`, `'`, `"`, SQL and
/// FTS5 operators — are never spliced into SQL: as a literal, the SQL text is the same as with a
/// harmless literal (only the bound values differ); as a parameter, as a literal, the rows are
/// those of hand-written SQL binding the same text (or both are refused: a literal that is not
/// FTS5 syntax at compile time, a parameter's at run time as SQLite refuses it).
@Suite struct FullTextInjectionPropertyTests {
    let database: SiftDatabase
    let connection: Connection

    init() throws {
        database = try ExampleDatabase.open()
        connection = try Connection(path: ExampleDatabase.path.get(), mode: .readOnly)
    }

    /// A query with `TEXT` for the value (a literal or the parameter `text`), and the SQL giving its
    /// rows with `?1` bound to the value.
    struct Template: Sendable {
        var query: String
        var sql: String
        /// Whether the query gives whole rows, of which the key (the SQL's one column) is compared.
        var keyOnly = true
    }

    static let templates: [Template] = [
        Template(query: #"ReminderText.where { $0.match(TEXT) }"#, sql: "SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH ?1"),
        Template(
            query: #"ReminderText.where { $0.title.match(TEXT) }"#,
            sql: #"SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH 'title:"' || replace(?1, '"', '""') || '"'"#),
        Template(query: #"ReminderText where $0.match(TEXT) select rowid"#, sql: "SELECT rowid FROM reminderTexts WHERE reminderTexts MATCH ?1"),
        Template(
            query: #"ReminderText where $0.match("milk OR budget OR gym") select rowid, marked: title.highlight(TEXT, TEXT), around: notes.snippet(TEXT, "]", TEXT, 4)"#,
            sql: "SELECT rowid, highlight(reminderTexts, 0, ?1, ?1), snippet(reminderTexts, 1, ?1, ']', ?1, 4) FROM reminderTexts WHERE reminderTexts MATCH 'milk OR budget OR gym'",
            keyOnly: false),
        Template(query: #"Reminder.where { $0.title.like(TEXT, escape: "!") }"#, sql: "SELECT id FROM reminders WHERE title LIKE ?1 ESCAPE '!'"),
        Template(query: #"Reminder.where { $0.notes.collate(.nocase).eq(TEXT) || $0.title.lower().hasSuffix(TEXT) }"#,
            sql: "SELECT id FROM reminders WHERE (notes COLLATE NOCASE) = ?1 OR lower(title) LIKE '%' || ?1"),
    ]

    static let fragments: [String] = [
        "'", "\"", "\"\"", "--", ";", "\0", "%", "_", "!", "\\", "*", "^", ":", "(", ")", "{", "}", "+", "-", "milk", "gym", "oat", "budget",
        "title", "notes", " ", " ", "AND", "OR", "NOT", "NEAR", "NEAR(", ",", "'); DROP TABLE reminders; --", "' OR 1=1 --", "?1", "$0", "é",
        "e\u{301}", "😀", "<b>", "</b>", "\n",
    ]

    static func generated(seed: UInt64, count: Int) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in (0..<random.int(in: 1...6)).map { _ in random.pick(fragments) }.joined() }
    }

    /// A Swift string literal for `value`: `\` and `"` escaped, control characters as `\u{...}`.
    static func literal(_ value: String) -> String {
        var output = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            default:
                if scalar.value < 0x20 { output += "\\u{" + String(scalar.value, radix: 16) + "}" } else { output.unicodeScalars.append(scalar) }
            }
        }
        return output + "\""
    }

    func rows(_ query: CompiledQuery, _ parameters: [String: ParameterValue], keyOnly: Bool) -> [[String]]? {
        guard let rows = try? database.fetch(query, parameters: parameters) else { return nil }
        return rows.map { row in keyOnly ? ["\(row.values[0])"] : row.values.map { "\($0)" } }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    func sqlRows(_ sql: String, _ text: String) -> [[String]]? {
        guard let rows = try? connection.rows(sql, [.text(text)]) else { return nil }
        return rows.map { row in
            row.map { value -> String in
                switch value {
                case .integer(let number): "\(number)"
                case .text(let text): text
                case .null: "nil"
                default: "\(value)"
                }
            }
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test(arguments: templates.indices)
    func valuesAreBoundNeverSpliced(_ index: Int) throws {
        let template = Self.templates[index]
        let harmless = try database.compile(template.query.replacingOccurrences(of: "TEXT", with: "\"milk\""))
        let parameterized = try database.compile(template.query.replacingOccurrences(of: "TEXT", with: "text"))
        var failures: [String] = []
        var agreed = 0
        for text in Self.generated(seed: 0x3434_0000 + UInt64(index), count: 300) {
            let expected = sqlRows(template.sql, text)
            // As a parameter: the rows of the same SQL binding the text, or both refused.
            let got = rows(parameterized, ["text": .string(text)], keyOnly: template.keyOnly)
            if got != expected { failures.append("parameter \(Self.literal(text)): \(String(describing: got)) vs \(String(describing: expected))") }
            // As a literal: the same SQL text as with a harmless literal, and the same rows.
            let text = template.query.replacingOccurrences(of: "TEXT", with: Self.literal(text))
            guard let compiled = try? database.compile(text) else {
                // Only a full-text query SQLite refuses too is refused at compile time.
                if expected != nil { failures.append("literal refused: \(text)") }
                continue
            }
            if compiled.sql != harmless.sql { failures.append("SQL text differs for \(text):\n\(compiled.sql)") }
            if rows(compiled, [:], keyOnly: template.keyOnly) != expected { failures.append("literal rows differ: \(text)") }
            agreed += 1
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n"))")
        #expect(agreed > 30, "too few generated texts ran: the property would prove little")
        #expect(try connection.rows("SELECT count(*) FROM reminders", []).first?.first == .integer(82))
    }
}
