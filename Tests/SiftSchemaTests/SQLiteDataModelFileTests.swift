import Foundation
import Sift
import Testing

/// Model files as SQLiteData apps write them: `@Column` spellings, `@Selection` column groups,
/// `.ID` foreign keys, FTS5 tables, and the `@Selection` enum that cannot be read.
@Suite struct SQLiteDataModelFileTests {
    static let models = """
        import SQLiteData

        @Selection struct Timestamps {
            @Column(as: Date.UnixTimeRepresentation.self) var createdAt: Date
            var updatedAt: Date?
        }

        @Table struct RemindersList: Identifiable {
            let id: Int
            var title = ""
        }

        @Table struct Reminder: Identifiable {
            let id: Int
            var title = ""
            @Column(as: Date.ISO8601Representation.self) var dueDate: Date?
            @Column("list_id") var remindersListID: RemindersList.ID
            var timestamps: Timestamps
            var archive: Archive?
        }

        @Selection struct Archive {
            var archivedAt: Date
            var reason = ""
        }

        @Table struct Tag {
            @Column(primaryKey: true) let name: String
        }

        @Table struct ReminderText: FTS5 {
            let rowid: Int
            let title: String
        }
        """

    @Test func aSelectionGroupIsFlattenedIntoColumns() throws {
        let (schema, diagnostics, rendered) = readModels(Self.models)
        #expect(diagnostics.isEmpty, "\(rendered)")
        let reminder = try #require(schema.model(named: "Reminder"))
        #expect(reminder.attributes.map(\.name) == ["id", "title", "dueDate", "remindersListID", "createdAt", "updatedAt", "archivedAt", "reason"])
        #expect(reminder.columnGroups == [
            ColumnGroup(name: "timestamps", attributeNames: ["createdAt", "updatedAt"]),
            ColumnGroup(name: "archive", attributeNames: ["archivedAt", "reason"]),
        ])
        // An optional group's columns are all optional.
        #expect(reminder.attribute(named: "archivedAt")?.isOptional == true)
        #expect(reminder.attribute(named: "reason")?.isOptional == true)
        let createdAt = try #require(reminder.attribute(named: "createdAt"))
        #expect(createdAt.storage == .dateUnixSeconds)
        #expect(!createdAt.isOptional)
        // No table named after the group.
        #expect(schema.model(named: "Timestamps") == nil)
        #expect(!reminder.members.contains { if case .relationship(let r) = $0 { r.target == "Timestamps" } else { false } })
    }

    @Test func columnSpellingsAndForeignKeys() throws {
        let (schema, _, rendered) = readModels(Self.models)
        let reminder = try #require(schema.model(named: "Reminder"), "\(rendered)")
        #expect(reminder.attribute(named: "remindersListID")?.columnName == "list_id")
        #expect(reminder.attribute(named: "dueDate")?.storage == .dateISO8601)
        #expect(reminder.relationship(named: "remindersList")?.target == "RemindersList")
        #expect(schema.model(named: "Tag")?.primaryKey == ["name"])
    }

    @Test func anFTS5TableIsDeclared() throws {
        let (schema, _, _) = readModels(Self.models)
        let text = try #require(schema.model(named: "ReminderText"))
        #expect(text.isFullTextTable)
        #expect(text.tableName == "reminderTexts")
        #expect(text.primaryKey == ["rowid"])
        #expect(schema.model(named: "Reminder")?.isFullTextTable == false)
    }

    @Test func twoGroupsWithOneColumnNameAreReported() throws {
        let (_, diagnostics, rendered) = readModels(
            """
            @Selection struct Stamp { var at: Date }
            @Table struct Event {
                let id: Int
                var start: Stamp
                var end: Stamp
            }
            """)
        #expect(diagnostics.map(\.id) == [.duplicateMember], "\(rendered)")
    }

    @Test func aSelectionEnumIsReportedNotMisread() throws {
        let (schema, diagnostics, rendered) = readModels(
            """
            @CasePathable @Selection enum Attachment {
                case link(URL)
                case note(String)
            }
            @Table struct Item {
                let id: Int
                var attachment: Attachment
            }
            """)
        #expect(diagnostics.map(\.id) == [.badEnum], "\(rendered)")
        #expect(rendered.contains("'@Selection' enum 'Attachment'"), "\(rendered)")
        #expect(schema.model(named: "Item")?.attribute(named: "attachment") == nil)
    }
}
