@Table struct Item {
    let id: Int
    var kind: Kind
    var other: Other
}

@Selection enum Kind {
    case empty
    case pair(Int, String)
    case a(Int), b(String)
    case maybe(String?)
    @Ephemeral case skipped(Int)
    @Column("x", primaryKey: true) case keyed(Int)
    case table(Item)
    case tuple((Int, Int))
    case ok(String)
    @Column("ok") case clash(Int)
}

@Selection enum Other {
    case none
}
