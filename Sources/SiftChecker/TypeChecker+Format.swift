import Foundation
import SiftSchema
import SiftSyntax

/// Checks an `NSPredicate` format string against the schema, with Core Data's meaning: the nodes
/// made here are ``TypedExprKind/sql(_:_:)`` nodes with Core Data's meaning (three-valued, bytes
/// for strings), so every back end answers as a Core Data SQLite store does.
extension TypeChecker {
    /// The filter of a format predicate: a `Bool` that is true where the condition is (unknown
    /// selects no row, as SQL's `WHERE` does).
    mutating func checkFormatFilter(_ filter: FormatFilter, root: VariableID) -> TypedExpr {
        let condition = checkFormatCondition(filter.condition, root: root)
        if condition.type.isError { return condition }
        let no = make(.constant(.bool(false)), .bool, at: filter.range)
        return make(.nilCoalescing(condition, no), .bool, at: filter.range)
    }

    /// A condition as a `Bool?` node (nil: unknown).
    mutating func checkFormatCondition(_ condition: FormatCondition, root: VariableID) -> TypedExpr {
        switch condition {
        case .constant(let value, let range):
            return known(make(.constant(.bool(value)), .bool, at: range))
        case .and(let operands, let range), .or(let operands, let range):
            var typed: [TypedExpr] = []
            var failed = false
            for operand in operands {
                let checked = checkFormatCondition(operand, root: root)
                if checked.type.isError { failed = true }
                typed.append(checked)
            }
            if failed { return make(.error, .error, at: range) }
            let op: LogicalOperator
            if case .and = condition { op = .and } else { op = .or }
            return make(.sql(.logical(op), typed), .optional(.bool), at: range)
        case .not(let inner, let range):
            let checked = checkFormatCondition(inner, root: root)
            if checked.type.isError { return checked }
            return make(.sql(.not, [checked]), .optional(.bool), at: range)
        case .comparison(let comparison):
            return checkFormatComparison(comparison, root: root)
        }
    }

    /// A `Bool` node as a `Bool?` one.
    mutating func known(_ expr: TypedExpr) -> TypedExpr {
        expr.type.isOptional || expr.type.isError ? expr : make(.injectOptional(expr), .optional(.bool), at: expr.range)
    }

    // MARK: Comparisons

    mutating func checkFormatComparison(_ comparison: FormatComparison, root: VariableID) -> TypedExpr {
        let range = comparison.range
        if let quantifier = comparison.quantifier {
            return checkQuantified(comparison, quantifier: quantifier, root: root)
        }
        // Membership in a to-many key path's values: `%@ IN interests.title` and
        // `interests.title CONTAINS %@` are `ANY interests.title == %@`.
        let rootType = variables[root.index].type
        func isCollectionPath(_ expression: FormatExpression) -> Bool {
            guard case .keyPath(let path) = expression.kind, path.variable == nil, let split = toManySplit(of: path, from: rootType) else { return false }
            return split < path.components.count - 1 && !path.components[(split + 1)...].contains { $0.name.hasPrefix("@") }
        }
        if comparison.op == .in, isCollectionPath(comparison.rhs), !isCollectionPath(comparison.lhs) {
            var membership = comparison
            (membership.lhs, membership.rhs, membership.op) = (comparison.rhs, comparison.lhs, .equal)
            return checkQuantified(membership, quantifier: .any, root: root)
        }
        if comparison.op == .contains, isCollectionPath(comparison.lhs), !isCollectionPath(comparison.rhs) {
            var membership = comparison
            membership.op = .equal
            return checkQuantified(membership, quantifier: .any, root: root)
        }
        guard let lhs = checkFormatOperand(comparison.lhs, expected: nil, root: root) else {
            return make(.error, .error, at: range)
        }
        return checkFormatTest(comparison, lhs: lhs, root: root)
    }

    /// `ANY interests.title == 'x'`: the comparison for each element of the first to-many
    /// relationship on the left's key path.
    mutating func checkQuantified(_ comparison: FormatComparison, quantifier: FormatQuantifier, root: VariableID) -> TypedExpr {
        let range = comparison.range
        guard case .keyPath(let path) = comparison.lhs.kind, path.variable == nil,
            let split = toManySplit(of: path, from: variables[root.index].type)
        else {
            error(
                .typeMismatch,
                "\(quantifier.rawValue) needs a key path through a to-many relationship on its left, such as '\(quantifier.rawValue) interests.title == \"x\"'",
                at: comparison.quantifierRange ?? range)
            return make(.error, .error, at: range)
        }
        let rootExpr = reference(root, at: path.range)
        let collectionPath = FormatKeyPath(variable: nil, components: Array(path.components[...split]), range: path.range)
        guard let sequence = keyPathValue(collectionPath, from: rootExpr), !sequence.type.isError else { return make(.error, .error, at: range) }
        guard case .array(let element) = sequence.type.kind else {
            error(.typeMismatch, "'\(path.components[split].name)' must be reached without an optional relationship before it to use \(quantifier.rawValue)", at: path.range)
            return make(.error, .error, at: range)
        }
        let variable = declare("$\(path.components[split].name)", type: element, origin: .element, at: path.range)
        let rest = Array(path.components[(split + 1)...])
        let elementExpr = reference(variable, at: path.range)
        let lhs: TypedExpr?
        if rest.isEmpty {
            lhs = nil
            error(.typeMismatch, "compare an attribute of each element, as in '\(quantifier.rawValue) \(path.components[split].name).name == \"x\"'", at: path.range)
        } else {
            lhs = keyPathValue(FormatKeyPath(variable: nil, components: rest, range: path.range), from: elementExpr)
        }
        guard let lhs, !lhs.type.isError else { return make(.error, .error, at: range) }
        var unquantified = comparison
        unquantified.quantifier = nil
        let test = checkFormatTest(unquantified, lhs: lhs, root: root)
        if test.type.isError { return test }
        let no = make(.constant(.bool(false)), .bool, at: range)
        switch quantifier {
        case .any:
            let holds = make(.nilCoalescing(test, no), .bool, at: range)
            return known(make(.any(sequence: sequence, variable: variable, predicate: holds), .bool, at: range))
        case .all, .none:
            // ALL: no element for which the test is false; NONE: none for which it is true. An
            // element whose test is unknown is neither (SQL's NOT EXISTS over a WHERE).
            let counterexample = quantifier == .all ? make(.sql(.not, [test]), .optional(.bool), at: range) : test
            let excluded = make(.nilCoalescing(counterexample, no), .bool, at: range)
            let fine = make(.not(excluded), .bool, at: range)
            return known(make(.all(sequence: sequence, variable: variable, predicate: fine), .bool, at: range))
        }
    }

    /// The index of the first to-many relationship on `path` from a value of `type`, if any.
    mutating func toManySplit(of path: FormatKeyPath, from type: SiftType) -> Int? {
        guard case .model(let name) = type.unwrapped.kind, var model = model(named: name) else { return nil }
        for (index, component) in path.components.enumerated() {
            guard let member = model.member(named: component.name) else { return nil }
            guard case .relationship(let relationship) = member else { return nil }
            if relationship.isToMany { return index }
            guard let next = schema.model(named: relationship.target) else { return nil }
            model = next
        }
        return nil
    }

    /// The test `lhs op rhs` once the left is typed.
    mutating func checkFormatTest(_ comparison: FormatComparison, lhs: TypedExpr, root: VariableID) -> TypedExpr {
        let range = comparison.range
        let options = comparison.options.subtracting(.normalized)
        let opRange = comparison.operatorRange
        switch comparison.op {
        case .in:
            return checkMembership(comparison, lhs: lhs, root: root)
        case .between:
            guard let bounds = boundsOfBetween(comparison.rhs) else {
                error(.typeMismatch, "BETWEEN takes two bounds in braces, as in 'age BETWEEN {18, 65}'", at: comparison.rhs.range)
                return make(.error, .error, at: range)
            }
            guard let lower = checkFormatOperand(bounds.0, expected: lhs.type.unwrapped, root: root),
                let upper = checkFormatOperand(bounds.1, expected: lhs.type.unwrapped, root: root),
                let low = makeTest(.greaterEqual, options, lhs, lower, opRange: opRange, range: range),
                let high = makeTest(.lessEqual, options, lhs, upper, opRange: opRange, range: range)
            else { return make(.error, .error, at: range) }
            return make(.sql(.logical(.and), [low, high]), .optional(.bool), at: range)
        default:
            let expected: SiftType? = comparison.op.isStringOperator ? .string : lhs.type.unwrapped
            // `birth > CAST(686000000.0, "NSDate")`, as NSPredicate prints a date: the date's
            // seconds since 2001 compared with the number.
            if case .cast(let inner, "NSDate") = comparison.rhs.kind, lhs.type.unwrapped == .date, let seconds = Self.numberLiteral(inner),
                let op = Self.coreDataComparison(comparison.op)
            {
                let constant = make(.constant(.double(seconds)), .double, at: comparison.rhs.range)
                return makeTest(op, options, referenceSeconds(of: lhs), constant, opRange: opRange, range: range) ?? make(.error, .error, at: range)
            }
            guard let rhs = checkFormatOperand(comparison.rhs, expected: expected, root: root) else {
                return make(.error, .error, at: range)
            }
            let op: CoreDataOperator
            switch comparison.op {
            case .equal: op = .equal
            case .notEqual: op = .notEqual
            case .less: op = .less
            case .lessEqual: op = .lessEqual
            case .greater: op = .greater
            case .greaterEqual: op = .greaterEqual
            case .beginsWith: op = .beginsWith
            case .endsWith: op = .endsWith
            case .contains: op = .contains
            case .like: op = .like
            case .matches: op = .matches
            case .in, .between: op = .equal  // handled above
            }
            return makeTest(op, options, lhs, rhs, opRange: opRange, range: range) ?? make(.error, .error, at: range)
        }
    }

    /// The value of a number literal of the format string.
    static func numberLiteral(_ expression: FormatExpression) -> Double? {
        switch expression.kind {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// The comparison operators as Core Data's.
    static func coreDataComparison(_ op: FormatOperator) -> CoreDataOperator? {
        switch op {
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        default: nil
        }
    }

    /// A date's seconds since 2001 (`Double?` for an optional date).
    mutating func referenceSeconds(of date: TypedExpr) -> TypedExpr {
        guard date.type.isOptional else { return make(.timeInterval(date, since1970: false), .double, at: date.range) }
        let variable = declare("date?", type: date.type.unwrapped, origin: .binding, at: date.range)
        let body = make(.timeInterval(reference(variable, at: date.range), since1970: false), .double, at: date.range)
        return make(.optionalMap(source: date, variable: variable, body: body), .optional(.double), at: date.range)
    }

    func boundsOfBetween(_ expression: FormatExpression) -> (FormatExpression, FormatExpression)? {
        switch expression.kind {
        case .aggregate(let elements) where elements.count == 2: return (elements[0], elements[1])
        case .argument(let argument):
            if case .arrayLiteral(let elements) = tree[argument.value], elements.count == 2 {
                return (
                    FormatExpression(.argument(FormatArgument(specifier: .object, written: "%@", position: argument.position, value: elements[0])), at: elements[0].range),
                    FormatExpression(.argument(FormatArgument(specifier: .object, written: "%@", position: argument.position, value: elements[1])), at: elements[1].range)
                )
            }
            return nil
        default: return nil
        }
    }

    /// `x IN {a, b}`, `x IN %@` (an array literal or an array parameter).
    mutating func checkMembership(_ comparison: FormatComparison, lhs: TypedExpr, root: VariableID) -> TypedExpr {
        let range = comparison.range
        let options = comparison.options.subtracting(.normalized)
        var elements: [FormatExpression]?
        switch comparison.rhs.kind {
        case .aggregate(let list): elements = list
        case .argument(let argument):
            if case .arrayLiteral(let list) = tree[argument.value] {
                elements = list.map {
                    FormatExpression(.argument(FormatArgument(specifier: .object, written: "%@", position: argument.position, value: $0)), at: $0.range)
                }
            } else if case .identifier(let name) = tree[argument.value], argument.specifier == .object {
                let element = lhs.type.unwrapped
                let array = checkParameter(name, expected: .array(element))
                if array.type.isError { return array }
                return makeTest(.in, options, lhs, array, opRange: comparison.operatorRange, range: range) ?? make(.error, .error, at: range)
            }
        case .variable(let name):
            let array = checkParameter(Identifier(name, at: comparison.rhs.range), expected: .array(lhs.type.unwrapped))
            if array.type.isError { return array }
            return makeTest(.in, options, lhs, array, opRange: comparison.operatorRange, range: range) ?? make(.error, .error, at: range)
        default: break
        }
        guard let elements else {
            error(
                .typeMismatch, "IN takes a list such as '{\"a\", \"b\"}' or an array argument ('%@' given an array)",
                at: comparison.rhs.range)
            return make(.error, .error, at: range)
        }
        if elements.isEmpty { return known(make(.constant(.bool(false)), .bool, at: range)) }
        var tests: [TypedExpr] = []
        for element in elements {
            guard let value = checkFormatOperand(element, expected: lhs.type.unwrapped, root: root),
                let test = makeTest(.equal, options, lhs, value, opRange: comparison.operatorRange, range: range)
            else { return make(.error, .error, at: range) }
            tests.append(test)
        }
        return tests.count == 1 ? tests[0] : make(.sql(.logical(.or), tests), .optional(.bool), at: range)
    }

    /// A ``SQLOperation/coreData(_:_:)`` node after checking that the operands' types
    /// have the operator; nil after an error (reported).
    mutating func makeTest(
        _ op: CoreDataOperator, _ options: FormatStringOptions, _ lhs: TypedExpr, _ rhs: TypedExpr, opRange: SourceRange, range: SourceRange
    ) -> TypedExpr? {
        if lhs.type.isError || rhs.type.isError { return nil }
        var lhs = lhs
        var rhs = rhs
        let leftType = lhs.type.unwrapped
        let rightElement: SiftType = op == .in ? (rhs.type.sequenceElement ?? rhs.type).unwrapped : rhs.type.unwrapped
        var leftIsNil = false
        var rightIsNil = false
        if case .constant(.null) = typedTree[lhs] { leftIsNil = true }
        if case .constant(.null) = typedTree[rhs] { rightIsNil = true }
        if leftIsNil || rightIsNil {
            guard op == .equal || op == .notEqual else {
                error(.typeMismatch, "'\(op.rawValue)' cannot compare with nil; only '==' and '!=' test for nil", at: opRange)
                return nil
            }
            return make(.sql(.coreData(op, []), [lhs, rhs]), .optional(.bool), at: range)
        }
        // An enum attribute compares by its raw value, as Core Data stores it.
        if case .enumeration = leftType.kind, let enumType = schema.enumType(named: leftType.description) {
            let raw = SiftType(enumType.rawType)
            lhs = make(.rawValue(lhs), lhs.type.isOptional ? .optional(raw) : raw, at: lhs.range)
            if case .enumeration = rightElement.kind { rhs = make(.rawValue(rhs), rhs.type.isOptional ? .optional(raw) : raw, at: rhs.range) }
            return makeTest(op, options, lhs, rhs, opRange: opRange, range: range)
        }
        let isStringTest = [.beginsWith, .endsWith, .contains, .like, .matches].contains(op)
        if isStringTest || !options.isEmpty {
            let written = isStringTest ? op.rawValue : "the option '\(options.written)'"
            if !leftType.isString {
                error(
                    .typeMismatch, "\(written) applies to strings, but '\(text(lhs.range))' is '\(lhs.type.unwrapped)'", at: isStringTest ? opRange : opRange)
                return nil
            }
            if !rightElement.isString {
                error(.typeMismatch, "\(written) needs a string on its right, but this is '\(rightElement)'", at: rhs.range)
                return nil
            }
        }
        let compatible: Bool
        if leftType.isNumeric && rightElement.isNumeric {
            compatible = true
        } else {
            compatible = leftType == rightElement
        }
        guard compatible else {
            error(
                .typeMismatch,
                "cannot compare '\(text(lhs.range))' ('\(leftType)') with '\(text(rhs.range))' ('\(rightElement)')",
                at: rhs.range, notes: [.init("the left operand is '\(leftType)'", at: lhs.range)])
            return nil
        }
        if let comparison = op.comparison, comparison != .equal, comparison != .notEqual, leftType == .bool || leftType == .uuid {
            error(.typeMismatch, "'\(op.rawValue)' does not order '\(leftType)' values; use '==' or '!='", at: opRange)
            return nil
        }
        if op == .matches, case .constant(.string(let pattern)) = typedTree[rhs], !pattern.isEmpty, (try? NSRegularExpression(pattern: pattern)) == nil {
            error(.typeMismatch, "'\(pattern)' is not an ICU regular expression, so MATCHES would match nothing", at: rhs.range)
            return nil
        }
        return make(.sql(.coreData(op, options), [lhs, rhs]), .optional(.bool), at: range)
    }

    // MARK: Operands

    /// An operand: a key path from the row (or a `SUBQUERY`'s element), a literal, a format
    /// argument or a substitution variable, typed as `expected` where it is a value.
    mutating func checkFormatOperand(_ operand: FormatExpression, expected: SiftType?, root: VariableID) -> TypedExpr? {
        let range = operand.range
        switch operand.kind {
        case .keyPath(let path):
            let base: TypedExpr
            if let variable = path.variable {
                guard let id = scopes.last(where: { $0.name == "$" + variable.name })?.id else {
                    // `$name.key` outside a SUBQUERY: a substitution variable cannot have keys.
                    error(.unknownMember, "'$\(variable.name)' is not a SUBQUERY variable here, so it has no keys", at: variable.range)
                    return nil
                }
                base = reference(id, at: variable.range)
            } else {
                base = reference(root, at: range)
            }
            guard let value = keyPathValue(path, from: base), !value.type.isError else { return nil }
            return value
        case .string(let value):
            return make(.constant(.string(value)), .string, at: range)
        case .integer(let value):
            if expected?.isFloatingPoint == true { return make(.constant(.double(Double(value))), .double, at: range) }
            if expected == .bool, value == 0 || value == 1 { return make(.constant(.bool(value == 1)), .bool, at: range) }
            return make(.constant(.int(value)), .int, at: range)
        case .real(let value):
            return make(.constant(.double(value)), .double, at: range)
        case .bool(let value):
            return make(.constant(.bool(value)), .bool, at: range)
        case .null:
            return make(.constant(.null), .optional(expected ?? .bool), at: range)
        case .argument(let argument):
            return checkFormatArgument(argument, expected: expected, range: range)
        case .variable(let name):
            let parameter = checkParameter(Identifier(name, at: range), expected: expected)
            return parameter.type.isError ? nil : parameter
        case .aggregate:
            error(.typeMismatch, "a list in braces is an operand of IN or BETWEEN only", at: range)
            return nil
        case .subquery:
            error(.typeMismatch, "a SUBQUERY is a collection: count its elements with '.@count', as in 'SUBQUERY(...).@count > 0'", at: range)
            return nil
        case .index(let inner, .size):
            if case .subquery(let collection, let variable, let predicate) = inner.kind {
                return checkSubqueryCount(collection: collection, variable: variable, predicate: predicate, root: root, range: range)
            }
            error(.unsupportedConstruct, "'[SIZE]' is read only after a SUBQUERY here; use '.@count'", at: range)
            return nil
        case .index:
            error(.unsupportedConstruct, "a relationship has no order, so an element by position ('[n]', 'FIRST', 'LAST') is not defined; test its elements with 'ANY' or 'SUBQUERY'", at: range)
            return nil
        case .cast(let inner, let typeName):
            return checkCast(inner, typeName: typeName, root: root, range: range)
        }
    }

    /// `SUBQUERY(collection, $x, predicate).@count`.
    mutating func checkSubqueryCount(
        collection: FormatExpression, variable: Identifier, predicate: FormatCondition, root: VariableID, range: SourceRange
    ) -> TypedExpr? {
        guard let sequence = checkFormatOperand(collection, expected: nil, root: root) else { return nil }
        guard case .array(let element) = sequence.type.kind, case .model = element.kind else {
            error(.typeMismatch, "the first argument of SUBQUERY must be a to-many relationship, such as 'interests'", at: collection.range)
            return nil
        }
        let id = declare("$" + variable.name, type: element, origin: .element, at: variable.range)
        scopes.append(("$" + variable.name, id))
        let body = checkFormatCondition(predicate, root: root)
        scopes.removeLast()
        if body.type.isError { return nil }
        let no = make(.constant(.bool(false)), .bool, at: range)
        let holds = make(.nilCoalescing(body, no), .bool, at: range)
        let filtered = make(.filter(sequence: sequence, variable: id, predicate: holds), sequence.type, at: range)
        return make(.count(filtered), .int, at: range)
    }

    /// `CAST(%@, "NSDate")` and friends: a date from seconds since 2001, a number.
    mutating func checkCast(_ inner: FormatExpression, typeName: String, root: VariableID, range: SourceRange) -> TypedExpr? {
        switch typeName {
        case "NSNumber":
            return checkFormatOperand(inner, expected: .double, root: root)
        case "NSString":
            return checkFormatOperand(inner, expected: .string, root: root)
        case "NSDate":
            if case .argument(let argument) = inner.kind, case .identifier = tree[argument.value] {
                return checkFormatArgument(argument, expected: .date, range: range)
            }
            error(
                .unsupportedConstruct,
                "Sift reads 'CAST(value, \"NSDate\")' with a captured date (a parameter), or with seconds since 2001 on the right of a date's comparison ('birth > CAST(686000000, \"NSDate\")')",
                at: range)
            return nil
        default:
            error(.typeMismatch, "CAST to \"\(typeName)\" is not supported; use \"NSDate\", \"NSNumber\" or \"NSString\"", at: range)
            return nil
        }
    }

    /// The value a Swift argument gives a specifier: a literal becomes a constant, a name a parameter.
    mutating func checkFormatArgument(_ argument: FormatArgument, expected: SiftType?, range: SourceRange) -> TypedExpr? {
        let value = argument.value
        let written = argument.written
        func mismatch(_ what: String) -> TypedExpr? {
            error(
                .formatArgument, "'\(written)' expects \(argument.specifier == .integer ? "an integer" : "a floating-point number"), but the argument is \(what)",
                at: value.range, notes: [.init("the specifier is here", at: range)])
            return nil
        }
        var kind = tree[value]
        var negative = false
        if case .prefix(let prefix) = kind, prefix.op == .negate, case let inner = tree[prefix.operand] {
            switch inner {
            case .integerLiteral, .floatLiteral:
                kind = inner
                negative = true
            default: break
            }
        }
        switch kind {
        case .stringLiteral(let text):
            if argument.specifier != .object { return mismatch("a string") }
            return make(.constant(.string(text)), .string, at: value.range)
        case .integerLiteral(let literal):
            guard let magnitude = literal.magnitude, magnitude <= UInt64(Int64.max) else {
                error(.formatArgument, "the integer \(literal.digits) does not fit in 64 bits", at: value.range)
                return nil
            }
            let number = negative ? -Int64(magnitude) : Int64(magnitude)
            if argument.specifier == .real || expected?.isFloatingPoint == true { return make(.constant(.double(Double(number))), .double, at: value.range) }
            if expected == .bool, argument.specifier == .object, number == 0 || number == 1 {
                return make(.constant(.bool(number == 1)), .bool, at: value.range)
            }
            return make(.constant(.int(number)), .int, at: value.range)
        case .floatLiteral(let literal):
            if argument.specifier == .integer { return mismatch("a floating-point number") }
            guard let number = Double(literal.text) else {
                error(.formatArgument, "'\(literal.text)' is not a number Sift reads", at: value.range)
                return nil
            }
            return make(.constant(.double(negative ? -number : number)), .double, at: value.range)
        case .booleanLiteral(let flag):
            if argument.specifier != .object { return mismatch("a Bool") }
            return make(.constant(.bool(flag)), .bool, at: value.range)
        case .nilLiteral:
            if argument.specifier != .object { return mismatch("nil") }
            return make(.constant(.null), .optional(expected ?? .bool), at: value.range)
        case .identifier(let name):
            var type = expected
            switch argument.specifier {
            case .integer: type = .int
            case .real: type = .double
            default: break
            }
            let parameter = checkParameter(name, expected: type)
            return parameter.type.isError ? nil : parameter
        case .arrayLiteral:
            error(.formatArgument, "an array argument is an operand of IN or BETWEEN only, as in 'age IN %@'", at: value.range)
            return nil
        case .call(let call) where call.arguments.count == 1 && call.trailingClosure == nil:
            // `NSNumber(value: 3)`, `NSString(string: name)`: the boxed value itself.
            if case .identifier(let type) = tree[call.callee], ["NSNumber", "NSString"].contains(type.name),
                ["value", "string"].contains(call.arguments[0].label?.name ?? "")
            {
                var unboxed = argument
                unboxed.value = call.arguments[0].value
                return checkFormatArgument(unboxed, expected: expected, range: range)
            }
            fallthrough
        default:
            error(
                .formatArgument,
                "a format argument must be a literal or a captured name (a parameter of the query); compute '\(text(value.range))' in Swift and pass the result",
                at: value.range)
            return nil
        }
    }

    // MARK: Key paths

    /// The value of a key path from `base` (an object): attributes, to-one relationships (an
    /// optional one makes the rest optional), `@count` of a to-many relationship. nil after an
    /// error (reported).
    mutating func keyPathValue(_ path: FormatKeyPath, from base: TypedExpr) -> TypedExpr? {
        keyPathValue(path.components[...], from: base, range: path.range)
    }

    private mutating func keyPathValue(_ components: ArraySlice<Identifier>, from base: TypedExpr, range: SourceRange) -> TypedExpr? {
        guard let component = components.first else { return base }
        let rest = components.dropFirst()
        if component.name.hasPrefix("@") {
            return collectionOperator(component, rest, of: base, range: range)
        }
        guard case .model(let modelName) = base.type.kind, let model = model(named: modelName) else {
            error(
                .unknownMember, "'\(base.type)' has no keys; '\(component.name)' cannot follow it", at: component.range)
            return nil
        }
        guard let index = model.memberIndex(named: component.name) else {
            reportUnknownMember(component, in: model)
            return nil
        }
        let (member, type) = model.memberAndType(at: index)
        switch member {
        case .attribute:
            if let next = rest.first, !next.name.hasPrefix("@") {
                error(.unknownMember, "'\(component.name)' is an attribute of type '\(type)'; it has no key '\(next.name)'", at: next.range)
                return nil
            }
            let value = memberAccess(base, member, type: type, at: component.range)
            if let next = rest.first {
                error(.typeMismatch, "'\(next.name)' applies to a to-many relationship, but '\(component.name)' is '\(type)'", at: next.range)
                return nil
            }
            return value
        case .relationship(let relationship):
            if relationship.isToMany {
                let sequence = memberAccess(base, member, type: type, at: component.range)
                guard let next = rest.first else { return sequence }
                guard next.name.hasPrefix("@") else {
                    error(
                        .typeMismatch,
                        "'\(component.name)' is a to-many relationship: say which of its elements with ANY, ALL or NONE, as in 'ANY \(component.name).\(next.name) == ...', or count them with '\(component.name).@count'",
                        at: component.range)
                    return nil
                }
                return collectionOperator(next, rest.dropFirst(), of: sequence, range: range)
            }
            if rest.isEmpty {
                error(.typeMismatch, "'\(component.name)' is a relationship; compare one of its attributes, such as '\(component.name).name'", at: component.range)
                return nil
            }
            let target = SiftType.model(TypeName(relationship.target))
            if relationship.cardinality == .toOne(isOptional: true) {
                let source = make(.toOne(base, relationship), .optional(target), at: component.range)
                let variable = declare("\(component.name)?", type: target, origin: .binding, at: component.range)
                guard let body = keyPathValue(rest, from: reference(variable, at: component.range), range: range) else { return nil }
                return make(
                    .optionalMap(source: source, variable: variable, body: body), body.type.isOptional ? body.type : .optional(body.type),
                    at: range)
            }
            let unwrapped = make(.toOne(base, relationship), target, at: component.range)
            return keyPathValue(rest, from: unwrapped, range: range)
        }
    }

    /// `collection.@count` and the other collection operators.
    private mutating func collectionOperator(_ component: Identifier, _ rest: ArraySlice<Identifier>, of base: TypedExpr, range: SourceRange) -> TypedExpr? {
        let name = String(component.name.dropFirst())
        guard let op = FormatCollectionOperator(rawValue: name) else {
            let suggestion = Suggestions.closest(to: name, among: FormatCollectionOperator.allCases.map(\.rawValue)).first
            error(
                .unknownMember, "'@\(name)' is not a collection operator; use @count, @sum, @avg, @min or @max" + (suggestion.map { "; did you mean '@\($0)'?" } ?? ""),
                at: component.range, fixIts: suggestion.map { [.init(replace: component.range, with: "@" + $0)] } ?? [])
            return nil
        }
        guard case .array = base.type.kind else {
            error(.typeMismatch, "'@\(name)' applies to a to-many relationship, but this is '\(base.type)'", at: component.range)
            return nil
        }
        if op != .count {
            // `users.@avg.age`: the attribute of each element after the operator.
            guard case .array(let element) = base.type.kind, !rest.isEmpty else {
                error(.typeMismatch, "'@\(name)' needs the key of the elements' values after it, as in 'users.@\(name).age'", at: component.range)
                return nil
            }
            let variable = declare("@\(name)", type: element, origin: .element, at: component.range)
            guard let value = keyPathValue(rest, from: reference(variable, at: component.range), range: range) else { return nil }
            let valueType = value.type.unwrapped
            let ordered = valueType.isNumeric || valueType == .date || valueType.isString
            guard op == .min || op == .max ? ordered : valueType.isNumeric else {
                error(
                    .typeMismatch, "'@\(name)' applies to \(op == .min || op == .max ? "numbers, dates and strings" : "numbers"), but '\(rest.map(\.name).joined(separator: "."))' is '\(valueType)'",
                    at: component.range)
                return nil
            }
            let resultType: SiftType = op == .avg ? .double : valueType
            return make(.sql(.collectionAggregate(op, element: variable), [base, value]), .optional(resultType), at: range)
        }
        if let next = rest.first {
            error(.typeMismatch, "'@count' is a number; it has no key '\(next.name)'", at: next.range)
            return nil
        }
        return make(.count(base), .int, at: range)
    }

    // MARK: Models

    /// The model of a Core Data query that names none (`NSPredicate(format: "age > 20")`,
    /// `NSSortDescriptor(key: "name", ascending: true)`): the one model of the schema that has
    /// every key the predicate and the sort keys start with. When none has them all, the one that
    /// has the most of them (if one does): the keys it lacks are then reported, with the members
    /// they most likely mean.
    mutating func inferModel(of query: Query, at range: SourceRange) -> Model? {
        var keys: [Identifier] = []
        if case .format(let filter)? = query.filter { collectRootKeys(filter.condition, into: &keys) }
        for key in query.sort { if let first = key.keyPath.components.first { keys.append(first.name) } }
        if keys.isEmpty {
            error(
                .missingModel, "the query does not say which model it is about; name it, as in 'NSFetchRequest<User>(entityName: \"User\")' or 'User \"...\"'",
                at: range, notes: schema.modelNames.isEmpty ? [] : [.init("the schema has: \(schema.modelNames.joined(separator: ", "))")])
            return nil
        }
        let candidates = schema.models.filter { model in keys.allSatisfy { model.member(named: $0.name) != nil } }
        if candidates.count == 1 { return candidates[0] }
        let names = keys.map(\.name).uniqued().joined(separator: "', '")
        if candidates.isEmpty {
            let scored = schema.models.map { model in (model, keys.filter { model.member(named: $0.name) != nil }.count) }
            let best = scored.map(\.1).max() ?? 0
            let leaders = scored.filter { $0.1 == best }
            if best > 0, leaders.count == 1 {
                diagnostics.append(
                    .note(
                        .missingModel, "the query names no model; it is read as about '\(leaders[0].0.name)', which has the most of its keys",
                        at: range))
                return leaders[0].0
            }
            error(
                .missingModel, "no model of the schema has every key of this predicate ('\(names)'); name the model, as in 'NSFetchRequest<User>(entityName: \"User\")' or 'User \"...\"'",
                at: range, notes: schema.modelNames.isEmpty ? [] : [.init("the schema has: \(schema.modelNames.joined(separator: ", "))")])
        } else {
            error(
                .missingModel,
                "the query does not say which model it is about: \(candidates.map(\.name).joined(separator: ", ")) all have '\(names)'; name it, as in '\(candidates[0].name) \"...\"'",
                at: range)
        }
        return nil
    }

    private func collectRootKeys(_ condition: FormatCondition, into keys: inout [Identifier]) {
        switch condition {
        case .constant: break
        case .and(let operands, _), .or(let operands, _): for operand in operands { collectRootKeys(operand, into: &keys) }
        case .not(let inner, _): collectRootKeys(inner, into: &keys)
        case .comparison(let comparison):
            for side in [comparison.lhs, comparison.rhs] {
                switch side.kind {
                case .keyPath(let path) where path.variable == nil:
                    if let first = path.components.first, !first.name.hasPrefix("@") { keys.append(first) }
                case .subquery(let collection, _, _), .index(let collection, _):
                    if case .keyPath(let path) = collection.kind, path.variable == nil, let first = path.components.first { keys.append(first) }
                    if case .subquery(let inner, _, _) = collection.kind, case .keyPath(let path) = inner.kind, path.variable == nil,
                        let first = path.components.first
                    {
                        keys.append(first)
                    }
                default: break
                }
            }
        }
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, in order.
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
