                Models.swift:3:9: warning: the column 'users.nickname' allows NULL, but 'nickname' is not optional; declare it 'String?' if NULLs can occur
                    var nickname: String
                        ^~~~~~~~
                Models.swift:4:9: error: the table 'users' has no column 'age' for 'User.age'
                    var age: Int
                        ^~~
                Models.swift:6:9: error: the database has no link for the relationship 'User.team' (expected a foreign-key column 'teamID')
                    var team: Team?
                        ^~~~
                Models.swift:11:20: error: the model 'Team' has no table 'teams' in the database
                @Model final class Team {
                                   ^~~~
                Models.swift:14:27: error: the model 'Firm' has no table 'compnies' in the database; did you mean 'companies'? Name it with '@Table("companies")'
                @Table("compnies") struct Firm {
                                          ^~~~

