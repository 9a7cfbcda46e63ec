@Table struct List {
    let id: Int
    var name: String
}
@Model final class Item {
    var listID: List.ID
}
