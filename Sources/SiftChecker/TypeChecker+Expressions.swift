import SiftSchema
import SiftSyntax

extension TypeChecker {
    /// Checks an expression. `expected` is the type the context wants, used to type literals,
    /// `nil`, implicit members and named parameters (as Swift's bidirectional inference does); the
    /// caller still checks the result's type.
    mutating func check(_ expr: Expr, expected: SiftType?) -> TypedExpr {
        let range = expr.range
        if precheckedFirst?.expr == expr, let early = precheckedFirst.take() {
            return wrapIfOptional(early.typed, expected: expected)
        }
        if !prechecked.isEmpty, let index = prechecked.firstIndex(where: { $0.expr == expr }) {
            let early = prechecked.remove(at: index)
            return wrapIfOptional(early.typed, expected: expected)
        }
        switch tree[expr] {
        case .error:
            return make(.error, .error, at: range)
        case .paren(let inner):
            var typed = check(inner, expected: expected)
            typed.range = range
            return typed
        case .integerLiteral(let literal):
            return checkInteger(literal, negative: false, expected: expected, at: range)
        case .floatLiteral(let literal):
            return checkFloat(literal, negative: false, expected: expected, at: range)
        case .stringLiteral(let value):
            return wrapIfOptional(make(.constant(.string(value)), .string, at: range), expected: expected)
        case .booleanLiteral(let value):
            return wrapIfOptional(make(.constant(.bool(value)), .bool, at: range), expected: expected)
        case .nilLiteral:
            if let expected, expected.isOptional { return make(.constant(.null), expected, at: range) }
            return make(.constant(.null), .nilLiteral, at: range)
        case .arrayLiteral(let elements):
            return checkArrayLiteral(elements, expected: expected, at: range)
        case .identifier(let name):
            return checkIdentifier(name, expected: expected)
        case .anonymousParameter(let index):
            return checkAnonymousParameter(index, at: range)
        case .implicitMember(let name):
            return checkImplicitMember(name, expected: expected, at: range)
        case .keyPath:
            error(
                .unsupportedConstruct, "a key path cannot be used as a value in a predicate; write the member access, e.g. '$0.name'",
                at: range)
            return make(.error, .error, at: range)
        case .member(let base, let name):
            return checkMember(base: base, name: name, at: range)
        case .bindOptional(let base):
            return checkBindOptional(base, at: range)
        case .optionalChain(let inner):
            return checkOptionalChain(inner, at: range)
        case .forceUnwrap(let base):
            return checkForceUnwrap(base, at: range)
        case .call(let call):
            return checkCall(call, expected: expected, at: range)
        case .subscriptAccess(let base, _):
            _ = check(base, expected: nil)
            error(.unsupportedConstruct, "subscripts are not supported in a predicate: a relationship has no order, so an index means nothing; use 'contains', 'filter' or 'allSatisfy' instead", at: range)
            return make(.error, .error, at: range)
        case .tuple:
            error(.unsupportedConstruct, "a tuple is read only as the orderings of '.order { ... }'", at: range)
            return make(.error, .error, at: range)
        case .closure:
            error(.unsupportedConstruct, "a closure can only be passed to a method such as 'contains', 'allSatisfy' or 'filter'", at: range)
            return make(.error, .error, at: range)
        case .macroExpansion(let macro):
            error(.unsupportedConstruct, "'#\(macro.name.name)' cannot be nested inside a predicate", at: range)
            return make(.error, .error, at: range)
        case .measuredQuery(let query):
            return checkMeasuredValue(query, at: range)
        case .prefix(let prefix):
            return checkPrefix(prefix, expected: expected, at: range)
        case .binary(let binary):
            return checkBinary(binary, expected: expected, at: range)
        case .logical(let logical):
            let operands = logical.operands.map { checkBoolean($0, context: "the operand of '\(logical.op.rawValue)'") }
            return make(.logical(operands, logical.op), .bool, at: range)
        case .ternary(let condition, let then, let otherwise):
            let typedCondition = checkBoolean(condition, context: "the condition of '?:'")
            let (typedThen, typedElse, type) = unifyBranches(then, otherwise, expected: expected)
            return rejectingChosenSequence(make(.conditional(typedCondition, typedThen, typedElse), type, at: range), how: "'?:'")
        case .ifExpr(let ifExpr):
            return rejectingChosenSequence(checkIf(ifExpr, expected: expected, at: range), how: "'if'")
        }
    }

    /// A relationship or array chosen by `?:`, `if`, `??` or reached through `?.` cannot be used
    /// whole in a query (SQL has no value for "this relationship or that one"): apply the
    /// operation in each branch, or inside the optional chain.
    mutating func rejectingChosenSequence(_ typed: TypedExpr, how: String) -> TypedExpr {
        guard case .array = typed.type.unwrapped.kind else { return typed }
        error(
            .unsupportedConstruct,
            "a relationship or array chosen by \(how) cannot be used as a whole in a query; apply the operation to each choice, e.g. 'c ? a.count : b.count' or '$0.company?.users.count'",
            at: typed.range)
        return make(.error, .error, at: typed.range)
    }

    /// Checks an expression that does not need context ahead of its turn, to type what is next
    /// to it; when its turn comes, ``check(_:expected:)`` reuses this result.
    mutating func precheck(_ expr: Expr) -> TypedExpr {
        let typed = check(expr, expected: nil)
        if precheckedFirst == nil { precheckedFirst = (expr, typed) } else { prechecked.append((expr, typed)) }
        return typed
    }

    /// Checks an expression that must be a `Bool` (an operand of `&&`, a condition, ...); `context`
    /// names its place in the error, and is made only for an error.
    mutating func checkBoolean(_ expr: Expr, context: @autoclosure () -> String) -> TypedExpr {
        let typed = check(expr, expected: .bool)
        if typed.type.isBool || typed.type.isError { return typed }
        if case .optional(.bool) = typed.type {
            error(
                .optionalNotUnwrapped, "value of optional type 'Bool?' must be unwrapped to a value of type 'Bool' for \(context())",
                at: expr.range,
                notes: [.init("coalesce using '??' to treat nil as false", at: expr.range)],
                fixIts: [.init(replace: expr.range, with: "(\(text(expr.range)) ?? false)")])
        } else {
            error(.notBoolean, "\(context()) must be a 'Bool', but this expression has type '\(typed.type)'", at: expr.range)
        }
        return make(.error, .error, at: expr.range)
    }

    /// Promotes a value to the expected optional type, as Swift does implicitly.
    mutating func wrapIfOptional(_ typed: consuming TypedExpr, expected: SiftType?) -> TypedExpr {
        guard let expected, expected.isOptional, !typed.type.isOptional, !typed.type.isError,
            expected.unwrapped == typed.type
        else { return typed }
        return inject(typed, into: expected)
    }

    /// Wraps a value in optionals until it has the optional type `target`.
    mutating func inject(_ typed: consuming TypedExpr, into target: SiftType) -> TypedExpr {
        let range = typed.range
        var result = typed
        // How many optional levels of `target` lie outside the one whose wrapped type is the
        // value's (most often none): the levels are then wrapped innermost first, each its type
        // found by unwrapping `target` again (a list of them would be an allocation per promotion).
        var depth = 0
        var current = target
        while case .optional(let wrapped) = current.kind, wrapped != result.type {
            depth += 1
            current = wrapped
        }
        for level in stride(from: depth, through: 0, by: -1) {
            var type = target
            for _ in 0..<level { if case .optional(let wrapped) = type.kind { type = wrapped } }
            if type.isOptional { result = make(.injectOptional(result), type, at: range) }
        }
        return result
    }

    /// Converts `typed` to `target` where Swift converts implicitly (optional promotion, `nil`),
    /// or returns nil when the types do not match.
    mutating func coerce(_ typed: consuming TypedExpr, to target: SiftType) -> TypedExpr? {
        if typed.type == target || typed.type.isError || target.isError { return typed }
        if typed.type.isNilLiteral, target.isOptional { return make(.constant(.null), target, at: typed.range) }
        if target.isOptional, target.unwrapped == typed.type.unwrapped, !typed.type.isOptional || typed.type != target {
            if !typed.type.isOptional { return inject(typed, into: target) }
        }
        return nil
    }

    // MARK: Literals

    mutating func checkInteger(_ literal: IntegerLiteral, negative: Bool, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        let target = expected?.unwrapped
        if let target, target.isFloatingPoint {
            // The magnitude when it fits (converted with the same rounding as the digits would be),
            // else the decimal digits.
            let value = literal.magnitude.map { Double($0) } ?? (literal.radix == 10 ? Double(literal.digits) ?? 0 : 0)
            return wrapIfOptional(make(.constant(.double(negative ? -value : value)), target, at: range), expected: expected)
        }
        let kind: IntegerKind
        if case .integer(let expectedKind)? = target?.kind { kind = expectedKind } else { kind = .int }
        guard let magnitude = literal.magnitude else {
            error(.literalOverflow, "integer literal '\(text(range))' overflows when stored into '\(kind.rawValue)'", at: range)
            return make(.error, .error, at: range)
        }
        let type = SiftType.integer(kind)
        if kind == .uint64 || kind == .uint, !negative, magnitude > UInt64(Int64.max) {
            return wrapIfOptional(make(.constant(.uint(magnitude)), type, at: range), expected: expected)
        }
        let value: Int64
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else {
                error(.literalOverflow, "integer literal '\(text(range))' overflows when stored into '\(kind.rawValue)'", at: range)
                return make(.error, .error, at: range)
            }
            value = magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        } else {
            guard magnitude <= UInt64(Int64.max) else {
                error(.literalOverflow, "integer literal '\(text(range))' overflows when stored into '\(kind.rawValue)'", at: range)
                return make(.error, .error, at: range)
            }
            value = Int64(magnitude)
        }
        guard kind.contains(value) else {
            error(.literalOverflow, "integer literal '\(text(range))' overflows when stored into '\(kind.rawValue)'", at: range)
            return make(.error, .error, at: range)
        }
        return wrapIfOptional(make(.constant(.int(value)), type, at: range), expected: expected)
    }

    mutating func checkFloat(_ literal: FloatLiteral, negative: Bool, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        guard let magnitude = literal.value, magnitude.isFinite else {
            error(.literalOverflow, "floating-point literal '\(text(range))' is too large for 'Double'", at: range)
            return make(.error, .error, at: range)
        }
        let type: SiftType = expected?.unwrapped == .float ? .float : .double
        return wrapIfOptional(make(.constant(.double(negative ? -magnitude : magnitude)), type, at: range), expected: expected)
    }

    mutating func checkArrayLiteral(_ elements: [Expr], expected: SiftType?, at range: SourceRange) -> TypedExpr {
        var elementType: SiftType? = expected?.unwrapped.sequenceElement
        var typedElements: [TypedExpr] = []
        typedElements.reserveCapacity(elements.count)  // grown one by one, a three-element literal made three lists
        // The first element that does not need context decides the element type.
        if elementType == nil, let decider = elements.first(where: { !needsContext($0) }) {
            elementType = precheck(decider).type
        }
        if elementType == nil { elementType = literalDefault(elements) }
        for element in elements {
            let typed = check(element, expected: elementType)
            if let elementType, let coerced = coerce(typed, to: elementType) {
                typedElements.append(coerced)
            } else if elementType == nil {
                elementType = typed.type
                typedElements.append(typed)
            } else {
                error(.typeMismatch, "this array holds '\(elementType!)' values, but this element is '\(typed.type)'", at: element.range)
                typedElements.append(make(.error, .error, at: element.range))
            }
        }
        let type = SiftType.array(elementType ?? .error)
        if elementType == nil, elements.isEmpty {
            error(.parameterTypeUnknown, "cannot infer the type of an empty array literal here; compare with a typed value", at: range)
        }
        return make(.arrayLiteral(typedElements), type, at: range)
    }

    /// Whether an expression takes its type from context (literals, `nil`, `.member`, free names).
    mutating func needsContext(_ expr: Expr) -> Bool {
        switch tree[expr] {
        case .integerLiteral, .floatLiteral, .nilLiteral, .implicitMember: return true
        case .arrayLiteral(let elements):
            // A loop, not `allSatisfy(needsContext)`: that closure captured a copy of the checker.
            for element in elements where !needsContext(element) { return false }
            return true
        case .paren(let inner): return needsContext(inner)
        case .prefix(let prefix): return prefix.op == .negate && needsContext(prefix.operand)
        case .binary(let binary):
            switch binary.op {
            case .add, .subtract, .multiply, .divide, .remainder, .closedRange, .halfOpenRange:
                return needsContext(binary.lhs) && needsContext(binary.rhs)
            default: return false
            }
        case .ternary(_, let then, let otherwise): return needsContext(then) && needsContext(otherwise)
        case .identifier(let name): return resolveVariable(name.name) == nil && !isImplicitMember(name.name) && !isBuiltinName(name.name)
        default: return false
        }
    }

    /// Swift's default literal type for operands that all take their type from context: `Double`
    /// when a floating-point literal is among them (`1 + 2.5`), `Int` when an integer literal is
    /// (`minimum == 1` makes the parameter `minimum` an `Int`), otherwise none.
    mutating func literalDefault(_ exprs: [Expr]) -> SiftType? {
        func hasFloat(_ expr: Expr) -> Bool {
            switch tree[expr] {
            case .floatLiteral: return true
            case .paren(let inner): return hasFloat(inner)
            case .prefix(let prefix): return hasFloat(prefix.operand)
            case .binary(let binary): return hasFloat(binary.lhs) || hasFloat(binary.rhs)
            case .ternary(_, let then, let otherwise): return hasFloat(then) || hasFloat(otherwise)
            case .arrayLiteral(let elements): return elements.contains(where: hasFloat)
            default: return false
            }
        }
        func hasInteger(_ expr: Expr) -> Bool {
            switch tree[expr] {
            case .integerLiteral: return true
            case .paren(let inner): return hasInteger(inner)
            case .prefix(let prefix): return hasInteger(prefix.operand)
            case .binary(let binary): return hasInteger(binary.lhs) || hasInteger(binary.rhs)
            case .ternary(_, let then, let otherwise): return hasInteger(then) || hasInteger(otherwise)
            case .arrayLiteral(let elements): return elements.contains(where: hasInteger)
            default: return false
            }
        }
        if exprs.contains(where: hasFloat) { return .double }
        return exprs.contains(where: hasInteger) ? .int : nil
    }

    // MARK: Names

    mutating func resolveVariable(_ name: String) -> VariableID? {
        scopes.last { $0.name == name }?.id
    }

    mutating func isImplicitMember(_ name: String) -> Bool {
        implicitModel?.memberIndex(named: name) != nil
    }

    mutating func isBuiltinName(_ name: String) -> Bool {
        // Each built-in name is 3 to 6 ASCII letters starting with B, D, F, I, S or U (and no
        // other spelling is equal to one: none holds the letter K, which the Kelvin sign equals).
        let utf8 = name.utf8
        guard utf8.count >= 3, utf8.count <= 6, let first = utf8.first,
            first == UInt8(ascii: "B") || first == UInt8(ascii: "D") || first == UInt8(ascii: "F") || first == UInt8(ascii: "I")
                || first == UInt8(ascii: "S") || first == UInt8(ascii: "U")
        else { return false }
        return ["Double", "Float", "Int", "String", "Date", "UUID", "Bool"].contains(name)
            || IntegerKind(rawValue: name) != nil
    }

    mutating func checkIdentifier(_ name: Identifier, expected: SiftType?) -> TypedExpr {
        if let variable = resolveVariable(name.name) { return reference(variable, at: name.range) }
        if let implicitSelf, let model = implicitModel {
            if let index = model.memberIndex(named: name.name) {
                let (member, type) = model.memberAndType(at: index)
                return memberAccess(
                    reference(implicitSelf, at: SourceRange.point(name.range.start)), consume member, type: type, at: name.range)
            }
            if model.unqueryableMembers.contains(where: { $0.name == name.name }) {
                reportUnknownMember(name, in: model)
                return make(.error, .error, at: name.range)
            }
        }
        if !outerRowNames.isEmpty, outerRowNames.contains(name.name) {
            reportOuterRowName(name)
            return make(.error, .error, at: name.range)
        }
        if isBuiltinName(name.name) {
            error(.unsupportedConstruct, "the type '\(name.name)' cannot be used as a value; call it, e.g. '\(name.name)(x)'", at: name.range)
            return make(.error, .error, at: name.range)
        }
        return checkParameter(name, expected: expected)
    }

    /// A free identifier: a named parameter, typed by the host, by an earlier use, or by context.
    mutating func checkParameter(_ name: Identifier, expected: SiftType?) -> TypedExpr {
        if reportLikelyMember(name) { return make(.error, .error, at: name.range) }
        if let existing = parameter(named: name.name) {
            if let expected, !expected.isError, !expected.isNilLiteral, existing.type.unwrapped != expected.unwrapped,
                declaredType(ofParameter: name.name) == nil
            {
                error(
                    .parameterTypeConflict, "the parameter '\(name.name)' is used here as '\(expected)', but earlier as '\(existing.type)'",
                    at: name.range, notes: [.init("first used here as '\(existing.type)'", at: existing.firstUse)])
                return make(.error, .error, at: name.range)
            }
            return wrapIfOptional(make(.parameter(name.name), existing.type, at: name.range), expected: expected)
        }
        let type: SiftType
        if let declared = declaredType(ofParameter: name.name) {
            type = declared
        } else if let expected, !expected.isError, !expected.isNilLiteral {
            type = expected
        } else if let presumed = presumedParameterTypes[name.name] {
            type = presumed
        } else {
            untypedParameters.append(name.name)
            error(
                .parameterTypeUnknown, "cannot infer the type of the parameter '\(name.name)' from its use; compare it with an attribute or declare its type",
                at: name.range)
            return make(.error, .error, at: name.range)
        }
        // Room for a few at the first: a query with one parameter often has a second (a range's
        // bounds), which would grow the list.
        if parameters.isEmpty { parameters.reserveCapacity(4) }
        parameters.append(Parameter(name: name.name, type: type, firstUse: name.range))
        if !parameterIndex.isEmpty {
            parameterIndex[name.name] = parameters.count - 1
        } else if parameters.count > 8 {
            for (index, parameter) in parameters.enumerated() { parameterIndex[parameter.name] = index }
        }
        return make(.parameter(name.name), type, at: name.range)
    }

    /// The parameter already used under `name`, if any.
    mutating func parameter(named name: String) -> Parameter? {
        if !parameterIndex.isEmpty { return parameterIndex[name].map { parameters[$0] } }
        for parameter in parameters where parameter.name == name { return parameter }
        return nil
    }

    /// The type the host declared for the parameter `name`, if any. A few declarations are
    /// compared by name (hashing a name costs more than comparing it with a few).
    mutating func declaredType(ofParameter name: String) -> SiftType? {
        let declared = options.parameterTypes
        if declared.isEmpty { return nil }
        if declared.count > 4 { return declared[name] }
        for (key, type) in declared where key == name { return type }
        return nil
    }

    /// A free name that looks like a member. In a closure (`#Predicate<User> { $0.category == category }`)
    /// a bare name is a captured value, as in Swift, so it stays a parameter: when it is a member's
    /// name, a note says where the member is (returns false). In a `where` clause bare names are
    /// members, so a misspelt one (`agee`) is an error with the member it most likely means
    /// (returns true).
    mutating func reportLikelyMember(_ name: Identifier) -> Bool {
        guard parameter(named: name.name) == nil, declaredType(ofParameter: name.name) == nil else { return false }
        let root = variables.first { $0.origin == .root }
        guard let root, case .model(let modelName) = root.type.kind, let model = model(named: modelName) else { return false }
        if implicitSelf == nil {
            if model.memberIndex(named: name.name) != nil {
                diagnostics.append(
                    .note(
                        .implicitParameter,
                        "'\(name.name)' is a captured value (a parameter); the member is '\(root.name).\(name.name)'",
                        at: name.range))
            }
            return false
        }
        // Bare names are the members of the model the clause reads (a counted query's, inside it).
        let read = implicitModel ?? model
        if let rowName, let suggestion = Suggestions.closest(to: name.name, among: read.members.map(\.name) + [rowName.name]).first,
            suggestion == rowName.name
        {
            error(
                .implicitParameter, "cannot find '\(name.name)' in scope; did you mean '\(suggestion)', the selecting row?",
                at: name.range,
                notes: [.init("other names are named parameters; a parameter's name must not be this close to a row's name")],
                fixIts: [.init(replace: name.range, with: suggestion)])
            return true
        }
        if let suggestion = Suggestions.closest(to: name.name, among: read.members.map(\.name)).first {
            error(
                .implicitParameter, "'\(read.name)' has no member '\(name.name)'; did you mean '\(suggestion)'?",
                at: name.range,
                notes: [.init("other names are named parameters; a parameter's name must not be this close to a member's")],
                fixIts: [.init(replace: name.range, with: suggestion)])
            return true
        }
        return false
    }

    mutating func checkAnonymousParameter(_ index: Int, at range: SourceRange) -> TypedExpr {
        guard let variable = anonymousScope else {
            if let implicitSelf { return reference(implicitSelf, at: range) }
            error(.anonymousParameterOutOfRange, "'$\(index)' is used outside of a closure", at: range)
            return make(.error, .error, at: range)
        }
        if index != 0, !builderRows.isEmpty, builderRows[0] == variable {
            if index < builderRows.count { return reference(builderRows[index], at: range) }
            let last = builderRows.count - 1
            let rows = last == 0 ? "the row of one table, '$0'" : "the rows of \(builderRows.count) tables, '$0' to '$\(last)'"
            error(
                .anonymousParameterOutOfRange,
                "'$\(index)' does not exist: this closure reads \(rows); a clause reads the tables joined before it",
                at: range, fixIts: [.init(replace: range, with: "$\(last)")])
            return make(.error, .error, at: range)
        }
        if index != 0 {
            error(.anonymousParameterOutOfRange, "'$\(index)' does not exist: this closure has one parameter, '$0'", at: range,
                  fixIts: [.init(replace: range, with: "$0")])
            return make(.error, .error, at: range)
        }
        if let named = scopes.last, named.id == variable {
            error(
                .anonymousParameterOutOfRange, "'$0' cannot be used in a closure that names its parameter; use '\(named.name)'",
                at: range, fixIts: [.init(replace: range, with: named.name)])
            return make(.error, .error, at: range)
        }
        return reference(variable, at: range)
    }

    mutating func checkImplicitMember(_ name: Identifier, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        if name.name == "none", let expected, expected.isOptional {
            // `Optional.none` is nil.
            return make(.constant(.null), expected, at: range)
        }
        switch expected?.unwrapped.kind {
        case .enumeration(let enumName)?:
            guard let enumType = schema.enumType(named: enumName) else { return make(.error, .error, at: range) }
            guard let enumCase = enumType.case(named: name.name) else {
                let suggestion = Suggestions.closest(to: name.name, among: enumType.cases.map(\.name)).first
                error(
                    .unknownEnumCase,
                    "'\(enumName)' has no case '\(name.name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                    at: name.range,
                    notes: [declarationNote("'\(enumName)' is declared here", at: enumType.declaration)],
                    fixIts: suggestion.map { [.init(replace: name.range, with: $0)] } ?? [])
                return make(.error, .error, at: range)
            }
            let constant = Constant.enumCase(enumName: enumType.name, caseName: enumCase.name, rawValue: enumCase.rawValue)
            return wrapIfOptional(make(.constant(constant), .enumeration(enumName), at: range), expected: expected)
        case .comparisonResult?:
            let values = ["orderedAscending": -1, "orderedSame": 0, "orderedDescending": 1]
            guard let value = values[name.name] else {
                error(.unknownEnumCase, "'ComparisonResult' has no case '\(name.name)'; use '.orderedSame', '.orderedAscending' or '.orderedDescending'", at: name.range)
                return make(.error, .error, at: range)
            }
            return wrapIfOptional(make(.constant(.comparisonResult(value)), .comparisonResult, at: range), expected: expected)
        case .error?:
            return make(.error, .error, at: range)
        default:
            error(
                .typeMismatch, "cannot infer the type of '.\(name.name)' here; compare it with an enum attribute, e.g. '$0.priority == .\(name.name)'",
                at: range)
            return make(.error, .error, at: range)
        }
    }

    // MARK: Operators

    mutating func checkPrefix(_ prefix: PrefixExpr, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        switch prefix.op {
        case .not:
            let operand = checkBoolean(prefix.operand, context: "the operand of '!'")
            return make(.not(operand), .bool, at: range)
        case .negate:
            var inner = prefix.operand
            while case .paren(let wrapped) = tree[inner] { inner = wrapped }
            if case .integerLiteral(let literal) = tree[inner] {
                return checkInteger(literal, negative: true, expected: expected, at: range)
            }
            if case .floatLiteral(let literal) = tree[inner] {
                return checkFloat(literal, negative: true, expected: expected, at: range)
            }
            // `-x` is computed on the unwrapped type, then promoted if the context wants an optional.
            let operand = check(prefix.operand, expected: expected?.unwrapped)
            if operand.type.isError { return operand }
            if !operand.type.isNumeric || operand.type.integerKind?.isSigned == false {
                error(.typeMismatch, "unary operator '-' cannot be applied to an operand of type '\(operand.type)'", at: range)
                return make(.error, .error, at: range)
            }
            return wrapIfOptional(make(.negate(operand), operand.type, at: range), expected: expected)
        case .bitwiseNot:
            return reportBuilderBitwise("~", at: range)
        }
    }

    /// `~`, `&`, `|`, `<<`, `>>` outside a builder closure's values (in a `limit`, say): reported.
    mutating func reportBuilderBitwise(_ op: String, at range: SourceRange) -> TypedExpr {
        error(
            .unsupportedConstruct,
            "'\(op)' is StructuredQueries' bitwise operator, read on integer values inside the builder's closures, as in '.where { $0.flags & 4 == 4 }'",
            at: range)
        return make(.error, .error, at: range)
    }

    /// Checks two operands that must have the same type: the one that does not need context is
    /// checked first and gives its type to the other (`20` next to a `Double` is a `Double`).
    mutating func checkOperands(_ lhs: Expr, _ rhs: Expr, expected: SiftType? = nil) -> (TypedExpr, TypedExpr) {
        if needsContext(lhs), needsContext(rhs), let context = expected ?? literalDefault([lhs, rhs]) {
            let typedLeft = check(lhs, expected: context)
            let typedRight = check(rhs, expected: contextType(for: typedLeft.type) ?? context)
            return (typedLeft, typedRight)
        }
        if needsContext(lhs), !needsContext(rhs) {
            let typedRight = check(rhs, expected: nil)
            let typedLeft = check(lhs, expected: contextType(for: typedRight.type))
            return (typedLeft, typedRight)
        }
        let typedLeft = check(lhs, expected: nil)
        let typedRight = check(rhs, expected: contextType(for: typedLeft.type))
        return (typedLeft, typedRight)
    }

    private mutating func contextType(for type: SiftType) -> SiftType? {
        type.isNilLiteral ? nil : type
    }

    mutating func checkBinary(_ binary: BinaryExpr, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        switch binary.op {
        case .add, .subtract, .multiply, .divide, .remainder:
            return checkArithmetic(binary, expected: expected, at: range)
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
            return checkComparison(binary, at: range)
        case .nilCoalescing:
            return checkNilCoalescing(binary, expected: expected, at: range)
        case .closedRange, .halfOpenRange:
            return checkRange(binary, expected: expected, at: range)
        case .bitwiseAnd, .bitwiseOr, .shiftLeft, .shiftRight:
            return reportBuilderBitwise(binary.op.rawValue, at: range)
        }
    }

    mutating func checkArithmetic(_ binary: BinaryExpr, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        let context = expected.map(\.unwrapped).flatMap { $0.isNumeric || $0.isString ? $0 : nil }
        let (lhs, rhs) = checkOperands(binary.lhs, binary.rhs, expected: context)
        let op = ArithmeticOperator(binary.op)!
        if lhs.type.isError || rhs.type.isError { return make(.error, .error, at: range) }
        // The first optional side is reported (one check per side: a two-element array costs an allocation).
        if let side = lhs.type.isOptional ? lhs : rhs.type.isOptional ? rhs : nil {
            reportOptionalOperand(side, operatorText: binary.op.rawValue)
            return make(.error, .error, at: range)
        }
        if lhs.type.isString, rhs.type.isString, op == .add {
            return make(.arithmetic(op, lhs, rhs), .string, at: range)
        }
        guard lhs.type.isNumeric, rhs.type.isNumeric else {
            error(
                .typeMismatch, "binary operator '\(binary.op.rawValue)' cannot be applied to operands of type '\(lhs.type)' and '\(rhs.type)'",
                at: binary.operatorRange)
            return make(.error, .error, at: range)
        }
        guard lhs.type == rhs.type else {
            reportMixedNumbers(binary, lhs, rhs, verb: "binary operator '\(binary.op.rawValue)' cannot be applied to")
            return make(.error, .error, at: range)
        }
        if op == .remainder, lhs.type.isFloatingPoint {
            error(
                .typeMismatch, "'%' is unavailable for '\(lhs.type)'; floating-point remainders are not supported in a predicate",
                at: binary.operatorRange)
            return make(.error, .error, at: range)
        }
        if op == .divide || op == .remainder, lhs.type.isInteger, case .constant(.int(0)) = typedTree[rhs] {
            error(.divisionByZero, "division by zero", at: rhs.range)
            return make(.error, .error, at: range)
        }
        return make(.arithmetic(op, lhs, rhs), lhs.type, at: range)
    }

    /// `Int` and `Double` do not mix in Swift: say so, and offer the conversion.
    mutating func reportMixedNumbers(_ binary: BinaryExpr, _ lhs: TypedExpr, _ rhs: TypedExpr, verb: String) {
        var fixIts: [Diagnostic.FixIt] = []
        var notes: [Diagnostic.Note] = []
        let (integerSide, floatSide) = lhs.type.isInteger ? (lhs, rhs) : (rhs, lhs)
        if integerSide.type.isInteger, floatSide.type.isFloatingPoint {
            let conversion = "\(floatSide.type)(\(text(integerSide.range)))"
            notes.append(.init("convert the integer with '\(conversion)'", at: integerSide.range))
            fixIts.append(.init(replace: integerSide.range, with: conversion))
        }
        error(
            .mixedNumericTypes, "\(verb) operands of type '\(lhs.type)' and '\(rhs.type)'; Swift does not mix numeric types without a conversion",
            at: binary.operatorRange, notes: notes, fixIts: fixIts)
    }

    mutating func reportOptionalOperand(_ side: TypedExpr, operatorText: String) {
        error(
            .optionalNotUnwrapped,
            "value of optional type '\(side.type)' must be unwrapped to a value of type '\(side.type.unwrapped)' to use '\(operatorText)'",
            at: side.range,
            notes: [.init("coalesce using '??' to provide a default when the optional value contains 'nil'", at: side.range)],
            fixIts: [.insert(" ?? <#default#>", at: side.range.end)])
    }

    mutating func checkComparison(_ binary: BinaryExpr, at range: SourceRange) -> TypedExpr {
        let op = ComparisonOperator(binary.op)!
        var (lhs, rhs) = checkOperands(binary.lhs, binary.rhs)
        if lhs.type.isError || rhs.type.isError { return make(.error, .error, at: range) }
        let isEquality = op == .equal || op == .notEqual
        if isEquality {
            // `x == nil` with a non-optional `x`: Swift accepts it with a warning; it is always false.
            // A method, not a closure: a closure capturing the tree would share its nodes while it
            // lives, and the next node made would copy them all.
            if isNil(lhs) || isNil(rhs) {
                let other = isNil(lhs) ? rhs : lhs
                if isNil(other) {
                    error(.typeMismatch, "comparing 'nil' with 'nil' has no meaning", at: range)
                    return make(.error, .error, at: range)
                }
                if !other.type.isOptional {
                    warning(
                        .comparisonWithNil, "comparing non-optional value of type '\(other.type)' to 'nil' always returns \(op == .equal ? "false" : "true")",
                        at: range)
                    return make(.constant(.bool(op == .notEqual)), .bool, at: range)
                }
                let null = make(.constant(.null), other.type, at: (isNil(lhs) ? lhs : rhs).range)
                if isNil(lhs) { lhs = null } else { rhs = null }
                // Any optional compares with nil in Swift, even of a type that is not Equatable.
                return make(.comparison(op, lhs, rhs), .bool, at: range)
            }
            if lhs.type != rhs.type, lhs.type.unwrapped == rhs.type.unwrapped {
                // Swift promotes the non-optional side.
                if let promoted = coerce(lhs, to: rhs.type) { lhs = promoted } else if let promoted = coerce(rhs, to: lhs.type) { rhs = promoted }
            }
            guard lhs.type == rhs.type else {
                reportComparisonMismatch(binary, lhs, rhs)
                return make(.error, .error, at: range)
            }
            guard lhs.type.isEquatable else {
                error(
                    .notEquatable, "values of type '\(lhs.type)' cannot be compared with '\(op.rawValue)'" + equatableHint(lhs.type),
                    at: binary.operatorRange)
                return make(.error, .error, at: range)
            }
            return make(.comparison(op, lhs, rhs), .bool, at: range)
        }
        let maybeNil = { (side: TypedExpr) in side.type.isOptional || side.type.isNilLiteral }
        if let side = maybeNil(lhs) ? lhs : maybeNil(rhs) ? rhs : nil {
            reportOptionalOperand(side, operatorText: op.rawValue)
            return make(.error, .error, at: range)
        }
        guard lhs.type == rhs.type else {
            reportComparisonMismatch(binary, lhs, rhs)
            return make(.error, .error, at: range)
        }
        if case .enumeration(let enumName) = lhs.type.kind, let enumType = schema.enumType(named: enumName), let comparison = enumType.comparison {
            guard checkEnumOrdering(enumType, comparison, operation: op.rawValue, at: binary.operatorRange) else {
                return make(.error, .error, at: range)
            }
            return make(.comparison(op, lhs, rhs), .bool, at: range)
        }
        guard lhs.type.isComparable else {
            error(
                .notComparable, "values of type '\(lhs.type)' are not Comparable, so '\(op.rawValue)' does not apply",
                at: binary.operatorRange)
            return make(.error, .error, at: range)
        }
        return make(.comparison(op, lhs, rhs), .bool, at: range)
    }

    /// Whether `<` and friends (and the ranges, `min()` and `max()` built on them; `operation` names
    /// the one used) apply to an enum the model file declares `Comparable`: only when its `<`
    /// compares raw values (the order Sift can compute); otherwise reported.
    mutating func checkEnumOrdering(
        _ enumType: EnumType, _ comparison: EnumType.Comparison, operation: String, at range: SourceRange
    ) -> Bool {
        let lessThan = "static func < (lhs: \(enumType.name), rhs: \(enumType.name)) -> Bool { lhs.rawValue < rhs.rawValue }"
        switch comparison {
        case .rawValues:
            return true
        case .other(let declaration):
            error(
                .notComparable,
                "'\(operation)' on '\(enumType.name)' would run its own '<', which Sift does not read; Sift compares an enum whose '<' compares raw values",
                at: range, notes: [declarationNote("'<' is declared here", at: declaration), .init("write '\(lessThan)'")])
        case .withoutLessThan:
            error(
                .notComparable,
                "'\(enumType.name)' declares 'Comparable' without a '<', which Swift does not synthesize for an enum with raw values, so '\(operation)' does not apply",
                at: range, notes: [declarationNote("'\(enumType.name)' is declared here", at: enumType.declaration), .init("add '\(lessThan)'")])
        }
        return false
    }

    private mutating func equatableHint(_ type: SiftType) -> String {
        if case .model = type.unwrapped.kind { return "; compare an attribute such as 'id' instead" }
        return ""
    }

    mutating func reportComparisonMismatch(_ binary: BinaryExpr, _ lhs: TypedExpr, _ rhs: TypedExpr) {
        if lhs.type.unwrapped.isNumeric, rhs.type.unwrapped.isNumeric, !lhs.type.isOptional, !rhs.type.isOptional {
            reportMixedNumbers(binary, lhs, rhs, verb: "binary operator '\(binary.op.rawValue)' cannot compare")
            return
        }
        error(
            .typeMismatch, "binary operator '\(binary.op.rawValue)' cannot compare operands of type '\(lhs.type)' and '\(rhs.type)'",
            at: binary.operatorRange,
            notes: [.init("left side has type '\(lhs.type)'", at: lhs.range), .init("right side has type '\(rhs.type)'", at: rhs.range)])
    }

    mutating func checkNilCoalescing(_ binary: BinaryExpr, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        let lhs = check(binary.lhs, expected: expected.map { $0.optionalFlattened })
        if lhs.type.isError {
            _ = check(binary.rhs, expected: expected)
            return make(.error, .error, at: range)
        }
        guard lhs.type.isOptional else {
            let rhs = check(binary.rhs, expected: lhs.type)
            warning(
                .unnecessaryCoalescing, "left side of '??' has non-optional type '\(lhs.type)', so the right side is never used",
                at: binary.operatorRange, fixIts: [.init(replace: SourceRange(start: binary.lhs.range.end, end: binary.rhs.range.end), with: "")])
            _ = rhs
            return lhs
        }
        let wrapped = lhs.type.wrappedIfOptional
        let rhs = check(binary.rhs, expected: wrapped)
        if rhs.type.isError { return make(.error, .error, at: range) }
        if case .array = wrapped.kind { return rejectingChosenSequence(make(.nilCoalescing(lhs, rhs), wrapped, at: range), how: "'??'") }
        if rhs.type == wrapped { return make(.nilCoalescing(lhs, rhs), wrapped, at: range) }
        if rhs.type == lhs.type { return make(.nilCoalescing(lhs, rhs), lhs.type, at: range) }
        if wrapped.isNumeric, rhs.type.isNumeric {
            reportMixedNumbers(binary, lhs, rhs, verb: "'??' cannot combine")
            return make(.error, .error, at: range)
        }
        error(
            .typeMismatch, "the default of '??' must be a '\(wrapped)', but this is '\(rhs.type)'", at: binary.rhs.range)
        return make(.error, .error, at: range)
    }

    mutating func checkRange(_ binary: BinaryExpr, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        let closed = binary.op == .closedRange
        var bound: SiftType?
        if case .range(let expectedBound, _)? = expected?.unwrapped.kind { bound = expectedBound }
        let (lower, upper) = checkOperands(binary.lhs, binary.rhs, expected: bound)
        if lower.type.isError || upper.type.isError { return make(.error, .error, at: range) }
        if let side = lower.type.isOptional ? lower : upper.type.isOptional ? upper : nil {
            reportOptionalOperand(side, operatorText: binary.op.rawValue)
            return make(.error, .error, at: range)
        }
        guard lower.type == upper.type else {
            reportComparisonMismatch(binary, lower, upper)
            return make(.error, .error, at: range)
        }
        if case .enumeration(let enumName) = lower.type.kind, let enumType = schema.enumType(named: enumName),
            let comparison = enumType.comparison
        {
            guard checkEnumOrdering(enumType, comparison, operation: binary.op.rawValue, at: binary.operatorRange) else {
                return make(.error, .error, at: range)
            }
        } else if !lower.type.isComparable {
            error(.notComparable, "a range needs Comparable bounds, but '\(lower.type)' is not Comparable", at: binary.operatorRange)
            return make(.error, .error, at: range)
        }
        if let order = Self.compareConstants(typedTree[lower], typedTree[upper]), order > 0 || (!closed && order > 0) {
            error(
                .emptyRange, "this range's lower bound is greater than its upper bound; Swift would stop here at run time (\"Range requires lowerBound <= upperBound\")",
                at: range)
            return make(.error, .error, at: range)
        }
        return make(.range(lower: lower, upper: upper, closed: closed), .range(lower.type, closed: closed), at: range)
    }

    /// Whether `side` is `nil`: the literal, or the constant it was checked to.
    mutating func isNil(_ side: TypedExpr) -> Bool {
        if side.type.isNilLiteral { return true }
        if case .constant(.null) = typedTree[side] { return true }  // matched, not compared: no value to build
        return false
    }

    /// Compares two constants of the same type: negative, zero or positive; nil if not constants.
    static func compareConstants(_ a: TypedExprKind, _ b: TypedExprKind) -> Int? {
        switch (a, b) {
        case (.constant(.int(let x)), .constant(.int(let y))): x < y ? -1 : x == y ? 0 : 1
        case (.constant(.double(let x)), .constant(.double(let y))): x < y ? -1 : x == y ? 0 : 1
        case (.constant(.string(let x)), .constant(.string(let y))): x < y ? -1 : x == y ? 0 : 1
        // Cases of an enum whose `<` compares raw values (the only enum a range accepts).
        case (.constant(.enumCase(_, _, .int(let x))), .constant(.enumCase(_, _, .int(let y)))): x < y ? -1 : x == y ? 0 : 1
        case (.constant(.enumCase(_, _, .string(let x))), .constant(.enumCase(_, _, .string(let y)))): x < y ? -1 : x == y ? 0 : 1
        default: nil
        }
    }

    // MARK: Conditionals

    mutating func unifyBranches(_ then: Expr, _ otherwise: Expr, expected: SiftType?) -> (TypedExpr, TypedExpr, SiftType) {
        var typedThen: TypedExpr
        var typedElse: TypedExpr
        if expected == nil, needsContext(then), needsContext(otherwise), let context = literalDefault([then, otherwise]) {
            typedThen = check(then, expected: context)
            typedElse = check(otherwise, expected: context)
        } else if expected == nil, needsContext(then), !needsContext(otherwise) {
            typedElse = check(otherwise, expected: nil)
            typedThen = check(then, expected: typedElse.type)
        } else {
            typedThen = check(then, expected: expected)
            typedElse = check(otherwise, expected: expected ?? contextType(for: typedThen.type))
        }
        if typedThen.type.isError || typedElse.type.isError {
            return (typedThen, typedElse, .error)
        }
        if typedThen.type == typedElse.type { return (typedThen, typedElse, typedThen.type) }
        if let promoted = coerce(typedThen, to: typedElse.type) { return (promoted, typedElse, typedElse.type) }
        if let promoted = coerce(typedElse, to: typedThen.type) { return (typedThen, promoted, typedThen.type) }
        error(
            .typeMismatch, "the branches have different types, '\(typedThen.type)' and '\(typedElse.type)'; both must have the same type",
            at: otherwise.range, notes: [.init("the first branch has type '\(typedThen.type)'", at: then.range)])
        return (typedThen, typedElse, .error)
    }

    mutating func checkIf(_ ifExpr: IfExpr, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        // Each condition is checked in the scope of the bindings before it; the branches after all.
        var steps: [(kind: IfStep, range: SourceRange)] = []
        let scopeDepth = scopes.count
        for condition in ifExpr.conditions {
            switch condition {
            case .expression(let expr):
                steps.append((.condition(checkBoolean(expr, context: "an 'if' condition")), expr.range))
            case .optionalBinding(let name, let value, let bindingRange):
                let source = value.map { check($0, expected: nil) } ?? checkIdentifier(name, expected: nil)
                var boundType = source.type
                if !source.type.isError {
                    if source.type.isOptional {
                        boundType = source.type.wrappedIfOptional
                    } else {
                        error(
                            .optionalChainOnNonOptional, "initializer for conditional binding must have optional type, not '\(source.type)'",
                            at: value?.range ?? name.range)
                        boundType = .error
                    }
                }
                let variable = declare(name.name, type: boundType, origin: .binding, at: name.range)
                scopes.append((name.name, variable))
                steps.append((.binding(source, variable), bindingRange))
            }
        }
        // The bindings are in scope in the `then` branch only, as in Swift.
        var then = check(ifExpr.then, expected: expected)
        scopes.removeLast(scopes.count - scopeDepth)
        var otherwise = check(ifExpr.elseBranch, expected: expected ?? contextType(for: then.type))
        var type = then.type
        if then.type.isError || otherwise.type.isError {
            type = .error
        } else if then.type != otherwise.type {
            if let promoted = coerce(then, to: otherwise.type) {
                then = promoted
                type = otherwise.type
            } else if let promoted = coerce(otherwise, to: then.type) {
                otherwise = promoted
            } else {
                error(
                    .typeMismatch, "the branches have different types, '\(then.type)' and '\(otherwise.type)'; both must have the same type",
                    at: ifExpr.elseBranch.range, notes: [.init("the first branch has type '\(then.type)'", at: ifExpr.then.range)])
                type = .error
            }
        }
        var result = then
        for step in steps.reversed() {
            switch step.kind {
            case .condition(let condition):
                result = make(.conditional(condition, result, otherwise), type, at: range)
            case .binding(let source, let variable):
                result = make(.ifLet(source: source, variable: variable, then: result, otherwise: otherwise), type, at: range)
            }
        }
        return result
    }

    enum IfStep {
        case condition(TypedExpr)
        case binding(TypedExpr, VariableID)
    }
}
