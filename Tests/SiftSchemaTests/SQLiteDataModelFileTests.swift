import Foundation
import Sift
import Testing

/// Model files as SQLiteData apps write them: `@Column` spellings, `@Selection` column groups,
/// `.ID` foreign keys and FTS5 tables (`@Selection` enums: `SelectionEnumModelFileTests`).
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
            ColumnGroup(name: "archive", attributeNames: ["archivedAt", "reason"], isOptional: true),
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

    /// What a model says of its columns and groups, without where it was declared.
    static func shape(_ schema: Schema, groupsInAnyOrder: Bool = false) -> [String] {
        schema.models.map { model in
            let columns = model.attributes.map { "\($0.name) \($0.columnName) \($0.type) \($0.isOptional) \($0.storage) \($0.isPrimaryKey)" }
            var groups = model.columnGroups.map { "\($0.name): \($0.typeName)\($0.isOptional ? "?" : "") \($0.attributeNames)" }
            if groupsInAnyOrder { groups.sort() }
            return "\(model.name) \(model.tableName) \(model.isFullTextTable) \(model.primaryKey) \(columns) \(groups)"
        }
    }

    /// Column groups print as the model file declares them (a `@Selection` struct and one
    /// property), and the printed schema reads back as the same schema, which prints the same.
    @Test func columnGroupsPrintAsDeclaredAndReadBack() throws {
        let (schema, _, _) = readModels(Self.models)
        let printed = SchemaPrinter.print(schema)
        #expect(
            printed.hasPrefix(
                """
                @Selection struct Timestamps {
                    @Storage(.unixTime) var createdAt: Date
                    var updatedAt: Date?
                }

                @Selection struct Archive {
                    var archivedAt: Date
                    var reason: String
                }

                """), "\(printed)")
        #expect(
            printed.contains(
                """
                @Table("reminders") struct Reminder {
                    let id: Int
                    var title: String
                    var dueDate: Date?
                    @Column("list_id") var remindersListID: RemindersList.ID
                    var timestamps: Timestamps
                    var archive: Archive?
                    // remindersList: RemindersList (list_id → id)
                }
                """), "\(printed)")
        let (reread, diagnostics, rendered) = readModels(printed)
        #expect(diagnostics.isEmpty, "\(rendered)")
        #expect(Self.shape(reread) == Self.shape(schema))
        #expect(SchemaPrinter.print(reread) == printed)
    }

    /// A group nested in another prints inside its holder's struct; an empty group prints too.
    @Test func nestedAndEmptyGroupsPrintAsDeclaredAndReadBack() throws {
        let (schema, diagnostics, rendered) = readModels(
            """
            @Selection struct Outer {
                var x: Int
                var inner: Inner
                var empty: Empty
                var y: Date
            }
            @Selection struct Inner { var a: Int; var b: String? }
            @Selection struct Empty { }
            @Table struct Event {
                let id: Int
                var outer: Outer?
                var z: Int
            }
            """)
        #expect(diagnostics.isEmpty, "\(rendered)")
        let printed = SchemaPrinter.print(schema)
        #expect(
            printed.hasPrefix(
                """
                @Selection struct Outer {
                    var x: Int
                    var inner: Inner
                    var y: Date
                }

                @Selection struct Inner {
                    var a: Int
                    var b: String
                }

                """), "\(printed)")
        let (reread, rereadDiagnostics, rereadRendered) = readModels(printed)
        #expect(rereadDiagnostics.isEmpty, "\(rereadRendered)")
        // The same columns and groups (an empty group has no place among the columns to keep).
        #expect(Self.shape(reread, groupsInAnyOrder: true) == Self.shape(schema, groupsInAnyOrder: true))
        #expect(SchemaPrinter.print(reread) == printed)
        #expect(reread.model(named: "Event")?.attribute(named: "b")?.isOptional == true)
    }
}
