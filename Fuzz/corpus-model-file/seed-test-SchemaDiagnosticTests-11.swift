            @Model final class A {
                var name: String
                var name: Int
            }
