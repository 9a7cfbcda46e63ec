/// A whole query as the user wrote it, in any of the accepted forms, before type checking.
///
/// All forms reduce to the same parts: a model, an optional filter, sort keys, a limit and an
/// offset. The form is kept so tools can tell what was pasted.
public struct Query: Sendable, Hashable, CustomDebugStringConvertible {
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
        /// `NSPredicate(format: "age > %d", 20)` or `NSCompoundPredicate(...)`: Core Data's meaning.
        case nsPredicate
        /// `NSSortDescriptor(key: "name", ascending: true)` or an array of them.
        case nsSortDescriptors
        /// `NSFetchRequest<User>(entityName: "User")` and the statements that set its properties.
        case fetchRequest
        /// SwiftUI's `@FetchRequest(sortDescriptors: [...], predicate: NSPredicate(...))`.
        case swiftUIFetchRequest
        /// `User "age > 20 AND name BEGINSWITH[c] 'a'"`: a model and a format string.
        case conciseFormat
        /// StructuredQueries' query builder (SQLiteData): `Reminder.where { $0.isCompleted }.order(by: \.title)`,
        /// with SQL's meaning (see ``BuilderClauses``).
        case structuredQueries
    }

    /// The filter of a query.
    public enum Filter: Sendable, Hashable {
        /// A closure whose first parameter is the model (`#Predicate<User> { $0.age > 20 }`).
        case closure(Closure)
        /// An expression in which bare names are the model's members (the concise `where` clause).
        case implicit(Expr)
        /// An `NSPredicate` format string (or a compound of them), with Core Data's meaning.
        case format(FormatFilter)
    }

    /// How the query was written.
    public var form: Form {
        get { storage.fields.form }
        set { uniqueStorage().fields.form = newValue }
    }
    /// The model named by the query (`User` in `#Predicate<User>`, `FetchDescriptor<User>` or the
    /// concise head), when written; otherwise the type checker infers it from key paths.
    public var model: TypeSyntax? {
        get {
            if let name = storage.fields.modelName { return TypeSyntax(named: name) }
            return storage.fields.modelType
        }
        set {
            let storage = uniqueStorage()
            (storage.fields.modelName, storage.fields.modelType) = Self.split(newValue)
        }
    }

    /// The name of the model the query names, with where the type is written (for `User<X>`, all
    /// of it): ``model``'s name, read without making the type.
    public var namedModel: (name: Identifier, range: SourceRange)? {
        // The fields read where they are (a copy of them all retained each of their references).
        if let name = storage.fields.modelName { return (name, name.range) }
        if let type = storage.fields.modelType, case .named(let name, _) = type.kind { return (name, type.range) }
        return nil
    }

    /// A plain name (`User`, the usual case) kept as a name: a type is a box of its own.
    private static func split(_ model: TypeSyntax?) -> (Identifier?, TypeSyntax?) {
        if let model, case .named(let name, let arguments) = model.kind, arguments.isEmpty, name.range == model.range {
            return (name, nil)
        }
        return (nil, model)
    }
    /// The filter, or nil when the query selects every row.
    public var filter: Filter? {
        get { storage.fields.filter }
        set { uniqueStorage().fields.filter = newValue }
    }
    /// The sort keys, most significant first.
    public var sort: [SortKey] {
        get { storage.fields.sort }
        set { uniqueStorage().fields.sort = newValue }
    }
    /// The maximum number of rows (`fetchLimit`, `limit`), when written.
    public var limit: Expr? {
        get { storage.fields.limit }
        set { uniqueStorage().fields.limit = newValue }
    }
    /// The number of rows to skip (`fetchOffset`, `offset`), when written.
    public var offset: Expr? {
        get { storage.fields.offset }
        set { uniqueStorage().fields.offset = newValue }
    }
    /// What the query returns instead of whole objects (`select`, `group by`), when written.
    public var projection: Projection? {
        get { storage.fields.projection }
        set { uniqueStorage().fields.projection = newValue }
    }
    /// The clauses of a StructuredQueries query-builder chain (form ``Form/structuredQueries``),
    /// whose filters and orderings have SQL's meaning; nil for the other forms.
    public var builder: BuilderClauses? {
        get { storage.fields.builder }
        set { uniqueStorage().fields.builder = newValue }
    }
    /// `count(...)` or `exists(...)` around the query: one row, its number of rows or whether it
    /// has one; nil for the rows themselves.
    public var measure: QueryMeasure? {
        get { storage.fields.measure }
        set { uniqueStorage().fields.measure = newValue }
    }
    /// The named sub-queries written before the query (`with name = (...)`), in order: each may
    /// read those before it, the query all of them.
    public var commonTables: [CommonTable] {
        get { storage.fields.commonTables }
        set { uniqueStorage().fields.commonTables = newValue }
    }
    /// The name the concise query's row is read by (`RemindersList as list`), when written: in
    /// its clauses, and in the queries it counts or tests (`count(Reminder where remindersList ==
    /// list)`), which then read that row.
    public var rowName: Identifier? {
        get { storage.fields.rowName }
        set { uniqueStorage().fields.rowName = newValue }
    }
    /// Where the whole query is in the source.
    public var range: SourceRange {
        get { storage.fields.range }
        set { uniqueStorage().fields.range = newValue }
    }
    /// The nodes of the query's expressions (of the whole script, for a query of a script). A
    /// query built by hand gets the tree its expressions were parsed into.
    public var tree: SyntaxTree {
        get { storage.fields.tree }
        set { uniqueStorage().fields.tree = newValue }
    }

    /// The fields, shared between copies until one is changed: a query is returned through a few
    /// optionals from the parser into the checker and the compilation, and each copy of a struct
    /// this size (or of an optional of it) went through the runtime's generic value witnesses.
    private var storage: Storage

    /// A query of `form` over `model`, whose expressions are nodes of `tree`.
    public init(
        form: Form, model: TypeSyntax?, filter: Filter?, sort: [SortKey] = [], limit: Expr? = nil,
        offset: Expr? = nil, range: SourceRange, tree: SyntaxTree = .empty
    ) {
        let (modelName, modelType) = Self.split(model)
        storage = Storage(
            Fields(
                form: form, modelName: modelName, modelType: modelType, filter: filter, sort: sort, limit: limit, offset: offset,
                range: range, tree: tree))
    }

    /// A query whose model is written as a plain name (`#Predicate<User>`, `User where ...`).
    init(
        form: Form, modelName: Identifier, filter: Filter?, sort: [SortKey] = [], limit: Expr? = nil, offset: Expr? = nil,
        range: SourceRange, tree: SyntaxTree = .empty
    ) {
        storage = Storage(
            Fields(
                form: form, modelName: modelName, modelType: nil, filter: filter, sort: sort, limit: limit, offset: offset,
                range: range, tree: tree))
    }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public static func == (lhs: Query, rhs: Query) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// The fields, as a struct of them prints (test failures show the box's contents).
    public var debugDescription: String {
        let fields = storage.fields
        return "Query(form: \(fields.form), model: \(String(describing: model)), filter: \(String(describing: fields.filter)), "
            + "sort: \(fields.sort), limit: \(String(describing: fields.limit)), offset: \(String(describing: fields.offset)), "
            + "range: \(fields.range))"
    }

    private struct Fields: Hashable {
        var form: Form
        /// The model as a plain name, or (exclusive) as another type.
        var modelName: Identifier?
        var modelType: TypeSyntax?
        var filter: Filter?
        var sort: [SortKey]
        var limit: Expr?
        var offset: Expr?
        var projection: Projection? = nil
        var range: SourceRange
        var tree: SyntaxTree
        var builder: BuilderClauses? = nil
        var measure: QueryMeasure? = nil
        var commonTables: [CommonTable] = []
        var rowName: Identifier? = nil
    }

    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
}

/// Ascending (`.forward`) or descending (`.reverse`), as Foundation's `SortOrder`.
public enum SortOrder: String, Sendable, Hashable {
    /// Ascending.
    case forward
    /// Descending.
    case reverse
}

/// One sort key: `SortDescriptor(\User.birth, order: .reverse)` or `birth desc`.
public struct SortKey: Sendable, Hashable {
    /// The attribute to sort by, possibly through to-one relationships.
    public var keyPath: KeyPath
    /// Ascending or descending.
    public var order: SortOrder
    /// Where the order was written (`.reverse`, `desc`), if it was.
    public var orderRange: SourceRange?
    /// A string comparator, when written: `comparator: .localizedStandard`.
    public var comparator: Identifier?
    /// Where the whole key is written.
    public var range: SourceRange
    /// Written as an `NSSortDescriptor`: strings sort as a Core Data store sorts them (by their
    /// bytes) unless a selector says otherwise.
    public var isCoreData = false

    /// A value to sort by instead of a key path (`sort by count() desc` in a query that
    /// selects): then ``keyPath`` has no components.
    public var expression: Expr?

    /// A sort key on `keyPath` in `order`.
    public init(
        keyPath: KeyPath, order: SortOrder, orderRange: SourceRange? = nil, comparator: Identifier? = nil,
        range: SourceRange, expression: Expr? = nil
    ) {
        self.expression = expression
        self.keyPath = keyPath
        self.order = order
        self.orderRange = orderRange
        self.comparator = comparator
        self.range = range
    }
}

/// What a StructuredQueries chain such as `Reminder.where { ... }.where { ... }.order { ... }.limit(10)`
/// says, in the order written. The model, limit and offset are the query's own.
public struct BuilderClauses: Sendable, Hashable {
    /// One ordering: `.order(by: \.title)` or `.order { ($0.priority.desc(nulls: .last), $0.title) }`.
    public enum Ordering: Sendable, Hashable {
        /// A key path to a column, ascending.
        case keyPath(KeyPath)
        /// A closure returning one ordering term or a tuple of them.
        case closure(Closure)
    }

    /// One filter: `.where { $0.isCompleted }` or `.where(\.isCompleted)`.
    public enum Filter: Sendable, Hashable {
        /// A closure taking the row.
        case closure(Closure)
        /// A key path to a `Bool` column.
        case keyPath(KeyPath)
    }

    /// The filters, in order: all must hold (SQL's `AND`).
    public var filters: [Filter] = []
    /// `.find(id)`: the primary key's value, when written.
    public var find: Expr?
    /// The orderings, most significant first.
    public var orderings: [Ordering] = []
    /// `@FetchOne`: the first row only.
    public var fetchesOne = false
    /// `.select(...)`: the result's columns, in order (several `select`s add columns).
    public var selections: [BuilderScoped<BuilderValues>] = []
    /// `.distinct()`: each distinct row once.
    public var isDistinct = false
    /// The joined tables, in order.
    public var joins: [BuilderJoin] = []
    /// `.group(by:)` / `.group { ... }`: the grouping keys, in order.
    public var groupings: [BuilderScoped<BuilderValues>] = []
    /// `.having { ... }`, `.having(\.isCompleted)`: conditions on the groups, all of which must hold.
    public var havings: [BuilderScoped<BuilderValues>] = []
    /// Where the first method that makes the query select, group or join is written.
    public var selectionRange: SourceRange?
    /// The property's declared type after `@FetchAll(...) var rows:`, when written.
    public var declaredType: SourceRange?
    /// How many values a row of the declared type holds, when it is a tuple (`[(String, Int)]`).
    public var declaredArity: Int?
    /// `.count()` (`count(*)` of the filtered rows; a limit applies to that one row, as SQL's
    /// does) or `.exists()` (`EXISTS (...)` of the whole query), when written.
    public var measure: QueryMeasure?
    /// `.union(...)`, `.union(all: true, ...)`, `.intersect(...)`, `.except(...)`: the chains
    /// whose rows combine with this one's, left to right.
    public var setOperations: [SetOperation] = []
    /// The whole chain as parsed (its closures and arguments are nodes under it): what phases that
    /// walk the query's trees measure.
    public var chain: Expr?

    /// Empty clauses: every row, in no particular order.
    public init() {}

    /// The model a row written as a value (`Count(value: 1)` in `With { ... }`) is selected from:
    /// one row of no column of its own, so that the row's values are its selection.
    public static let rowOfValuesModel = "(values)"
}
