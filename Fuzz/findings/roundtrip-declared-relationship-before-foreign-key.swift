@Table struct Tag {
    let id: Int
}
@Table struct Item {
    let id: Int
    var owner: Tag?
    var tagID: Tag.ID
}
