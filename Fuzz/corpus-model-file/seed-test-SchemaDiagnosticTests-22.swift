            @Model final class A {
                @Storage(.unixTime) var name: String
                @Storage(.sideways) var born: Date
            }
