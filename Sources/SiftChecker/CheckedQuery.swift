import SiftSchema
import SiftSyntax

/// A query after type checking: ready for a back end (SQL lowering or in-memory evaluation).
public struct CheckedQuery: Sendable, Hashable {
    /// The model whose objects the query returns.
    public var model: Model
    /// The variable that stands for the row being filtered.
    public var root: VariableID
    /// A `Bool` expression, or `nil` to select every row.
    public var filter: TypedExpr?
    public var sort: [CheckedSortKey]
    /// An `Int` expression (constant or parameter), if given.
    public var limit: TypedExpr?
    public var offset: TypedExpr?
    /// Every variable the query introduces, indexed by ``VariableID/index``.
    public var variables: [Variable]
    /// The named parameters, in order of first use.
    public var parameters: [Parameter]
    /// How the query was written.
    public var form: Query.Form

    public init(
        model: Model, root: VariableID, filter: TypedExpr?, sort: [CheckedSortKey], limit: TypedExpr?,
        offset: TypedExpr?, variables: [Variable], parameters: [Parameter], form: Query.Form
    ) {
        self.model = model
        self.root = root
        self.filter = filter
        self.sort = sort
        self.limit = limit
        self.offset = offset
        self.variables = variables
        self.parameters = parameters
        self.form = form
    }

    public func variable(_ id: VariableID) -> Variable { variables[id.index] }
}

/// A named parameter: a free identifier of the query, typed by its use or by the host.
public struct Parameter: Sendable, Hashable {
    public var name: String
    public var type: SiftType
    /// Where it is first used.
    public var firstUse: SourceRange

    public init(name: String, type: SiftType, firstUse: SourceRange) {
        self.name = name
        self.type = type
        self.firstUse = firstUse
    }
}

/// A checked sort key: to-one relationships to follow, then the attribute to compare.
public struct CheckedSortKey: Sendable, Hashable {
    /// The to-one relationships from the root model, in order (empty for a direct attribute).
    public var path: [Relationship]
    public var attribute: Attribute
    public var order: SortOrder
    /// `comparator: .localizedStandard` and friends, for strings; nil for the default order.
    public var comparator: StringComparator?
    public var range: SourceRange

    public init(path: [Relationship], attribute: Attribute, order: SortOrder, comparator: StringComparator?, range: SourceRange) {
        self.path = path
        self.attribute = attribute
        self.order = order
        self.comparator = comparator
        self.range = range
    }

    /// The value sorted by can be nil (the attribute or a relationship on the way is optional).
    public var isOptional: Bool {
        attribute.isOptional || path.contains { $0.cardinality == .toOne(isOptional: true) }
    }
}

/// Foundation's `String.StandardComparator` choices for sorting strings.
public enum StringComparator: String, Sendable, Hashable {
    /// Unicode scalar order (Swift's `<`), the default.
    case lexical
    /// Case- and diacritic-insensitive, numbers by value (Finder order).
    case localizedStandard
    /// Locale-aware order.
    case localized
}
