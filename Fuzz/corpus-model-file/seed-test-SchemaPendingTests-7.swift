            @Model final class A {
                var ghosts: [Ghost] = []
            }
