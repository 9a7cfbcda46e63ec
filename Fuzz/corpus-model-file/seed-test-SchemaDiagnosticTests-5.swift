            @Model final class A {
                @Relationship(inverse: \\B.cs) var bs: [B] = []
            }
            @Model final class B {
                var cs: [C] = []
            }
            @Model final class C {
                var title: String
            }
