import SiftLargeStack
import SiftSchema
import SiftSyntax

/// The result of checking a query: the typed query when there was no error, and every diagnostic.
public struct CheckResult: Sendable {
    /// The checked query, when there was no error.
    public var query: CheckedQuery?
    /// Every diagnostic, in source order.
    public var diagnostics: [Diagnostic]
}

/// Checks a parsed ``SiftSyntax/Query`` against a ``SiftSchema/Schema``, with Swift's typing rules for `#Predicate`.
///
/// It resolves every name (member, relationship, closure parameter, named parameter), gives every
/// expression a type, makes Swift's implicit conversions explicit, and reports every error it can
/// find in one pass, without cascades: an expression with an error gets the type
/// ``SiftSchema/SiftType/error``, which matches anything silently.
public struct TypeChecker {
    /// Options a host program can set.
    public struct Options: Sendable {
        /// Types of named parameters that the host declares; others are inferred from their use.
        public var parameterTypes: [String: SiftType]

        /// Options declaring the types of some named parameters.
        public init(parameterTypes: [String: SiftType] = [:]) {
            self.parameterTypes = parameterTypes
        }
    }

    /// Checks a query. `syntaxHeight` is the height of its tallest expression when known (the
    /// parser's ``SiftSyntax/Parsed/tallestExpression``); otherwise it is measured here.
    public static func check(
        _ query: Query, schema: Schema, source: SourceFile, options: Options = Options(), syntaxHeight: Int? = nil
    ) -> CheckResult {
        // Checking recurses over the tree: a tall one (up to the parser's 512 levels) is checked on
        // a thread with a large stack, whatever the caller's.
        if syntaxHeight.map({ $0 > inlineDepth }) ?? SyntaxDepth.exceeds(inlineDepth, query) {
            return LargeStack.run { checkOnCurrentStack(query, schema: schema, source: source, options: options) }
        }
        return checkOnCurrentStack(query, schema: schema, source: source, options: options)
    }

    /// Trees taller than this are checked on a large stack.
    static let inlineDepth = 32

    static func checkOnCurrentStack(_ query: Query, schema: Schema, source: SourceFile, options: Options) -> CheckResult {
        let refusals = TypeTableOverflow.refusals
        var checker = TypeChecker(schema: schema, source: source, tree: query.tree, options: options)
        var checked = checker.checkQuery(query)
        // A parameter first met where nothing gives it a type (`searchString.isEmpty || $0.name.contains(searchString)`)
        // takes the type a later use gave it: the query is checked again with those types presumed.
        if !checker.untypedParameters.isEmpty {
            var presumed: [String: SiftType] = [:]
            for parameter in checker.parameters where checker.untypedParameters.contains(parameter.name) {
                presumed[parameter.name] = parameter.type
            }
            if !presumed.isEmpty {
                checker = TypeChecker(schema: schema, source: source, tree: query.tree, options: options)
                checker.presumedParameterTypes = presumed
                checked = checker.checkQuery(query)
            }
        }
        // A type the full tables could not take is the error type, which matches anything
        // silently: the query is refused rather than compiled with it.
        if !checker.diagnostics.hasErrors && TypeTableOverflow.refusals != refusals {
            checker.error(
                .typeTableFull, "this query needs a type that the process's type tables have no more room for",
                at: query.range,
                notes: [.init("the tables hold \(TypeTableOverflow.nameCapacity) type names and \(TypeTableOverflow.deepTypeCapacity) types nested deeper than ten levels; restart the process to empty them")])
        }
        let hasErrors = checker.diagnostics.hasErrors
        return CheckResult(query: hasErrors ? nil : checked, diagnostics: checker.diagnostics)
    }

    let schema: Schema
    let source: SourceFile
    /// The nodes of the query's expressions.
    let tree: SyntaxTree
    let options: Options
    // Phase state: a struct on its caller's stack, changed through `mutating` methods, and its
    // readers are `mutating` too (why: "Conventions" in docs/ARCHITECTURE.md).
    var diagnostics: [Diagnostic] = []
    /// The typed nodes made so far: the checked query's tree.
    var typedTree: TypedTree
    /// The model last found by ``model(named:)`` (a query's members are mostly of one model).
    var lastModel: Model?
    /// The model the query names (found by ``lookupModel(_:)``): its members are the ones most
    /// looked up, and a schema look-up hashes the name.
    var namedModel: Model?
    var variables: [Variable] = []
    /// Named variables in scope, innermost last.
    var scopes: [(name: String, id: VariableID)] = []
    /// The `$0` of the innermost enclosing closure (the outer ones wait on the stack of
    /// ``withClosureParameter(_:type:origin:_:)``: no array to allocate).
    var anonymousScope: VariableID?
    /// The variable whose members bare names refer to (the concise form), if any.
    var implicitSelf: VariableID?
    /// The model of ``implicitSelf`` (looked up once, not at every bare name).
    var implicitModel: Model?
    /// The named parameters, in order of first use. A query has a few: looked up by comparing
    /// names (hashing one costs more), through ``parameterIndex`` once there are many.
    var parameters: [Parameter] = []
    /// Each parameter's position in ``parameters``, made once there are more than eight.
    var parameterIndex: [String: Int] = [:]
    /// Parameters met where nothing typed them (reported as errors), by name.
    var untypedParameters: [String] = []
    /// Types of parameters that a first check found only at a later use, given to their first use.
    var presumedParameterTypes: [String: SiftType] = [:]
    /// The bindings of the optional chains being checked, outermost chain's first: each chain
    /// remembers where its own bindings start (one list for all: a list per chain would be an
    /// allocation more for every `?.`).
    var optionalChainBindings: [(source: TypedExpr, variable: VariableID)] = []
    /// How many optional chains are being checked, one inside another.
    var optionalChainDepth = 0
    /// Expressions already checked ahead of their turn (to type a literal next to them), by node:
    /// their result is reused, so nothing is checked (or reported) twice. A list: there are one or
    /// two at a time, and a dictionary cost an allocation and a hash per look-up.
    var prechecked: [(expr: Expr, typed: TypedExpr)] = []
    /// The first of them, kept apart: most queries precheck one expression at most, and then make
    /// no list.
    var precheckedFirst: (expr: Expr, typed: TypedExpr)?
    /// Where an aggregate met now stands: in a filter (an error), in a selection, or inside another.
    var aggregatePlace = AggregatePlace.filter
    /// The joins of a concise query that selects, checked before its filter.
    var checkedJoins: [CheckedJoin] = []
    /// Each joined row's variable, as a grouping path of its own (`["$join", name]`).
    var joinPaths: [VariableID: [String]] = [:]
    /// The rows a StructuredQueries closure reads as `$0`, `$1`, ... (the query's table and the
    /// tables joined before the clause); empty outside such a closure.
    var builderRows: [VariableID] = []
    /// The clause of a StructuredQueries chain being checked, for messages (`'group'`); nil in `where`.
    var builderClause: String?
    /// How the query being checked is written: what its closures may call depends on it
    /// (Foundation's `#Predicate` has no `map`; the concise form's `map(…).max()` is Sift's own).
    var queryForm: Query.Form?
    /// The name the concise query's row is read by (`RemindersList as list`), when written.
    var rowName: Identifier?
    /// The names of the rows of a selecting query around this one (a counted query checked on
    /// its own), which it cannot read: reading one is reported.
    var outerRowNames: [String] = []
    /// The storage of the date a StructuredQueries `.now` is compared with (the other operand's
    /// column), which decides how SQLite writes the current time; nil outside such a comparison.
    var dateStorageContext: Storage?

    init(schema: Schema, source: SourceFile, tree: SyntaxTree, options: Options) {
        self.schema = schema
        self.source = source
        self.tree = tree
        self.options = options
        // Fewer typed nodes than syntax nodes, mostly (a closure, a macro, a parenthesis or an
        // argument label make none; an implicit conversion makes one more): room for as many,
        // so the array rarely grows. At most 64: the syntax tree of a script holds every query's
        // nodes, and room for them all in each checked query would stay allocated with it.
        typedTree = TypedTree(capacity: min(max(tree.kinds.count, 4), 64))
        // Every query has its root variable; a closure or two add theirs (the first append would
        // make room for one, and the next ones grow the array).
        variables.reserveCapacity(4)
    }

    /// Adds a typed node to the query's tree.
    @inline(__always)
    mutating func make(_ kind: consuming TypedExprKind, _ type: SiftType, at range: SourceRange) -> TypedExpr {
        typedTree.make(kind, type, at: range)
    }

    // MARK: Diagnostics

    mutating func error(_ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []) {
        diagnostics.append(.error(id, message, at: range, notes: notes, fixIts: fixIts))
    }

    mutating func warning(_ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []) {
        diagnostics.append(.warning(id, message, at: range, notes: notes, fixIts: fixIts))
    }

    /// The source text of an expression, for fix-its and messages.
    func text(_ range: SourceRange) -> String { source.text(in: range) }

    /// A note pointing at a declaration in the schema's model file, when there is one.
    func declarationNote(_ message: String, at range: SourceRange?) -> Diagnostic.Note {
        if let range, let file = schema.source { return Diagnostic.Note(message, at: range, in: file) }
        return Diagnostic.Note(message)
    }

    // MARK: Variables and scopes

    mutating func declare(_ name: String, type: SiftType, origin: Variable.Origin, at range: SourceRange) -> VariableID {
        let id = VariableID(variables.count)
        variables.append(Variable(id: id, name: name, type: type, origin: origin, declaration: range))
        return id
    }

    mutating func reference(_ id: VariableID, at range: SourceRange) -> TypedExpr {
        make(.variable(id), variables[id.index].type, at: range)
    }

    /// Runs `body` with a closure's parameter in scope: `$0` for an anonymous closure, or its name.
    /// (`body` is handed the checker: a closure of its own capturing it would overlap the access
    /// this method already holds.)
    mutating func withClosureParameter<T>(
        _ closure: Closure, type: SiftType, origin: Variable.Origin, _ body: (inout TypeChecker, VariableID) -> T
    ) -> T {
        if let parameters = closure.parameters {
            if parameters.count != 1 {
                let range = parameters.count > 1 ? parameters[1].name.range.union(parameters.last!.name.range) : closure.range
                error(.closureArity, "this closure takes one parameter, but \(parameters.count) were written", at: range)
            }
            let parameter = parameters.first
            let name = parameter?.name.name ?? "_"
            let variable = declare(name, type: type, origin: origin, at: parameter?.name.range ?? closure.range)
            if let annotation = parameter?.type { checkAnnotation(annotation, matches: type) }
            scopes.append((name, variable))
            let outer = anonymousScope
            anonymousScope = variable  // `$0` inside a named closure is an error in Swift; we resolve it but report
            defer {
                scopes.removeLast()
                anonymousScope = outer
            }
            return body(&self, variable)
        }
        let variable = declare("$0", type: type, origin: origin, at: closure.range)
        let outer = anonymousScope
        anonymousScope = variable
        defer { anonymousScope = outer }
        return body(&self, variable)
    }

    mutating func checkAnnotation(_ annotation: TypeSyntax, matches type: SiftType) {
        let written = source.text(in: annotation.range)
        if written != type.description {
            error(
                .typeMismatch, "the closure parameter has type '\(type)', but it is annotated as '\(written)'",
                at: annotation.range, fixIts: [.init(replace: annotation.range, with: type.description)])
        }
    }

    // MARK: Queries

    mutating func checkQuery(_ query: Query) -> CheckedQuery? {
        queryForm = query.form
        if !query.commonTables.isEmpty { return checkWithCommonTables(query) }
        guard let model = resolveModel(of: query) else { return nil }
        if query.form == .structuredQueries {
            var checked = checkBuilderQuery(query, model: model)
            if let operations = query.builder?.setOperations, !operations.isEmpty {
                checkBuilderSetOperations(operations, query: query, into: &checked)
            }
            if query.measure == .count, checked.selection != nil, query.builder?.setOperations.isEmpty ?? true {
                // The library appends `count(*)` to the selected columns, a different query.
                error(
                    .unsupportedConstruct,
                    "'count()' after 'select' adds 'count(*)' to the selected columns; select it in the closure instead, as in '.select { ($0.title, $0.count()) }'",
                    at: query.range)
                return nil
            }
            checked.measure = query.measure
            return checked
        }
        let rootType = model.type  // the model's, shared: no box of its own
        var root = VariableID(0)
        var filter: TypedExpr?
        switch query.filter {
        case .closure(let closure):
            filter = withClosureParameter(closure, type: rootType, origin: .root) { checker, variable in
                root = variable
                return checker.checkPredicateBody(closure.body)
            }
        case .implicit(let expr):
            root = declare("self", type: rootType, origin: .root, at: query.range)
            implicitSelf = root
            implicitModel = model
            nameRow(query.rowName, root)
            if let joins = query.projection?.joins, !joins.isEmpty { checkJoins(joins, model: model, root: root) }
            filter = checkPredicateBody(expr)
        case .format(let format):
            root = declare("self", type: rootType, origin: .root, at: query.range)
            filter = checkFormatFilter(format, root: root)
        case nil:
            if query.projection != nil {
                root = declare("self", type: rootType, origin: .root, at: query.range)
                implicitSelf = root
                implicitModel = model
                nameRow(query.rowName, root)
                if let joins = query.projection?.joins, !joins.isEmpty { checkJoins(joins, model: model, root: root) }
            } else {
                root = declare("$0", type: rootType, origin: .root, at: query.range)
                nameRow(query.rowName, root)
            }
        }
        var selection: CheckedSelection?
        if let projection = query.projection {
            selection = checkProjection(projection, model: model, root: root)
        }
        if let filter { reportMisplacedFullTextMatches(in: filter) }
        // By index: each key is read in place (a closure or a for-in loop takes a copy of each key,
        // its key path's lists and names retained and released).
        let keys = query.sort
        var sort: [CheckedSortKey] = []
        if !keys.isEmpty { sort.reserveCapacity(keys.count) }
        let combinesRows = !(query.projection?.setOperations.isEmpty ?? true)
        for index in keys.indices {
            if combinesRows, selection != nil {
                if let checked = checkCombinedSortKey(keys[index], selection: &selection!) { sort.append(checked) }
            } else if let selection {
                if let checked = checkSelectionSortKey(keys[index], selection: selection, model: model, root: root) { sort.append(checked) }
            } else if let checked = checkSortKey(keys[index], model: model, root: root) {
                sort.append(checked)
            }
        }
        if let selection { reportFullTextFunctionsInGroups(selection, sort: sort) }
        let limit = query.limit.map { checkCount($0, what: "limit") }
        let offset = query.offset.map { checkCount($0, what: "offset") }
        if var combined = selection, let operations = query.projection?.setOperations, !operations.isEmpty {
            combined.setOperations = checkSetOperations(operations, of: &combined, query: query)
            selection = combined
        }
        var checked = CheckedQuery(
            model: model, root: root, tree: typedTree, filter: filter, sort: sort, limit: limit, offset: offset,
            variables: variables, parameters: parameters, form: query.form)
        if let selection { checked.selection = selection }
        checked.measure = query.measure
        return checked
    }

    /// `Model as name`: the row is in scope under its name.
    mutating func nameRow(_ name: Identifier?, _ root: VariableID) {
        guard let name else { return }
        rowName = name
        scopes.append((name.name, root))
    }

    mutating func checkPredicateBody(_ body: Expr) -> TypedExpr {
        let typed = check(body, expected: .bool)
        if !typed.type.isBool && !typed.type.isError {
            var fixIts: [Diagnostic.FixIt] = []
            var notes: [Diagnostic.Note] = []
            if typed.type == .optional(.bool) {
                notes.append(.init("treat nil as false with '?? false'"))
                fixIts.append(.init(replace: body.range, with: "(\(text(body.range)) ?? false)"))
            }
            error(
                .notBoolean, "a predicate must produce a 'Bool', but this expression has type '\(typed.type)'",
                at: body.range, notes: notes, fixIts: fixIts)
        }
        return typed
    }

    /// Finds the query's model: from `#Predicate<User>`, the concise head, a closure annotation, or
    /// the root of the sort key paths. They must agree.
    mutating func resolveModel(of query: Query) -> Model? {
        // Once the first name is unknown, the others are not looked up (no more diagnostics).
        var first: (name: Identifier, range: SourceRange)?
        var model: Model?
        var unknownFirst = false
        Self.forEachNamedModel(in: query) { name, range in
            guard let named = first else {
                first = (name, range)
                model = lookupModel(name)
                unknownFirst = model == nil
                return
            }
            guard let model, let otherModel = lookupModel(name) else { return }
            if otherModel.name != model.name {
                error(
                    .conflictingModels, "this names the model '\(otherModel.name)', but the query is about '\(model.name)'",
                    at: range, notes: [.init("the model is first named here", at: named.range)])
            }
        }
        if first == nil, [.nsPredicate, .nsSortDescriptors, .fetchRequest, .swiftUIFetchRequest].contains(query.form) {
            let inferred = inferModel(of: query, at: query.range)
            namedModel = inferred
            return inferred
        }
        if first == nil {
            error(
                .missingModel, "the query does not say which model it is about; write it, e.g. '#Predicate<User>' or '\\User.name'",
                at: query.range,
                notes: schema.modelNames.isEmpty ? [] : [.init("the schema has: \(schema.modelNames.joined(separator: ", "))")])
        }
        return unknownFirst ? nil : model
    }

    /// Calls `body` with each place the query names its model, in order: the generic argument or
    /// concise head, the closure's parameter annotation, the roots of the sort key paths (without
    /// collecting them into an array).
    private static func forEachNamedModel(in query: Query, _ body: (Identifier, SourceRange) -> Void) {
        if let (name, range) = query.namedModel { body(name, range) }
        if case .closure(let closure)? = query.filter, let type = closure.parameters?.first?.type,
            case .named(let name, _) = type.kind
        {
            body(name, type.range)
        }
        let keys = query.sort
        for index in keys.indices {
            if let root = keys[index].keyPath.root, case .named(let name, _) = root.kind { body(name, root.range) }
        }
    }

    /// The schema's model of this name, the last one found kept at hand.
    mutating func model(named name: TypeName) -> Model? {
        let type = SiftType.model(name)
        if let namedModel, namedModel.type == type { return namedModel }
        if let lastModel, lastModel.type == type { return lastModel }
        let found = schema.model(named: name)
        if found != nil { lastModel = found }
        return found
    }

    mutating func lookupModel(_ name: Identifier) -> Model? {
        if let model = schema.model(named: name.name) {
            guard model.hasTable else {
                reportMissingTable(model, at: name.range)
                return nil
            }
            if namedModel == nil { namedModel = model }
            return model
        }
        let suggestion = Suggestions.closest(to: name.name, among: schema.modelNames + schema.models.map(\.tableName)).first
            .map { schema.model(named: $0)?.name ?? $0 }
        var message = "cannot find model '\(name.name)' in the schema"
        var fixIts: [Diagnostic.FixIt] = []
        if let suggestion {
            message += "; did you mean '\(suggestion)'?"
            fixIts.append(.init(replace: name.range, with: suggestion))
        }
        let notes: [Diagnostic.Note] =
            suggestion == nil && !schema.modelNames.isEmpty
            ? [.init("the schema has: \(schema.modelNames.joined(separator: ", "))")] : []
        error(.unknownModel, message, at: name.range, notes: notes, fixIts: fixIts)
        return nil
    }

    /// A model of the model file (a `@Table` type) whose table the database lacks, read as a
    /// table: it can only name the rows of a sub-query of StructuredQueries' `With`.
    mutating func reportMissingTable(_ model: Model, at range: SourceRange) {
        let tables = schema.models.filter(\.hasTable).map(\.tableName)
        let suggestion = Suggestions.closest(to: model.tableName, among: tables).first
        error(
            .missingTable,
            "the model '\(model.name)' has no table '\(model.tableName)' in the database"
                + (suggestion.map { "; did you mean '\($0)'? Name it with '@Table(\"\($0)\")'" } ?? "")
                + "; without one it can only name the rows of a sub-query ('With { ... } query: { ... }')",
            at: range)
    }

    // MARK: Sort keys, limit and offset

    mutating func checkSortKey(_ key: SortKey, model: Model, root: VariableID) -> CheckedSortKey? {
        // `sort by rank` / `SortDescriptor(\ReminderText.rank)` on an FTS5 table: its relevance.
        if model.isFullTextTable, key.keyPath.components.count == 1, key.keyPath.components[0].name.name == "rank",
            model.member(named: "rank") == nil
        {
            let row = reference(root, at: key.range)
            let rank = make(.sql(.rank, [row]), .double, at: key.range)
            return CheckedSortKey(path: [], value: .computed(rank), order: key.order, comparator: nil, range: key.range, sqlNulls: .default)
        }
        var current = model
        var path: [Relationship] = []
        var throughOptional = false
        let components = Self.mergingEnumPath(key.keyPath.components, in: model)
        guard !components.isEmpty else {
            error(.unsortable, "a sort key needs an attribute, e.g. '\\\(model.name).\(sortableAttribute(of: model) ?? "name")'", at: key.range)
            return nil
        }
        for (index, component) in components.enumerated() {
            let isLast = index == components.count - 1
            guard let member = current.member(named: component.name.name) else {
                reportUnknownMember(component.name, in: current)
                return nil
            }
            if component.isForceUnwrapped {
                error(
                    .unsupportedConstruct, "force unwrapping with '!' is not supported in a key path: it would crash on nil; use '?'",
                    at: SourceRange(start: component.name.range.start, end: component.name.range.end + 1),
                    fixIts: [.insert("?", at: component.name.range.end)])
                return nil
            }
            let isOptionalMember: Bool
            switch member {
            case .attribute(let attribute): isOptionalMember = attribute.isOptional
            case .relationship(let relationship): isOptionalMember = relationship.cardinality == .toOne(isOptional: true)
            }
            if component.isOptionalChained, !isOptionalMember {
                error(
                    .optionalChainOnNonOptional, "cannot use optional chaining on non-optional value of type '\(member.typeDescription)'",
                    at: SourceRange(start: component.name.range.end, end: component.name.range.end + 1),
                    fixIts: [.init(replace: SourceRange(start: component.name.range.end, end: component.name.range.end + 1), with: "")])
                return nil
            }
            // A Core Data key path goes through an optional relationship without `?`.
            if isOptionalMember, !isLast, !component.isOptionalChained, !key.isCoreData {
                error(
                    .optionalNotUnwrapped,
                    "value of optional type '\(member.typeDescription)' must be unwrapped to refer to member '\(components[index + 1].name.name)' of wrapped base type '\(member.typeDescription.dropLast())'",
                    at: component.name.range, fixIts: [.insert("?", at: component.name.range.end)])
                return nil
            }
            throughOptional = throughOptional || isOptionalMember
            switch member {
            case .attribute(let attribute):
                guard isLast else {
                    error(
                        .unknownMember, "'\(attribute.name)' is an attribute of type '\(attribute.typeDescription)'; it has no member '\(components[index + 1].name.name)'",
                        at: components[index + 1].name.range)
                    return nil
                }
                let type = SiftType(attribute.type)
                var value = SortKeyValue.attribute(attribute)
                if case .enumeration(let enumName) = attribute.type, let enumType = schema.enumType(named: enumName) {
                    guard let order = checkEnumSortOrder(enumType, attribute: attribute, at: component.name.range) else { return nil }
                    value = order
                } else if !type.isComparable, !(key.isCoreData && type.unwrapped == .bool) {
                    // A Core Data store sorts a Bool by what it stores: NO (0) before YES (1).
                    error(
                        .unsortable, "cannot sort by '\(attribute.name)': '\(attribute.type)' is not Comparable",
                        at: component.name.range,
                        notes: [declarationNote("'\(attribute.name)' is declared here", at: attribute.declaration)])
                    return nil
                }
                var comparator: StringComparator?
                if let written = key.comparator {
                    guard let value = StringComparator(rawValue: written.name), value != .storedBytes, value != .caseInsensitive || key.isCoreData else {
                        error(
                            .unknownEnumCase, "'\(written.name)' is not a string comparator; use '.localizedStandard', '.localized' or '.lexical'",
                            at: written.range)
                        return nil
                    }
                    guard type.isString else {
                        error(.typeMismatch, "a string comparator applies only to 'String' attributes, but '\(attribute.name)' is '\(attribute.type)'", at: written.range)
                        return nil
                    }
                    comparator = value
                } else if key.isCoreData, type.isString {
                    comparator = .storedBytes
                }
                return CheckedSortKey(path: path, value: value, order: key.order, comparator: comparator, range: key.range)
            case .relationship(let relationship):
                if relationship.isToMany, index == components.count - 2, components[index + 1].name.name == "count" {
                    // `\User.interests.count`: the number of related objects, computed per row.
                    if let written = key.comparator {
                        error(.typeMismatch, "a string comparator applies only to 'String' values, but '\(relationship.name).count' is 'Int'", at: written.range)
                        return nil
                    }
                    let counted = countExpression(
                        of: relationship, through: path[...], from: reference(root, at: .point(key.keyPath.range.start)),
                        named: variables[root.index].name, at: key.keyPath.range)
                    return CheckedSortKey(path: [], value: .computed(counted), order: key.order, comparator: nil, range: key.range)
                }
                if relationship.isToMany {
                    var notes: [Diagnostic.Note] = []
                    if let suggestion = toOneSortSuggestion(from: current) {
                        notes.append(.init("sort by an attribute of a to-one relationship instead, such as '\\\(current.name).\(suggestion)'"))
                    }
                    error(
                        .unsortable, "cannot sort by '\(relationship.name)': it is a to-many relationship, with no single value per \(current.name)",
                        at: component.name.range, notes: notes)
                    return nil
                }
                guard let target = schema.model(named: relationship.target) else { return nil }
                if isLast {
                    let chain = relationship.cardinality == .toOne(isOptional: true) ? "?" : ""
                    let message = "cannot sort by the relationship '\(relationship.name)' itself"
                    if let attribute = sortableAttribute(of: target) {
                        error(.unsortable, message + "; name one of its attributes, e.g. '\(relationship.name)\(chain).\(attribute)'", at: component.name.range,
                              fixIts: [.insert("\(chain).\(attribute)", at: component.name.range.end)])
                    } else {
                        error(.unsortable, message + "; '\(target.name)' has no attribute that can be sorted", at: component.name.range)
                    }
                    return nil
                }
                path.append(relationship)
                current = target
            }
        }
        return nil
    }

    /// How an enum attribute sorts, as Swift sorts it when the model file declares it `Comparable`
    /// with a `<` on raw values; nil, reported, otherwise.
    mutating func checkEnumSortOrder(_ enumType: EnumType, attribute: Attribute, at range: SourceRange) -> SortKeyValue? {
        switch enumType.comparison {
        case .rawValues?:
            // Integer raw values are stored as numbers, which sort as the cases do.
            if enumType.rawType == .string { return .enumRank(attribute, order: enumType.rawValuesInOrder) }
            return .attribute(attribute)
        case .other(let declaration)?:
            error(
                .unsortable,
                "cannot sort by '\(attribute.name)': '\(enumType.name)' is ordered by its own '<', which Sift does not read; Sift sorts an enum whose '<' compares raw values",
                at: range,
                notes: [
                    declarationNote("'<' is declared here", at: declaration),
                    .init("write 'static func < (lhs: \(enumType.name), rhs: \(enumType.name)) -> Bool { lhs.rawValue < rhs.rawValue }'"),
                ])
        case .withoutLessThan?:
            error(
                .unsortable,
                "cannot sort by '\(attribute.name)': '\(enumType.name)' declares 'Comparable' without a '<', which Swift does not synthesize for an enum with raw values",
                at: range,
                notes: [
                    declarationNote("'\(enumType.name)' is declared here", at: enumType.declaration),
                    .init("add 'static func < (lhs: \(enumType.name), rhs: \(enumType.name)) -> Bool { lhs.rawValue < rhs.rawValue }'"),
                ])
        case nil:
            error(
                .unsortable, "cannot sort by '\(attribute.name)': '\(enumType.name)' is not Comparable",
                at: range,
                notes: [
                    declarationNote("'\(enumType.name)' is declared here", at: enumType.declaration),
                    .init(
                        "to sort by it, declare it 'Comparable' in the model file, with 'static func < (lhs: \(enumType.name), rhs: \(enumType.name)) -> Bool { lhs.rawValue < rhs.rawValue }'"),
                ])
        }
        return nil
    }

    /// `base.a.b.items.count` for a key path through the to-one relationships `path` to the to-many
    /// `relationship`: an optional to-one on the way makes it an optional chain (nil when the
    /// relationship is), as `\User.company?.users.count` is in Swift.
    mutating func countExpression(
        of relationship: Relationship, through path: ArraySlice<Relationship>, from base: TypedExpr, named baseName: String, at range: SourceRange
    ) -> TypedExpr {
        guard let next = path.first else {
            let sequence = make(.toMany(base, relationship), .array(.model(TypeName(relationship.target))), at: range)
            return make(.count(sequence), .int, at: range)
        }
        let target = SiftType.model(TypeName(next.target))
        if next.cardinality == .toOne(isOptional: true) {
            let source = make(.toOne(base, next), .optional(target), at: range)
            let name = "\(baseName).\(next.name)?"
            let variable = declare(name, type: target, origin: .binding, at: range)
            let body = countExpression(of: relationship, through: path.dropFirst(), from: reference(variable, at: range), named: name, at: range)
            return make(.optionalMap(source: source, variable: variable, body: body), body.type.isOptional ? body.type : .optional(body.type), at: range)
        }
        let unwrapped = make(.toOne(base, next), target, at: range)
        return countExpression(of: relationship, through: path.dropFirst(), from: unwrapped, named: "\(baseName).\(next.name)", at: range)
    }

    /// The first attribute of a model that sorting accepts (Comparable).
    mutating func sortableAttribute(of model: Model) -> String? {
        model.attributes.first { SiftType($0.type).isComparable && !$0.isPrimaryKey }?.name
            ?? model.attributes.first { SiftType($0.type).isComparable }?.name
    }

    /// `company?.name`: a sortable attribute through a to-one relationship of the model, if any.
    mutating func toOneSortSuggestion(from model: Model) -> String? {
        for relationship in model.relationships where !relationship.isToMany {
            guard let target = schema.model(named: relationship.target), let attribute = sortableAttribute(of: target) else { continue }
            let chain = relationship.cardinality == .toOne(isOptional: true) ? "?" : ""
            return "\(relationship.name)\(chain).\(attribute)"
        }
        return nil
    }

    mutating func checkCount(_ expr: Expr, what: String) -> TypedExpr {
        let typed = check(expr, expected: .int)
        switch typedTree[typed] {
        case .constant(.int(let value)) where value < 0:
            error(.invalidLimit, "the \(what) must not be negative", at: expr.range)
        case .constant, .parameter, .error: break
        default:
            // `page * pageSize`: computed once for the query, so it must not read a row.
            if !typed.type.isError, !FreeVariables.of(typed, in: typedTree).isEmpty {
                error(
                    .invalidLimit, "the \(what) must be an integer literal, a parameter or an expression of them, such as 'page * pageSize'; it cannot depend on a row",
                    at: expr.range)
            }
        }
        if typed.type != .int && !typed.type.isError {
            error(.typeMismatch, "the \(what) must be an 'Int', but this is '\(typed.type)'", at: expr.range)
        }
        return typed
    }

    // MARK: Unknown members

    mutating func reportUnknownMember(_ name: Identifier, in model: Model) {
        if let group = model.enumColumnGroups.first(where: { $0.name == name.name }) {
            error(
                .unknownMember,
                "'\(name.name)' is the '@Selection' enum '\(group.typeName)' of '\(model.name)', stored in several columns; read a case's value, as in '\(name.name).\(group.cases[0].name)' (nil unless the row is of that case)",
                at: name.range)
            return
        }
        if let group = model.columnGroups.first(where: { $0.name == name.name }) {
            error(
                .unknownMember,
                "'\(name.name)' is a column group of '\(model.name)', not one value; name one of its columns: "
                    + group.attributeNames.map { "'\(name.name).\($0)'" }.joined(separator: ", "),
                at: name.range)
            return
        }
        if let unqueryable = model.unqueryableMembers.first(where: { $0.name == name.name }) {
            error(
                .unqueryableMember, "'\(name.name)' cannot be used in a query: \(unqueryable.reason)", at: name.range,
                notes: [declarationNote("'\(name.name)' is declared here", at: unqueryable.declaration)])
            return
        }
        let suggestion = Suggestions.closest(to: name.name, among: model.members.map(\.name)).first
        var message = "'\(model.name)' has no member '\(name.name)'"
        var fixIts: [Diagnostic.FixIt] = []
        if let suggestion {
            message += "; did you mean '\(suggestion)'?"
            fixIts.append(.init(replace: name.range, with: suggestion))
        }
        error(.unknownMember, message, at: name.range, notes: [declarationNote("'\(model.name)' is declared here", at: model.declaration)], fixIts: fixIts)
    }
}
