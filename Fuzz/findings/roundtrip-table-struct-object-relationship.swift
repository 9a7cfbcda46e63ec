@Table struct List {
    let id: Int
    var company: Company?
}

@Model final class Company {
    var name: String
}
