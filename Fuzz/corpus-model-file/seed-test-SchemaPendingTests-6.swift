            @Model final class A {
                var pair: (Int, Int)
            }
