                Models.swift:3:16: error: cannot find type 'Ownr'; did you mean 'Owner'?
                    var owner: Ownr?
                               ^~~~
                               Owner

