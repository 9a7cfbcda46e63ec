            @Model final class A {
                var x: Int
            }
            @Model final class A {
                var y: Int
            }
