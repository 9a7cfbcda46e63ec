import SiftChecker
import SiftSchema
import SiftSyntax

/// A lowered expression: its SQL and what is known about its value.
struct Lowered {
    // A lowered value is copied and destroyed at every level of the tree, so it is kept small
    // (32 bytes) and holds one reference, its SQL's bytes: what it refers to otherwise are numbers into
    // the lowering's lists, -1 for none (an optional `Int32` would take 8 bytes). The one-byte
    // fields come last: declared between the larger ones they left padding.
    var sql: SQLFragment
    private var columnNumber: Int32 = -1
    private var trapNumber: Int32 = -1
    /// The bare column it is, for index-friendly comparisons and facts.
    var column: ColumnReference? {
        get { columnNumber < 0 ? nil : ColumnReference(index: columnNumber) }
        set { columnNumber = newValue?.index ?? -1 }
    }
    /// For an optional value that can trap: the number of the condition under which it trapped
    /// (its NULL alone cannot tell a trap from nil) in the query's list of them
    /// (``LoweringContext/trapConditions``; rarely there). A non-optional value trapped exactly
    /// when it is NULL.
    var trapConditionNumber: Int32? {
        get { trapNumber < 0 ? nil : trapNumber }
        set { trapNumber = newValue ?? -1 }
    }
    /// The SQL value can be NULL because the Swift value is optional (nil).
    var isOptional: Bool
    /// Evaluating it can trap; then its value is NULL.
    var mayTrap: Bool
    /// Needs no parentheses when embedded in an operator expression.
    var isAtomic: Bool
    /// The storage of the date or UUID it holds, when it comes from a column.
    var storage: Storage?
    /// It is a compile-time constant Bool.
    var boolConstant: Bool?
    /// How tightly its top operator binds, to leave out parentheses people do not need.
    var precedence: SQLPrecedence = .unknown
    /// For text in portable SQL: the form its value is known to be in, whatever the facts say
    /// (a bound string is NFC; `lower` of ASCII text is ASCII). A bare column's form is the
    /// facts', asked when needed (``LoweringContext/isPortableText(_:atLeast:)``).
    var textForm: TextValueForm = .unknown

    init(
        _ sql: SQLFragment, isOptional: Bool = false, mayTrap: Bool = false, isAtomic: Bool = false,
        column: ColumnReference? = nil, storage: Storage? = nil, boolConstant: Bool? = nil
    ) {
        self.sql = sql
        self.isOptional = isOptional
        self.mayTrap = mayTrap
        self.isAtomic = isAtomic
        self.columnNumber = column?.index ?? -1
        self.storage = storage
        self.boolConstant = boolConstant
    }

    /// The SQL, parenthesised unless atomic.
    var operand: SQLFragment { isAtomic ? sql : sql.parenthesized }

    /// The SQL as an operand of an operator of `context` precedence: parenthesised unless it
    /// binds more tightly.
    func operand(inside context: SQLPrecedence) -> SQLFragment {
        isAtomic || precedence > context ? sql : sql.parenthesized
    }

    /// The SQL as ``operand`` gives it, moved out of this value, whose SQL is empty afterwards:
    /// a chain `a + " = " + b` then appends to the bytes of `a` in place, where a copy still
    /// shared with this value would be copied first.
    mutating func takeOperand() -> SQLFragment {
        var taken = SQLFragment()
        swap(&taken, &sql)
        return isAtomic ? taken : taken.parenthesized
    }

    /// The same value, marked with the precedence of its top operator.
    consuming func with(_ precedence: SQLPrecedence) -> Lowered {
        var copy = self
        copy.precedence = precedence
        return copy
    }
}

/// What portable SQL knows of a text value's form: each stronger form implies the weaker ones.
enum TextValueForm: UInt8, Comparable {
    /// Nothing: it may be in any form.
    case unknown
    /// NFC: compares and sorts by bytes as Swift does by characters.
    case nfc
    /// ASCII without NUL or carriage return: also each byte is a character.
    case ascii

    static func < (lhs: TextValueForm, rhs: TextValueForm) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// SQL operator precedence, loosest first (SQLite's order).
enum SQLPrecedence: Int, Comparable {
    /// Not known: always parenthesise.
    case unknown = 0
    case or, and, not
    /// `=`, `<>`, `IS`, `IN`, `BETWEEN`, `<`, ...
    case comparison

    static func < (lhs: SQLPrecedence, rhs: SQLPrecedence) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A text column a value is, bare: what the facts say about its forms decides how it compares.
/// Its number in the query's list of such columns (``LoweringContext/textColumns``): four bytes in
/// a lowered value, which is copied at every level of the tree, where its name would take sixteen.
struct ColumnReference {
    var index: Int32
}

/// One `SELECT` being built: the root query or a correlated subquery.
final class QueryLevel {
    // `@exclusivity(unchecked)`: the lowering never holds two accesses to one property at once,
    // and a class's stored properties are otherwise checked at run time at every access.
    /// The `FROM` item, unless it is ``ownTable``'s.
    @exclusivity(unchecked) private var fromItem: SQLFragment?
    /// A table read under its own name (the root level's), kept as its name: the select writes it
    /// straight into the SQL instead of first building a fragment of it (an allocation per query).
    let ownTable: String?
    /// Its to-one joins in order, the first kept in place: a level with any mostly has one, and a
    /// list's first append would be an allocation per query with a to-one path.
    @exclusivity(unchecked) private(set) var firstJoin: ToOneJoin?
    @exclusivity(unchecked) private(set) var otherJoins: [ToOneJoin] = []
    /// How a subquery is tied to its outer row (`inner = outer`), its first condition: kept as
    /// names and written by ``appendBody(to:extraConditions:last:lastPrefix:)``, so a subquery makes
    /// neither a fragment for it nor a list of conditions.
    @exclusivity(unchecked) var correlation: Correlation?
    /// Aliases of to-one joins already made here, by the alias they start from and the relationship.
    @exclusivity(unchecked) var joinAliases = SmallMap<JoinKey, String>()

    init(from: SQLFragment) {
        fromItem = from
        ownTable = nil
    }

    /// The level of a table read under its own name.
    init(ownTable table: String) {
        ownTable = table
    }

    /// The `FROM` item (`"table"`, `"table" AS "alias"`, a join or a subquery).
    var from: SQLFragment {
        get {
            if let fromItem { return fromItem }
            guard let ownTable else { preconditionFailure("a query level without a FROM item") }
            return .identifier(ownTable)
        }
        set { fromItem = newValue }
    }

    /// Whether the `FROM` item is ``ownTable`` alone (nothing replaced it).
    var readsOwnTable: Bool { fromItem == nil && ownTable != nil }

    /// Whether it has a to-one join.
    var hasJoins: Bool { firstJoin != nil }

    /// Adds a to-one join after the others.
    func appendJoin(_ join: ToOneJoin) {
        if firstJoin == nil { firstJoin = join } else { otherJoins.append(join) }
    }

    /// The number of its to-one joins.
    var joinCount: Int { firstJoin == nil ? 0 : 1 + otherJoins.count }

    /// Removes its to-one joins from the `index`th on and returns them, in order: the caller writes
    /// them (still known by ``joinAliases``, so later uses read the same alias).
    func removeJoins(from index: Int) -> [ToOneJoin] {
        var all: [ToOneJoin] = []
        if let firstJoin { all.append(firstJoin) }
        all += otherJoins
        guard index < all.count else { return [] }
        let removed = Array(all[index...])
        let kept = all[..<index]
        firstJoin = kept.first
        otherJoins = Array(kept.dropFirst())
        return removed
    }

    /// Adds another level's to-one joins after its own.
    func appendJoins(of other: QueryLevel) {
        if let join = other.firstJoin { appendJoin(join) }
        for join in other.otherJoins { appendJoin(join) }
    }

    /// Turns the join with this key into an inner join.
    func makeJoinInner(_ key: JoinKey) {
        if firstJoin?.key == key { firstJoin?.isInner = true }
        for index in otherJoins.indices where otherJoins[index].key == key { otherJoins[index].isInner = true }
    }

    /// About the length of its joins' SQL (` JOIN ` and each target), to size a buffer.
    var joinsLength: Int {
        var length = firstJoin.map { 12 + $0.target.estimatedLength } ?? 0
        for join in otherJoins { length += 12 + join.target.estimatedLength }
        return length
    }

    /// ` JOIN target` or ` LEFT JOIN target`.
    private static func append(_ join: ToOneJoin, to sql: inout SQLFragment) {
        sql.appendText(" ")
        sql.appendText(join.keyword)
        sql += join.target
    }

    /// `FROM ... JOIN ... WHERE ...` of this level (without SELECT).
    func body(extraConditions: [SQLFragment] = []) -> SQLFragment {
        var sql = SQLFragment(reservingCapacity: bodyLength(extraConditions))
        appendBody(to: &sql, extraConditions: extraConditions)
        return sql
    }

    /// About the length of ``appendBody(to:extraConditions:last:lastPrefix:)``'s SQL, to size a buffer.
    func bodyLength(_ extraConditions: [SQLFragment], last: SQLFragment? = nil) -> Int {
        var length = 5 + from.estimatedLength + 7
        length += joinsLength
        if let correlation { length += 8 + correlation.inner.estimatedLength + correlation.outer.estimatedLength }
        for condition in extraConditions { length += 5 + condition.estimatedLength }
        if let last { length += 9 + last.estimatedLength }
        return length
    }

    /// Appends `FROM ... JOIN ... WHERE ...` to `sql`: the level's correlation, then the extra
    /// conditions, then `last` after `lastPrefix` (`NOT `: written in place, not a fragment of its own).
    func appendBody(
        to sql: inout SQLFragment, extraConditions: [SQLFragment], last: SQLFragment? = nil, lastPrefix: StaticString = ""
    ) {
        sql.appendText("FROM ")
        sql += from
        if let firstJoin { Self.append(firstJoin, to: &sql) }
        for join in otherJoins { Self.append(join, to: &sql) }
        var first = true
        if let correlation {
            sql.appendText(" WHERE ")
            sql.append(correlation.inner)
            sql.appendText(" = ")
            sql.append(correlation.outer)
            first = false
        }
        for condition in extraConditions {
            sql.appendText(first ? " WHERE " : " AND ")
            sql += condition
            first = false
        }
        if let last {
            sql.appendText(first ? " WHERE " : " AND ")
            sql.appendText(lastPrefix)
            sql += last
        }
    }
}

/// The terms of a `WHERE`, joined by `AND`, each after the first on a line of its own. The first
/// two are kept as they come and written by the renderer in place; later ones are written into
/// the second's fragment (a list of them would be an allocation per query with `&&`, and joining
/// the second into the first would grow and copy the first's buffer). Thousands of terms are kept in a
/// list instead, to be joined in nested groups (``LoweringContext/balanced(_:separator:mayTrap:)``).
struct WhereTerms {
    /// The first term, unless they are many.
    private(set) var first: SQLFragment?
    /// The second term, with the later ones joined into it, unless they are many.
    private(set) var rest: SQLFragment?
    /// The terms, when more than ``LoweringContext/readableConjuncts`` are expected.
    private var many: [SQLFragment]?

    /// Terms for a filter of `expected` conjuncts (fewer when some are constant true).
    init(expecting expected: Int = 1) {
        if expected > LoweringContext.readableConjuncts { many = [] }
    }

    /// Whether the one term is the whole filter, which may be an `OR`.
    private var isWhole = false

    /// The one term of a filter.
    init(only term: SQLFragment) {
        first = term
        isWhole = true
    }

    /// Puts `term` first; the terms already there follow it, the whole filter in parentheses (it
    /// may be an `OR`).
    mutating func prepend(_ term: SQLFragment) {
        if many != nil { return many!.insert(term, at: 0) }
        guard let previous = first else { return first = term }
        var joined = SQLFragment(reservingCapacity: previous.estimatedLength + (rest?.estimatedLength ?? 0) + 16)
        if isWhole { joined += "(" }
        joined += previous
        if isWhole { joined += ")" }
        if let rest {
            joined.appendNewline(indent: 1)
            joined += "AND "
            joined += rest
        }
        first = term
        rest = joined
        isWhole = false
    }

    mutating func append(_ term: SQLFragment) {
        if many != nil { return many!.append(term) }
        guard first != nil else { return first = term }
        guard rest != nil else { return rest = term }
        rest!.appendNewline(indent: 1)
        rest! += "AND "
        rest! += term
    }

    /// The terms in one list, when they are many (nil otherwise).
    var list: [SQLFragment]? { many }

    /// About the length of their SQL.
    var estimatedLength: Int {
        if let many { return many.reduce(0) { $0 + $1.estimatedLength + 8 } }
        return (first?.estimatedLength ?? 0) + (rest.map { $0.estimatedLength + 8 } ?? 0)
    }
}

/// How a variable of the checked query is reached in SQL.
enum VariableBinding {
    /// A row: a table alias in a query level; nil for the root level, made only when something
    /// joins it (``LoweringContext/rootLevel``): most queries join nothing there.
    case row(alias: String, model: Model, level: QueryLevel?)
    /// A value: its SQL (for bindings of scalar optionals and elements of scalar sequences).
    case value(Lowered)
}

/// How each variable of the checked query is reached. The first two variables bound (the root
/// row, the only one of most queries, and a closure's element) are kept apart, so such a query
/// builds no list; the others are in a list by variable number (variables are numbered from 0,
/// densely: no hashing). A value kept apart shadows a stale one of the same variable further on.
struct VariableBindings {
    private var first: (id: VariableID, binding: VariableBinding)?
    private var second: (id: VariableID, binding: VariableBinding)?
    private var others = ByVariable<VariableBinding>()

    subscript(id: VariableID) -> VariableBinding? {
        get {
            if let first, first.id == id { return first.binding }
            if let second, second.id == id { return second.binding }
            return others[id]
        }
        set {
            if let first, first.id != id {
                if let second, second.id != id {
                    others[id] = newValue
                } else if let newValue {
                    second = (id, newValue)
                } else {
                    second = nil
                    others[id] = nil
                }
            } else if let newValue {
                first = (id, newValue)
            } else {
                first = nil
                if let second, second.id == id { self.second = nil }
                others[id] = nil
            }
        }
    }
}

/// The expression each `if let` / optional-chain variable is bound to (see ``ByVariable``).
typealias VariableSources = ByVariable<TypedExpr>

/// Values by variable, in a list indexed by the variable's number (a query numbers its
/// variables from 0, densely), grown on demand: no hashing, no allocation until a value is set.
struct ByVariable<Value> {
    private var values: [Value?] = []

    subscript(id: VariableID) -> Value? {
        get { id.index < values.count ? values[id.index] : nil }
        set {
            if id.index >= values.count {
                guard newValue != nil else { return }
                // One at a time: appending a `repeatElement` goes through the generic sequence
                // machinery, costly for the one value usually added.
                if values.capacity <= id.index { values.reserveCapacity(max(4, 2 * values.count, id.index + 1)) }
                while values.count <= id.index { values.append(nil) }
            }
            values[id.index] = newValue
        }
    }
}

/// The state of lowering one query.
struct LoweringContext {
    let query: CheckedQuery
    let schema: Schema
    let dialect: any SQLDialect
    /// Whether the SQL is Sift's own dialect, written by the in-place writer (`InPlaceWriter/`)
    /// and by the fragment builders that write its syntax directly; otherwise every piece goes
    /// through ``dialect``. Chosen once per lowering, from the dialect's type.
    let writesInPlace: Bool
    let options: SQLLowering.Options
    /// Whether the SQL may call only SQLite's built-in functions (``SQLLowering/Options/portable``).
    let portable: Bool
    /// In portable SQL, why each construct that has no exact built-in form has none, where it is written.
    var nonPortable: [(message: String, range: SourceRange)] = []
    /// Constructs the dialect cannot write (SQLite's FTS5 in PostgreSQL's), where they are written.
    var unsupported: [(message: String, range: SourceRange)] = []
    // Phase state: a struct on its caller's stack, changed through `mutating` methods, and its
    // readers are `mutating` too (why: "Conventions" in docs/ARCHITECTURE.md).
    /// The query's typed nodes, and the nodes of the rewrites the lowering makes (comparisons
    /// with optionals): its own copy of the tree once it adds one.
    var tree: TypedTree
    var variables = VariableBindings()
    /// The expression each `if let` / optional-chain variable is bound to, for ``staticStorage(_:)``.
    var variableSources = VariableSources()
    /// The aliases given so far (most queries have one, a subquery adds one, a join table's
    /// target one more: all kept in place).
    var usedAliases = SmallSet<String>()
    /// For each to-one join alias, the target column it joins on.
    var presenceColumns = SmallMap<String, String>()
    /// For the alias of a join table whose links stand for their targets (a closure that reads
    /// only the target's key, an intact reference): the target's key and the link column holding it.
    var linkKeyColumns = SmallMap<String, (key: String, link: String)>()
    // What the facts decided is kept in lists, not sets: a query names a few columns and
    // references, and comparing a few short keys costs less than hashing one (a set's first insert
    // also allocates its storage).
    /// The conditions under which optional lowered values trapped, numbered by
    /// ``Lowered/trapConditionNumber``.
    var trapConditions: [SQLFragment] = []
    /// The text columns lowered values are, what ``knownForm(of:)`` found of each once asked (the
    /// columns asked about are those whose NFC-ness changes the SQL: the candidates for facts), and
    /// those the SQL assumes a form of.
    var textColumns = TextColumnFacts()
    /// References whose being intact changes the SQL, and those the SQL assumes intact.
    var references = ReferenceFacts()

    init(query: CheckedQuery, schema: Schema, dialect: any SQLDialect, options: SQLLowering.Options) {
        self.query = query
        tree = query.tree
        self.schema = schema
        self.dialect = dialect
        writesInPlace = SQLiteDialect.isDialect(of: dialect)
        self.options = options
        portable = options.portable
    }

    /// The text columns (`name.column`) of the concise named sub-queries the query reads: each
    /// selects its strings in NFC, so they are NFC by the SQL's own making, with no fact about
    /// the data to learn or assume (``knownForm(of:)``).
    var commonTableTextColumns: Set<String> = []

    /// Set while lowering a comparison that is a whole filter or one of its top-level `&&`
    /// operands (``lowerFilterTerm(_:)``): there a NULL selects nothing, as false does, so `==`
    /// with a value never nil needs no `IS NOT NULL` to be two-valued. Read and cleared by
    /// ``lowerComparison(_:_:_:)`` before it lowers its operands (a comparison inside them is
    /// not such a term).
    var comparisonIsFilterTerm = false

    /// Up to this many top-level `&&` operands are laid out one per line; more are grouped.
    static let readableConjuncts = 64

    /// The root query level, made by ``resolvedLevel(_:)`` when something first joins it.
    var rootLevel: QueryLevel?

    /// The level a row binding names: its own, or the root level (made now if it was not yet).
    mutating func resolvedLevel(_ level: QueryLevel?) -> QueryLevel {
        if let level { return level }
        if let rootLevel { return rootLevel }
        let made = QueryLevel(ownTable: query.model.tableName)
        rootLevel = made
        return made
    }

    /// A fresh alias based on `name`.
    mutating func alias(_ name: String) -> String {
        var candidate = name
        var counter = 2
        while usedAliases.contains(candidate) {
            candidate = "\(name)_\(counter)"
            counter += 1
        }
        usedAliases.insertNew(candidate)
        return candidate
    }

    mutating func model(named name: String) -> Model {
        schema.model(named: name) ?? query.model
    }

    mutating func keyColumn(of model: Model) -> String { model.primaryKey.first ?? "rowid" }

    /// A call of one of Sift's functions with one argument: in Sift's dialect written in one
    /// buffer, without a list of arguments.
    mutating func siftCall(_ function: SiftFunction, _ argument: SQLFragment) -> SQLFragment {
        writesInPlace ? SQLFragment.siftCall(function, argument, nil) : dialect.call(function, [argument])
    }

    /// A call of one of Sift's functions with two arguments (as ``siftCall(_:_:)``).
    mutating func siftCall(_ function: SiftFunction, _ first: SQLFragment, _ second: SQLFragment) -> SQLFragment {
        writesInPlace ? SQLFragment.siftCall(function, first, second) : dialect.call(function, [first, second])
    }

    /// Appends the call ``siftCall(_:_:_:)`` makes: in Sift's dialect written in place.
    mutating func appendSiftCall(_ function: SiftFunction, _ first: SQLFragment, _ second: SQLFragment, to sql: inout SQLFragment) {
        guard writesInPlace else { return sql += dialect.call(function, [first, second]) }
        sql.appendSiftCall(function, first, second)
    }

    /// The type of the values a value of `type` is stored as: an enum's raw type (`String` or
    /// `Int`), other types as they are. For a dialect that types its placeholders.
    func storedType(of type: SiftType) -> SiftType {
        guard case .enumeration(let name) = type.unwrapped.kind, let enumType = schema.enumType(named: name) else { return type }
        if case .string = enumType.rawType { return .string }
        return .int
    }

    /// The type of each named parameter as it is bound, for a dialect that types its placeholders.
    func parameterTypes() -> [String: SiftType] {
        Dictionary(query.parameters.map { ($0.name, storedType(of: $0.type)) }, uniquingKeysWith: { first, _ in first })
    }

    /// An `unsupported-in-dialect` error for each construct the dialect cannot write.
    func dialectDiagnostics() -> [Diagnostic] {
        unsupported.map { Diagnostic.error("unsupported-in-dialect", $0.message, at: $0.range) }
    }

    /// The number of a trap condition, for ``Lowered/trapConditionNumber``; nil for none.
    mutating func numbered(_ condition: SQLFragment?) -> Int32? {
        guard let condition else { return nil }
        trapConditions.append(condition)
        return Int32(truncatingIfNeeded: trapConditions.count - 1)
    }

    /// The condition under which an optional lowered value trapped, if it can trap.
    mutating func trapCondition(of value: Lowered) -> SQLFragment? {
        value.trapConditionNumber.map { trapConditions[Int($0)] }
    }

    /// A condition that is true when evaluating `value` trapped, or nil when it cannot trap.
    mutating func trapTest(of value: Lowered) -> SQLFragment? {
        guard value.mayTrap else { return nil }
        if !value.isOptional { return value.operand(inside: .comparison) + " IS NULL" }
        return trapCondition(of: value)
    }

    /// The reference to the text column `table.column`, numbered on first use.
    mutating func columnReference(model: Model, column: String) -> ColumnReference {
        textColumns.reference(key: model.qualifiedColumnName(column))
    }

    /// `table.column` of a text column.
    mutating func key(of column: ColumnReference) -> String { textColumns.key(of: column) }

    /// What the facts say about the forms of a text column's text; records the column as a
    /// candidate for facts. Looked up once per column and query.
    mutating func knownForm(of column: ColumnReference) -> KnownTextForm? {
        if let answer = textColumns.answer(for: column) { return answer }
        let key = textColumns.key(of: column)
        if !commonTableTextColumns.isEmpty, commonTableTextColumns.contains(key) {
            // A named sub-query's string: NFC by the SQL's making, not a fact about the data.
            textColumns.markNFCByConstruction(column)
            return .nfc
        }
        let facts = options.facts
        let form: KnownTextForm? =
            facts.nfcColumns.containsComparing(key) ? .nfc : facts.nfcOrNFDColumns.containsComparing(key) ? .nfcOrNFD : nil
        textColumns.record(form, isASCII: portable && facts.asciiColumns.containsComparing(key), for: column)
        return form
    }

    /// Whether the facts say `reference` is intact; records it as a candidate, and as an
    /// assumption when it is.
    mutating func isIntact(_ reference: ForeignKeyReference) -> Bool {
        if let assumed = references.isAssumed(reference) { return assumed }
        let intact = options.facts.intactReferences.containsComparing(reference)
        references.record(reference, assumed: intact)
        return intact
    }

    /// The column of the row under `alias` that holds its `column`: where a join table's links
    /// stand for their targets (``linkKeyColumns``), the link column for the target's key (the
    /// only column ``readsOnlyKey(of:in:sequence:)`` lets a closure read there).
    mutating func column(_ column: String, ofRow alias: String) -> String {
        guard let redirect = linkKeyColumns[alias] else { return column }
        assert(column == redirect.key, "a join table's links stand for their targets' key \(redirect.key) only, not \(column)")
        return column == redirect.key ? redirect.link : column
    }

    /// The column that is NULL exactly when a row is missing: for a to-one join, the column it
    /// joins on (never NULL when the join matched); for other rows, the key.
    mutating func presenceColumn(of alias: String, model: Model) -> String {
        presenceColumns[alias] ?? keyColumn(of: model)
    }

    // MARK: The query

    mutating func lowerQuery() -> CompiledQuery {
        let root = query.model
        // The first alias taken is the name itself: the root rows are read under the table's own
        // name, for which the model keeps its select list written.
        let rootAlias = alias(root.tableName)
        assert(usedAliases.count == 1 && usedAliases.contains(root.tableName), "the root alias is not the table's name")
        variables[query.root] = .row(alias: rootAlias, model: root, level: nil)
        if let selection = query.selection { return lowerSelectionQuery(selection, rootAlias: rootAlias) }

        var conjuncts = WhereTerms()
        if let filter = query.filter {
            conjuncts = lowerWhereClause(filter)
        }
        if let selection = root.entitySelection {
            conjuncts.prepend(entityCondition(selection, alias: rootAlias))
        }
        let tail = lowerOrderAndLimit(rootAlias: rootAlias)

        let level = rootLevel
        if let level, level.hasJoins, let filter = query.filter {
            makeRequiredJoinsInner(filter, rootAlias: rootAlias, level: level)
        }
        let rendered: RenderedSQL
        if writesInPlace {
            rendered = writeSelect(in: SQLiteDialect(), model: root, level: level, conjuncts: conjuncts, tail: tail)
        } else {
            rendered = writeSelect(in: dialect, model: root, level: level, conjuncts: conjuncts, tail: tail)
        }
        // In order of first placeholder, as the renderer met them.
        // Their types filled in place in the renderer's list.
        let parameters = Self.typed(rendered.parameters, in: query)
        assert(zip(parameters, parameters.dropFirst()).allSatisfy { $0.positions[0] < $1.positions[0] })
        var compiled = CompiledQuery(
            sql: rendered.text, bindings: rendered.bindings, parameters: parameters, query: query,
            textFacts: textColumns,
            references: references)
        compiled.indexBindingParameters()
        if portable { compiled.portabilityDiagnostics = portabilityDiagnostics(sql: compiled.sql) }
        compiled.dialectDiagnostics = dialectDiagnostics()
        return compiled
    }

    /// The whole `SELECT`, written by the renderer: the fixed parts straight, the lowered parts
    /// rendered in place. The root rows are read under the table's own name.
    private mutating func writeSelect(
        in dialect: some SQLDialect, model: Model, level: QueryLevel?, conjuncts: WhereTerms, tail: SQLFragment?
    ) -> RenderedSQL {
        // Without a root level (nothing joined it), the table's own name.
        let ownTable = level.map { $0.readsOwnTable ? $0.ownTable : nil } ?? model.tableName
        var capacity =
            32 + model.tableQualifiedColumns.count + (ownTable.map { $0.utf8.count + 2 } ?? level?.from.estimatedLength ?? 0)
            + (tail?.estimatedLength ?? 0)
        capacity += level?.joinsLength ?? 0
        capacity += conjuncts.estimatedLength + 8
        // Room for a few bindings (their count is not kept apart from the bytes).
        var sql = SQLRenderer(dialect: dialect, readable: options.readableLayout, capacity: capacity, bindings: 4)
        if !writesInPlace {
            sql.parameterTypes = parameterTypes()
        }
        sql.appendSelectHead(of: model)
        if let ownTable { sql.append(identifier: ownTable) } else if let level { sql.append(level.from) }
        if let level {
            if let join = level.firstJoin { sql.appendJoin(join) }
            for join in level.otherJoins { sql.appendJoin(join) }
        }
        if let terms = conjuncts.list, !terms.isEmpty {
            sql.appendNewline(indent: 0)
            sql.append(sql: "WHERE ")
            if terms.count > Self.readableConjuncts {
                // Thousands of clauses: nested groups keep SQLite's expression tree shallow.
                sql.append(balanced(terms, separator: " AND ", mayTrap: false).sql)
            } else {
                // Expected many, fewer left (constant terms dropped): each on its line.
                for (index, term) in terms.enumerated() {
                    if index > 0 {
                        sql.appendNewline(indent: 1)
                        sql.append(sql: "AND ")
                    }
                    sql.append(term)
                }
            }
        } else if let first = conjuncts.first {
            sql.appendNewline(indent: 0)
            sql.append(sql: "WHERE ")
            sql.append(first)
            if let rest = conjuncts.rest {
                sql.appendNewline(indent: 1)
                sql.append(sql: "AND ")
                sql.append(rest)
            }
        }
        if let tail { sql.append(tail) }
        return sql.rendered
    }

    /// The `WHERE` terms: the top-level `&&` operands each on its own line (when none but the last
    /// can trap, plain `AND` is exact), or the whole condition. A constant true filter has none.
    /// `alias."Z_ENT" IN (?1, ?2)`: the rows of a shared table that are the model's objects, the
    /// entity numbers bound as constants.
    mutating func entityCondition(_ selection: EntitySelection, alias: String) -> SQLFragment {
        var sql = SQLFragment(reservingCapacity: 32 + 4 * selection.values.count)
        sql.appendColumn(alias, selection.column)
        sql += " IN ("
        for (index, value) in selection.values.enumerated() {
            if index > 0 { sql += ", " }
            sql.appendBinding(.constant(.integer(value)))
        }
        sql += ")"
        return sql
    }

    mutating func lowerWhereClause(_ filter: TypedExpr) -> WhereTerms {
        // A three-valued condition (a format string's, StructuredQueries'): WHERE drops a row whose
        // condition is NULL, so the `?? false` the checker writes around a `Bool?` condition is
        // left to WHERE itself, which keeps its comparisons index-friendly.
        var threeValued: TypedExpr?
        if case .nilCoalescing(let inner, let fallback) = tree[filter], case .constant(.bool(false)) = tree[fallback],
            isThreeValuedCondition(inner)
        {
            threeValued = inner
        } else if case .sql = tree[filter] {
            threeValued = filter
        }
        if let condition = threeValued {
            if case .sql(.logical(.and), let operands) = tree[condition] {
                var terms = WhereTerms(expecting: operands.count)
                for operand in operands {
                    let lowered = lowerSQLOperand(operand, toMatch: nil)
                    if lowered.boolConstant == true { continue }
                    if lowered.boolConstant == false { return WhereTerms(only: SQLFragment(dialect.falseLiteral)) }
                    terms.append(lowered.operand(inside: .and))
                }
                return terms
            }
            let lowered =
                if case .injectOptional(let inner) = tree[condition] {
                    lowerWholeCondition(inner, nullIsFalse: true)
                } else {
                    lowerSQLOperand(condition, toMatch: nil)
                }
            if lowered.boolConstant == true { return WhereTerms() }
            return WhereTerms(only: lowered.boolConstant == false ? SQLFragment(dialect.falseLiteral) : lowered.sql)
        }
        if case .logical(let operands, .and) = tree[filter], !operands.dropLast().contains(where: ExpressionTraps.mayTrap) {
            var terms = WhereTerms(expecting: operands.count)
            for operand in operands {
                let lowered = lowerFilterTerm(operand)
                if lowered.boolConstant == true { continue }
                if lowered.boolConstant == false { return WhereTerms(only: SQLFragment(dialect.falseLiteral)) }
                terms.append(lowered.operand(inside: .and))
            }
            return terms
        }
        let condition = lowerWholeCondition(filter, nullIsFalse: true)  // the whole WHERE
        if condition.boolConstant == true { return WhereTerms() }
        return WhereTerms(only: condition.sql)
    }

    /// Whether `expr` is a three-valued condition (its NULL means unknown): an operation with
    /// SQL's or Core Data's meaning.
    func isThreeValuedCondition(_ expr: TypedExpr) -> Bool {
        switch tree[expr] {
        case .sql: true
        // A two-valued part of one (TRUEPREDICATE, ANY ...): format strings have no traps, so
        // its NULL never stands for one.
        case .injectOptional(let inner): inner.type == .bool && !inner.hazards.contains(.trap)
        default: false
        }
    }

    // MARK: Sort keys

    /// The query's `ORDER BY` and `LIMIT` clauses, each on its own line, written into one
    /// fragment (no list of keys, no fragment per key or per bound count); nil for none.
    mutating func lowerOrderAndLimit(rootAlias: String) -> SQLFragment? {
        let keys = query.sort
        guard !keys.isEmpty || query.limit != nil || query.offset != nil else { return nil }
        var sql = SQLFragment(reservingCapacity: 64 + 40 * keys.count)
        if !keys.isEmpty {
            sql.appendNewline(indent: 0)
            sql += "ORDER BY "
            for index in keys.indices {
                if index > 0 { sql += ", " }
                appendSortKey(keys[index], rootAlias: rootAlias, to: &sql)
            }
            if options.breakTiesByPrimaryKey {
                for column in query.model.primaryKey {
                    sql += ", "
                    sql.appendColumn(rootAlias, column)
                }
            }
        }
        if query.limit != nil || query.offset != nil {
            sql.appendNewline(indent: 0)
            appendLimit(to: &sql)
        }
        return sql
    }

    /// `LIMIT limit OFFSET offset`: in Sift's dialect written in place, a constant count bound
    /// without a fragment of its own (what ``SQLiteDialect/limit(_:offset:)`` writes); in
    /// another, the dialect's.
    mutating func appendLimit(to sql: inout SQLFragment) {
        guard writesInPlace else {
            let limit = query.limit.map { lowerLimitCount($0) }
            let offset = query.offset.map { lowerLimitCount($0) }
            sql += dialect.limit(limit, offset: offset)
            return
        }
        sql += "LIMIT "
        if let limit = query.limit { appendCount(limit, to: &sql) } else { sql += "-1" }
        if let offset = query.offset {
            sql += " OFFSET "
            appendCount(offset, to: &sql)
        }
    }

    /// A `LIMIT` or `OFFSET` count: a constant number's binding appended in place, anything
    /// else lowered.
    private mutating func appendCount(_ count: TypedExpr, to sql: inout SQLFragment) {
        if case .constant(let constant) = tree[count], let number = numberValue(of: constant, type: count.type) {
            sql.appendBinding(.constant(number))
        } else {
            sql += lowerLimitCount(count)
        }
    }

    /// A count: a constant or a parameter, bound as a count (checked not to be negative when
    /// bound); or an expression of them (`page * pageSize`), computed once and kept only when
    /// it is not negative: NULL otherwise (also when Swift would trap), which SQLite refuses as a
    /// limit, as the evaluator refuses a negative count, where a negative limit would mean none.
    private mutating func lowerLimitCount(_ count: TypedExpr) -> SQLFragment {
        switch tree[count] {
        case .parameter, .constant: return lowerValue(count, hint: .count).sql
        default: break
        }
        guard writesInPlace else { return dialect.checkedCount(lowerValue(count).sql) }
        var sql = SQLFragment(reservingCapacity: 64)
        sql += "(SELECT count_value FROM (SELECT "
        sql += lowerValue(count).sql
        sql += " AS count_value) WHERE count_value >= 0)"
        return sql
    }

    /// Appends a sort key's SQL: its column (after joining its path), normalized or collated as
    /// the key compares strings, then ` DESC` for a reverse order. In Sift's dialect the column
    /// is written in place.
    mutating func appendSortKey(_ key: CheckedSortKey, rootAlias: String, to sql: inout SQLFragment) {
        let attribute: Attribute
        switch key.value {
        case .attribute(let plain): attribute = plain
        case .enumRank(let enumAttribute, let order):
            sql.appendEnumRank(of: sortKeyColumn(key, attribute: enumAttribute, rootAlias: rootAlias), order: order)
            if key.order == .reverse { sql += " DESC" }
            appendNilFirst(key, to: &sql)
            return
        case .computed(let expr):
            // `\User.interests.count`: a correlated subquery per row, as the same expression in a filter.
            sql += lowerValue(expr).sql
            if key.order == .reverse { sql += " DESC" }
            switch key.sqlNulls {
            case .first?: sql += " NULLS FIRST"
            case .last?: sql += " NULLS LAST"
            case .default?: break
            case nil: appendNilFirst(key, to: &sql)
            }
            return
        }
        var alias = rootAlias
        var model = query.model
        for relationship in key.path {
            (alias, model) = joinToOne(from: alias, model: model, relationship: relationship, level: resolvedLevel(nil))
        }
        let columnName = attribute.columnName
        var collation: StringComparatorCollation?
        var normalized = false
        if case .string = attribute.type {
            switch key.comparator {
            case .localizedStandard?, .localized?:
                collation = key.comparator == .localizedStandard ? .localizedStandard : .localized
                if portable { refuse("sorting with 'comparator: .\(collation!.rawValue)'", "Foundation's locale-aware order", at: key.range) }
            case .caseInsensitive?:
                // Core Data's store: `COLLATE NSCollateNoCase`, Foundation's `caseInsensitiveCompare:`.
                collation = .caseInsensitive
                if portable { refuse("sorting with 'caseInsensitiveCompare:'", "Foundation's case folding", at: key.range) }
            case .storedBytes?: break  // the column as stored: SQLite's BINARY order is byte order
            default:
                let column = columnReference(model: model, column: columnName)
                if knownForm(of: column) == .nfc {
                    textColumns.assume(.nfc, for: column)
                } else if portable, textColumns.isASCII(column) {
                    textColumns.assume(.ascii, for: column)
                } else {
                    normalized = true
                    if portable { refuse("sorting by '\(attribute.name)'", Self.notNFC, at: key.range) }
                }
            }
        }
        if !writesInPlace {
            var value = SQLFragment.column(alias, columnName)
            if attribute.storage == .textForm { value = Self.textForm(of: value) }
            if let collation { value = dialect.collate(value, collation) }
            if normalized { value = siftCall(.nfc, value) }
            if case .string = attribute.type, collation == nil { value = dialect.codePointOrder(value) }
            if case .date = attribute.type, attribute.storage == .dateISO8601 { value = dialect.codePointOrder(value) }
            sql += value
        } else if normalized {
            sql.appendSiftCall(.nfc) { $0.appendColumn(alias, columnName) }
        } else {
            sql.appendColumn(alias, columnName)
            if let collation { sql.appendCollation(collation) }
        }
        if key.order == .reverse { sql += " DESC" }
        appendNilFirst(key, to: &sql)
    }

    /// ` NULLS FIRST` (` NULLS LAST` descending) after a key that may be nil, in a dialect that
    /// sorts NULL last: Swift sorts nil before every value.
    private mutating func appendNilFirst(_ key: CheckedSortKey, to sql: inout SQLFragment) {
        guard !writesInPlace, dialect.sortsNullsLast, key.isOptional else { return }
        sql += key.order == .reverse ? " NULLS LAST" : " NULLS FIRST"
    }

    /// The column of an attribute sort key, its path joined.
    private mutating func sortKeyColumn(_ key: CheckedSortKey, attribute: Attribute, rootAlias: String) -> SQLFragment {
        var alias = rootAlias
        var model = query.model
        for relationship in key.path {
            (alias, model) = joinToOne(from: alias, model: model, relationship: relationship, level: resolvedLevel(nil))
        }
        let column = SQLFragment.column(alias, attribute.columnName)
        return attribute.storage == .textForm ? Self.textForm(of: column) : column
    }

    /// The alias of the target of a to-one relationship from a row, joining it once per level.
    mutating func joinToOne(from baseAlias: String, model: Model, relationship: Relationship, level: QueryLevel) -> (String, Model) {
        let target = self.model(named: relationship.target)
        let key = JoinKey(baseAlias: baseAlias, relationship: relationship.name)
        if let existing = level.joinAliases[key] { return (existing, target) }
        let joinAlias = alias(relationship.name)
        level.joinAliases[key] = joinAlias
        if case .foreignKey(let column, let targetColumn) = relationship.link {
            presenceColumns[joinAlias] = targetColumn
            // `targets AS t ON t.key = base.column`, in one buffer.
            var sql = SQLFragment(reservingCapacity: 128)
            sql.appendTableReference(target.tableName, alias: joinAlias)
            sql += " ON "
            sql.appendColumn(joinAlias, targetColumn)
            sql += " = "
            sql.appendColumn(baseAlias, column)
            level.appendJoin(ToOneJoin(key: key, target: sql))
        }
        return (joinAlias, target)
    }
}

extension Set {
    /// `contains`, by comparing with each member while there are a few (the facts name a few
    /// columns and references: comparing costs less than hashing), by hash beyond.
    func containsComparing(_ member: Element) -> Bool {
        if isEmpty { return false }
        if count > 8 { return contains(member) }
        for element in self where element == member { return true }
        return false
    }
}

