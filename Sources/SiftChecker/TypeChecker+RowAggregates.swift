import SiftSchema
import SiftSyntax

extension TypeChecker {
    /// The method names that aggregate mapped values: `max()` and `min()` (Swift's), `sum()` and
    /// `average()` (Sift's: Swift writes `reduce(0, +)` and has no mean).
    static func rowAggregateFunction(named name: String) -> AggregateFunction? {
        switch name {
        case "max": .max
        case "min": .min
        case "sum": .sum
        case "average": .average
        default: nil
        }
    }

    /// Whether the query is written in a form whose closures are Foundation's `#Predicate`
    /// bodies (`#Predicate`, `FetchDescriptor`, SwiftUI's `@Query`), where `map` does not exist:
    /// the macro has no `PredicateExpressions` for it, so the program would not compile.
    var isPredicateMacroForm: Bool {
        switch queryForm {
        case .predicate?, .fetchDescriptor?, .swiftUIQuery?: true
        default: false
        }
    }

    /// In a `#Predicate` body, `relationship.map(…)` is an error saying so, with what the macro has
    /// instead (returns true); elsewhere nothing (returns false). `element` is the relationship's
    /// element type, for the example.
    mutating func refuseMapInPredicate(_ mapName: Identifier, sequence: SourceRange, element: SiftType?, method: String?) -> Bool {
        guard isPredicateMacroForm else { return false }
        let base = text(sequence)
        let attribute = element.map { Self.exampleAttribute(of: $0, in: schema) } ?? "value"
        let written = "'\(base).map(…)\(method.map { ".\($0)()" } ?? "")'"
        error(
            .unsupportedConstruct,
            "Foundation's #Predicate has no 'map', so \(written) does not compile in a #Predicate closure; test the related objects with 'contains(where:)' or 'allSatisfy', as in '\(base).contains { $0.\(attribute) > 90 }', or write the query in the concise form, where 'map(…).max()' is Sift's own",
            at: mapName.range)
        return true
    }

    /// Whether `expr` is a call of `map` on some base: `users.map(\.age)`, `users.map { $0.age }`.
    func isMapCall(_ expr: Expr) -> Bool {
        guard case .call(let call) = tree[expr], case .member(_, let name) = tree[call.callee] else { return false }
        return name.name == "map"
    }

    /// `relationship.map(\.attribute).max()` (also `min()`, `sum()`, `average()`, a closure for
    /// the key path, a filtered relationship): an aggregate of the values of a row's related objects.
    mutating func checkRowAggregate(_ mapped: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr {
        guard case .call(let mapCall) = tree[mapped], case .member(let sequenceExpr, let mapName) = tree[mapCall.callee] else {
            return make(.error, .error, at: range)
        }
        if isPredicateMacroForm {
            let sequence = check(sequenceExpr, expected: nil)
            if !sequence.type.isError { _ = refuseMapInPredicate(mapName, sequence: sequenceExpr.range, element: sequence.type.sequenceElement, method: method.name) }
            return make(.error, .error, at: range)
        }
        if method.name == "reduce" {
            error(
                .unsupportedConstruct, "'reduce' is not supported; the sum of mapped values is 'sum()', as in 'users.map(\\.age).sum()'",
                at: method.range, fixIts: [.init(replace: SourceRange(start: method.range.start, end: range.end), with: "sum()")])
            _ = check(sequenceExpr, expected: nil)
            return make(.error, .error, at: range)
        }
        guard let function = Self.rowAggregateFunction(named: method.name) else { return make(.error, .error, at: range) }
        // The mapped value is one object's: an aggregate of the query's rows has no meaning there.
        let outer = aggregatePlace
        aggregatePlace = .mappedValue
        defer { aggregatePlace = outer }
        let sequence = check(sequenceExpr, expected: nil)
        if sequence.type.isError { return make(.error, .error, at: range) }
        guard case .array(let element) = sequence.type.kind, case .model(let modelName) = element.kind, isRelationshipSequence(sequence) else {
            error(
                .unsupportedConstruct,
                "'map(…).\(method.name)()' aggregates the values of a to-many relationship's objects, as in 'users.map(\\.age).\(method.name)()'; this is a value of type '\(sequence.type)'",
                at: sequenceExpr.range)
            return make(.error, .error, at: range)
        }
        guard checkNoArguments(call, method: method.name) else { return make(.error, .error, at: range) }
        guard let mapping = mapArgument(mapCall, name: mapName) else { return make(.error, .error, at: range) }
        let (variable, value): (VariableID, TypedExpr)
        switch mapping {
        case .keyPath(let keyPath):
            let parameter = declare("$0", type: element, origin: .element, at: keyPath.range)
            var current = reference(parameter, at: .point(keyPath.range.start))
            for component in keyPath.components {
                if component.isOptionalChained || component.isForceUnwrapped {
                    error(
                        .unsupportedConstruct, "a key path of 'map' reads attributes without '?' or '!'; write a closure, as in 'map { $0.company?.name ?? \"\" }'",
                        at: keyPath.range)
                    return make(.error, .error, at: range)
                }
                current = member(of: current, name: component.name, baseRange: current.range, at: current.range.union(component.name.range))
                if current.type.isError { return make(.error, .error, at: range) }
            }
            (variable, value) = (parameter, current)
        case .closure(let closure):
            (variable, value) = withClosureParameter(closure, type: element, origin: .element) { checker, variable in
                (variable, checker.check(closure.body, expected: nil))
            }
        }
        if value.type.isError { return make(.error, .error, at: range) }
        if value.type.isOptional {
            error(
                .notComparable,
                "the mapped values are optional ('\(value.type)'), and Swift's '\(method.name)()' needs non-optional ones; give a default with '??' in a closure, as in 'map { $0.\(text(value.range).split(separator: ".").last ?? "value") ?? … }'",
                at: value.range)
            return make(.error, .error, at: range)
        }
        let type: SiftType
        switch function {
        case .max, .min:
            var comparable = value.type.isComparable && value.type != .bool
            if case .enumeration = value.type.kind { comparable = false }
            if case .model = value.type.kind { comparable = false }
            guard comparable else {
                error(.notComparable, "'\(method.name)()' needs Comparable values, but these are '\(value.type)' (of '\(modelName)')", at: value.range)
                return make(.error, .error, at: range)
            }
            type = .optional(value.type)
        case .sum, .average:
            guard value.type.isNumeric else {
                error(.typeMismatch, "'\(method.name)()' adds numbers, but these values are '\(value.type)'", at: value.range)
                return make(.error, .error, at: range)
            }
            if function == .sum, case .integer(let kind) = value.type.kind, kind == .uint || kind == .uint64 {
                error(.unsupportedConstruct, "'sum()' of '\(value.type)' values is not supported; convert them, as in 'map { Int($0.\(text(value.range).split(separator: ".").last ?? "value")) }'", at: value.range)
                return make(.error, .error, at: range)
            }
            type = function == .sum ? value.type : .optional(.double)
        default:
            return make(.error, .error, at: range)
        }
        return make(.rowAggregate(RowAggregate(function: function, sequence: sequence, variable: variable, value: value)), type, at: range)
    }

    /// What `map` maps each object to: a key path (`\.age`) or a closure.
    enum MapArgument {
        case keyPath(KeyPath)
        case closure(Closure)
    }

    /// The key path or closure of `map(…)`, or nil after reporting.
    mutating func mapArgument(_ call: Call, name: Identifier) -> MapArgument? {
        if let trailing = call.trailingClosure, call.arguments.isEmpty { return .closure(trailing) }
        if call.trailingClosure == nil, call.arguments.count == 1, call.arguments[0].label == nil {
            switch tree[call.arguments[0].value] {
            case .keyPath(let keyPath) where keyPath.root == nil && !keyPath.components.isEmpty: return .keyPath(keyPath)
            case .closure(let closure): return .closure(closure)
            default: break
            }
        }
        error(.badArguments, "'map' takes a key path or a closure, as in 'map(\\.age)' or 'map { $0.age }'", at: call.argumentListRange ?? name.range)
        return nil
    }

    /// Whether a sequence is a to-many relationship's objects, filtered or not.
    func isRelationshipSequence(_ sequence: TypedExpr) -> Bool {
        switch typedTree[sequence] {
        case .toMany: true
        case .filter(let inner, _, _): isRelationshipSequence(inner)
        default: false
        }
    }
}

extension TypeChecker {
    /// An attribute of the elements' model to show in an example (`name`, or the first one).
    static func exampleAttribute(of element: SiftType, in schema: Schema) -> String {
        guard case .model(let name) = element.kind, let model = schema.model(named: name) else { return "value" }
        let attributes = model.attributes
        let numeric = attributes.first { attribute in
            if model.primaryKey.contains(attribute.columnName) { return false }
            switch attribute.type {
            case .integer, .double, .float: return !attribute.isOptional
            default: return false
            }
        }
        return numeric?.name ?? attributes.first?.name ?? "value"
    }
}
