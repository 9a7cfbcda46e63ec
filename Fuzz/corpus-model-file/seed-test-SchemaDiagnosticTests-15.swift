            @Model final class A {
                var x = makeX()
            }
