                (model-file
                  (struct A
                    (let a: Int)))
                <input>:1:1: error: expected a declaration (a '@Model' class, a struct, an enum or a property), found 'print'
                print(1)
                ^~~~~

