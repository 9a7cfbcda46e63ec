                Models.swift:2:9: error: the type of 'x' cannot be inferred from its initial value; write it, e.g. 'var x: String'
                    var x = makeX()
                        ^

