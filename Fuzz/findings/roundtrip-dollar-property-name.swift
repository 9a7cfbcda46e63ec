@Table struct A {
    let id: Int
    var $x: Int
}
