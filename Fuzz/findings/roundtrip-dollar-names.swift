enum Level: Int { case $low, high }
@Table struct $B {
    let id: Int
}
@Table struct A {
    let id: Int
    var $x: Int
    var level: Level
}
