/// A whole query as the user wrote it, in any of the accepted forms, before type checking.
///
/// All forms reduce to the same parts: a model, an optional filter, sort keys, a limit and an
/// offset. The form is kept so tools can tell what was pasted.
public struct Query: Sendable, Hashable {
    /// How the query was written.
    public enum Form: String, Sendable, Hashable {
        /// `#Predicate<User> { ... }`.
        case predicate
        /// `SortDescriptor(\User.birth, order: .reverse)` or an array of them.
        case sortDescriptors
        /// `FetchDescriptor<User>(predicate: ..., sortBy: [...], fetchLimit: 10)`.
        case fetchDescriptor
        /// SwiftUI's `@Query(filter: ..., sort: ..., order: ...)` or `Query(...)`.
        case swiftUIQuery
        /// `User where age > 20 sort by birth desc limit 10`.
        case concise
    }

    /// The filter of a query.
    public enum Filter: Sendable, Hashable {
        /// A closure whose first parameter is the model (`#Predicate<User> { $0.age > 20 }`).
        case closure(Closure)
        /// An expression in which bare names are the model's members (the concise `where` clause).
        case implicit(Expr)
    }

    public var form: Form
    /// The model named by the query (`User` in `#Predicate<User>`, `FetchDescriptor<User>` or the
    /// concise head), when written; otherwise the type checker infers it from key paths.
    public var model: TypeSyntax?
    public var filter: Filter?
    public var sort: [SortKey]
    public var limit: Expr?
    public var offset: Expr?
    public var range: SourceRange
    /// The nodes of the query's expressions (of the whole script, for a query of a script). A
    /// query built by hand gets the tree its expressions were parsed into.
    public var tree: SyntaxTree

    public init(
        form: Form, model: TypeSyntax?, filter: Filter?, sort: [SortKey] = [], limit: Expr? = nil,
        offset: Expr? = nil, range: SourceRange, tree: SyntaxTree = .empty
    ) {
        self.form = form
        self.model = model
        self.filter = filter
        self.sort = sort
        self.limit = limit
        self.offset = offset
        self.range = range
        self.tree = tree
    }
}

/// Ascending (`.forward`) or descending (`.reverse`), as Foundation's `SortOrder`.
public enum SortOrder: String, Sendable, Hashable {
    case forward
    case reverse
}

/// One sort key: `SortDescriptor(\User.birth, order: .reverse)` or `birth desc`.
public struct SortKey: Sendable, Hashable {
    /// The attribute to sort by, possibly through to-one relationships.
    public var keyPath: KeyPath
    public var order: SortOrder
    /// Where the order was written (`.reverse`, `desc`), if it was.
    public var orderRange: SourceRange?
    /// A string comparator, when written: `comparator: .localizedStandard`.
    public var comparator: Identifier?
    public var range: SourceRange

    public init(
        keyPath: KeyPath, order: SortOrder, orderRange: SourceRange? = nil, comparator: Identifier? = nil,
        range: SourceRange
    ) {
        self.keyPath = keyPath
        self.order = order
        self.orderRange = orderRange
        self.comparator = comparator
        self.range = range
    }
}
