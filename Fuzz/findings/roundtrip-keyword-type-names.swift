enum `var`: String { case `let`, b }
@Model final class `class` {
    var v: `var`
    @Relationship(inverse: \`struct`.owners) var items: [`struct`] = []
}
@Model final class `struct` {
    var owners: [`class`]
}
@Table struct `enum` {
    let id: Int
    var ownerID: `class`.ID
}
