// A to-one relationship whose target's first attribute is not Comparable.
import SwiftData

@Model final class Pet {
    var name: String
    var owner: Owner?
}

@Model final class Owner {
    var identifier: UUID
    var isVIP: Bool
    var name: String
    var pets: [Pet] = []
}
