import SiftSyntax
import SiftChecker
import SiftSchema

/// Evaluates typed expressions for one query on one dataset. Variables live in slots indexed by
/// ``VariableID``; each closure or binding assigns its slot before evaluating its body.
///
/// Recursion stays shallow per level: ``evaluate(_:)`` looks up a handler for the node's
/// ``KindTag`` and makes one call; each handler unpacks only its own case. (A single switch that
/// binds every case's payload has a frame of over 5 KB in an unoptimised build; this one has
/// about 200 bytes, so a level costs roughly 1 KB and 300 levels fit a 512 KB stack.)
final class ExpressionEvaluator {
    let dataset: Dataset
    /// The nodes of the query's expressions.
    let tree: TypedTree
    let parameters: [String: Value]
    var slots: [Value]
    /// The rows of the group an aggregate combines: each row's variables (the root row, the
    /// joined rows) are bound in turn.
    var group: [[(VariableID, Value)]] = []
    /// The query's root variable, which an aggregate's argument reads.
    var groupRoot: VariableID?
    /// The query has SQL's meaning (StructuredQueries'): aggregates are SQL's, a NULL condition
    /// holds for no row, and a column of a missing row (an outer join's, the group of no rows)
    /// is NULL.
    var sqlMeaning = false
    /// Variables that stand for another's row (``SiftChecker/CheckedSelection/outerRowAliases``):
    /// bound to the same value whenever a row is.
    var rowAliases: [VariableID: VariableID] = [:]

    init(dataset: Dataset, tree: TypedTree, parameters: [String: Value], variableCount: Int) {
        self.dataset = dataset
        self.tree = tree
        self.parameters = parameters
        self.slots = Array(repeating: .null, count: variableCount)
    }

    /// Binds each of a row's variables.
    func bind(_ row: [(VariableID, Value)]) {
        for (variable, value) in row { bind(variable, value) }
        for (alias, original) in rowAliases where original.index < slots.count { bind(alias, slots[original.index]) }
    }

    func bind(_ variable: VariableID, _ value: Value) {
        if variable.index >= slots.count { slots.append(contentsOf: repeatElement(.null, count: variable.index - slots.count + 1)) }
        slots[variable.index] = value
    }

    func evaluate(_ expr: TypedExpr) throws -> Value {
        try Self.handler(for: kindTag(expr))(self, expr)
    }

    /// The case of `expr`'s node, read in a frame of its own (see ``unpack(_:_:)``).
    @inline(never)
    func kindTag(_ expr: TypedExpr) -> KindTag { KindTag(tree[expr]) }

    typealias Handler = (ExpressionEvaluator, TypedExpr) throws -> Value

    /// The function that evaluates one kind of node. Called, then returned from, before the
    /// recursion goes deeper, so its own frame never accumulates.
    @inline(never)
    static func handler(for tag: KindTag) -> Handler {
        switch tag {
        case .constant: return { $0.dispatchConstant($1) }
        case .parameter: return { try $0.dispatchParameter($1) }
        case .variable: return { $0.dispatchVariable($1) }
        case .attribute: return { try $0.dispatchAttribute($1) }
        case .toOne: return { try $0.dispatchToOne($1) }
        case .toMany: return { try $0.dispatchToMany($1) }
        case .objects: return { try $0.dispatchObjects($1) }
        case .optionalMap: return { try $0.dispatchOptionalMap($1) }
        case .ifLet: return { try $0.dispatchIfLet($1) }
        case .injectOptional: return { try $0.dispatchInjectOptional($1) }
        case .not: return { try $0.dispatchNot($1) }
        case .negate: return { try $0.dispatchNegate($1) }
        case .arithmetic: return { try $0.dispatchArithmetic($1) }
        case .comparison: return { try $0.dispatchComparison($1) }
        case .logical: return { try $0.dispatchLogical($1) }
        case .nilCoalescing: return { try $0.dispatchNilCoalescing($1) }
        case .conditional: return { try $0.dispatchConditional($1) }
        case .conversion: return { try $0.dispatchConversion($1) }
        case .stringTest: return { try $0.dispatchStringTest($1) }
        case .stringComparison: return { try $0.dispatchStringComparison($1) }
        case .stringTransform: return { try $0.dispatchStringTransform($1) }
        case .stringLength: return { try $0.dispatchStringLength($1) }
        case .rawValue: return { try $0.dispatchRawValue($1) }
        case .range: return { try $0.dispatchRange($1) }
        case .arrayLiteral: return { try $0.dispatchArrayLiteral($1) }
        case .contains: return { try $0.dispatchContains($1) }
        case .any: return { try $0.dispatchAny($1) }
        case .all: return { try $0.dispatchAll($1) }
        case .filter: return { try $0.dispatchFilter($1) }
        case .count: return { try $0.dispatchCount($1) }
        case .isEmpty: return { try $0.dispatchIsEmpty($1) }
        case .first: return { try $0.dispatchFirst($1) }
        case .extremum: return { try $0.dispatchExtremum($1) }
        case .timeInterval: return { try $0.dispatchTimeInterval($1) }
        case .sql: return { try $0.dispatchSQL($1) }
        case .trap: return { _, _ in throw Trap(.unexpectedNil, operation: "!") }
        case .aggregate: return { try $0.dispatchAggregate($1) }
        case .rowAggregate: return { try $0.dispatchRowAggregate($1) }
        case .error: return { _, _ in throw EvaluationError.malformedTree("an error node") }
        }
    }

    // MARK: Dispatch (one small frame per case)

    /// The parts of `expr`'s node that `parts` picks out, read in a frame of their own: a
    /// node's kind is about a hundred bytes, and an unoptimised build keeps several copies of
    /// it in the frame that reads it, which for a dispatch would stay on the stack through the
    /// recursion below it.
    @inline(never)
    func unpack<Parts>(_ expr: TypedExpr, _ parts: (TypedExprKind) -> Parts?) throws -> Parts {
        guard let unpacked = parts(tree[expr]) else { throw EvaluationError.malformedTree("dispatch") }
        return unpacked
    }

    @inline(never)
    fileprivate func dispatchTimeInterval(_ expr: TypedExpr) throws -> Value {
        let (inner, since1970) = try unpack(expr) { if case .timeInterval(let inner, let since1970) = $0 { (inner, since1970) } else { nil } }
        guard case .date(let date) = try evaluate(inner) else { throw EvaluationError.malformedTree("a time interval of a value that is not a date") }
        return .double(since1970 ? date.timeIntervalSince1970 : date.timeIntervalSinceReferenceDate)
    }

    @inline(never)
    fileprivate func dispatchVariable(_ expr: TypedExpr) -> Value {
        guard case .variable(let variable) = tree[expr] else { return .null }
        return slots[variable.index]
    }

    @inline(never)
    fileprivate func dispatchConstant(_ expr: TypedExpr) -> Value {
        guard case .constant(let constant) = tree[expr] else { return .null }
        // A literal of type `Float` is a `Float` in Swift: `0.1` is `Float(0.1)`.
        if case .double(let number) = constant, expr.type.unwrapped == .float { return .double(Double(Float(number))) }
        return Self.value(of: constant)
    }

    @inline(never)
    fileprivate func dispatchParameter(_ expr: TypedExpr) throws -> Value {
        let name = try unpack(expr) { if case .parameter(let name) = $0 { name } else { nil } }
        return try parameter(name)
    }

    @inline(never)
    fileprivate func dispatchAttribute(_ expr: TypedExpr) throws -> Value {
        let (base, attribute) = try unpack(expr) { if case .attribute(let base, let attribute) = $0 { (base, attribute) } else { nil } }
        return try self.attribute(base, attribute)
    }

    @inline(never)
    fileprivate func dispatchToOne(_ expr: TypedExpr) throws -> Value {
        let (base, relationship) = try unpack(expr) { if case .toOne(let base, let relationship) = $0 { (base, relationship) } else { nil } }
        return try toOne(base, relationship)
    }

    @inline(never)
    fileprivate func dispatchToMany(_ expr: TypedExpr) throws -> Value {
        let (base, relationship) = try unpack(expr) { if case .toMany(let base, let relationship) = $0 { (base, relationship) } else { nil } }
        return try toMany(base, relationship)
    }

    /// Every object of a model, in the dataset's order (a counted query's rows).
    @inline(never)
    fileprivate func dispatchObjects(_ expr: TypedExpr) throws -> Value {
        let model = try unpack(expr) { if case .objects(let model) = $0 { model } else { nil } }
        guard dataset.tables[model] != nil else { throw EvaluationError.unknownModel(model) }
        return .objects(dataset.objects(of: model))
    }

    @inline(never)
    fileprivate func dispatchOptionalMap(_ expr: TypedExpr) throws -> Value {
        let (source, variable, body) = try unpack(expr) { if case .optionalMap(let source, let variable, let body) = $0 { (source, variable, body) } else { nil } }
        return try optionalMap(expr, source, variable, body)
    }

    @inline(never)
    fileprivate func dispatchIfLet(_ expr: TypedExpr) throws -> Value {
        let (source, variable, then, otherwise) = try unpack(expr) { if case .ifLet(let source, let variable, let then, let otherwise) = $0 { (source, variable, then, otherwise) } else { nil } }
        return try ifLet(source, variable, then, otherwise)
    }

    @inline(never)
    fileprivate func dispatchInjectOptional(_ expr: TypedExpr) throws -> Value {
        let inner = try unpack(expr) { if case .injectOptional(let inner) = $0 { inner } else { nil } }
        return try injectOptional(inner)
    }

    @inline(never)
    fileprivate func dispatchNot(_ expr: TypedExpr) throws -> Value {
        let inner = try unpack(expr) { if case .not(let inner) = $0 { inner } else { nil } }
        return try not(inner)
    }

    @inline(never)
    fileprivate func dispatchNegate(_ expr: TypedExpr) throws -> Value {
        let inner = try unpack(expr) { if case .negate(let inner) = $0 { inner } else { nil } }
        return try negate(inner, type: expr.type)
    }

    @inline(never)
    fileprivate func dispatchArithmetic(_ expr: TypedExpr) throws -> Value {
        let (op, lhs, rhs) = try unpack(expr) { if case .arithmetic(let op, let lhs, let rhs) = $0 { (op, lhs, rhs) } else { nil } }
        return try arithmetic(op, lhs, rhs, type: expr.type)
    }

    @inline(never)
    fileprivate func dispatchSQL(_ expr: TypedExpr) throws -> Value {
        let (operation, operands) = try unpack(expr) { if case .sql(let operation, let operands) = $0 { (operation, operands) } else { nil } }
        return try sqlOperation(operation, operands)
    }

    @inline(never)
    fileprivate func dispatchComparison(_ expr: TypedExpr) throws -> Value {
        let (op, lhs, rhs) = try unpack(expr) { if case .comparison(let op, let lhs, let rhs) = $0 { (op, lhs, rhs) } else { nil } }
        return try comparison(op, lhs, rhs)
    }

    @inline(never)
    fileprivate func dispatchLogical(_ expr: TypedExpr) throws -> Value {
        let (operands, op) = try unpack(expr) { if case .logical(let operands, let op) = $0 { (operands, op) } else { nil } }
        return try logical(op, operands)
    }

    @inline(never)
    fileprivate func dispatchNilCoalescing(_ expr: TypedExpr) throws -> Value {
        let (lhs, rhs) = try unpack(expr) { if case .nilCoalescing(let lhs, let rhs) = $0 { (lhs, rhs) } else { nil } }
        return try nilCoalescing(lhs, rhs)
    }

    @inline(never)
    fileprivate func dispatchConditional(_ expr: TypedExpr) throws -> Value {
        let (condition, then, otherwise) = try unpack(expr) { if case .conditional(let condition, let then, let otherwise) = $0 { (condition, then, otherwise) } else { nil } }
        return try conditional(condition, then, otherwise)
    }

    @inline(never)
    fileprivate func dispatchConversion(_ expr: TypedExpr) throws -> Value {
        let inner = try unpack(expr) { if case .conversion(let inner) = $0 { inner } else { nil } }
        return try conversion(inner, to: expr.type)
    }

    @inline(never)
    fileprivate func dispatchStringTest(_ expr: TypedExpr) throws -> Value {
        let (test, string, other) = try unpack(expr) { if case .stringTest(let test, let string, let other) = $0 { (test, string, other) } else { nil } }
        return try stringTest(test, string, other)
    }

    @inline(never)
    fileprivate func dispatchStringComparison(_ expr: TypedExpr) throws -> Value {
        let (comparison, string, other) = try unpack(expr) { if case .stringComparison(let comparison, let string, let other) = $0 { (comparison, string, other) } else { nil } }
        return try stringComparison(comparison, string, other)
    }

    @inline(never)
    fileprivate func dispatchStringTransform(_ expr: TypedExpr) throws -> Value {
        let (transform, string) = try unpack(expr) { if case .stringTransform(let transform, let string) = $0 { (transform, string) } else { nil } }
        return try stringTransform(transform, string)
    }

    @inline(never)
    fileprivate func dispatchStringLength(_ expr: TypedExpr) throws -> Value {
        let string = try unpack(expr) { if case .stringLength(let string) = $0 { string } else { nil } }
        return try stringLength(string)
    }

    @inline(never)
    fileprivate func dispatchRawValue(_ expr: TypedExpr) throws -> Value {
        let inner = try unpack(expr) { if case .rawValue(let inner) = $0 { inner } else { nil } }
        return try rawValue(inner)
    }

    @inline(never)
    fileprivate func dispatchRange(_ expr: TypedExpr) throws -> Value {
        let (lower, upper, closed) = try unpack(expr) { if case .range(let lower, let upper, let closed) = $0 { (lower, upper, closed) } else { nil } }
        return try range(lower, upper, closed)
    }

    @inline(never)
    fileprivate func dispatchArrayLiteral(_ expr: TypedExpr) throws -> Value {
        let elements = try unpack(expr) { if case .arrayLiteral(let elements) = $0 { elements } else { nil } }
        return try arrayLiteral(elements)
    }

    @inline(never)
    fileprivate func dispatchContains(_ expr: TypedExpr) throws -> Value {
        let (sequence, element) = try unpack(expr) { if case .contains(let sequence, let element) = $0 { (sequence, element) } else { nil } }
        return try contains(sequence, element)
    }

    @inline(never)
    fileprivate func dispatchAny(_ expr: TypedExpr) throws -> Value {
        let (sequence, variable, predicate) = try unpack(expr) { if case .any(let sequence, let variable, let predicate) = $0 { (sequence, variable, predicate) } else { nil } }
        return try any(sequence, variable, predicate)
    }

    @inline(never)
    fileprivate func dispatchAll(_ expr: TypedExpr) throws -> Value {
        let (sequence, variable, predicate) = try unpack(expr) { if case .all(let sequence, let variable, let predicate) = $0 { (sequence, variable, predicate) } else { nil } }
        return try all(sequence, variable, predicate)
    }

    @inline(never)
    fileprivate func dispatchFilter(_ expr: TypedExpr) throws -> Value {
        let (sequence, variable, predicate) = try unpack(expr) { if case .filter(let sequence, let variable, let predicate) = $0 { (sequence, variable, predicate) } else { nil } }
        return try filter(sequence, variable, predicate)
    }

    @inline(never)
    fileprivate func dispatchCount(_ expr: TypedExpr) throws -> Value {
        let sequence = try unpack(expr) { if case .count(let sequence) = $0 { sequence } else { nil } }
        return try count(sequence)
    }

    @inline(never)
    fileprivate func dispatchIsEmpty(_ expr: TypedExpr) throws -> Value {
        let inner = try unpack(expr) { if case .isEmpty(let inner) = $0 { inner } else { nil } }
        return try isEmpty(inner)
    }

    @inline(never)
    fileprivate func dispatchFirst(_ expr: TypedExpr) throws -> Value {
        let sequence = try unpack(expr) { if case .first(let sequence) = $0 { sequence } else { nil } }
        return try first(sequence)
    }

    @inline(never)
    fileprivate func dispatchAggregate(_ expr: TypedExpr) throws -> Value {
        let call = try unpack(expr) { if case .aggregate(let call) = $0 { call } else { nil } }
        return try aggregate(call, type: expr.type)
    }

    @inline(never)
    fileprivate func dispatchRowAggregate(_ expr: TypedExpr) throws -> Value {
        let aggregate = try unpack(expr) { if case .rowAggregate(let aggregate) = $0 { aggregate } else { nil } }
        return try rowAggregate(aggregate, type: expr.type)
    }

    @inline(never)
    fileprivate func dispatchExtremum(_ expr: TypedExpr) throws -> Value {
        let (isMaximum, sequence) = try unpack(expr) { if case .extremum(let isMaximum, let sequence) = $0 { (isMaximum, sequence) } else { nil } }
        return try extremum(isMaximum, sequence)
    }

    /// Evaluates a `Bool` expression.
    func truth(_ expr: TypedExpr) throws -> Bool {
        guard case .bool(let value) = try evaluate(expr) else { throw EvaluationError.malformedTree("a condition that is not a Bool") }
        return value
    }

    /// A condition with SQL's meaning where a NULL one holds for no row (`ON`, `HAVING`,
    /// `FILTER`, `CASE WHEN`); with Swift's meaning, a `Bool`.
    func holds(_ condition: TypedExpr) throws -> Bool {
        let value = try evaluate(condition)
        if case .bool(let flag) = value { return flag }
        guard sqlMeaning else { throw EvaluationError.malformedTree("a condition that is not a Bool") }
        return sqlTruth(value) ?? false
    }

    // MARK: Leaves

    static func value(of constant: Constant) -> Value {
        switch constant {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .uint(let value): Value.integer(Int128(value))!
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .enumCase(let enumName, let caseName, let rawValue):
            .enumCase(EnumValue(enumName: enumName, caseName: caseName, rawValue: rawValue))
        case .comparisonResult(let value): .comparisonResult(value)
        }
    }

    @inline(never)
    func parameter(_ name: String) throws -> Value {
        guard let value = parameters[name] else { throw EvaluationError.missingParameter(name: name, type: .error) }
        return value
    }

    // MARK: Objects

    @inline(never)
    func object(_ base: TypedExpr) throws -> ObjectReference {
        guard case .object(let reference) = try evaluate(base) else {
            throw EvaluationError.malformedTree("a member access on a value that is not an object")
        }
        return reference
    }

    @inline(never)
    func attribute(_ base: TypedExpr, _ attribute: Attribute) throws -> Value {
        let row = try evaluate(base)
        guard case .object(let reference) = row else {
            if sqlMeaning, case .null = row { return .null }
            throw EvaluationError.malformedTree("a member access on a value that is not an object")
        }
        return dataset.storedObject(reference).attributes[attribute.name] ?? .null
    }

    @inline(never)
    func toOne(_ base: TypedExpr, _ relationship: Relationship) throws -> Value {
        let reference = try object(base)
        guard let index = dataset.storedObject(reference).links[relationship.name]?.first else {
            if relationship.cardinality == .toOne(isOptional: false) {
                throw EvaluationError.missingRequiredTarget(model: reference.model, identity: reference.identity, relationship: relationship.name)
            }
            return .null
        }
        return .object(dataset.reference(model: relationship.target, index: index))
    }

    @inline(never)
    func toMany(_ base: TypedExpr, _ relationship: Relationship) throws -> Value {
        let reference = try object(base)
        let indices = dataset.storedObject(reference).links[relationship.name] ?? []
        return .objects(indices.map { dataset.reference(model: relationship.target, index: $0) })
    }

    // MARK: Optionals

    /// `nil` stays `nil`; `.some(x)` unwraps to `x`; a flat value is already the unwrapped value.
    static func unwrap(_ value: Value) -> Value? {
        switch value {
        case .null: nil
        case .some(let inner): inner
        default: value
        }
    }

    /// Adds one optional level: only `nil` and `.some` change (a present value stays flat).
    static func inject(_ value: Value) -> Value {
        switch value {
        case .null, .some: .some(value)
        default: value
        }
    }

    @inline(never)
    func optionalMap(_ expr: TypedExpr, _ source: TypedExpr, _ variable: VariableID, _ body: TypedExpr) throws -> Value {
        guard let unwrapped = Self.unwrap(try evaluate(source)) else { return .null }
        bind(variable, unwrapped)
        let result = try evaluate(body)
        // `map` with an optional body is not flattened: its type is `T??`, so a nil body is `.some(nil)`.
        if body.type.isOptional, expr.type == .optional(body.type) { return Self.inject(result) }
        return result
    }

    @inline(never)
    func ifLet(_ source: TypedExpr, _ variable: VariableID, _ then: TypedExpr, _ otherwise: TypedExpr) throws -> Value {
        guard let unwrapped = Self.unwrap(try evaluate(source)) else { return try evaluate(otherwise) }
        bind(variable, unwrapped)
        return try evaluate(then)
    }

    @inline(never)
    func injectOptional(_ inner: TypedExpr) throws -> Value { Self.inject(try evaluate(inner)) }

    @inline(never)
    func nilCoalescing(_ lhs: TypedExpr, _ rhs: TypedExpr) throws -> Value {
        if let unwrapped = Self.unwrap(try evaluate(lhs)) { return unwrapped }
        return try evaluate(rhs)  // only when nil, as Swift's autoclosure
    }

    // MARK: Operators

    @inline(never)
    func not(_ inner: TypedExpr) throws -> Value { .bool(!(try truth(inner))) }

    // MARK: Core Data's meaning

    @inline(never)
    func coreDataTest(_ op: CoreDataOperator, _ options: FormatStringOptions, _ lhs: TypedExpr, _ rhs: TypedExpr) throws -> Value {
        // `== nil` / `!= nil` test for nil (two-valued).
        if case .constant(.null) = tree[rhs] { return .bool(CoreDataSemantics.flat(try evaluate(lhs)).isNull == (op == .equal)) }
        if case .constant(.null) = tree[lhs] { return .bool(CoreDataSemantics.flat(try evaluate(rhs)).isNull == (op == .equal)) }
        let left = try evaluate(lhs)
        let right = try evaluate(rhs)
        return try CoreDataSemantics.test(op, options, left, right).map(Value.bool) ?? .null
    }

    /// `collection.@sum.key` and its kin: `value` for each element bound to `variable`, nil
    /// values skipped.
    @inline(never)
    func collectionAggregate(_ op: FormatCollectionOperator, _ sequence: TypedExpr, _ variable: VariableID, _ value: TypedExpr) throws -> Value {
        var values: [Value] = []
        for element in try elements(sequence) {
            bind(variable, element)
            let item = CoreDataSemantics.flat(try evaluate(value))
            if !item.isNull { values.append(item) }
        }
        return try CoreDataSemantics.aggregate(op, values)
    }

    @inline(never)
    func negate(_ inner: TypedExpr, type: SiftType) throws -> Value {
        try SwiftArithmetic.negate(try evaluate(inner), type: type)
    }

    @inline(never)
    func arithmetic(_ op: ArithmeticOperator, _ lhs: TypedExpr, _ rhs: TypedExpr, type: SiftType) throws -> Value {
        let left = try evaluate(lhs)
        let right = try evaluate(rhs)
        return try SwiftArithmetic.apply(op, left, right, type: type)
    }

    @inline(never)
    func comparison(_ op: ComparisonOperator, _ lhs: TypedExpr, _ rhs: TypedExpr) throws -> Value {
        let left = try evaluate(lhs)
        let right = try evaluate(rhs)
        return .bool(try SwiftComparison.compare(op, left, right))
    }

    @inline(never)
    func logical(_ op: LogicalOperator, _ operands: [TypedExpr]) throws -> Value {
        let stopValue = op == .or  // `||` stops at the first true, `&&` at the first false
        for operand in operands where try truth(operand) == stopValue { return .bool(stopValue) }
        return .bool(!stopValue)
    }

    @inline(never)
    func conditional(_ condition: TypedExpr, _ then: TypedExpr, _ otherwise: TypedExpr) throws -> Value {
        try truth(condition) ? try evaluate(then) : try evaluate(otherwise)
    }

    @inline(never)
    func conversion(_ inner: TypedExpr, to type: SiftType) throws -> Value {
        try SwiftArithmetic.convert(try evaluate(inner), from: inner.type, to: type)
    }

    // MARK: Strings and enums

    @inline(never)
    func string(_ expr: TypedExpr) throws -> String {
        guard case .string(let value) = try evaluate(expr) else { throw EvaluationError.malformedTree("a string operation on a non-string") }
        return value
    }

    @inline(never)
    func stringTest(_ test: StringTest, _ base: TypedExpr, _ other: TypedExpr) throws -> Value {
        let string = try self.string(base)
        return .bool(SwiftStrings.test(test, string, try self.string(other)))
    }

    @inline(never)
    func stringComparison(_ comparison: StringComparison, _ base: TypedExpr, _ other: TypedExpr) throws -> Value {
        let string = try self.string(base)
        return .comparisonResult(SwiftStrings.compare(comparison, string, try self.string(other)))
    }

    @inline(never)
    func stringTransform(_ transform: SiftChecker.StringTransform, _ base: TypedExpr) throws -> Value {
        .string(SwiftStrings.transform(transform, try string(base)))
    }

    @inline(never)
    func stringLength(_ base: TypedExpr) throws -> Value { .int(Int64(try string(base).count)) }

    @inline(never)
    func rawValue(_ inner: TypedExpr) throws -> Value {
        guard case .enumCase(let value) = try evaluate(inner) else { throw EvaluationError.malformedTree("rawValue of a non-enum") }
        switch value.rawValue {
        case .int(let raw): return .int(raw)
        case .string(let raw): return .string(raw)
        }
    }

    // MARK: Sequences

    @inline(never)
    func range(_ lower: TypedExpr, _ upper: TypedExpr, _ closed: Bool) throws -> Value {
        let low = try evaluate(lower)
        let high = try evaluate(upper)
        guard try SwiftComparison.compare(.lessEqual, low, high) else {
            throw Trap(.invalidRange, operation: closed ? "\(low)...\(high)" : "\(low)..<\(high)")
        }
        return .range(lower: low, upper: high, closed: closed)
    }

    @inline(never)
    func arrayLiteral(_ elements: [TypedExpr]) throws -> Value {
        var values: [Value] = []
        values.reserveCapacity(elements.count)
        for element in elements { values.append(try evaluate(element)) }
        return .array(values)
    }

    /// The elements of a sequence value, each as a value (objects as ``Value/object(_:)``).
    @inline(never)
    func elements(_ expr: TypedExpr) throws -> [Value] {
        switch try evaluate(expr) {
        case .objects(let references): return references.map { .object($0) }
        case .array(let values): return values
        default: throw EvaluationError.malformedTree("a sequence operation on a value that is not a sequence")
        }
    }

    @inline(never)
    func contains(_ sequence: TypedExpr, _ element: TypedExpr) throws -> Value {
        let container = try evaluate(sequence)
        let value = try evaluate(element)
        switch container {
        case .array(let values):
            return .bool(values.contains(value))
        case .range(let lower, let upper, let closed):
            // Swift: `lower <= x && x < upper` (`x <= upper` when closed).
            guard try SwiftComparison.compare(.lessEqual, lower, value) else { return .bool(false) }
            return .bool(try SwiftComparison.compare(closed ? .lessEqual : .less, value, upper))
        default:
            throw EvaluationError.malformedTree("contains(_:) on \(container)")
        }
    }

    @inline(never)
    /// `contains { }`. Every element is evaluated, with no early exit: a relationship has no
    /// order Swift promises, so Sift's documented choice is that a trap in any element traps the
    /// row, whatever the order (the SQL lowering does the same).
    func any(_ sequence: TypedExpr, _ variable: VariableID, _ predicate: TypedExpr) throws -> Value {
        var found = false
        for element in try elements(sequence) {
            bind(variable, element)
            if try truth(predicate) { found = true }
        }
        return .bool(found)
    }

    @inline(never)
    /// `allSatisfy { }`: every element is evaluated (see ``any(_:_:_:)``).
    func all(_ sequence: TypedExpr, _ variable: VariableID, _ predicate: TypedExpr) throws -> Value {
        var satisfied = true
        for element in try elements(sequence) {
            bind(variable, element)
            if !(try truth(predicate)) { satisfied = false }
        }
        return .bool(satisfied)
    }

    @inline(never)
    func filter(_ sequence: TypedExpr, _ variable: VariableID, _ predicate: TypedExpr) throws -> Value {
        let container = try evaluate(sequence)
        switch container {
        case .objects(let references):
            var kept: [ObjectReference] = []
            for reference in references {
                bind(variable, .object(reference))
                if try truth(predicate) { kept.append(reference) }
            }
            return .objects(kept)
        case .array(let values):
            var kept: [Value] = []
            for value in values {
                bind(variable, value)
                if try truth(predicate) { kept.append(value) }
            }
            return .array(kept)
        default:
            throw EvaluationError.malformedTree("filter on \(container)")
        }
    }

    @inline(never)
    func count(_ sequence: TypedExpr) throws -> Value {
        switch try evaluate(sequence) {
        case .objects(let references): return .int(Int64(references.count))
        case .array(let values): return .int(Int64(values.count))
        default: throw EvaluationError.malformedTree("count of a value that is not a sequence")
        }
    }

    @inline(never)
    func isEmpty(_ inner: TypedExpr) throws -> Value {
        switch try evaluate(inner) {
        case .string(let value): return .bool(value.isEmpty)
        case .objects(let references): return .bool(references.isEmpty)
        case .array(let values): return .bool(values.isEmpty)
        default: throw EvaluationError.malformedTree("isEmpty of a value that is neither a string nor a sequence")
        }
    }

    @inline(never)
    func first(_ sequence: TypedExpr) throws -> Value {
        try elements(sequence).first ?? .null
    }

    /// Swift's `min()` / `max()`: the first element, replaced by each later one that is `<` it
    /// (min) or that it is `<` (max).
    @inline(never)
    func extremum(_ isMaximum: Bool, _ sequence: TypedExpr) throws -> Value {
        let values = try elements(sequence)
        guard var result = values.first else { return .null }
        for value in values.dropFirst() {
            if isMaximum ? try SwiftComparison.compare(.less, result, value) : try SwiftComparison.compare(.less, value, result) {
                result = value
            }
        }
        return result
    }
}
