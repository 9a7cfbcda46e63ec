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
