import Foundation
import Sift
import SiftTestSupport
import Testing

/// StructuredQueries' `@Selection` enums with associated values (one table for several kinds of
/// rows), as the library's `EnumTableTests` declare them: each case's columns are optional
/// attributes of the table holding the enum, named after the case or as its struct declares them.
@Suite struct SelectionEnumModelFileTests {
    static let models = """
        import SQLiteData

        @Table struct Reminder {
            let id: Int
            var title = ""
        }

        @Table struct Attachment {
            let id: Int
            var reminderID: Reminder.ID
            var kind: Kind

            @CasePathable @Selection
            enum Kind {
                case link(URL)
                @Column("noteText") case note(String)
                case video(Attachment.Video)
                case image(Attachment.Image)
            }

            @Selection struct Video {
                @Column("videoURL") var url: URL
                @Column("videoKind") var kind: Platform = .youtube
            }

            @Selection struct Image {
                @Column("imageCaption") let caption: String
                @Column("imageURL") let url: URL
                @Column(as: Date.UnixTimeRepresentation.self) var takenAt: Date?
            }
        }

        enum Platform: String { case youtube, vimeo }

        @Table struct Record {
            let id: Int
            var time: RecordTime?
        }

        @Selection enum RecordTime {
            case moment(Date)
            case interval(startDate: Date)
        }
        """

    @Test func theCasesColumnsAreOptionalAttributesOfTheTable() throws {
        let (schema, diagnostics, rendered) = readModels(Self.models)
        #expect(diagnostics.isEmpty, "\(rendered)")
        let attachment = try #require(schema.model(named: "Attachment"))
        #expect(
            attachment.attributes.map { "\($0.name) \($0.columnName) \($0.type) \($0.isOptional) \($0.storage)" } == [
                "id id Int false integer", "reminderID reminderID Int false integer",
                "kind.link link URL true text", "kind.note noteText String true text",
                "kind.video.url videoURL URL true text", "kind.video.kind videoKind Platform true text",
                "kind.image.caption imageCaption String true text", "kind.image.url imageURL URL true text",
                "kind.image.takenAt takenAt Date true dateUnixSeconds",
            ])
        #expect(attachment.enumColumnGroups.count == 1)
        let group = try #require(attachment.enumColumnGroups.first)
        #expect(group.name == "kind" && group.typeName == "Kind" && !group.isOptional)
        #expect(group.cases.map(\.name) == ["link", "note", "video", "image"])
        #expect(group.cases.map(\.structName) == [nil, nil, "Video", "Image"])
        // The struct's optional column does not decide its case.
        #expect(group.cases[3].requiredAttributeNames == ["kind.image.caption", "kind.image.url"])
        // The property holding the enum is not a column.
        #expect(attachment.attribute(named: "kind") == nil)
        #expect(attachment.relationships.map(\.name) == ["reminder"])
        let record = try #require(schema.model(named: "Record"))
        #expect(record.enumColumnGroups.first?.isOptional == true)
        #expect(record.enumColumnGroups.first?.cases.map(\.label) == [nil, "startDate"])
        #expect(record.attribute(named: "time.interval")?.columnName == "interval")
    }

    /// An enum prints as declared (its cases' structs first, then the enum, then one property
    /// in the table), and the printed schema reads back the same, which prints the same.
    @Test func anEnumPrintsAsDeclaredAndReadsBack() throws {
        let (schema, _, _) = readModels(Self.models)
        let printed = SchemaPrinter.print(schema)
        #expect(
            printed.contains(
                """
                @Selection struct Video {
                    @Column("videoURL") var url: URL
                    @Column("videoKind") var kind: Platform
                }

                @Selection struct Image {
                    @Column("imageCaption") var caption: String
                    @Column("imageURL") var url: URL
                    @Storage(.unixTime) var takenAt: Date?
                }

                @Selection enum Kind {
                    case link(URL)
                    @Column("noteText") case note(String)
                    case video(Video)
                    case image(Image)
                }

                @Selection enum RecordTime {
                    case moment(Date)
                    case interval(startDate: Date)
                }

                """), "\(printed)")
        #expect(
            printed.contains(
                """
                @Table("attachments") struct Attachment {
                    let id: Int
                    var reminderID: Reminder.ID
                    var kind: Kind
                """), "\(printed)")
        #expect(printed.contains("    var time: RecordTime?\n"), "\(printed)")
        let (reread, diagnostics, rendered) = readModels(printed)
        #expect(diagnostics.isEmpty, "\(rendered)")
        #expect(reread.models.map(\.enumColumnGroups) == schema.models.map(\.enumColumnGroups))
        #expect(SQLiteDataModelFileTests.shape(reread) == SQLiteDataModelFileTests.shape(schema))
        #expect(SchemaPrinter.print(reread) == printed)
    }

    /// Generated enums (cases of each storable type, renamed and stored columns, labels, cases of
    /// structs with optional columns, optional properties, two tables sharing an enum) print, read
    /// back as the same schema, and print the same again.
    @Test func generatedEnumsPrintAndReadBack() throws {
        var random = SplitMix64(seed: 4242)
        let types = ["Int", "String", "Double", "Bool", "Date", "UUID", "Data", "URL", "Level", "Int16"]
        for round in 0..<150 {
            var text = "enum Level: String { case low, high }\n\n"
            var column = 0
            func columnDeclaration(_ name: String, optional: Bool) -> String {
                column += 1
                let type = random.pick(types)
                var attributes = ""
                if random.chance(1, in: 3) { attributes += "@Column(\"c\(column)\") " }
                if type == "Date", random.chance(1, in: 2) { attributes += "@Storage(.unixTime) " }
                return "\(attributes)\(name)\(type)\(optional ? "?" : "")"
            }
            var structs: [String] = []
            var cases: [String] = []
            for number in 0..<random.int(in: 1...4) {
                if random.chance(1, in: 3) {
                    let name = "Part\(round)x\(number)"
                    let members = (0..<random.int(in: 1...3)).map { index in
                        "    " + columnDeclaration("var f\(number)x\(index): ", optional: random.chance(1, in: 4))
                    }
                    structs.append("@Selection struct \(name) {\n" + members.joined(separator: "\n") + "\n}\n")
                    cases.append("    case s\(number)(\(random.chance(1, in: 3) ? "value: " : "")\(name))")
                } else {
                    let declared = columnDeclaration("", optional: false)
                    // `@Column("c1") @Storage(.unixTime) Date`: the attributes go before `case`.
                    let type = declared.split(separator: " ").last.map(String.init) ?? declared
                    let attributes = declared.dropLast(type.count)
                    cases.append("    \(attributes)case v\(number)(\(random.chance(1, in: 4) ? "label: " : "")\(type))")
                }
            }
            text += structs.joined(separator: "\n") + "\n"
            text += "@CasePathable @Selection enum Kind\(round) {\n" + cases.joined(separator: "\n") + "\n}\n\n"
            let optional = random.chance(1, in: 3) ? "?" : ""
            text += "@Table struct Holder {\n    let id: Int\n    var kind: Kind\(round)\(optional)\n    var after = 0\n}\n"
            if random.chance(1, in: 3) { text += "\n@Table struct Other {\n    let id: Int\n    var same: Kind\(round)\n}\n" }
            let (schema, diagnostics, rendered) = readModels(text)
            #expect(diagnostics.isEmpty, "\(text)\n\(rendered)")
            let printed = SchemaPrinter.print(schema)
            let (reread, rereadDiagnostics, rereadRendered) = readModels(printed)
            #expect(rereadDiagnostics.isEmpty, "\(printed)\n\(rereadRendered)")
            #expect(reread.models.map(\.enumColumnGroups) == schema.models.map(\.enumColumnGroups), "\(text)\n\(printed)")
            #expect(SQLiteDataModelFileTests.shape(reread) == SQLiteDataModelFileTests.shape(schema), "\(text)\n\(printed)")
            #expect(SchemaPrinter.print(reread) == printed)
        }
    }

    /// One enum held by two properties of a table would store both in the same columns: each
    /// column is reported, and the enum is not said to lack cases. An enum of columns and a
    /// raw-value enum of one name are two declarations of it.
    @Test func columnsOfOneNameAndEnumsOfOneNameAreReported() throws {
        let (schema, diagnostics, rendered) = readModels(
            """
            @Table struct Item {
                let id: Int
                var a: Kind
                var b: Kind?
            }
            @Selection enum Kind { case link(URL); case note(String) }
            enum Kind: Int { case low }
            """)
        #expect(diagnostics.map(\.id) == [.duplicateModel, .duplicateMember, .duplicateMember], "\(rendered)")
        #expect(rendered.contains("'Item' has two columns named 'link': 'a.link' and 'b.link'"), "\(rendered)")
        #expect(!rendered.contains("has no case"), "\(rendered)")
        #expect(schema.model(named: "Item")?.enumColumnGroups.map(\.name) == ["a"])
    }

    /// A column named as an enum case's column is reported at the later declaration whichever
    /// comes first, so that a test of the case never reads the other column.
    @Test func aColumnOfACaseColumnsNameIsReportedInEitherOrder() throws {
        for columnFirst in [false, true] {
            let members = columnFirst ? ["var note: String", "var kind: Kind"] : ["var kind: Kind", "var note: String"]
            let (schema, diagnostics, rendered) = readModels(
                "@Table struct A {\n    let id: Int\n    \(members[0])\n    \(members[1])\n}\n"
                    + "@CasePathable @Selection enum Kind {\n    case note(String)\n    case link(URL)\n}\n")
            #expect(diagnostics.map(\.id) == [.duplicateMember], "\(rendered)")
            let later = columnFirst ? "Models.swift:7:10: error: 'A' has two columns named 'note': 'note' and 'kind.note'" : "Models.swift:4:9: error: 'A' has two columns named 'note': 'kind.note' and 'note'"
            #expect(rendered.contains(later), "\(rendered)")
            #expect(rendered.contains("Models.swift:3:9: note: the other is declared here"), "\(rendered)")
            #expect(schema.model(named: "A")?.attributes.filter { $0.columnName == "note" }.count == 1)
        }
    }

    /// An enum of columns inside a column group is refused at its property, with the remedy;
    /// the group's other columns are read.
    @Test func anEnumOfColumnsInsideAColumnGroupIsRefused() throws {
        let (schema, diagnostics, rendered) = readModels(
            """
            @Table struct A {
                let id: Int
                var details: Details
            }
            @Selection struct Details {
                var title: String
                var kind: Kind?
            }
            @CasePathable @Selection enum Kind { case note(String); case link(URL) }
            """)
        #expect(diagnostics.map(\.id) == [.badEnum], "\(rendered)")
        #expect(
            rendered.hasPrefix(
                "Models.swift:7:9: error: 'kind' of the column group 'Details' is a '@Selection' enum, which Sift does not read inside a column group; declare 'var kind: Kind' in the table itself"
            ), "\(rendered)")
        #expect(rendered.contains("Models.swift:3:9: note: the column group is used here"), "\(rendered)")
        #expect(schema.model(named: "A")?.attributes.map(\.name) == ["id", "title"])
        #expect(schema.model(named: "A")?.enumColumnGroups.isEmpty == true)
    }

    /// The schema names the properties holding enums of columns (a checker asks it before reading
    /// a member access as a path through one), and forgets one when its model is replaced.
    @Test func theSchemaNamesItsEnumProperties() throws {
        let (schema, diagnostics, rendered) = readModels(
            """
            @Table struct A {
                let id: Int
                var kind: Kind
            }
            @Table struct B {
                let id: Int
                var note: String
            }
            @CasePathable @Selection enum Kind { case note(String); case link(URL) }
            """)
        #expect(diagnostics.isEmpty, "\(rendered)")
        #expect(schema.enumColumnGroupNames == ["kind"])
        var replaced = schema
        var a = try #require(schema.model(named: "A"))
        a.enumColumnGroups = []
        replaced.add(a)
        #expect(replaced.enumColumnGroupNames.isEmpty)
        #expect(Schema(models: schema.models.filter { $0.name == "B" }).enumColumnGroupNames.isEmpty)
    }

    /// What the library's macro rejects, and what a column cannot store, is reported at the case,
    /// with the remedy; the enum's good cases are still read.
    @Test func badCasesAreReportedAtTheCase() throws {
        let (schema, diagnostics, rendered) = readModels(
            """
            @Table struct Item {
                let id: Int
                var kind: Kind
                var other: Other
            }

            @Selection enum Kind {
                case empty
                case pair(Int, String)
                case a(Int), b(String)
                case maybe(String?)
                @Ephemeral case skipped(Int)
                @Column("x", primaryKey: true) case keyed(Int)
                case table(Item)
                case tuple((Int, Int))
                case ok(String)
                @Column("ok") case clash(Int)
            }

            @Selection enum Other {
                case none
            }
            """)
        #expect(
            rendered == """
                Models.swift:8:10: error: the case 'empty' of '@Selection' enum 'Kind' must hold one associated value: a column's value, as in 'case empty(String)', or an '@Selection' struct of columns
                    case empty
                         ^~~~~
                Models.swift:9:10: error: the case 'pair' of '@Selection' enum 'Kind' must hold one associated value: a column's value, as in 'case pair(String)', or an '@Selection' struct of columns
                    case pair(Int, String)
                         ^~~~~~~~~~~~~~~~~
                Models.swift:10:10: error: declare each case of '@Selection' enum 'Kind' with its own 'case'
                    case a(Int), b(String)
                         ^~~~~~
                Models.swift:10:18: error: declare each case of '@Selection' enum 'Kind' with its own 'case'
                    case a(Int), b(String)
                                 ^~~~~~~~~
                Models.swift:11:16: error: the value of case 'maybe' cannot be optional: a NULL column says that a row is of another case; write 'String'
                    case maybe(String?)
                               ^~~~~~~
                               String
                Models.swift:12:5: error: a case of '@Selection' enum 'Kind' cannot be ephemeral: each case is stored
                    @Ephemeral case skipped(Int)
                    ^~~~~~~~~~
                Models.swift:13:18: error: 'primaryKey:' is not supported on the columns of an enum's cases
                    @Column("x", primaryKey: true) case keyed(Int)
                                 ^~~~~~~~~~~~~~~~
                Models.swift:14:16: error: the value of case 'table' is a table; a case holds a column's value or an '@Selection' struct of columns
                    case table(Item)
                               ^~~~
                Models.swift:15:16: error: the value of case 'tuple' cannot be stored in a column; use a scalar, a raw-value enum or an '@Selection' struct
                    case tuple((Int, Int))
                               ^~~~~~~~~~
                Models.swift:17:24: error: 'Item' has two columns named 'ok': 'kind.ok' and 'kind.clash'; name one with '@Column("...")'
                    @Column("ok") case clash(Int)
                                       ^~~~~
                Models.swift:3:9: note: the other is declared here
                    var kind: Kind
                        ^~~~
                Models.swift:21:10: error: the case 'none' of '@Selection' enum 'Other' must hold one associated value: a column's value, as in 'case none(String)', or an '@Selection' struct of columns
                    case none
                         ^~~~
                Models.swift:20:17: error: '@Selection' enum 'Other' has no case with a value to store; StructuredQueries requires at least one, as in 'case note(String)'
                @Selection enum Other {
                                ^~~~~
                """ + "\n")
        #expect(diagnostics.allSatisfy { $0.severity == .error })
        // The good case is read; the enum of no good case is not.
        #expect(schema.model(named: "Item")?.enumColumnGroups.map(\.name) == ["kind"])
        #expect(schema.model(named: "Item")?.enumColumnGroups.first?.cases.map(\.name) == ["ok"])
    }
}
