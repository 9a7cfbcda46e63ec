import SiftSchema
import SiftSyntax

extension TypeChecker {
    // MARK: Member access

    mutating func checkMember(base: Expr, name: Identifier, at range: SourceRange) -> TypedExpr {
        // `$0.kind.note`: a case's column of a `@Selection` enum.
        if let typed = checkEnumColumnMember(base: base, name: name, at: range) { return typed }
        // `Priority.high`: a case of a schema enum, written with its type.
        if case .identifier(let typeName) = tree[base], resolveVariable(typeName.name) == nil, !isImplicitMember(typeName.name),
            let enumType = schema.enumType(named: typeName.name)
        {
            return checkImplicitMember(name, expected: .enumeration(enumType.name), at: range)
        }
        // `Int.max`, `Date.now` and other static members.
        if case .identifier(let typeName) = tree[base], resolveVariable(typeName.name) == nil, isBuiltinName(typeName.name),
            !isImplicitMember(typeName.name)
        {
            error(
                .unsupportedConstruct, "'\(typeName.name).\(name.name)' cannot be used inside a predicate; pass the value as a named parameter instead",
                at: range)
            return make(.error, .error, at: range)
        }
        // `$0.timestamps.createdAt`: a column of a `@Selection` group, read through the group's name.
        if case .member(let inner, let groupName) = tree[base], !isTypeName(inner) {
            let typedInner = check(inner, expected: nil)
            if case .model(let modelName) = typedInner.type.kind, let model = model(named: modelName),
                let group = model.columnGroups.first(where: { $0.name == groupName.name })
            {
                guard group.attributeNames.contains(name.name) else {
                    error(
                        .unknownMember,
                        "the column group '\(groupName.name)' of '\(model.name)' has no column '\(name.name)'; its columns are "
                            + group.attributeNames.map { "'\($0)'" }.joined(separator: ", "),
                        at: name.range)
                    return make(.error, .error, at: range)
                }
                return member(of: typedInner, name: name, baseRange: base.range, at: range)
            }
            let typedBase = throughForceUnwrap(typedInner) { checker, unwrapped in
                checker.member(of: unwrapped, name: groupName, baseRange: inner.range, at: base.range)
            }
            return throughForceUnwrap(typedBase) { checker, unwrapped in
                checker.member(of: unwrapped, name: name, baseRange: base.range, at: range)
            }
        }
        let typedBase = check(base, expected: nil)
        return throughForceUnwrap(typedBase) { checker, unwrapped in
            checker.member(of: unwrapped, name: name, baseRange: base.range, at: range)
        }
    }

    /// Whether `expr` is a bare name that no variable in scope has (a type, such as `Priority`).
    mutating func isTypeName(_ expr: Expr) -> Bool {
        guard case .identifier(let name) = tree[expr] else { return false }
        return resolveVariable(name.name) == nil
    }

    /// The member `name` of an already checked base.
    mutating func member(of base: TypedExpr, name: Identifier, baseRange: SourceRange, at range: SourceRange) -> TypedExpr {
        switch base.type.kind {
        case .error:
            return make(.error, .error, at: range)
        case .optional(let wrapped):
            error(
                .optionalNotUnwrapped,
                "value of optional type '\(base.type)' must be unwrapped to refer to member '\(name.name)' of wrapped base type '\(wrapped)'",
                at: baseRange,
                notes: [.init("chain the optional using '?' to access member '\(name.name)' only for non-'nil' base values", at: baseRange)],
                fixIts: [.insert("?", at: baseRange.end)])
            return make(.error, .error, at: range)
        case .model(let modelName):
            guard let model = model(named: modelName) else { return make(.error, .error, at: range) }
            guard let index = model.memberIndex(named: name.name) else {
                reportUnknownMember(name, in: model)
                return make(.error, .error, at: range)
            }
            // The member is moved into the typed node: a copy would retain it again.
            let (member, type) = model.memberAndType(at: index)
            return memberAccess(base, consume member, type: type, at: range)
        case .string:
            switch name.name {
            case "count": return make(.stringLength(base), .int, at: range)
            case "isEmpty": return make(.isEmpty(base), .bool, at: range)
            case "first", "last":
                error(
                    .unsupportedConstruct,
                    "'\(name.name)' of a String is a Character, a type predicates here do not have; use '\(name.name == "first" ? "hasPrefix" : "hasSuffix")(\"K\")' to test it",
                    at: name.range)
                return make(.error, .error, at: range)
            default: break
            }
        case .array:
            switch name.name {
            case "count": return make(.count(base), .int, at: range)
            case "isEmpty": return make(.isEmpty(base), .bool, at: range)
            case "first":
                // An ordered to-many (Core Data's `Z_FOK_` order) has a first element; a set has none.
                if case .model? = base.type.sequenceElement?.kind, !isOrderedRelationship(base) {
                    error(
                        .unsupportedConstruct,
                        "a relationship has no order, so its 'first' element is not defined; use 'contains { ... }' to test its elements",
                        at: name.range)
                    return make(.error, .error, at: range)
                }
                let elementType = base.type.sequenceElement!.optionalFlattened
                return make(.first(base), elementType, at: range)
            default: break
            }
        case .date:
            switch name.name {
            case "timeIntervalSinceReferenceDate": return make(.timeInterval(base, since1970: false), .double, at: range)
            case "timeIntervalSince1970": return make(.timeInterval(base, since1970: true), .double, at: range)
            case "timeIntervalSinceNow":
                error(
                    .unsupportedConstruct,
                    "'timeIntervalSinceNow' depends on when the query runs; compare with a date parameter instead, e.g. '$0.birth < cutoff'",
                    at: name.range)
                return make(.error, .error, at: range)
            default: break
            }
        case .enumeration(let enumName):
            if name.name == "rawValue", let enumType = schema.enumType(named: enumName) {
                return make(.rawValue(base), SiftType(enumType.rawType), at: range)
            }
        default:
            break
        }
        if methodNames(for: base.type).contains(name.name) {
            error(.methodNotCalled, "'\(name.name)' is a method; call it", at: name.range, fixIts: [.insert("()", at: name.range.end)])
            return make(.error, .error, at: range)
        }
        let candidates = propertyNames(for: base.type) + methodNames(for: base.type)
        let suggestion = Suggestions.closest(to: name.name, among: candidates).first
        error(
            .unknownMember,
            "value of type '\(base.type)' has no member '\(name.name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
            at: name.range, fixIts: suggestion.map { [.init(replace: name.range, with: $0)] } ?? [])
        return make(.error, .error, at: range)
    }

    /// Accesses a schema member on a non-optional object.
    /// The typed node of a member of `base`; `type` is the member's (the model keeps it made).
    /// Whether `sequence` is an ordered to-many relationship, whose elements have positions.
    func isOrderedRelationship(_ sequence: TypedExpr) -> Bool {
        if case .toMany(_, let relationship) = typedTree[sequence] { return relationship.orderColumn != nil }
        return false
    }

    mutating func memberAccess(_ base: TypedExpr, _ member: consuming Model.Member, type: SiftType, at range: SourceRange) -> TypedExpr {
        switch consume member {
        case .attribute(let attribute): make(.attribute(base, attribute), type, at: range)
        case .relationship(let relationship):
            if case .toMany = relationship.cardinality { make(.toMany(base, relationship), type, at: range) }
            else { make(.toOne(base, relationship), type, at: range) }
        }
    }

    mutating func propertyNames(for type: SiftType) -> [String] {
        switch type.kind {
        case .string: ["count", "isEmpty"]
        case .array: ["count", "isEmpty", "first"]
        case .enumeration: ["rawValue"]
        case .date: ["timeIntervalSinceReferenceDate", "timeIntervalSince1970"]
        default: []
        }
    }

    mutating func methodNames(for type: SiftType) -> [String] {
        switch type.kind {
        case .string:
            [
                "contains", "hasPrefix", "hasSuffix", "starts", "localizedStandardContains", "caseInsensitiveCompare",
                "localizedCompare", "localizedCaseInsensitiveCompare", "localizedStandardCompare", "lowercased", "uppercased",
            ]
        case .array(let element):
            element.isComparable || isOrderedByRawValues(element)
                ? ["contains", "allSatisfy", "filter", "count", "first", "min", "max"]
                : ["contains", "allSatisfy", "filter", "count", "first"]
        case .range: ["contains"]
        case .optional: ["flatMap", "map"]
        default: []
        }
    }

    /// Whether `type` is an enum the model file declares `Comparable` with a `<` on raw values:
    /// the enums `<`, ranges, `min()` and `max()` accept.
    mutating func isOrderedByRawValues(_ type: SiftType) -> Bool {
        guard case .enumeration(let enumName) = type.kind, let enumType = schema.enumType(named: enumName) else { return false }
        return enumType.comparison == .rawValues
    }

    // MARK: Force unwrapping

    /// `x!`: Swift's value of `x`, and a trap where `x` is nil (the row is not selected, as for
    /// every trap). Written `if let v = x { v } else { trap }`, so that the SQL lowering and the
    /// evaluator need nothing of their own for it.
    mutating func checkForceUnwrap(_ base: Expr, at range: SourceRange) -> TypedExpr {
        let typed = check(base, expected: nil)
        if typed.type.isError { return typed }
        guard typed.type.isOptional else {
            let bang = SourceRange(start: base.range.end, end: range.end)
            error(
                .optionalChainOnNonOptional, "cannot force unwrap value of non-optional type '\(typed.type)'", at: bang,
                fixIts: [.init(replace: bang, with: "")])
            return typed
        }
        let result = throughForceUnwrap(typed) { checker, unwrapped in checker.forceUnwrap(unwrapped, at: range) }
        return rejectingChosenSequence(result, how: "'!'")
    }

    /// `if let v = value { v } else { trap }`, for an optional `value`.
    mutating func forceUnwrap(_ value: TypedExpr, at range: SourceRange) -> TypedExpr {
        let wrapped = value.type.wrappedIfOptional
        let variable = declare(text(value.range) + "!", type: wrapped, origin: .binding, at: range)
        let unwrapped = reference(variable, at: range)
        let trap = make(.trap, wrapped, at: SourceRange(start: value.range.end, end: range.end))
        return make(.ifLet(source: value, variable: variable, then: unwrapped, otherwise: trap), wrapped, at: range)
    }

    /// Applies `operation` (a member, a method, another `!`) to `base`. When `base` is a force
    /// unwrap, `if let v = x { e } else { trap }`, the operation goes inside, on `e`: a trap has
    /// no members, and the operation of a trap is the trap. So `$0.company!.name` reads the
    /// member of the unwrapped company, as the lowering reads a member of a joined row.
    mutating func throughForceUnwrap(
        _ base: TypedExpr, _ operation: (inout TypeChecker, TypedExpr) -> TypedExpr
    ) -> TypedExpr {
        guard case .ifLet(let source, let variable, let then, let otherwise) = typedTree[base], case .trap = typedTree[otherwise] else {
            return operation(&self, base)
        }
        let inner = throughForceUnwrap(then, operation)
        if inner.type.isError { return inner }
        let trap = make(.trap, inner.type, at: otherwise.range)
        return make(.ifLet(source: source, variable: variable, then: inner, otherwise: trap), inner.type, at: inner.range)
    }

    // MARK: Optional chaining

    mutating func checkOptionalChain(_ inner: Expr, at range: SourceRange) -> TypedExpr {
        let start = optionalChainBindings.count
        optionalChainDepth += 1
        let body = check(inner, expected: nil)
        optionalChainDepth -= 1
        if body.type.isError {
            optionalChainBindings.removeSubrange(start...)
            return make(.error, .error, at: range)
        }
        var result = body
        // This chain's bindings, innermost first, each moved out of the list.
        while optionalChainBindings.count > start, let binding = optionalChainBindings.popLast() {
            result = make(
                .optionalMap(source: binding.source, variable: binding.variable, body: result), result.type.optionalFlattened,
                at: range)
        }
        return rejectingChosenSequence(result, how: "'?.'")
    }

    mutating func checkBindOptional(_ base: Expr, at range: SourceRange) -> TypedExpr {
        let typed = check(base, expected: nil)
        if typed.type.isError { return typed }
        guard case .optional(let wrapped) = typed.type.kind else {
            error(
                .optionalChainOnNonOptional, "cannot use optional chaining on non-optional value of type '\(typed.type)'",
                at: SourceRange(start: base.range.end, end: range.end),
                fixIts: [.init(replace: SourceRange(start: base.range.end, end: range.end), with: "")])
            return typed
        }
        let variable = declare(text(base.range) + "?", type: wrapped, origin: .binding, at: range)
        if optionalChainDepth == 0 {
            // Not inside a chain (should not happen with the parser's tree): treat as its own chain.
            return make(.optionalMap(source: typed, variable: variable, body: reference(variable, at: range)), typed.type, at: range)
        }
        optionalChainBindings.append((typed, variable))
        return reference(variable, at: range)
    }

    // MARK: Calls

    mutating func checkCall(_ call: Call, expected: SiftType?, at range: SourceRange) -> TypedExpr {
        switch tree[call.callee] {
        case .identifier(let name)
        where call.trailingClosure == nil && resolveVariable(name.name) == nil && !isImplicitMember(name.name)
            && implicitSelf != nil && isAggregateCall(name.name, call):
            return checkAggregate(AggregateFunction.named(name.name)!, name, call, at: range)
        case .identifier(let name) where resolveVariable(name.name) == nil && !isImplicitMember(name.name):
            return checkConversion(name, call, at: range)
        case .member(let base, let name)
        where name.name == "evaluate" && isFreeName(base):
            // `other.evaluate($0)`: Foundation's PredicateEvaluate, of a Predicate value captured from Swift code.
            error(
                .unsupportedConstruct,
                "calling 'evaluate' of another predicate is not supported: Sift reads this predicate's text, and a captured Predicate value is not part of it; write its condition here",
                at: range)
            return make(.error, .error, at: range)
        case .member(let base, let name)
        where name.name == "match" && call.arguments.count == 1 && call.arguments[0].label == nil && call.trailingClosure == nil:
            // `$0.match("buy milk")` on the row of an FTS5 table: FTS5's MATCH, in every form.
            return checkFullTextMatch(base, call.arguments[0].value, at: range)
        case .member(let base, let name) where (Self.rowAggregateFunction(named: name.name) != nil || name.name == "reduce") && isMapCall(base):
            return checkRowAggregate(base, method: name, call: call, at: range)
        case .member(let base, let name) where Self.isFullTextFunction(name.name):
            return checkFullTextFunction(base: base, method: name, call: call, at: range)
        case .member(let base, let name):
            var baseContext: SiftType?
            if name.name == "contains", needsContext(base), call.trailingClosure == nil, call.arguments.count == 1,
                !isClosure(call.arguments[0].value), !needsContext(call.arguments[0].value)
            {
                // The receiver is all literals: like Swift, type it from the argument.
                let element = precheck(call.arguments[0].value).type.unwrapped
                var inner = base
                while case .paren(let wrapped) = tree[inner] { inner = wrapped }
                if case .binary(let binary) = tree[inner], binary.op == .closedRange || binary.op == .halfOpenRange {
                    baseContext = .range(element, closed: binary.op == .closedRange)
                } else {
                    baseContext = .array(element)
                }
            }
            let typedBase = check(base, expected: baseContext)
            if typedBase.type.isError {
                checkArgumentsForErrors(call)
                return make(.error, .error, at: range)
            }
            return throughForceUnwrap(typedBase) { checker, unwrapped in
                checker.checkMethod(unwrapped, name: name, call: call, baseRange: base.range, expected: expected, at: range)
            }
        default:
            let callee = check(call.callee, expected: nil)
            if !callee.type.isError {
                error(.unsupportedConstruct, "a value of type '\(callee.type)' cannot be called", at: call.callee.range)
            }
            return make(.error, .error, at: range)
        }
    }

    /// Whether `expr` is a bare name that is neither a variable nor a member of the implicit model.
    mutating func isFreeName(_ expr: Expr) -> Bool {
        guard case .identifier(let name) = tree[expr] else { return false }
        return resolveVariable(name.name) == nil && !isImplicitMember(name.name)
    }

    /// Checks the arguments of a call whose callee failed, for their own errors only.
    mutating func checkArgumentsForErrors(_ call: Call) {
        for argument in call.arguments where !isClosure(argument.value) { _ = check(argument.value, expected: nil) }
    }

    mutating func isClosure(_ expr: Expr) -> Bool { if case .closure = tree[expr] { true } else { false } }

    /// `Double(x)`, `Float(x)`, `Int(x)` and the sized integers.
    mutating func checkConversion(_ name: Identifier, _ call: Call, at range: SourceRange) -> TypedExpr {
        let target: SiftType
        switch name.name {
        case "Double": target = .double
        case "Float": target = .float
        case "max", "min":
            error(
                .unknownMethod, "global functions such as '\(name.name)(_:_:)' are not supported in a predicate (nor by #Predicate); write '[a, b].\(name.name)()'",
                at: name.range)
            checkArgumentsForErrors(call)
            return make(.error, .error, at: range)
        default:
            if let kind = IntegerKind(rawValue: name.name) {
                target = .integer(kind)
            } else {
                error(
                    .unknownMethod, "cannot call '\(name.name)' in a predicate; the conversions 'Double(_:)', 'Float(_:)' and 'Int(_:)' are available",
                    at: name.range)
                checkArgumentsForErrors(call)
                return make(.error, .error, at: range)
            }
        }
        guard call.arguments.count == 1, call.arguments[0].label == nil, call.trailingClosure == nil else {
            error(.badArguments, "'\(name.name)(_:)' takes one unlabelled argument", at: call.argumentListRange ?? range)
            return make(.error, .error, at: range)
        }
        let argument = call.arguments[0].value
        let typed = check(argument, expected: needsContext(argument) ? target : nil)
        if typed.type.isError { return make(.error, .error, at: range) }
        if typed.type == target { return typed }
        guard typed.type.isNumeric else {
            error(
                .typeMismatch, "cannot convert a value of type '\(typed.type)' to '\(target)'" + (typed.type.isOptional ? "; unwrap it first" : ""),
                at: argument.range)
            return make(.error, .error, at: range)
        }
        return make(.conversion(typed), target, at: range)
    }

    /// The closure passed to a call: the trailing closure, or a `where:` / unlabelled closure argument.
    mutating func closureArgument(_ call: Call) -> Closure? {
        if let trailing = call.trailingClosure { return trailing }
        if call.arguments.count == 1, case .closure(let closure) = tree[call.arguments[0].value] { return closure }
        return nil
    }

    mutating func checkMethod(
        _ base: TypedExpr, name: Identifier, call: Call, baseRange: SourceRange, expected: SiftType?, at range: SourceRange
    ) -> TypedExpr {
        let method = name.name
        if case .optional(let wrapped) = base.type.kind {
            if method == "flatMap" || method == "map", let closure = closureArgument(call) {
                return checkOptionalMap(base, wrapped: wrapped, closure: closure, isFlatMap: method == "flatMap", at: range)
            }
            return member(of: base, name: name, baseRange: baseRange, at: range)
        }
        switch base.type.kind {
        case .string:
            return checkStringMethod(base, name: name, call: call, at: range)
        case .array(let element):
            return checkSequenceMethod(base, element: element, name: name, call: call, at: range)
        case .range(let bound, _):
            if method == "contains", let argument = singleArgument(call, label: nil, method: "contains(_:)") {
                let value = check(argument, expected: bound)
                guard let coerced = coerceArgument(value, to: bound, method: "contains(_:)") else { return make(.error, .error, at: range) }
                return make(.contains(sequence: base, element: coerced), .bool, at: range)
            }
        default:
            break
        }
        if call.arguments.isEmpty, call.trailingClosure == nil, propertyNames(for: base.type).contains(method) {
            error(.unknownMethod, "'\(method)' is a property, not a method; remove the parentheses", at: call.argumentListRange ?? range,
                  fixIts: call.argumentListRange.map { [.init(replace: $0, with: "")] } ?? [])
            return make(.error, .error, at: range)
        }
        let suggestion = Suggestions.closest(to: method, among: methodNames(for: base.type)).first
        error(
            .unknownMethod,
            "value of type '\(base.type)' has no method '\(method)' that a predicate can use" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
            at: name.range, fixIts: suggestion.map { [.init(replace: name.range, with: $0)] } ?? [])
        checkArgumentsForErrors(call)
        return make(.error, .error, at: range)
    }

    /// The single argument of a call with one of the allowed labels, or nil after reporting.
    ///
    /// The method's name is made only for the error (an interpolated string for every call is
    /// costly).
    mutating func singleArgument(_ call: Call, label: String?, method: @autoclosure () -> String) -> Expr? {
        guard call.arguments.count == 1, call.trailingClosure == nil, call.arguments[0].label?.name == label else {
            error(.badArguments, "'\(method())' takes one argument" + (label.map { " labelled '\($0):'" } ?? ""),
                  at: call.argumentListRange ?? call.callee.range)
            return nil
        }
        return call.arguments[0].value
    }

    mutating func coerceArgument(_ value: TypedExpr, to type: SiftType, method: @autoclosure () -> String) -> TypedExpr? {
        if value.type.isError { return nil }
        if let coerced = coerce(value, to: type) { return coerced }
        if value.type.isOptional, value.type.unwrapped == type {
            reportOptionalOperand(value, operatorText: method())
            return nil
        }
        error(.typeMismatch, "'\(method())' expects a '\(type)' here, but this is '\(value.type)'", at: value.range)
        return nil
    }

    mutating func checkNoArguments(_ call: Call, method: String) -> Bool {
        if call.arguments.isEmpty, call.trailingClosure == nil { return true }
        error(.badArguments, "'\(method)()' takes no arguments", at: call.argumentListRange ?? call.callee.range)
        return false
    }

    mutating func checkStringMethod(_ base: TypedExpr, name: Identifier, call: Call, at range: SourceRange) -> TypedExpr {
        let method = name.name
        if let (test, label) = Self.stringTest(named: method) {
            // Made only for an error message (interpolating it for every call is costly).
            func signature() -> String { label.map { "\(method)(\($0):)" } ?? "\(method)(_:)" }
            if call.trailingClosure != nil || (call.arguments.first.map { isClosure($0.value) } ?? false) {
                error(.badArguments, "'\(method)' on a String takes a string, not a closure", at: call.argumentListRange ?? range)
                return make(.error, .error, at: range)
            }
            guard let argument = singleArgument(call, label: label, method: signature()) else { return make(.error, .error, at: range) }
            let typed = check(argument, expected: .string)
            guard let coerced = coerceArgument(typed, to: .string, method: signature()) else { return make(.error, .error, at: range) }
            return make(.stringTest(test, base, coerced), .bool, at: range)
        }
        if let comparison = StringComparison(rawValue: method) {
            guard let argument = singleArgument(call, label: nil, method: "\(method)(_:)") else { return make(.error, .error, at: range) }
            let typed = check(argument, expected: .string)
            guard let coerced = coerceArgument(typed, to: .string, method: "\(method)(_:)") else { return make(.error, .error, at: range) }
            return make(.stringComparison(comparison, base, coerced), .comparisonResult, at: range)
        }
        if let transform = StringTransform(rawValue: method) {
            guard checkNoArguments(call, method: method) else { return make(.error, .error, at: range) }
            return make(.stringTransform(transform, base), .string, at: range)
        }
        return checkMethodFallback(base, name: name, call: call, at: range)
    }

    /// The String methods that test a string against another, and whether their argument is
    /// labelled `with:` (plain values: the table is read without retaining anything).
    private static let stringTests: [(spelling: StaticString, test: StringTest, labelledWith: Bool)] = [
        ("contains", .contains, false), ("hasPrefix", .hasPrefix, false), ("hasSuffix", .hasSuffix, false),
        ("starts", .hasPrefix, true), ("localizedStandardContains", .localizedStandardContains, false),
    ]

    /// The test a String method performs, and the label of its argument.
    static func stringTest(named method: String) -> (StringTest, label: String?)? {
        // By the bytes first: comparing a long name with each spelling in turn goes through
        // String's general comparison (slow for a heap string such as `localizedStandardContains`).
        // Other bytes spell the same name only when they are not ASCII (`K` as U+212A KELVIN SIGN):
        // those are compared as Swift compares names, canonically.
        for entry in stringTests where method.hasSameBytes(as: entry.spelling) { return (entry.test, entry.labelledWith ? "with" : nil) }
        guard !method.isASCII else { return nil }
        for entry in stringTests where method == entry.spelling.description { return (entry.test, entry.labelledWith ? "with" : nil) }
        return nil
    }

    mutating func checkMethodFallback(_ base: TypedExpr, name: Identifier, call: Call, at range: SourceRange) -> TypedExpr {
        if call.arguments.isEmpty, call.trailingClosure == nil, propertyNames(for: base.type).contains(name.name) {
            error(.unknownMethod, "'\(name.name)' is a property, not a method; remove the parentheses", at: call.argumentListRange ?? range,
                  fixIts: call.argumentListRange.map { [.init(replace: $0, with: "")] } ?? [])
            return make(.error, .error, at: range)
        }
        let suggestion = Suggestions.closest(to: name.name, among: methodNames(for: base.type)).first
        error(
            .unknownMethod,
            "value of type '\(base.type)' has no method '\(name.name)' that a predicate can use" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
            at: name.range, fixIts: suggestion.map { [.init(replace: name.range, with: $0)] } ?? [])
        checkArgumentsForErrors(call)
        return make(.error, .error, at: range)
    }

    mutating func checkSequenceMethod(_ base: TypedExpr, element: SiftType, name: Identifier, call: Call, at range: SourceRange) -> TypedExpr {
        let method = name.name
        // The name matched once, not compared with each `"..."` below as strings.
        let kind = SequenceMethod(method)
        switch kind {
        case .contains?, .allSatisfy?, .filter?, .count?, .first?:
            if let closure = closureArgument(call) {
                if kind == .contains || kind == .count || kind == .first, call.trailingClosure == nil,
                    call.arguments.first?.label?.name != "where"
                {
                    error(.badArguments, "the closure argument of '\(method)' is labelled 'where:'", at: call.arguments[0].range,
                          fixIts: [.insert("where: ", at: call.arguments[0].range.start)])
                }
                if kind == .allSatisfy || kind == .filter, call.trailingClosure == nil, call.arguments.first?.label != nil {
                    error(.badArguments, "the closure argument of '\(method)' has no label", at: call.arguments[0].range)
                }
                let (variable, predicate) = withClosureParameter(closure, type: element, origin: .element) { checker, variable in
                    (variable, checker.checkBoolean(closure.body, context: "the closure of '\(method)'"))
                }
                switch kind {
                case .contains?: return make(.any(sequence: base, variable: variable, predicate: predicate), .bool, at: range)
                case .allSatisfy?: return make(.all(sequence: base, variable: variable, predicate: predicate), .bool, at: range)
                case .filter?: return make(.filter(sequence: base, variable: variable, predicate: predicate), base.type, at: range)
                case .first?:
                    if case .model = element.kind {
                        error(
                            .unsupportedConstruct,
                            isOrderedRelationship(base)
                                ? "'first(where:)' of a relationship is not supported; use 'contains(where:)' to test its elements, or 'first' for its first element"
                                : "a relationship has no order, so 'first(where:)' is not defined; use 'contains(where:)' to test its elements",
                            at: name.range)
                        return make(.error, .error, at: range)
                    }
                    let filtered = make(.filter(sequence: base, variable: variable, predicate: predicate), base.type, at: range)
                    return make(.first(filtered), element.optionalFlattened, at: range)
                default:
                    let filtered = make(.filter(sequence: base, variable: variable, predicate: predicate), base.type, at: range)
                    return make(.count(filtered), .int, at: range)
                }
            }
            if kind == .contains {
                guard let argument = singleArgument(call, label: nil, method: "contains(_:)") else { return make(.error, .error, at: range) }
                if case .model = element.kind {
                    error(
                        .notEquatable, "objects of '\(element)' cannot be compared; use 'contains { ... }' with a condition on their attributes",
                        at: call.callee.range)
                    return make(.error, .error, at: range)
                }
                let typed = check(argument, expected: element)
                guard let coerced = coerceArgument(typed, to: element, method: "contains(_:)") else { return make(.error, .error, at: range) }
                return make(.contains(sequence: base, element: coerced), .bool, at: range)
            }
            if kind == .count || kind == .first {
                error(.methodNotCalled, "'\(method)' is a property here; remove the parentheses, or pass a closure with 'where:'",
                      at: call.argumentListRange ?? range)
                return make(.error, .error, at: range)
            }
            error(.badArguments, "'\(method)' takes a closure, e.g. '\(method) { $0.title == \"a\" }'", at: call.argumentListRange ?? range)
            return make(.error, .error, at: range)
        case .min?, .max?:
            guard checkNoArguments(call, method: method) else { return make(.error, .error, at: range) }
            if case .enumeration(let enumName) = element.kind, let enumType = schema.enumType(named: enumName),
                let comparison = enumType.comparison
            {
                guard checkEnumOrdering(enumType, comparison, operation: "\(method)()", at: name.range) else {
                    return make(.error, .error, at: range)
                }
            } else if !element.isComparable {
                error(.notComparable, "'\(method)()' needs Comparable elements, but '\(element)' is not Comparable", at: name.range)
                return make(.error, .error, at: range)
            }
            return make(.extremum(isMaximum: kind == .max, base), element.optionalFlattened, at: range)
        case nil:
            if method == "map", refuseMapInPredicate(name, sequence: base.range, element: element, method: nil) {
                return make(.error, .error, at: range)
            }
            if method == "map" {
                error(
                    .unsupportedConstruct,
                    "the values 'map' makes can only be aggregated: follow it with 'max()', 'min()', 'sum()' or 'average()', as in '\(text(base.range)).map(\\.\(Self.exampleAttribute(of: element, in: schema))).max()'",
                    at: name.range)
                return make(.error, .error, at: range)
            }
            if method == "starts" {
                error(
                    .unsupportedConstruct,
                    "'starts(with:)' compares elements in order, and a relationship has no order; compare the elements of an array literal directly",
                    at: name.range)
                return make(.error, .error, at: range)
            }
            return checkMethodFallback(base, name: name, call: call, at: range)
        }
    }

    mutating func checkOptionalMap(_ base: TypedExpr, wrapped: SiftType, closure: Closure, isFlatMap: Bool, at range: SourceRange) -> TypedExpr {
        let (variable, body) = withClosureParameter(closure, type: wrapped, origin: .binding) { checker, variable in
            (variable, checker.check(closure.body, expected: nil))
        }
        if body.type.isError { return make(.error, .error, at: range) }
        if !isFlatMap, body.type.isOptional {
            error(
                .unsupportedConstruct,
                "'map' with an optional result makes a nested optional ('\(SiftType.optional(body.type))'), which a query cannot hold; use 'flatMap'",
                at: range)
            return make(.error, .error, at: range)
        }
        let type = body.type.optionalFlattened
        return rejectingChosenSequence(make(.optionalMap(source: base, variable: variable, body: body), type, at: range), how: "'flatMap'")
    }
}

/// The methods of a sequence the checker knows, by name.
enum SequenceMethod {
    case contains, allSatisfy, filter, count, first, min, max

    init?(_ name: String) {
        switch name {
        case "contains": self = .contains
        case "allSatisfy": self = .allSatisfy
        case "filter": self = .filter
        case "count": self = .count
        case "first": self = .first
        case "min": self = .min
        case "max": self = .max
        default: return nil
        }
    }
}
