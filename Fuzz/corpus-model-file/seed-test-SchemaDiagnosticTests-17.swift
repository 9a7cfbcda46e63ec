            @Model final class A {
                var mystery
                var name: String
            }
