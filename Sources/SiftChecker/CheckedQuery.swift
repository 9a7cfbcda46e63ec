import SiftSchema
import SiftSyntax

/// A query after type checking: ready for a back end (SQL lowering or in-memory evaluation).
public struct CheckedQuery: Sendable, Hashable {
    /// The model whose objects the query returns.
    public package(set) var model: Model {
        get { storage.fields.model }
        set { uniqueStorage().fields.model = newValue }
    }
    /// The variable that stands for the row being filtered.
    public package(set) var root: VariableID {
        get { storage.fields.root }
        set { uniqueStorage().fields.root = newValue }
    }
    /// The nodes of the query's expressions (``filter``, ``limit``, ``offset``): read a node's
    /// kind with `query.tree[expr]`.
    ///
    /// To add nodes, copy the tree out, make them, and set it back: `query.tree.make(...)` copies
    /// the tree for each node (a read-modify accessor would make every read of a checked query
    /// check exclusivity at run time). A ``TypedExpr``
    /// means something only with the tree it was made in: set ``filter``, ``limit`` and
    /// ``offset`` to nodes of this query's tree.
    public package(set) var tree: TypedTree {
        get { storage.fields.tree }
        set { uniqueStorage().fields.tree = newValue }
    }
    /// The kind of `expr`, a node of ``tree``, read in place.
    public subscript(expr: TypedExpr) -> TypedExprKind {
        _read { yield storage.fields.tree[expr] }
    }
    /// A `Bool` expression, or `nil` to select every row.
    public package(set) var filter: TypedExpr? {
        get { storage.fields.filter }
        set { uniqueStorage().fields.filter = newValue }
    }
    /// The height of ``filter``'s tree, read in place.
    package var filterHeight: Int? { (storage.fields.filter?.height).map { Int($0) } }
    /// The sort keys, most significant first.
    public package(set) var sort: [CheckedSortKey] {
        get { storage.fields.sort }
        set { uniqueStorage().fields.sort = newValue }
    }
    /// An `Int` expression (constant or parameter), if given.
    public package(set) var limit: TypedExpr? {
        get { storage.fields.limit }
        set { uniqueStorage().fields.limit = newValue }
    }
    /// An `Int` expression (constant or parameter): the rows to skip, if given.
    public package(set) var offset: TypedExpr? {
        get { storage.fields.offset }
        set { uniqueStorage().fields.offset = newValue }
    }
    /// Every variable the query introduces, indexed by ``VariableID/index``.
    public package(set) var variables: [Variable] {
        get { storage.fields.variables }
        set { uniqueStorage().fields.variables = newValue }
    }
    /// The named parameters, in order of first use.
    public package(set) var parameters: [Parameter] {
        get { storage.fields.parameters }
        set { uniqueStorage().fields.parameters = newValue }
    }
    /// How the query was written.
    public package(set) var form: Query.Form {
        get { storage.fields.form }
        set { uniqueStorage().fields.form = newValue }
    }
    /// What the query returns instead of whole objects of ``model``, when it selects; nil for
    /// whole objects.
    public package(set) var selection: CheckedSelection? {
        get { storage.fields.selection }
        set { uniqueStorage().fields.selection = newValue }
    }
    /// `count(...)` or `exists(...)` of the query: its result is one row of one column, the
    /// number of rows the rest of the query gives or whether it gives one; nil for the rows.
    public package(set) var measure: QueryMeasure? {
        get { storage.fields.measure }
        set { uniqueStorage().fields.measure = newValue }
    }
    /// The named sub-queries the query reads as models (`with name = (...)`), in order.
    public package(set) var commonTables: [CheckedCommonTable] {
        get { storage.fields.commonTables }
        set { uniqueStorage().fields.commonTables = newValue }
    }
    /// The names and types of the result columns: the measure's, the selection's, or the model's attributes.
    public var resultColumns: [(name: String, type: SiftType)] {
        if let measure = storage.fields.measure { return [(measure.rawValue, measure == .count ? .int : .bool)] }
        if let selection = storage.fields.selection { return selection.columns.map { ($0.name, $0.type) } }
        return storage.fields.model.resultColumns.map { attribute in
            let type = SiftType(attribute.type)
            return (attribute.name, attribute.isOptional ? .optional(type) : type)
        }
    }

    /// The fields, shared between copies until one is changed: a checked query is copied into
    /// the lowering, the compiled query and the caller's result, and a copy is then one
    /// reference instead of a dozen.
    private var storage: Storage

    /// A checked query of these parts; its expressions are nodes of `tree`.
    public init(
        model: Model, root: VariableID, tree: TypedTree, filter: TypedExpr?, sort: [CheckedSortKey], limit: TypedExpr?,
        offset: TypedExpr?, variables: [Variable], parameters: [Parameter], form: Query.Form
    ) {
        storage = Storage(
            Fields(
                model: model, root: root, tree: tree, filter: filter, sort: sort, limit: limit, offset: offset, variables: variables,
                parameters: parameters, form: form))
    }

    /// The variable `id` stands for.
    public func variable(_ id: VariableID) -> Variable { storage.fields.variables[id.index] }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public static func == (lhs: CheckedQuery, rhs: CheckedQuery) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    private struct Fields: Hashable {
        var model: Model
        var root: VariableID
        var tree: TypedTree
        var filter: TypedExpr?
        var sort: [CheckedSortKey]
        var limit: TypedExpr?
        var offset: TypedExpr?
        var variables: [Variable]
        var parameters: [Parameter]
        var form: Query.Form
        var selection: CheckedSelection? = nil
        var measure: QueryMeasure? = nil
        var commonTables: [CheckedCommonTable] = []
    }

    /// Changed only through ``uniqueStorage()``, when no other query shares it.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
}

/// A named parameter: a free identifier of the query, typed by its use or by the host.
public struct Parameter: Sendable, Hashable {
    /// The parameter's name as written.
    public var name: String
    /// Its type, from the host or from its first use.
    public var type: SiftType
    /// Where it is first used.
    public var firstUse: SourceRange

    /// A parameter `name` of `type`, first used at `firstUse`.
    public init(name: String, type: SiftType, firstUse: SourceRange) {
        self.name = name
        self.type = type
        self.firstUse = firstUse
    }
}

/// A checked sort key: to-one relationships to follow, then the attribute to compare.
public struct CheckedSortKey: Sendable, Hashable {
    /// The to-one relationships from the root model, in order (empty for a direct attribute and
    /// for a computed value, whose expression follows its own path).
    public var path: [Relationship]
    /// What is sorted by.
    public var value: SortKeyValue
    /// Ascending or descending.
    public var order: SortOrder
    /// `comparator: .localizedStandard` and friends, for strings; nil for the default order.
    public var comparator: StringComparator?
    /// Where the key is written.
    public var range: SourceRange
    /// For a StructuredQueries ordering term, SQL's order (values as stored, texts by their
    /// bytes) and where NULLs go; nil for Swift's order (`SortDescriptor`).
    public var sqlNulls: SQLNullsOrder?

    /// A sort key on `value`, reached through `path`.
    public init(
        path: [Relationship], value: SortKeyValue, order: SortOrder, comparator: StringComparator?, range: SourceRange,
        sqlNulls: SQLNullsOrder? = nil
    ) {
        self.path = path
        self.value = value
        self.order = order
        self.comparator = comparator
        self.range = range
        self.sqlNulls = sqlNulls
    }

    /// A key that sorts by an attribute's stored value.
    public init(path: [Relationship], attribute: Attribute, order: SortOrder, comparator: StringComparator?, range: SourceRange) {
        self.init(path: path, value: .attribute(attribute), order: order, comparator: comparator, range: range)
    }

    /// The attribute at the end of ``path``; nil for a computed value.
    public var attribute: Attribute? {
        switch value {
        case .attribute(let attribute), .enumRank(let attribute, _): attribute
        case .computed: nil
        }
    }

    /// The value sorted by can be nil (the attribute or a relationship on the way is optional).
    public var isOptional: Bool {
        switch value {
        case .attribute(let attribute), .enumRank(let attribute, _):
            attribute.isOptional || path.contains { $0.cardinality == .toOne(isOptional: true) }
        case .computed(let expr): expr.type.isOptional
        }
    }
}

/// What a sort key sorts by.
public enum SortKeyValue: Sendable, Hashable {
    /// An attribute's stored value, compared as Swift compares its type.
    case attribute(Attribute)
    /// An enum attribute stored by raw values that do not sort in the enum's order (strings):
    /// compared by the position of its raw value in `order` (Swift's order of the cases).
    case enumRank(Attribute, order: [EnumType.RawValue])
    /// A value computed by a node of the query's typed tree, from the root row
    /// (`\User.interests.count`).
    case computed(TypedExpr)
}

/// Foundation's `String.StandardComparator` choices for sorting strings.
public enum StringComparator: String, Sendable, Hashable {
    /// Unicode scalar order (Swift's `<`), the default.
    case lexical
    /// Case- and diacritic-insensitive, numbers by value (Finder order).
    case localizedStandard
    /// Locale-aware order.
    case localized
    /// The stored bytes (UTF-8, code point order): an `NSSortDescriptor` without a selector, as a
    /// Core Data SQLite store sorts. Not a Swift comparator: only Core Data's spellings make it.
    case storedBytes
    /// Foundation's `caseInsensitiveCompare:`, which a Core Data SQLite store sorts by (its
    /// `NSCollateNoCase` collation): an `NSSortDescriptor` with that selector. Not a Swift
    /// comparator: only Core Data's spellings make it.
    case caseInsensitive
}
