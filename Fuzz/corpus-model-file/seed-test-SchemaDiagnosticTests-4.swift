                Models.swift:3:18: error: cannot find the model 'Owner' that 'ownerID' refers to
                    var ownerID: Owner.ID
                                 ^~~~~~~~

