                Models.swift:2:31: error: the inverse 'cs' does not point back: it is a relationship to 'C', not to 'A'
                    @Relationship(inverse: \\B.cs) var bs: [B] = []
                                              ^~
                Models.swift:5:9: note: 'cs' is declared here
                    var cs: [C] = []
                        ^~

