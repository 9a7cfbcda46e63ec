import SiftSchema
import SiftSyntax

extension TypeChecker {
    /// `with name = (query), ... query`: each sub-query is checked with the models of those
    /// before it, becomes a model named after it (its selected columns are the attributes), and
    /// the query after them is checked with all of them. A recursive one is a base case that does
    /// not read it, then `union` and queries that do.
    mutating func checkWithCommonTables(_ query: Query) -> CheckedQuery? {
        var extended = schema
        if query.form == .structuredQueries, query.commonTables.contains(where: { Self.reads(BuilderClauses.rowOfValuesModel, $0.query) }) {
            extended.add(CheckedCommonTable.rowOfValues)
        }
        var checkedTables: [CheckedCommonTable] = []
        var allParameters: [Parameter] = []
        for table in query.commonTables {
            let name = table.name.name
            // StructuredQueries' `With` names its rows by a table type, which the model file may
            // declare: the sub-query's rows replace it (its columns were checked against it).
            if query.form == .structuredQueries, let first = query.commonTables.first(where: { $0.name.name == name }), first.range != table.range {
                error(
                    .invalidClause, "two sub-queries read their rows as '\(name)': SQL names each once; give the second a table type of its own",
                    at: table.name.range, notes: [.init("the first", at: first.name.range)])
                return nil
            }
            if extended.model(named: name) != nil, query.form != .structuredQueries {
                error(
                    .invalidClause, "'\(name)' is already a model's name; name the sub-query otherwise, as in '\(name)Rows'", at: table.name.range)
                return nil
            }
            var body = table.query
            body.tree = tree
            guard let checked = checkCommonTableBody(body, table: table, schema: extended, parameters: &allParameters) else { return nil }
            extended.add(checked.model)
            checkedTables.append(checked)
        }
        var main = query
        main.commonTables = []
        guard var checked = checkApart(main, schema: extended, known: allParameters) else { return nil }
        Self.merge(checked.parameters, into: &allParameters)
        parameters = allParameters
        checked.parameters = allParameters
        checked.commonTables = checkedTables
        return checked
    }

    /// One sub-query's query and model.
    mutating func checkCommonTableBody(_ body: Query, table: CommonTable, schema base: Schema, parameters allParameters: inout [Parameter]) -> CheckedCommonTable? {
        let name = table.name.name
        var bodySchema = base
        // Under `with recursive`, a sub-query that reads itself is recursive; one that does not
        // is an ordinary one.
        let isRecursive = table.isRecursive && Self.reads(name, body)
        let isBuilder = body.form == .structuredQueries
        if isRecursive {
            let operations = (body.projection?.setOperations ?? []) + (body.builder?.setOperations ?? [])
            guard !operations.isEmpty else {
                let example =
                    isBuilder
                    ? "'Category.where { $0.parentID.is(nil) }.select { \(name).Columns(id: $0.id) }.union(Category.join(\(name).all) { $0.parentID.eq($1.id) }.select { \(name).Columns(id: $0.id) })'"
                    : "'(Category where parentID == nil select id union Category join \(name) on \(name).id == parentID select id)'"
                error(
                    .invalidClause,
                    isBuilder
                        ? "the sub-query '\(name)' reads its own rows: a recursive one is a base case from a table, then 'union' and a query that reads '\(name)', as in \(example)"
                        : "'with recursive \(name)' is a base case, 'union', and a query that reads '\(name)', as in \(example)",
                    at: table.range)
                return nil
            }
            // StructuredQueries' `.union(all: true, ...)` keeps each row found (SQLite's `UNION ALL`).
            if let other = operations.first(where: { $0.op != .union && !(isBuilder && $0.op == .unionAll) }) {
                error(.invalidClause, "a recursive sub-query adds rows with 'union' only; '\(other.op.rawValue)' cannot follow its base case", at: other.operatorRange)
                return nil
            }
            if !body.sort.isEmpty || body.limit != nil || body.offset != nil {
                error(.invalidClause, "a recursive sub-query is not sorted or limited; sort and limit the query that reads it", at: table.range)
                return nil
            }
            var baseCase = body
            baseCase.projection?.setOperations = []
            baseCase.builder?.setOperations = []
            if Self.reads(name, baseCase) {
                error(
                    .invalidClause,
                    "the first query of 'with recursive \(name)' is its base case and cannot read '\(name)'; start from rows of a model, then 'union' the query that reads '\(name)'",
                    at: baseCase.range)
                return nil
            }
            guard let checkedBase = checkApart(baseCase, schema: base, known: []) else { return nil }
            guard let selection = checkedBase.selection else {
                error(.invalidClause, "the base case of 'with recursive \(name)' must select its columns, as in 'select id, title'", at: baseCase.range)
                return nil
            }
            bodySchema.add(Self.commonTableModel(name, selection, tree: checkedBase.tree, declared: isBuilder ? base.model(named: name) : nil, sqlMeaning: isBuilder))
        }
        guard let checked = checkApart(body, schema: bodySchema, known: allParameters) else { return nil }
        guard let selection = checked.selection, checked.measure == nil else {
            error(.invalidClause, "the sub-query '\(name)' must select its columns, as in '\(body.namedModel?.name.name ?? "Reminder") select id, title'", at: body.range)
            return nil
        }
        Self.merge(checked.parameters, into: &allParameters)
        if isBuilder, let chain = body.builder, !chain.orderings.isEmpty || body.limit != nil || body.offset != nil {
            error(
                .invalidClause, "a sub-query of 'With' is not ordered or limited here; order and limit the query that reads '\(name)'",
                at: body.range)
            return nil
        }
        let model = Self.commonTableModel(name, selection, tree: checked.tree, declared: isBuilder ? base.model(named: name) : nil, sqlMeaning: isBuilder)
        if isRecursive, let declared = bodySchema.model(named: name), declared.attributes.map(\.typeDescription) != model.attributes.map(\.typeDescription) {
            error(.typeMismatch, "the queries of 'with recursive \(name)' select columns of other types than its base case", at: table.range)
            return nil
        }
        return CheckedCommonTable(model: model, query: checked, isRecursive: isRecursive)
    }

    /// Whether a query reads the model `name`: as its model or as a joined one.
    static func reads(_ name: String, _ query: Query) -> Bool {
        if query.namedModel?.name.name == name { return true }
        if query.projection?.joins.contains(where: { $0.source.components.count == 1 && $0.source.components[0].name.name == name }) == true { return true }
        if let chain = query.builder {
            if chain.joins.contains(where: { $0.model.name == name }) { return true }
            if chain.setOperations.contains(where: { reads(name, $0.query) }) { return true }
        }
        return query.projection?.setOperations.contains { reads(name, $0.query) } ?? false
    }

    /// The model of a sub-query's rows: an attribute per selected column, strings as they are
    /// and dates as instants (seconds since 2001), other values stored as their source column's.
    /// With SQL's meaning (`sqlMeaning`, StructuredQueries' `With`) a column of a table keeps its
    /// stored form (a date its text), and the rows are the table `declared` names (the model
    /// file's `@Table struct`, whose columns may be optional), or its type's plural.
    static func commonTableModel(_ name: String, _ selection: CheckedSelection, tree: TypedTree, declared: Model? = nil, sqlMeaning: Bool = false) -> Model {
        var members: [Model.Member] = []
        for column in selection.columns {
            let type = column.type.unwrapped
            let scalar: ScalarType
            switch type.kind {
            case .bool: scalar = .bool
            case .integer(let kind): scalar = .integer(kind)
            case .double: scalar = .double
            case .float: scalar = .float
            case .date: scalar = .date
            case .uuid: scalar = .uuid
            case .data: scalar = .data
            case .url: scalar = .url
            case .enumeration(let enumName): scalar = .enumeration(enumName.description)
            default: scalar = .string
            }
            var storage = Storage.defaultStorage(for: scalar, enumRawType: nil, modelStyle: .model)
            if case .attribute(_, let attribute) = tree[column.value], sqlMeaning || scalar != .date {
                storage = attribute.storage
            } else if scalar == .date {
                storage = .dateReferenceSeconds
            }
            let isOptional = column.type.isOptional || declared?.attribute(named: column.name)?.isOptional == true
            members.append(.attribute(Attribute(name: column.name, type: scalar, isOptional: isOptional, storage: storage)))
        }
        let tableName = sqlMeaning ? declared?.tableName ?? Naming.tableName(forModel: name) : name
        return Model(name: name, tableName: tableName, primaryKey: [], members: members, style: .table)
    }
}
