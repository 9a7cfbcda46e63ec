import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// StructuredQueries' `@Selection` enums with associated values on the example database's
/// `attachments` (`Attachment.Kind`: a link, a note or an image of `imageCaption` and `imageURL`):
/// every way Sift reads a case gives the rows of SQL written by hand, and the queries transcribed
/// from the library's `EnumTableTests` give the rows of the library's own SQL (its `Attachment` has
/// the example's `link`, `note`, `imageCaption` and `imageURL`; its video case is left out). The
/// `#Predicate` and concise readings are checked against the in-memory evaluator too.
@Suite struct EnumTableRowsTests {
    struct Case: Sendable, CustomStringConvertible {
        var query: String
        var sql: String
        /// The library's test it comes from, for a transcribed case.
        var source: String? = nil
        var ordered = false
        var description: String { (source.map { "\($0): " } ?? "") + query }
    }

    let database: SiftDatabase
    let connection: Connection

    init() throws {
        database = try ExampleDatabase.open()
        connection = try Connection(path: ExampleDatabase.path.get(), mode: .readOnly)
    }

    static let accessors: [Case] = [
        Case(query: #"Attachment.all"#, sql: "SELECT id, reminderID, link, note, imageCaption, imageURL FROM attachments"),
        Case(query: #"Attachment.where { $0.kind.note.eq("Bring a towel") }"#, sql: "SELECT * FROM attachments WHERE note = 'Bring a towel'"),
        Case(query: #"Attachment.where { $0.kind.note.isNot(nil) }.select(\.id)"#, sql: "SELECT id FROM attachments WHERE note IS NOT NULL"),
        Case(query: #"Attachment.where { $0.kind.is(\.note) }.select { $0.id }"#, sql: "SELECT id FROM attachments WHERE note IS NOT NULL"),
        Case(query: #"Attachment.where { $0.kind.is(\.link) }.select { $0.id }"#, sql: "SELECT id FROM attachments WHERE link IS NOT NULL"),
        Case(
            query: #"Attachment.where { $0.kind.is(\.image) }.select { $0.id }"#,
            sql: "SELECT id FROM attachments WHERE (imageCaption, imageURL) IS NOT (NULL, NULL)"),
        Case(
            query: #"Attachment.where { $0.kind.image.isNot(nil) }.select { ($0.id, $0.kind.image.caption) }"#,
            sql: "SELECT id, imageCaption FROM attachments WHERE imageCaption IS NOT NULL OR imageURL IS NOT NULL"),
        Case(query: #"Attachment.where { $0.kind.image == nil }.select { $0.id }"#, sql: "SELECT id FROM attachments WHERE imageCaption IS NULL AND imageURL IS NULL"),
        Case(query: #"Attachment.where { !$0.kind.is(\.image) }.select { $0.id }"#, sql: "SELECT id FROM attachments WHERE NOT (imageCaption IS NOT NULL OR imageURL IS NOT NULL)"),
        Case(query: #"Attachment.select { $0.kind }"#, sql: "SELECT link, note, imageCaption, imageURL FROM attachments"),
        Case(query: #"Attachment.select { $0.kind.image }"#, sql: "SELECT imageCaption, imageURL FROM attachments"),
        Case(query: #"Attachment.select { ($0.id, $0.kind.link, $0.kind.image.url) }"#, sql: "SELECT id, link, imageURL FROM attachments"),
        Case(query: #"Attachment.order(by: \.kind.note).select(\.kind.note)"#, sql: "SELECT note FROM attachments ORDER BY note", ordered: true),
        Case(
            query: #"Attachment.order { ($0.kind.image.caption.desc(), $0.id) }.select { $0.id }"#,
            sql: "SELECT id FROM attachments ORDER BY imageCaption DESC, id", ordered: true),
        Case(
            query: #"Attachment.where { $0.kind.image.caption.eq("") || $0.kind.note.eq("") }.select { $0.id }"#,
            sql: "SELECT id FROM attachments WHERE imageCaption = '' OR note = ''"),
        Case(
            query: #"Reminder.join(Attachment.all) { $0.id.eq($1.reminderID) }.where { $1.kind.is(\.image) }.select { ($0.title, $1.kind.image.caption) }"#,
            sql: "SELECT r.title, a.imageCaption FROM reminders r JOIN attachments a ON r.id = a.reminderID WHERE a.imageCaption IS NOT NULL OR a.imageURL IS NOT NULL"),
        Case(
            query: #"Reminder.leftJoin(Attachment.all) { $0.id.eq($1.reminderID) }.select { ($0.id, $1.kind.note) }"#,
            sql: "SELECT r.id, a.note FROM reminders r LEFT JOIN attachments a ON r.id = a.reminderID"),
        Case(
            query: #"Reminder.leftJoin(Attachment.all) { $0.id.eq($1.reminderID) }.select { ($0.id, $1.kind) }"#,
            sql: "SELECT r.id, a.link, a.note, a.imageCaption, a.imageURL FROM reminders r LEFT JOIN attachments a ON r.id = a.reminderID"),
        Case(
            query: #"Attachment.group(by: \.reminderID).select { ($0.reminderID, $0.kind.note.count(), $0.kind.image.caption.groupConcat(", ")) }"#,
            sql: "SELECT reminderID, count(note), group_concat(imageCaption, ', ') FROM attachments GROUP BY reminderID"),
        Case(query: #"#Predicate<Attachment> { $0.kind.note == "" }"#, sql: "SELECT * FROM attachments WHERE note = ''"),
        Case(query: #"#Predicate<Attachment> { $0.kind.image?.caption != nil }"#, sql: "SELECT * FROM attachments WHERE imageCaption IS NOT NULL"),
        Case(query: #"#Predicate<Attachment> { $0.kind.note != "Bring a towel" }"#, sql: "SELECT * FROM attachments WHERE note IS NOT 'Bring a towel'"),
        Case(query: #"Attachment where kind.link != nil sort by id"#, sql: "SELECT * FROM attachments WHERE link IS NOT NULL ORDER BY id", ordered: true),
        Case(
            query: #"Attachment where kind.link == nil sort by kind.note desc, id"#,
            sql: "SELECT * FROM attachments WHERE link IS NULL ORDER BY note DESC, id", ordered: true),
        Case(
            query: #"FetchDescriptor<Attachment>(sortBy: [SortDescriptor(\.kind.image.caption), SortDescriptor(\.id, order: .reverse)])"#,
            sql: "SELECT * FROM attachments ORDER BY imageCaption, id DESC", ordered: true),
        Case(
            query: #"Attachment where kind.image.caption != "" && kind.image.caption != nil select id, kind.image.caption"#,
            sql: "SELECT id, imageCaption FROM attachments WHERE imageCaption IS NOT '' AND imageCaption IS NOT NULL"),
    ]

    /// From the library's `Tests/StructuredQueriesTests/EnumTableTests.swift`, the SQL as it writes
    /// it (its `"attachments"` has the example's columns but `reminderID`, and a video case).
    static let transcribed: [Case] = [
        Case(
            query: #"Attachment.where { $0.kind.is(\.note) }"#,
            sql: #"SELECT "attachments"."id", "attachments"."reminderID", "attachments"."link", "attachments"."note", "attachments"."imageCaption", "attachments"."imageURL" FROM "attachments" WHERE (("attachments"."note") IS NOT (NULL))"#,
            source: "EnumTableTests.isOperator"),
        Case(
            query: #"Attachment.select { $0.kind.image }.where { $0.kind.image.isNot(nil) }"#,
            sql: #"SELECT "attachments"."imageCaption", "attachments"."imageURL" FROM "attachments" WHERE (("attachments"."imageCaption", "attachments"."imageURL") IS NOT (NULL, NULL))"#,
            source: "EnumTableTests.isOperator"),
        Case(
            query: #"Attachment.select { $0.kind }"#,
            sql: #"SELECT "attachments"."link", "attachments"."note", "attachments"."imageCaption", "attachments"."imageURL" FROM "attachments""#,
            source: "EnumTableTests.customSelect"),
        Case(
            query: #"Reminder.leftJoin(Attachment.all) { $0.id.eq($1.id) }.select { $1.kind.note }.limit(3)"#,
            sql: #"SELECT "attachments"."note" FROM "reminders" LEFT JOIN "attachments" ON ("reminders"."id") = ("attachments"."id") LIMIT 3"#,
            source: "EnumTableTests.leftJoinCaseColumn", ordered: true),
        Case(
            query: #"Reminder.leftJoin(Attachment.all) { $0.id.eq($1.id) }.where { $1.id.eq(3) }.select { $1.kind.image }"#,
            sql: #"SELECT "attachments"."imageCaption", "attachments"."imageURL" FROM "reminders" LEFT JOIN "attachments" ON ("reminders"."id") = ("attachments"."id") WHERE (("attachments"."id") = (3))"#,
            source: "EnumTableTests.leftJoinCaseColumnGroup"),
        Case(
            query: #"Attachment.select { $0.kind.image.caption }"#,
            sql: #"SELECT "attachments"."imageCaption" FROM "attachments""#,
            source: "EnumTableTests.dynamicMemberLookup_MultipleLevels"),
        Case(
            query: #"Attachment.where { $0.kind.note.is("Today was a good day") }"#,
            sql: #"SELECT "attachments"."id", "attachments"."reminderID", "attachments"."link", "attachments"."note", "attachments"."imageCaption", "attachments"."imageURL" FROM "attachments" WHERE (("attachments"."note") IS ('Today was a good day'))"#,
            source: "EnumTableTests.whereClause"),
        Case(
            query: #"Attachment.where { $0.kind.image.isNot(nil) }"#,
            sql: #"SELECT "attachments"."id", "attachments"."reminderID", "attachments"."link", "attachments"."note", "attachments"."imageCaption", "attachments"."imageURL" FROM "attachments" WHERE (("attachments"."imageCaption", "attachments"."imageURL") IS NOT (NULL, NULL))"#,
            source: "EnumTableTests.whereClause_DynamicMemberLookup"),
        Case(
            query: #"Attachment.order { ($0.kind.note.desc(), $0.kind.image.caption, $0.id) }.select { $0.id }"#,
            sql: #"SELECT "attachments"."id" FROM "attachments" ORDER BY "attachments"."note" DESC, "attachments"."imageCaption", "attachments"."id""#,
            source: "EnumTableTests.optionalGroupDrill", ordered: true),
    ]

    /// The values of a row as text, for comparison.
    static func text(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): "i\(integer)"
        case .real(let real): "r\(real)"
        case .text(let text): "t\(text)"
        case .blob(let bytes): "b\(bytes)"
        }
    }

    func check(_ testCase: Case) throws {
        let compiled = try database.compile(testCase.query)
        let bindings = try compiled.bindings(for: [:], schema: database.schema)
        let sift = try connection.rows(compiled.sql, bindings).map { $0.map(Self.text) }
        let expected = try connection.rows(testCase.sql).map { $0.map(Self.text) }
        func arranged(_ rows: [[String]]) -> [[String]] {
            testCase.ordered ? rows : rows.sorted { $0.joined(separator: "\u{1F}") < $1.joined(separator: "\u{1F}") }
        }
        #expect(!expected.isEmpty, "\(testCase.query): the hand-written SQL selects no row")
        #expect(arranged(sift) == arranged(expected), "\(testCase.query)\n\(compiled.sql)")
        let rows = try database.fetch(compiled)
        #expect(rows.count == sift.count)
        #expect(compiled.columnNames.count == expected.first?.count ?? 0)
        // The in-memory evaluator computes the same rows from the typed tree.
        try ExampleDatabase.expectEvaluatorAgrees(compiled, on: database, testCase.query)
    }

    @Test(arguments: accessors)
    func everyWayOfReadingACaseGivesTheRowsOfItsSQL(_ testCase: Case) throws {
        try check(testCase)
    }

    @Test(arguments: transcribed)
    func theLibrarysEnumTableQueriesGiveTheRowsOfItsSQL(_ testCase: Case) throws {
        try check(testCase)
    }

    /// A whole row's columns, and a selected enum's, are named after the path that reads them.
    @Test func theCasesColumnsAreNamedByTheirPaths() throws {
        #expect(
            try database.compile("Attachment.all").columnNames == [
                "id", "reminderID", "kind.link", "kind.note", "kind.image.caption", "kind.image.url",
            ])
        let selected = try database.compile(#"Reminder.leftJoin(Attachment.all) { $0.id.eq($1.reminderID) }.select { ($0.id, $1.kind.image) }"#)
        #expect(selected.columnNames == ["$0.id", "$1.kind.image.caption", "$1.kind.image.url"])
        #expect(selected.columns.map(\.isOptional) == [false, true, true])
    }

    /// `#Predicate` and the concise form read a case's column with Swift's meaning: the in-memory
    /// evaluator, reading the same rows, selects the same ones.
    @Test(arguments: [
        #"#Predicate<Attachment> { $0.kind.note == "" }"#, #"#Predicate<Attachment> { $0.kind.image?.caption != nil }"#,
        #"#Predicate<Attachment> { $0.kind.note != "Bring a towel" }"#, #"#Predicate<Attachment> { ($0.kind.image?.caption ?? "-").isEmpty }"#,
        #"Attachment where kind.link != nil sort by id"#, #"Attachment where kind.note?.count ?? 0 > 3 sort by id desc"#,
    ])
    func swiftReadingsAgreeWithTheEvaluator(_ text: String) throws {
        let query = try database.compile(text)
        let rows = try database.fetch(query)
        let keys = rows.map { row -> Int64 in if case .int(let id)? = row["id"] { id } else { -1 } }
        let dataset = try DatasetLoader.load(from: database.connection, schema: database.schema)
        let evaluated = try Evaluator(tieBreak: .identity).run(query.query, in: dataset, parameters: [:])
        #expect(!keys.isEmpty, "\(text) selects no row")
        #expect(evaluated.selected.map { $0.identity.integer ?? -1 }.sorted() == keys.sorted(), "the evaluator disagrees on \(text)")
    }
}
