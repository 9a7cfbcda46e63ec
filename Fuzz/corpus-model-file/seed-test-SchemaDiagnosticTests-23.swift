                Models.swift:2:5: error: 'String' cannot be stored as 'unixTime'
                    @Storage(.unixTime) var name: String
                    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                Models.swift:3:5: error: '@Storage' takes one of .integer, .real, .text, .blob, .referenceDate, .unixTime, .iso8601, .uppercaseText, .lowercaseText, .bytes
                    @Storage(.sideways) var born: Date
                    ^~~~~~~~~~~~~~~~~~~

