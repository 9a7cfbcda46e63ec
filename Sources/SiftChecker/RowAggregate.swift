/// An aggregate of one row's related objects: `users.map(\.age).max()`, `users.map { $0.score }.sum()`,
/// `interests.filter { $0.category == c }.map(\.title).min()`.
///
/// ``value`` is evaluated for each element of ``sequence`` with ``variable`` bound to it; the
/// result is Swift's `max()` / `min()` of those values (nil for none), their sum (`0` for none;
/// an integer sum outside its type's range traps), or their mean (a `Double?`, nil for none).
public struct RowAggregate: Sendable, Hashable {
    /// ``AggregateFunction/max``, ``AggregateFunction/min``, ``AggregateFunction/sum`` or
    /// ``AggregateFunction/average``.
    public var function: AggregateFunction
    /// The objects: a to-many relationship, possibly filtered.
    public var sequence: TypedExpr
    /// The variable that stands for one object inside ``value``.
    public var variable: VariableID
    /// The value of one object: not optional; a number for a sum or an average, `Comparable` for
    /// `max()` and `min()`.
    public var value: TypedExpr

    /// An aggregate of `value` over `sequence`.
    public init(function: AggregateFunction, sequence: TypedExpr, variable: VariableID, value: TypedExpr) {
        self.function = function
        self.sequence = sequence
        self.variable = variable
        self.value = value
    }
}
