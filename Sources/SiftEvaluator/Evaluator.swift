import SiftChecker
import SiftLargeStack
import SiftSchema
import SiftSyntax

/// Evaluates a ``SiftChecker/CheckedQuery`` on the objects of a ``Dataset`` with Swift's semantics: filters
/// every object of the query's model, sorts by the query's sort keys as Foundation's
/// `SortDescriptor` does, then applies the offset and the limit.
///
/// It is the independent oracle of the SQL lowering: it shares no code with it and follows what a
/// Swift program would compute in memory. Where Swift would trap (integer overflow, division or
/// remainder by zero, `Int(Double)` out of range, a range with `lowerBound > upperBound`) the
/// row is not selected (see ``Trap``). A StructuredQueries query has SQL's meaning, which it
/// computes as SQLite does (see ``select(_:in:parameters:)``).
public struct Evaluator: Sendable {
    /// How rows that compare equal on every sort key are ordered.
    public enum TieBreak: Sendable, Hashable {
        /// Dataset order (stable sort): insertion order, which is primary key (rowid) order for
        /// a loaded dataset. What `sorted(using:)` does with Swift's stable sort.
        case datasetOrder
        /// Identity ascending, as SQLite orders the primary key (what `ORDER BY ..., key` gives).
        case identity
    }

    /// How rows that sort equal are ordered.
    public var tieBreak: TieBreak

    /// An evaluator that orders ties by `tieBreak`.
    public init(tieBreak: TieBreak = .datasetOrder) {
        self.tieBreak = tieBreak
    }

    /// The selected objects, sorted, after offset and limit.
    public func evaluate(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value] = [:]) throws -> [ObjectReference] {
        try run(query, in: dataset, parameters: parameters).selected
    }

    /// Evaluates the query and also reports the rows whose evaluation trapped.
    public func run(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value] = [:]) throws -> EvaluationResult {
        if !query.commonTables.isEmpty {
            let (main, extended) = try withCommonTables(query, in: dataset, parameters: parameters)
            return try run(main, in: extended, parameters: parameters)
        }
        let checkedParameters = try Self.checkParameters(query, parameters, schema: dataset.schema)
        guard dataset.tables[query.model.name] != nil else { throw EvaluationError.unknownModel(query.model.name) }
        let depth = max(query.filter.map(TypedTreeDepth.of) ?? 0, [query.limit, query.offset].compactMap { $0.map(TypedTreeDepth.of) }.max() ?? 0)
        let work: @Sendable () throws -> EvaluationResult = { [self] in
            try self.runUnchecked(query, in: dataset, parameters: checkedParameters)
        }
        if depth > TypedTreeDepth.inlineLimit { return try LargeStack.run(work) }
        return try work()
    }

    func runUnchecked(_ query: CheckedQuery, in dataset: Dataset, parameters: [String: Value]) throws -> EvaluationResult {
        let evaluator = ExpressionEvaluator(dataset: dataset, tree: query.tree, parameters: parameters, variableCount: query.variables.count)
        evaluator.sqlMeaning = query.form == .structuredQueries
        var selected: [ObjectReference] = []
        var trapped: [EvaluationResult.TrappedRow] = []
        for object in dataset.objects(of: query.model.name) {
            guard let filter = query.filter else {
                selected.append(object)
                continue
            }
            evaluator.bind(query.root, .object(object))
            do {
                if try evaluator.truth(filter) { selected.append(object) }
            } catch let trap as Trap {
                trapped.append(.init(object: object, trap: trap))
            }
        }
        let sorted = try RowSorter(keys: query.sort, dataset: dataset, tieBreak: tieBreak, evaluator: evaluator, root: query.root).sort(selected)
        let offset = try query.offset.map { try count($0, "offset", evaluator) } ?? 0
        let limit = try query.limit.map { try count($0, "limit", evaluator) }
        var result = Array(sorted.dropFirst(offset))
        if let limit { result = Array(result.prefix(limit)) }
        return EvaluationResult(selected: result, matchedBeforeLimit: sorted.count, trapped: trapped)
    }

    func count(_ expr: TypedExpr, _ what: String, _ evaluator: ExpressionEvaluator) throws -> Int {
        let value = try evaluator.evaluate(expr)
        guard let count = value.integerValue, count >= 0 else { throw EvaluationError.invalidCount(what: what, value: value) }
        return Int(clamping: count)
    }

    /// Every parameter the query uses must have a value of its type.
    static func checkParameters(_ query: CheckedQuery, _ parameters: [String: Value], schema: Schema) throws -> [String: Value] {
        var checked: [String: Value] = [:]
        for parameter in query.parameters {
            guard let value = parameters[parameter.name] else {
                throw EvaluationError.missingParameter(name: parameter.name, type: parameter.type)
            }
            guard let coerced = ValueCoercion.coerce(value, to: parameter.type, schema: schema) else {
                throw EvaluationError.parameterTypeMismatch(name: parameter.name, expected: parameter.type, value: value)
            }
            checked[parameter.name] = coerced
        }
        return checked
    }

    /// Whether one object matches the query's filter (true when there is no filter).
    /// Throws ``Trap`` when Swift would trap on this row.
    public func matches(_ query: CheckedQuery, _ object: ObjectReference, in dataset: Dataset, parameters: [String: Value] = [:]) throws -> Bool {
        guard let filter = query.filter else { return true }
        let checkedParameters = try Self.checkParameters(query, parameters, schema: dataset.schema)
        let work: @Sendable () throws -> Bool = {
            let evaluator = ExpressionEvaluator(dataset: dataset, tree: query.tree, parameters: checkedParameters, variableCount: query.variables.count)
            evaluator.sqlMeaning = query.form == .structuredQueries
            evaluator.bind(query.root, .object(object))
            return try evaluator.truth(filter)
        }
        if TypedTreeDepth.exceeds(TypedTreeDepth.inlineLimit, filter) { return try LargeStack.run(work) }
        return try work()
    }
}

/// What evaluating a query produced.
public struct EvaluationResult: Sendable {
    /// A row whose evaluation Swift would have trapped on; it is not selected.
    public struct TrappedRow: Sendable, Hashable {
        /// The object whose evaluation trapped.
        public var object: ObjectReference
        /// The trap.
        public var trap: Trap
    }

    /// The selected objects, sorted, after offset and limit.
    public var selected: [ObjectReference]
    /// How many objects matched the filter, before offset and limit.
    public var matchedBeforeLimit: Int
    /// Rows dropped because Swift would trap on them, in dataset order.
    public var trapped: [TrappedRow]
}
