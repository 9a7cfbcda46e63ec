import SiftSyntax
import SiftChecker
import SiftSchema

/// Evaluates typed expressions for one query on one dataset. Variables live in slots indexed by
/// ``VariableID``; each closure or binding assigns its slot before evaluating its body.
///
/// Each case of the main switch only unpacks its payload and calls a helper, so that a frame of
/// the recursion stays small (trees are as deep as the parser allows, about 1,000 levels).
final class ExpressionEvaluator {
    let dataset: Dataset
    let parameters: [String: Value]
    var slots: [Value]

    init(dataset: Dataset, parameters: [String: Value], variableCount: Int) {
        self.dataset = dataset
        self.parameters = parameters
        self.slots = Array(repeating: .null, count: variableCount)
    }

    func bind(_ variable: VariableID, _ value: Value) {
        if variable.index >= slots.count { slots.append(contentsOf: repeatElement(.null, count: variable.index - slots.count + 1)) }
        slots[variable.index] = value
    }

    func evaluate(_ expr: TypedExpr) throws -> Value {
        switch expr.kind {
        case .constant(let constant): return Self.value(of: constant)
        case .parameter(let name): return try parameter(name)
        case .variable(let variable): return slots[variable.index]
        case .attribute(let base, let attribute): return try self.attribute(base, attribute)
        case .toOne(let base, let relationship): return try toOne(base, relationship)
        case .toMany(let base, let relationship): return try toMany(base, relationship)
        case .optionalMap(let source, let variable, let body): return try optionalMap(expr, source, variable, body)
        case .ifLet(let source, let variable, let then, let otherwise): return try ifLet(source, variable, then, otherwise)
        case .injectOptional(let inner): return try injectOptional(inner)
        case .not(let inner): return try not(inner)
        case .negate(let inner): return try negate(inner, type: expr.type)
        case .arithmetic(let op, let lhs, let rhs): return try arithmetic(op, lhs, rhs, type: expr.type)
        case .comparison(let op, let lhs, let rhs): return try comparison(op, lhs, rhs)
        case .logical(let op, let operands): return try logical(op, operands)
        case .nilCoalescing(let lhs, let rhs): return try nilCoalescing(lhs, rhs)
        case .conditional(let condition, let then, let otherwise): return try conditional(condition, then, otherwise)
        case .conversion(let inner): return try conversion(inner, to: expr.type)
        case .stringTest(let test, let string, let other): return try stringTest(test, string, other)
        case .stringComparison(let comparison, let string, let other): return try stringComparison(comparison, string, other)
        case .stringTransform(let transform, let string): return try stringTransform(transform, string)
        case .stringLength(let string): return try stringLength(string)
        case .rawValue(let inner): return try rawValue(inner)
        case .range(let lower, let upper, let closed): return try range(lower, upper, closed)
        case .arrayLiteral(let elements): return try arrayLiteral(elements)
        case .contains(let sequence, let element): return try contains(sequence, element)
        case .any(let sequence, let variable, let predicate): return try any(sequence, variable, predicate)
        case .all(let sequence, let variable, let predicate): return try all(sequence, variable, predicate)
        case .filter(let sequence, let variable, let predicate): return try filter(sequence, variable, predicate)
        case .count(let sequence): return try count(sequence)
        case .isEmpty(let inner): return try isEmpty(inner)
        case .first(let sequence): return try first(sequence)
        case .extremum(let isMaximum, let sequence): return try extremum(isMaximum, sequence)
        case .error: throw EvaluationError.malformedTree("an error node")
        }
    }

    /// Evaluates a `Bool` expression.
    func truth(_ expr: TypedExpr) throws -> Bool {
        guard case .bool(let value) = try evaluate(expr) else { throw EvaluationError.malformedTree("a condition that is not a Bool") }
        return value
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
        let reference = try object(base)
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
    func any(_ sequence: TypedExpr, _ variable: VariableID, _ predicate: TypedExpr) throws -> Value {
        for element in try elements(sequence) {
            bind(variable, element)
            if try truth(predicate) { return .bool(true) }
        }
        return .bool(false)
    }

    @inline(never)
    func all(_ sequence: TypedExpr, _ variable: VariableID, _ predicate: TypedExpr) throws -> Value {
        for element in try elements(sequence) {
            bind(variable, element)
            if !(try truth(predicate)) { return .bool(false) }
        }
        return .bool(true)
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
