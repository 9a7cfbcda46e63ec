/// What a concise query returns instead of whole objects of its model: the `select` list, whether
/// repeated rows are dropped (`select distinct`), the `group by` keys and the condition on groups
/// (`having`). `User where age > 20 select name, company?.name`,
/// `Reminder group by remindersList having count() > 2 select remindersList.title, count()`.
public struct Projection: Sendable, Hashable {
    /// The selected values, in order; empty when only `group by` was written (then the groups'
    /// keys are selected).
    public var items: [SelectItem]
    /// `select distinct`: each distinct row once.
    public var isDistinct: Bool
    /// Where `select` (with `distinct`) is written, if it is.
    public var selectRange: SourceRange?
    /// The `group by` keys, in order.
    public var grouping: [Expr]
    /// Where `group by` is written, if it is.
    public var groupRange: SourceRange?
    /// The `having` condition on groups, if written.
    public var groupFilter: Expr?
    /// The joined models, in order.
    public var joins: [JoinClause] = []
    /// The queries combined with this one's rows (`union`, `intersect`, `except`), left to right.
    public var setOperations: [SetOperation] = []

    /// A projection of these parts.
    public init(
        items: [SelectItem] = [], isDistinct: Bool = false, selectRange: SourceRange? = nil, grouping: [Expr] = [],
        groupRange: SourceRange? = nil, groupFilter: Expr? = nil
    ) {
        self.items = items
        self.isDistinct = isDistinct
        self.selectRange = selectRange
        self.grouping = grouping
        self.groupRange = groupRange
        self.groupFilter = groupFilter
    }
}

/// One selected value: `company?.name`, `total: sum(score)`.
public struct SelectItem: Sendable, Hashable {
    /// The column's name when written (`total:`); otherwise the column is named after its expression.
    public var label: Identifier?
    /// The value.
    public var value: Expr
    /// Where the item is written, label included.
    public var range: SourceRange
    /// `count(Reminder where isCompleted)`, `exists(...)`: the measured query whose one value is
    /// the column's (then ``value`` is an error node standing for its text).
    public var subquery: Query?

    /// An item selecting `value`, named `label` when given.
    public init(label: Identifier?, value: Expr, range: SourceRange) {
        self.label = label
        self.value = value
        self.range = range
    }
}

/// `join interests as interest`, `left join company`, `join User as other on other.age == age`:
/// another model's rows beside each row, along a relationship or on a condition.
public struct JoinClause: Sendable, Hashable {
    /// `left join`: a row without a match is kept, the joined value nil.
    public var isOuter: Bool
    /// A relationship of the row or of an earlier join (`interests`, `interest.users`), or a model's name.
    public var source: KeyPath
    /// The name the joined row is read by (`as name`); otherwise the relationship's or the model's name.
    public var alias: Identifier?
    /// The `on` condition, required for a model joined by name.
    public var condition: Expr?
    /// Where the clause is written.
    public var range: SourceRange

    /// A join clause of these parts.
    public init(isOuter: Bool, source: KeyPath, alias: Identifier?, condition: Expr?, range: SourceRange) {
        self.isOuter = isOuter
        self.source = source
        self.alias = alias
        self.condition = condition
        self.range = range
    }
}

/// `union`, `intersect` or `except` and the query whose rows it combines with the rows before it.
public struct SetOperation: Sendable, Hashable {
    /// How the rows combine.
    public enum Operator: String, Sendable, Hashable {
        /// The rows of either, each distinct row once.
        case union
        /// Every row of both, repeated rows kept (StructuredQueries' `.union(all: true, ...)`).
        case unionAll = "union all"
        /// The distinct rows of both.
        case intersect
        /// The distinct rows before that the query does not give.
        case except
    }

    /// How the rows combine.
    public var op: Operator
    /// Where the operator is written.
    public var operatorRange: SourceRange
    /// The query, which selects as many columns of the same types.
    public var query: Query

    /// A set operation with `query`.
    public init(op: Operator, operatorRange: SourceRange, query: Query) {
        self.op = op
        self.operatorRange = operatorRange
        self.query = query
    }
}
