                Models.swift:3:9: error: 'A' declares 'name' twice
                    var name: Int
                        ^~~~
                Models.swift:2:9: note: first declared here
                    var name: String
                        ^~~~

