@Model final class List {
    var name: String
}
@Table struct Item {
    let id: Int
    var listID: List.ID
}
