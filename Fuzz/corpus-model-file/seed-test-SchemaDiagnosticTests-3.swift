            @Table struct Pet {
                let id: Int
                var ownerID: Owner.ID
            }
