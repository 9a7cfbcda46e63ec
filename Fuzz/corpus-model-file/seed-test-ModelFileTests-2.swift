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

