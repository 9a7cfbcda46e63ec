import SiftSyntax
import Testing

/// Model files: the declarations that describe stored data, everything else skipped.
@Suite struct ModelFileTests {
    static func model(_ text: String) -> String {
        let source = SourceFile(text: text)
        let parsed = Parser.parseModelFile(source)
        return TreePrinter.print(parsed.value) + "\n" + DiagnosticRenderer().render(parsed.diagnostics, in: source)
    }

    @Test func swiftDataExample() {
        let text = #"""
            import SwiftData
            @Model final class User {
              @Attribute(.unique) var id: UUID
              var name: String
              var nickname: String?
              var age: Int
              var birth: Date
              var company: Company?
              @Relationship(deleteRule: .nullify, inverse: \Interest.users) var interests: [Interest] = []
              @Transient var isChecked = false
              init(name: String) { self.name = name; self.age = 0 }
            }
            enum Priority: Int { case low = 1, medium, high }
            """#
        #expect(
            Self.model(text) == #"""
                (model-file
                  (skipped import)
                  (class User (attributes @Model) (modifiers final)
                    (var id: UUID (attributes (@Attribute .unique)))
                    (var name: String)
                    (var nickname: String?)
                    (var age: Int)
                    (var birth: Date)
                    (var company: Company?)
                    (var interests: [Interest] = (array) (attributes (@Relationship deleteRule: .nullify inverse: \Interest.users)))
                    (var isChecked = false (attributes @Transient))
                    (skipped init))
                  (enum Priority : Int
                    (case low = 1)
                    (case medium)
                    (case high)))

                """#)
    }

    @Test func structuredQueriesExample() {
        let text = #"""
            import StructuredQueries
            @Table("remindersLists")
            struct RemindersList: Identifiable {
              let id: Int
              var color = 0x4a99ef
              var title = ""
            }
            @Table struct Reminder {
              static let all = Self.where { !$0.isCompleted }
              let id: Int
              @Column("due_date") var dueDate: Date?
              @Column(as: Date.UnixTimeRepresentation.self) var createdAt: Date
              var isCompleted = false; var priority: Priority?
              var remindersListID: RemindersList.ID
              public private(set) var tags: [String: Int] = [:]
              var title: String { didSet { print(title) } }
              var upper: String { title.uppercased() }
              enum Status: String, Codable { case todo, inProgress = "in_progress"
                var label: String { rawValue }
              }
              func complete() -> Bool { if x { return { true }() } ; return false }
            }
            extension Reminder { var x: Int { 1 } }
            """#
        #expect(
            Self.model(text) == #"""
                (model-file
                  (skipped import)
                  (struct RemindersList : Identifiable (attributes (@Table "remindersLists"))
                    (let id: Int)
                    (var color = 0x4a99ef)
                    (var title = ""))
                  (struct Reminder (attributes @Table)
                    (let all = (call (member Self where) (trailing (closure (! (member $0 isCompleted))))) (modifiers static))
                    (let id: Int)
                    (var dueDate: Date? (attributes (@Column "due_date")))
                    (var createdAt: Date (attributes (@Column as: (member (member Date UnixTimeRepresentation) self))))
                    (var isCompleted = false)
                    (var priority: Priority?)
                    (var remindersListID: RemindersList.ID)
                    (var tags: [String: Int] (modifiers public private))
                    (var title: String)
                    (var upper: String computed)
                    (enum Status : String, Codable
                      (case todo)
                      (case inProgress = "in_progress"))
                    (skipped func))
                  (skipped extension))

                """#)
    }

    @Test func qualifiedTypeKeepsItsFullName() {
        let file = Parser.parseModelFile(SourceFile(text: "struct A { var b: RemindersList.ID }")).value
        guard case .type(let type) = file.declarations.first, case .property(let property) = type.members.first,
            case .named(let name, _)? = property.type?.kind
        else {
            Issue.record("unexpected shape: \(file)")
            return
        }
        #expect(name.name == "RemindersList.ID")
        #expect(name.range == SourceRange(start: 18, end: 34))
    }

    @Test func typesOfEveryShape() {
        #expect(
            Self.model("class A { var a: [String: [Int?]]!; var b: Optional<Set<Int>>; let c: any P }") == """
                (model-file
                  (class A
                    (var a: [String: [Int?]]!)
                    (var b: Optional<Set<Int>>)
                    (let c: P)))

                """)
    }

    @Test func propertyWithoutTypeAndMissingBrace() {
        #expect(
            Self.model("@Model class A { var x }\nclass B {\n var y: Int\n") == """
                (model-file
                  (class A (attributes @Model)
                    (var x))
                  (class B
                    (var y: Int)))
                <input>:1:22: error: property 'x' needs a type annotation, such as 'var x: String'
                @Model class A { var x }
                                     ^
                                      : <#Type#>
                <input>:3:12: error: expected '}' to close the body of 'B'
                 var y: Int
                           ^
                           }
                <input>:2:9: note: to match this opening '{'
                class B {
                        ^

                """)
    }

    @Test func strayStatementIsReportedAndSkipped() {
        #expect(
            Self.model("print(1)\nstruct A { let a: Int }") == """
                (model-file
                  (struct A
                    (let a: Int)))
                <input>:1:1: error: expected a declaration (a '@Model' class, a struct, an enum or a property), found 'print'
                print(1)
                ^~~~~

                """)
    }
}
