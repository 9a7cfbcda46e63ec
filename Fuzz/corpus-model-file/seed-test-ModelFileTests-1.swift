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
