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

