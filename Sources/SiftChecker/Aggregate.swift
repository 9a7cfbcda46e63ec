/// A function of the rows of a group (of all the rows, without `group by`).
public enum AggregateFunction: String, Sendable, Hashable, CaseIterable {
    /// `count()`: the rows; `count(x)`: the rows where `x` is not nil; `count(where: c)`: the
    /// rows where `c` holds. An `Int`.
    case count
    /// `sum(x)`: the sum of the non-nil values, `0` for none; an `Int` sum that overflows traps, as
    /// `reduce(0, +)` does.
    case sum
    /// `average(x)`: a `Double?`, nil for no values (Swift would divide by zero).
    case average
    /// `min(x)`: the least non-nil value, nil for none.
    case min
    /// `max(x)`: the greatest non-nil value, nil for none.
    case max
    /// `groupConcat(x, separator: ", ")`: the non-nil strings joined (`""` for none); the order of
    /// the rows is SQLite's scan order, unless sorted: `groupConcat(x, separator: ", ", sortedBy: k)`
    /// (`order: .reverse` too) joins them in Swift's order of `k`, ties by the strings themselves.
    case groupConcat
    /// `jsonGroupArray(x)`: a JSON array of the values (nil as `null`), as text.
    case jsonGroupArray
    /// StructuredQueries' `total()`: SQLite's `total(x)`, the sum of the non-NULL values as a
    /// `Double` (`0.0` for none; an `Int` sum cannot overflow). The builder's alone.
    case total

    /// The names accepted as free functions in a selection, the group condition and sort keys.
    public static func named(_ name: String) -> AggregateFunction? {
        switch name {
        case "count": .count
        case "sum": .sum
        case "average", "avg": .average
        case "min": .min
        case "max": .max
        case "groupConcat": .groupConcat
        case "jsonGroupArray": .jsonGroupArray
        default: nil
        }
    }
}

/// A call of an aggregate function: its argument evaluated on each row of the group with the
/// query's root variable bound to that row.
public struct AggregateCall: Sendable, Hashable {
    /// Which function.
    public var function: AggregateFunction
    /// The value aggregated; nil for `count()` (the rows themselves).
    public var argument: TypedExpr?
    /// Each distinct value once (`count(distinct: x)`).
    public var isDistinct: Bool
    /// Only the rows where this `Bool` holds (`count(where: age > 20)`).
    public var condition: TypedExpr?
    /// The separator of ``AggregateFunction/groupConcat`` (a `String`), when written; `","` otherwise.
    public var separator: TypedExpr?
    /// The order of ``AggregateFunction/groupConcat``'s strings (`sortedBy: k`): a `Comparable`
    /// value of each row, nil first; nil for SQLite's scan order.
    public var sortKey: TypedExpr?
    /// `order: .reverse`: the strings in the reverse of ``sortKey``'s order.
    public var isDescending = false

    /// A call of `function` on `argument`.
    public init(function: AggregateFunction, argument: TypedExpr?, isDistinct: Bool = false, condition: TypedExpr? = nil, separator: TypedExpr? = nil) {
        self.function = function
        self.argument = argument
        self.isDistinct = isDistinct
        self.condition = condition
        self.separator = separator
    }

    /// The subexpressions, in order.
    public var children: [TypedExpr] { [argument, condition, separator, sortKey].compactMap { $0 } }
}
