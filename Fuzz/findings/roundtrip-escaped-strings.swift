enum Status: String { case todo, done = "a\\b\"c" }
@Table("odd\"lists") struct List {
    let id: Int
}
@Table struct Item {
    let id: Int
    @Column("back\\slash") var x: Int
    @Column("list\nID") var listID: List.ID
    var status: Status
}
