/// Values a StructuredQueries chain names with a key path or computes in a closure:
/// `.select(\.title)`, `.select { ($0.title, $1.title) }`, `.group(by: \.id)`, `.group { $0.remindersListID }`.
public enum BuilderValues: Sendable, Hashable {
    /// A key path to a column of the first table.
    case keyPath(KeyPath)
    /// A closure taking the rows of the tables joined so far, returning a value or a tuple of them.
    case closure(Closure)
}

/// One clause of a chain that reads the rows of the tables joined before it: the clause, and how
/// many tables its closure's rows are (`1` before any join, `2` after one).
public struct BuilderScoped<Clause: Sendable & Hashable>: Sendable, Hashable {
    /// The clause as written.
    public var clause: Clause
    /// The tables joined before this clause, the chain's own counted: `$0` up to `$(tables - 1)`.
    public var tables: Int
    /// For a clause of a joined query (`.join(RemindersList.select(\.title)) { ... }`): the
    /// position of the joined table's row among the query's rows (`1` for the first join), which
    /// the clause reads as its only row, `$0`; nil for a clause of the chain itself.
    public var joinedRow: Int?

    /// A clause reading `tables` rows (or, with `joinedRow`, that one row alone).
    public init(_ clause: Clause, tables: Int, joinedRow: Int? = nil) {
        self.clause = clause
        self.tables = tables
        self.joinedRow = joinedRow
    }
}

/// `.join(RemindersList.all) { $0.remindersListID.eq($1.id) }` and its outer forms.
public struct BuilderJoin: Sendable, Hashable {
    /// Which rows are kept without a match.
    public enum Kind: String, Sendable, Hashable {
        /// `join`: only matching pairs.
        case inner = "join"
        /// `leftJoin`: each row of the tables before, the joined row nil without a match.
        case left = "leftJoin"
        /// `rightJoin`: each joined row, the rows before nil without a match.
        case right = "rightJoin"
        /// `fullJoin`: both.
        case full = "fullJoin"
    }

    /// Which join.
    public var kind: Kind
    /// The joined table's model.
    public var model: Identifier
    /// The joined query's own `where` clauses (`RemindersList.where { ... }`), reading its row alone:
    /// StructuredQueries adds them to the query's `WHERE`.
    public var filters: [BuilderClauses.Filter]
    /// The `ON` condition, a closure taking the rows before and the joined row.
    public var condition: Closure?
    /// The filters and orderings of the chain written before this join (which read fewer rows).
    public var filtersBefore: Int
    /// The orderings of the chain written before this join.
    public var orderingsBefore: Int
    /// Where the method's name is written.
    public var methodRange: SourceRange
    /// Where the whole call is written.
    public var range: SourceRange

    /// A join of these parts.
    public init(
        kind: Kind, model: Identifier, filters: [BuilderClauses.Filter], condition: Closure?, filtersBefore: Int, orderingsBefore: Int,
        methodRange: SourceRange, range: SourceRange
    ) {
        self.kind = kind
        self.model = model
        self.filters = filters
        self.condition = condition
        self.filtersBefore = filtersBefore
        self.orderingsBefore = orderingsBefore
        self.methodRange = methodRange
        self.range = range
    }
}
