            @Model final class User {
                var name: String
                var nickname: String
                var age: Int
                var company: Company?
                var team: Team?
            }
            @Model final class Company {
                var name: String
            }
            @Model final class Team {
                var title: String
            }
            @Table("compnies") struct Firm {
                let id: Int
            }
