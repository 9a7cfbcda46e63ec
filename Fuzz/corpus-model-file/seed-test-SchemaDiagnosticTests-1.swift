            @Model final class Pet {
                var name: String
                var owner: Ownr?
            }
            @Model final class Owner {
                var name: String
            }
