import SiftSchema
import SiftSyntax

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
    /// The models joined to each row, in order: each row of the result is a row of the model with
    /// one row of each join (the rows before filtering, grouping and selecting).
    public var joins: [CheckedJoin] = []
    /// The queries whose rows combine with these (`union`, `intersect`, `except`), left to right:
    /// each selects as many columns, of the same types.
    public var setOperations: [CheckedSetOperation] = []
    /// Variables that stand for the row of another (the root or a join's) where a later right or
    /// full join may leave that row nil (`$0` after `.rightJoin`): optional-typed, read from the
    /// same table.
    public var outerRowAliases: [VariableID: VariableID] = [:]
    /// With ``setOperations``: the result column each of the query's sort keys names, in the
    /// keys' order (the combined rows are sorted by their columns' values).
    public var combinedSortColumns: [Int] = []
    /// The columns that are the count or existence of a whole query (`count(Reminder where
    /// isCompleted)`), by index: the query, measured, whose one value the column holds in every
    /// row (the column's ``SelectedColumn/value`` is a constant standing for it).
    public var subqueries: [Int: CheckedQuery] = [:]

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
    /// A query combined with this one by a set operation gives nil in this column.
    public var isOptionalWhenCombined = false
    /// The column's type: the value's, optional when a combined query's column is.
    public var type: SiftType { isOptionalWhenCombined && !value.type.isOptional ? .optional(value.type) : value.type }

    /// A column `name` of `value`.
    public init(name: String, value: TypedExpr) {
        self.name = name
        self.value = value
    }
}

/// A model joined to the query's rows: `join interests as interest`, `left join company`,
/// `join User as other on other.age == age`.
public struct CheckedJoin: Sendable, Hashable {
    /// Where the joined rows come from.
    public enum Source: Sendable, Hashable {
        /// The objects a relationship of `base` (the root row or an earlier join's) relates it to.
        case relationship(base: TypedExpr, Relationship)
        /// Every object of the model, kept where ``CheckedJoin/condition`` holds.
        case model
    }

    /// The variable that stands for the joined row: of the model's type, optional for an outer join.
    public var variable: VariableID
    /// The joined model.
    public var model: Model
    /// An outer (`left`) join: a row without a match is kept once, the variable nil.
    public var isOuter: Bool
    /// A right (or, with ``isOuter``, full) outer join: a joined row without a match is kept
    /// once, the rows before it nil.
    public var isRightOuter = false
    /// Where the rows come from.
    public var source: Source
    /// The `on` condition, if any: a `Bool` that may read the root row, earlier joins and this one
    /// (through ``conditionVariable``).
    public var condition: TypedExpr?
    /// The variable the condition reads the candidate row by: of the model's type, not optional
    /// even for an outer join (a candidate is a row); ``variable`` for an inner join.
    public var conditionVariable: VariableID

    /// A join of these parts.
    public init(variable: VariableID, model: Model, isOuter: Bool, source: Source, condition: TypedExpr?, conditionVariable: VariableID? = nil) {
        self.conditionVariable = conditionVariable ?? variable
        self.variable = variable
        self.model = model
        self.isOuter = isOuter
        self.source = source
        self.condition = condition
    }
}

/// `union`, `intersect` or `except` with a checked query that selects.
public struct CheckedSetOperation: Sendable, Hashable {
    /// How the rows combine.
    public var op: SetOperation.Operator
    /// The query, with its own tree and variables.
    public var query: CheckedQuery

    /// A set operation with `query`.
    public init(op: SetOperation.Operator, query: CheckedQuery) {
        self.op = op
        self.query = query
    }
}
