            @Model final class A {
                var mystery
            }
