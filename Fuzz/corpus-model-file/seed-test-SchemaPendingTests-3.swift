            enum Color { case red }
            @Model final class A {
                var color: Color
            }
