import SiftSchema

/// What a query returns when it is not whole objects of its model: named, typed columns computed
/// per row or per group.
///
/// Rows are grouped when ``grouping`` is not empty or a column is an aggregate (then all the rows
/// make one group); a grouped query's columns, condition and sort keys read only the grouping
/// keys, what those keys determine (the attributes of a grouped to-one relationship), constants
/// and aggregates.
public struct CheckedSelection: Sendable, Hashable {
    /// The result columns, in order.
    public var columns: [SelectedColumn]
    /// Each distinct row once.
    public var isDistinct: Bool
    /// The grouping keys, in order: attributes and to-one paths of the root row, or to-one
    /// relationships (grouped by the related object).
    public var grouping: [TypedExpr]
    /// The condition on groups (`having`): a `Bool` of grouped values and aggregates.
    public var groupFilter: TypedExpr?
    /// Whether rows are grouped: there are grouping keys or an aggregate is selected.
    public var isGrouped: Bool

    /// A selection of these parts.
    public init(columns: [SelectedColumn], isDistinct: Bool, grouping: [TypedExpr], groupFilter: TypedExpr?, isGrouped: Bool) {
        self.columns = columns
        self.isDistinct = isDistinct
        self.grouping = grouping
        self.groupFilter = groupFilter
        self.isGrouped = isGrouped
    }
}

/// One result column: its name, its value, and its Swift type.
public struct SelectedColumn: Sendable, Hashable {
    /// The label written, or the expression's source text (`company?.name`, `count()`).
    public var name: String
    /// The value, a node of the query's tree.
    public var value: TypedExpr
    /// The value's type.
    public var type: SiftType { value.type }

    /// A column `name` of `value`.
    public init(name: String, value: TypedExpr) {
        self.name = name
        self.value = value
    }
}
