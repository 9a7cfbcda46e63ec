import SiftTestSupport

/// A variable the generated text can name: the root (`$0`, `user`, or the implicit `self` of
/// the concise form, written ""), a closure parameter, or an `if let` binding.
struct GenVariable {
    var name: String
    var type: GenType
}

/// The variables visible at a point of the generated text.
struct GenScope {
    var variables: [GenVariable]
    var closureDepth = 0

    /// Inside a closure: its parameter is visible; every `$0` outside is shadowed (and a
    /// closure that names its parameter has no `$0` at all).
    func enteringClosure(_ variable: GenVariable) -> GenScope {
        var scope = self
        scope.variables.removeAll { $0.name == "$0" }
        scope.variables.append(variable)
        scope.closureDepth += 1
        return scope
    }

    func binding(_ variable: GenVariable) -> GenScope {
        var scope = self
        scope.variables.append(variable)
        return scope
    }
}

/// Generates random well-typed queries over the example schema, as text, through a small typed
/// grammar: pick the type wanted, then a production that yields it, with bounded depth.
struct PredicateGenerator {
    typealias Schema = ExampleSchemaModel

    var random: SplitMix64
    private var nameCounter = 0

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    // MARK: Queries

    mutating func query() -> GeneratedQuery {
        let model = Schema.roots[random.weighted(Schema.roots.map(\.weight))].model
        let formRoll = random.below(10)
        let form: GeneratedQuery.Form = formRoll < 5 ? .predicate : formRoll < 8 ? .fetchDescriptor : .concise
        var rootName = "$0"
        if form == .concise {
            rootName = ""
        } else if random.chance(1, in: 3) {
            rootName = Schema.variablePrefix[model]!
        }
        let scope = GenScope(variables: [GenVariable(name: rootName, type: .object(model))])
        let filter: GenNode? = form == .predicate || random.chance(9, in: 10) ? boolean(random.int(in: 1...4), scope) : nil
        var sort: [GeneratedQuery.SortKey] = []
        var limit: Int?
        var offset: Int?
        if form != .predicate, random.chance(2, in: 3) {
            let keys = Schema.sortKeys[model]!
            for _ in 0..<random.int(in: 1...3) {
                let key = random.pick(keys)
                if sort.contains(where: { $0.path == key.path }) { continue }
                sort.append(
                    .init(
                        path: key.path, reverse: random.chance(1, in: 2),
                        localizedStandard: form == .fetchDescriptor && key.isString && random.chance(1, in: 6)))
            }
            if random.chance(1, in: 2) { limit = random.pick([0, 1, 2, 3, 5, 10, 25]) }
            if random.chance(1, in: 3) { offset = random.pick([0, 1, 2, 7, 40]) }
        }
        return GeneratedQuery(model: model, form: form, rootName: rootName, filter: filter, sort: sort, limit: limit, offset: offset)
    }

    // MARK: Paths

    /// Member paths from the visible variables that have exactly `type`: `$0.age`,
    /// `reminder.remindersList.title`, `$0.company?.name` (String?), or a variable itself.
    func paths(_ type: GenType, _ scope: GenScope) -> [GenNode] {
        var found: [GenNode] = []
        for variable in scope.variables {
            if variable.type == type, !variable.name.isEmpty { found.append(.leaf(variable.name, type)) }
            guard case .object(let model) = variable.type else { continue }
            func access(_ member: String) -> String { variable.name.isEmpty ? member : variable.name + "." + member }
            for member in Schema.members[model]! {
                if member.type == type { found.append(.leaf(access(member.name), type)) }
                switch member.type {
                case .object(let target):
                    for inner in Schema.members[target]! where inner.type == type {
                        found.append(.leaf(access(member.name) + "." + inner.name, type))
                    }
                case .optional(.object(let target)):
                    for inner in Schema.members[target]! where inner.type.flattenedOptional == type {
                        if case .object = inner.type.unwrapped { continue }
                        found.append(.leaf(access(member.name) + "?." + inner.name, type, level: 2))
                    }
                    // `$0.company!.name`: a trap (the row is not selected) where there is no company.
                    for inner in Schema.members[target]! where inner.type == type {
                        if case .object = inner.type.unwrapped { continue }
                        if case .many = inner.type { continue }
                        found.append(.leaf(access(member.name) + "!." + inner.name, type))
                    }
                default:
                    break
                }
            }
        }
        return found
    }

    func hasPath(_ type: GenType, _ scope: GenScope) -> Bool { !paths(type, scope).isEmpty }

    /// Whether a `Priority` value that names its type can be written here: a path, or an
    /// optional path with a default (`$0.priority ?? .low`).
    func hasPriority(_ scope: GenScope) -> Bool { hasPath(.priority, scope) || hasPath(.optional(.priority), scope) }

    /// `x!` of an optional path of `type` (`$0.nickname!`), or nil when there is none: a trap
    /// where the value is nil.
    mutating func forceUnwrapped(_ type: GenType, _ scope: GenScope) -> GenNode? {
        guard let optional = path(.optional(type), scope) else { return nil }
        return .make(type, "{0:3}!", [optional], level: 3)
    }

    mutating func path(_ type: GenType, _ scope: GenScope) -> GenNode? {
        let found = paths(type, scope)
        return found.isEmpty ? nil : random.pick(found)
    }

    mutating func freshName(_ base: String) -> String {
        nameCounter += 1
        return base + String(nameCounter)
    }

    // MARK: Any type

    /// An expression of `type`, at most `depth` productions deep; nil when no production can
    /// give that type here (an enum with no path in scope).
    mutating func expression(_ type: GenType, _ depth: Int, _ scope: GenScope) -> GenNode? {
        switch type {
        case .bool: return boolean(depth, scope)
        case .int: return integer(depth, scope)
        case .double: return double(depth, scope)
        case .string: return string(depth, scope)
        case .date: return date(depth, scope)
        case .priority, .status: return enumeration(type, depth, scope)
        case .optional(let wrapped): return optional(wrapped, depth, scope)
        case .object, .many: return path(type, scope)
        }
    }

    /// An expression that does not take its type from context (not `nil`, `.high`, `1 + 2`).
    mutating func concrete(_ type: GenType, _ depth: Int, _ scope: GenScope) -> GenNode? {
        for _ in 0..<4 {
            if let node = expression(type, depth, scope), !node.needsContext, !node.needsExpectation { return node }
        }
        if let node = path(type, scope) { return node }
        switch type {
        case .int: return .parameter("minimumAge", .int)
        case .double: return .parameter("threshold", .double)
        case .string: return .string(random.pick(Schema.strings))
        case .bool: return .bool(random.chance(1, in: 2))
        case .date: return .parameter(random.pick(["startDate", "endDate"]), .date)
        default: return nil
        }
    }

    /// Types that can be compared with `==` here, with weights.
    func equatableTypes(_ scope: GenScope) -> [(GenType, Int)] {
        var types: [(GenType, Int)] = [(.int, 6), (.string, 8), (.double, 3), (.date, 3), (.bool, 2)]
        for (type, weight) in [
            (GenType.priority, 4), (.status, 6), (.optional(.string), 6), (.optional(.int), 3), (.optional(.date), 3),
            (.optional(.priority), 6), (.optional(.bool), 2),
        ] where hasPath(type, scope) || (type == .optional(.int) && hasPath(.optional(.string), scope))
            || (type == .optional(.bool) && (hasPath(.optional(.string), scope) || hasPath(.optional(.many("User")), scope)))
        {
            types.append((type, weight))
        }
        if hasPath(.date, scope) || hasPath(.optional(.date), scope) {
            types[3].1 = 6
        } else {
            types[3].1 = 1
        }
        return types
    }

    // MARK: Bool

    mutating func boolean(_ depth: Int, _ scope: GenScope) -> GenNode {
        if depth <= 0 { return booleanLeaf(scope) }
        let d = depth - 1
        while true {
            let choice = random.weighted([
                14,  // 0 comparison ==, !=
                10,  // 1 ordering <, <=, >, >=
                4,  // 2 !
                12,  // 3 && ||
                3,  // 4 ternary
                10,  // 5 string test
                3,  // 6 caseInsensitiveCompare
                10,  // 7 relationship quantifiers
                6,  // 8 counts
                6,  // 9 nil checks
                4,  // 10 optional Bool
                4,  // 11 if let
                4,  // 12 range contains
                4,  // 13 array literal contains
                3,  // 14 isEmpty
                2,  // 15 map / flatMap compared with nil
                2,  // 16 leaf
            ])
            let node: GenNode?
            switch choice {
            case 0: node = equality(d, scope)
            case 1: node = ordering(d, scope)
            case 2: node = .make(.bool, "!{0:3}", [boolean(d, scope)], level: 1)
            case 3: node = logical(d, scope)
            case 4: node = ternary(.bool, d, scope)
            case 5: node = stringTest(d, scope)
            case 6: node = caseInsensitive(d, scope)
            case 7: node = quantifier(d, scope)
            case 8: node = countComparison(d, scope)
            case 9: node = nilCheck(d, scope)
            case 10: node = optionalBoolean(d, scope)
            case 11: node = ifLet(.bool, d, scope)
            case 12: node = rangeContains(d, scope)
            case 13: node = arrayContains(d, scope)
            case 14: node = isEmpty(d, scope)
            case 15: node = mapCompared(d, scope)
            default: node = booleanLeaf(scope)
            }
            if let node { return node }
        }
    }

    mutating func booleanLeaf(_ scope: GenScope) -> GenNode {
        switch random.below(10) {
        case 0, 1: if let path = path(.bool, scope) { return path }
        case 2: return random.chance(1, in: 4) ? .parameter("flag", .bool) : .bool(random.chance(1, in: 2))
        case 3: if let node = nilCheck(0, scope) { return node }
        case 4, 5: if let node = stringTest(0, scope) { return node }
        case 6: if let node = isEmpty(0, scope) { return node }
        default: break
        }
        return equality(0, scope) ?? ordering(0, scope) ?? .bool(true)
    }

    mutating func equality(_ d: Int, _ scope: GenScope) -> GenNode? {
        let types = equatableTypes(scope)
        let type = types[random.weighted(types.map(\.1))].0
        let op = random.chance(1, in: 2) ? "==" : "!="
        guard var lhs = expression(type, d, scope) else { return nil }
        var rhsType = type
        if case .optional(let wrapped) = type, !lhs.needsExpectation, random.chance(1, in: 2) { rhsType = wrapped }  // Swift promotes it
        var rhs: GenNode?
        if lhs.needsContext || lhs.needsExpectation {
            rhs = concrete(rhsType, d, scope)
        } else {
            rhs = expression(rhsType, d, scope)
        }
        guard var right = rhs else { return nil }
        if lhs.needsExpectation { swap(&lhs, &right) } else if !right.needsExpectation, random.chance(1, in: 2) { swap(&lhs, &right) }
        if right.needsExpectation, !lhs.type.isOptional { return nil }
        if lhs.needsExpectation || (right.needsExpectation && lhs.needsContext) { return nil }
        if lhs.needsContext, right.needsContext, type.isOptional || type == .priority || type == .status { return nil }
        return .make(.bool, "{0} \(op) {1}", [lhs, right], level: 0)
    }

    mutating func ordering(_ d: Int, _ scope: GenScope) -> GenNode? {
        let type = random.pick([GenType.int, .int, .int, .double, .double, .string, .string, .string, .date, .date])
        guard let lhs = expression(type, d, scope) else { return nil }
        guard let rhs = lhs.needsContext ? concrete(type, d, scope) : expression(type, d, scope) else { return nil }
        let op = random.pick(["<", "<=", ">", ">="])
        return .make(.bool, "{0} \(op) {1}", [lhs, rhs], level: 0)
    }

    mutating func logical(_ d: Int, _ scope: GenScope) -> GenNode {
        let op = random.chance(1, in: 2) ? " && " : " || "
        let count = random.chance(1, in: 4) ? 3 : 2
        let operands = (0..<count).map { _ in boolean(d, scope) }
        return logicalNode(op, operands)
    }

    static func logicalPieces(_ op: String, count: Int) -> [GenNode.Piece] {
        var pieces: [GenNode.Piece] = []
        for index in 0..<count {
            if index > 0 { pieces.append(.text(op)) }
            pieces.append(.child(index, need: 1))
        }
        return pieces
    }

    func logicalNode(_ op: String, _ operands: [GenNode]) -> GenNode {
        GenNode(.bool, Self.logicalPieces(op, count: operands.count), operands, level: 0, role: .logical(op))
    }

    mutating func ternary(_ type: GenType, _ d: Int, _ scope: GenScope) -> GenNode? {
        let condition = boolean(d, scope)
        let needsConcrete = type.isOptional || type == .priority || type == .status
        guard let then = needsConcrete ? concrete(type, d, scope) : expression(type, d, scope) else { return nil }
        guard var otherwise = expression(type, d, scope) else { return nil }
        if then.needsContext, otherwise.needsContext, type == .int || type == .double, random.chance(1, in: 2) {
            otherwise = concrete(type, d, scope) ?? otherwise
        }
        var node = GenNode.make(type, "{0} ? {1} : {2}", [condition, then, otherwise], level: 0, needsContext: then.needsContext && otherwise.needsContext)
        node.needsExpectation = then.needsExpectation || otherwise.needsExpectation
        return node
    }

    /// A non-optional String that can take a method call (`$0.name`, `"kim"`, `x.lowercased()`).
    mutating func stringOperand(_ d: Int, _ scope: GenScope) -> GenNode {
        if random.chance(2, in: 3), let path = path(.string, scope) { return path }
        return string(d, scope)
    }

    mutating func stringTest(_ d: Int, _ scope: GenScope) -> GenNode? {
        let method = random.pick(["contains", "contains", "hasPrefix", "hasSuffix", "localizedStandardContains", "localizedStandardContains", "starts(with:"])
        let receiver = stringOperand(d, scope)
        let argument = random.chance(3, in: 4) ? GenNode.string(random.pick(Schema.strings)) : string(d, scope)
        if method == "starts(with:" {
            return .make(.bool, "{0:3}.starts(with: {1:0})", [receiver, argument], level: 3)
        }
        return .make(.bool, "{0:3}.\(method)({1:0})", [receiver, argument], level: 3)
    }

    mutating func caseInsensitive(_ d: Int, _ scope: GenScope) -> GenNode? {
        let receiver = stringOperand(d, scope)
        let argument = random.chance(3, in: 4) ? GenNode.string(random.pick(Schema.strings)) : string(d, scope)
        let result = random.weighted([6, 1, 1])
        let name = [".orderedSame", ".orderedAscending", ".orderedDescending"][result]
        let op = random.chance(3, in: 4) ? "==" : "!="
        return .make(.bool, "{0:3}.caseInsensitiveCompare({1:0}) \(op) \(name)", [receiver, argument], level: 0)
    }

    /// A to-many relationship reachable here, optionally through an optional to-one.
    mutating func manyPath(_ scope: GenScope, allowOptional: Bool) -> (node: GenNode, element: String, optional: Bool)? {
        var candidates: [(GenNode, String, Bool)] = []
        for model in Schema.members.keys.sorted() {
            for node in paths(.many(model), scope) { candidates.append((node, model, false)) }
            if allowOptional {
                for node in paths(.optional(.many(model)), scope) { candidates.append((node, model, true)) }
            }
        }
        guard !candidates.isEmpty else { return nil }
        let picked = random.pick(candidates)
        return (picked.0, picked.1, picked.2)
    }

    /// A closure over the elements of `model`: `{ $0.title == "x" }` or `{ tag2 in ... }`.
    mutating func closure(_ model: String, _ d: Int, _ scope: GenScope) -> (open: String, body: GenNode) {
        let named = scope.closureDepth > 0 || random.chance(1, in: 3) ? random.chance(2, in: 3) : false
        let name = named ? freshName(Schema.variablePrefix[model]!) : "$0"
        let inner = scope.enteringClosure(GenVariable(name: name, type: .object(model)))
        let body = boolean(d, inner)
        return (named ? "{ \(name) in " : "{ ", body)
    }

    mutating func quantifier(_ d: Int, _ scope: GenScope) -> GenNode? {
        guard scope.closureDepth < 3, let (rel, element, optional) = manyPath(scope, allowOptional: true) else { return nil }
        let method = random.pick(["contains", "contains", "allSatisfy"])
        let (open, body) = closure(element, d, scope)
        let call = GenNode.make(
            optional ? .optional(.bool) : .bool, "{0:2}.\(method) \(open){1:0} }", [rel, body],
            level: optional ? 2 : 3, role: .binder)
        return optional ? unwrapBoolean(call) : call
    }

    /// A `Bool?` made a `Bool`: `x == true`, `x != false`, `x ?? false`, `!(x ?? true)`.
    mutating func unwrapBoolean(_ node: GenNode) -> GenNode {
        switch random.below(5) {
        case 0: return .make(.bool, "{0} == true", [node], level: 0)
        case 1: return .make(.bool, "{0} != false", [node], level: 0)
        case 2: return .make(.bool, "{0} == false", [node], level: 0)
        case 3: return .make(.bool, "({0} ?? true)", [node], level: 3)
        default: return .make(.bool, "({0} ?? false)", [node], level: 3)
        }
    }

    mutating func countComparison(_ d: Int, _ scope: GenScope) -> GenNode? {
        guard let count = relationshipCount(d, scope) else { return nil }
        let op = random.pick(["==", "!=", "<", "<=", ">", ">="])
        let bound = random.chance(3, in: 4) ? GenNode.int(Int64(random.int(in: 0...4))) : integer(d, scope)
        return .make(.bool, "{0} \(op) {1}", [count, bound], level: 0)
    }

    /// `rel.count`, `rel.filter { }.count`, `rel.count(where: { })`.
    mutating func relationshipCount(_ d: Int, _ scope: GenScope) -> GenNode? {
        guard let (rel, element, _) = manyPath(scope, allowOptional: false) else { return nil }
        switch random.below(3) {
        case 0:
            return .make(.int, "{0:2}.count", [rel], level: 3)
        case 1:
            guard scope.closureDepth < 3 else { return .make(.int, "{0:2}.count", [rel], level: 3) }
            let (open, body) = closure(element, d, scope)
            return .make(.int, "{0:2}.filter \(open){1:0} }.count", [rel, body], level: 3, role: .binder)
        default:
            guard scope.closureDepth < 3 else { return .make(.int, "{0:2}.count", [rel], level: 3) }
            let (open, body) = closure(element, d, scope)
            return .make(.int, "{0:2}.count(where: \(open){1:0} })", [rel, body], level: 3, role: .binder)
        }
    }

    mutating func nilCheck(_ d: Int, _ scope: GenScope) -> GenNode? {
        let candidates: [GenType] = [
            .optional(.string), .optional(.int), .optional(.date), .optional(.priority), .optional(.object("Company")), .optional(.bool),
        ]
        let available = candidates.filter { hasPath($0, scope) }
        guard !available.isEmpty else { return nil }
        let type = random.pick(available)
        guard let value = random.chance(2, in: 3) ? path(type, scope) : concrete(type, d, scope) else { return nil }
        let op = random.chance(1, in: 2) ? "==" : "!="
        return random.chance(1, in: 5)
            ? .make(.bool, "nil \(op) {0}", [value], level: 0)
            : .make(.bool, "{0} \(op) nil", [value], level: 0)
    }

    mutating func optionalBoolean(_ d: Int, _ scope: GenScope) -> GenNode? {
        guard let value = optionalBoolValue(d, scope) else { return nil }
        return unwrapBoolean(value)
    }

    /// A `Bool?`: `$0.nickname?.isEmpty`, `$0.company?.users.isEmpty`, `$0.company?.name.contains("a")`.
    mutating func optionalBoolValue(_ d: Int, _ scope: GenScope) -> GenNode? {
        switch random.below(3) {
        case 0:
            guard let text = path(.optional(.string), scope) else { return nil }
            return .make(.optional(.bool), "{0:3}?.isEmpty", [text], level: 2)
        case 1:
            guard let text = path(.optional(.string), scope) else { return nil }
            let method = random.pick(["contains", "hasPrefix", "localizedStandardContains", "hasSuffix"])
            return .make(.optional(.bool), "{0:3}?.\(method)({1:0})", [text, .string(random.pick(Schema.strings))], level: 2)
        default:
            guard let (rel, _, optional) = manyPath(scope, allowOptional: true), optional else { return nil }
            return .make(.optional(.bool), "{0:2}.isEmpty", [rel], level: 2)
        }
    }

    mutating func ifLet(_ type: GenType, _ d: Int, _ scope: GenScope) -> GenNode? {
        let sources: [GenType] = [
            .optional(.string), .optional(.int), .optional(.date), .optional(.priority), .optional(.object("Company")),
        ]
        let available = sources.filter { hasPath($0, scope) }
        guard !available.isEmpty, let source = path(random.pick(available), scope) else { return nil }
        let bound = source.type.unwrapped
        let base: String
        switch bound {
        case .object(let model): base = Schema.variablePrefix[model]!
        case .string: base = "text"
        case .int: base = "number"
        case .date: base = "day"
        case .priority: base = "level"
        default: base = "value"
        }
        let name = freshName(base)
        let inner = scope.binding(GenVariable(name: name, type: bound))
        let needsConcrete = type.isOptional || type == .priority || type == .status
        guard let then = needsConcrete ? concrete(type, d, inner) : expression(type, d, inner),
            let otherwise = expression(type, d, scope)
        else { return nil }
        var node = GenNode.make(type, "if let \(name) = {0:0} { {1:0} } else { {2:0} }", [source, then, otherwise], level: 0, role: .binder)
        node.needsExpectation = then.needsExpectation || otherwise.needsExpectation
        return node
    }

    mutating func rangeContains(_ d: Int, _ scope: GenScope) -> GenNode? {
        var types: [GenType] = [.int, .int, .int, .double, .string, .date]
        if hasPriority(scope) { types += [.priority, .priority] }
        let type = random.pick(types)
        guard var lower = expression(type, d, scope), var upper = expression(type, d, scope) else { return nil }
        if let a = literalOrder(lower), let b = literalOrder(upper), a.isGreater(than: b) { swap(&lower, &upper) }
        let bareCase = type == .priority ? Self.priorityCases.first(where: { lower.render() == "." + $0 }) : nil
        if let name = bareCase, random.chance(1, in: 2) { lower = .leaf("Priority." + name, .priority) }
        if type == .priority, lower.needsContext, upper.needsContext {
            // `.low ... .high` names no type: the lower bound says it (`Priority.low ... .high`).
            if let name = bareCase {
                lower = .leaf("Priority." + name, .priority)
            } else if let typed = concrete(.priority, d, scope) {
                lower = typed
                if let a = literalOrder(lower), let b = literalOrder(upper), a.isGreater(than: b) { return nil }
            } else {
                return nil
            }
        }
        guard let value = concrete(type, d, scope) else { return nil }
        let op = random.chance(1, in: 2) ? "..." : "..<"
        return .make(.bool, "({0} \(op) {1}).contains({2:0})", [lower, upper, value], level: 3)
    }

    mutating func arrayContains(_ d: Int, _ scope: GenScope) -> GenNode? {
        var types: [GenType] = [.int, .int, .string, .string, .double]
        if hasPath(.status, scope) { types.append(.status) }
        if hasPath(.date, scope) { types.append(.date) }
        let type = random.pick(types)
        let count = random.int(in: 1...4)
        var elements: [GenNode] = []
        for _ in 0..<count {
            if type == .status {
                elements.append(.leaf("." + random.pick(["todo", "inProgress", "done"]), .status, needsContext: true))
            } else if random.chance(3, in: 4), let literal = literal(type) {
                elements.append(literal)
            } else if let element = expression(type, max(0, d - 1), scope) {
                elements.append(element)
            }
        }
        guard !elements.isEmpty, let value = concrete(type, d, scope) else { return nil }
        var pieces: [GenNode.Piece] = [.text("[")]
        for index in elements.indices {
            if index > 0 { pieces.append(.text(", ")) }
            pieces.append(.child(index, need: 0))
        }
        pieces.append(.text("].contains("))
        pieces.append(.child(elements.count, need: 0))
        pieces.append(.text(")"))
        return GenNode(.bool, pieces, elements + [value], level: 3)
    }

    mutating func isEmpty(_ d: Int, _ scope: GenScope) -> GenNode? {
        if random.chance(1, in: 2), let (rel, _, optional) = manyPath(scope, allowOptional: false), !optional {
            return .make(.bool, "{0:2}.isEmpty", [rel], level: 3)
        }
        return .make(.bool, "{0:3}.isEmpty", [stringOperand(d, scope)], level: 3)
    }

    /// `opt.map { ... } == nil`, `opt.flatMap { ... } != nil`.
    mutating func mapCompared(_ d: Int, _ scope: GenScope) -> GenNode? {
        let sources: [GenType] = [.optional(.string), .optional(.object("Company")), .optional(.int)]
        let available = sources.filter { hasPath($0, scope) }
        guard !available.isEmpty, let source = path(random.pick(available), scope) else { return nil }
        let bound = source.type.unwrapped
        let named = random.chance(1, in: 2)
        let name = named ? freshName("it") : "$0"
        let inner = scope.enteringClosure(GenVariable(name: name, type: bound))
        let bodyType = random.pick([GenType.optional(.string), .string, .int, .optional(.int)])
        guard let body = concrete(bodyType, d, inner) else { return nil }
        // `map` with an optional body would make a nested optional, which Sift rejects.
        let method = !bodyType.isOptional && random.chance(1, in: 2) ? "map" : "flatMap"
        let op = random.chance(1, in: 2) ? "==" : "!="
        let open = named ? "{ \(name) in " : "{ "
        let call = GenNode.make(.optional(bodyType.unwrapped), "{0:3}.\(method) \(open){1:0} }", [source, body], level: 3, role: .binder)
        return .make(.bool, "{0} \(op) nil", [call], level: 0)
    }

    // MARK: Literals

    mutating func literal(_ type: GenType) -> GenNode? {
        switch type {
        case .int:
            let value = random.pick(Schema.ints)
            return .int(value, hex: value > 0xFFFF && value <= 0xFFFFFF && random.chance(1, in: 2))
        case .double: return .double(random.pick(Schema.doubles))
        case .string: return .string(random.pick(Schema.strings))
        case .bool: return .bool(random.chance(1, in: 2))
        default: return nil
        }
    }

    /// Priority's cases in the order of its `<` (by raw value 1, 2, 3).
    static let priorityCases = ["low", "medium", "high"]

    struct LiteralOrder: Equatable {
        var int: Int64?
        var double: Double?
        var string: String?
        /// The position of a `Priority` case in `priorityCases`.
        var priority: Int?
        func isGreater(than other: LiteralOrder) -> Bool {
            if let a = int, let b = other.int { return a > b }
            if let a = priority, let b = other.priority { return a > b }
            if let a = double, let b = other.double { return a > b }
            if let a = string, let b = other.string { return a > b }
            return false
        }
    }

    func literalOrder(_ node: GenNode) -> LiteralOrder? {
        switch node.role {
        case .intLiteral(let value): return LiteralOrder(int: value)
        case .doubleLiteral(let value): return LiteralOrder(double: value)
        case .stringLiteral(let value): return LiteralOrder(string: value)
        case .leaf where node.type == .priority:
            // `.high` or `Priority.high`: the checker compares constant bounds by raw value.
            let text = node.render()
            return Self.priorityCases.firstIndex { text == "." + $0 || text == "Priority." + $0 }.map { LiteralOrder(priority: $0) }
        default:
            // `-literal`: the checker folds it into a negative literal, and so must the generator.
            guard node.level == 1, node.children.count == 1 else { return nil }
            switch node.children[0].role {
            case .intLiteral(let value) where node.render() == "-" + node.children[0].render(): return LiteralOrder(int: -value)
            case .doubleLiteral(let value) where node.render() == "-" + node.children[0].render(): return LiteralOrder(double: -value)
            default: return nil
            }
        }
    }

    // MARK: Int

    mutating func integer(_ depth: Int, _ scope: GenScope) -> GenNode {
        if depth <= 0 { return integerLeaf(scope) }
        let d = depth - 1
        while true {
            let node: GenNode?
            switch random.weighted([8, 8, 10, 3, 3, 2, 4, 3, 2, 2, 2, 2, 3]) {
            case 0: node = integerLeaf(scope)
            case 1: node = path(.int, scope)
            case 2: node = arithmetic(.int, d, scope)
            case 3:
                let operand = integer(d, scope)
                node = .make(.int, "-{0:3}", [operand], level: 1, needsContext: operand.needsContext)
            case 4: node = .make(.int, "{0:3}.count", [stringOperand(d, scope)], level: 3)
            case 5: node = relationshipCount(d, scope)
            case 6: node = coalesce(.int, d, scope)
            case 7: node = .make(.int, "Int({0:0})", [concrete(.double, d, scope)!], level: 3)
            case 8: node = ternary(.int, d, scope)
            case 9: node = ifLet(.int, d, scope)
            case 10: node = extremum(.int, d, scope)
            case 11: node = forceUnwrapped(.int, scope)
            default:
                if let priority = path(.optional(.priority), scope) {
                    node = .make(.int, "({0:3}?.rawValue ?? {1})", [priority, .int(Int64(random.int(in: 0...3)))], level: 3)
                } else {
                    node = paths(.priority, scope).isEmpty ? nil : .make(.int, "{0:3}.rawValue", [path(.priority, scope)!], level: 3)
                }
            }
            if let node { return node }
        }
    }

    mutating func integerLeaf(_ scope: GenScope) -> GenNode {
        switch random.below(6) {
        case 0, 1, 2: if let path = path(.int, scope) { return path }
        case 3: return .parameter("minimumAge", .int)
        default: break
        }
        return literal(.int)!
    }

    mutating func arithmetic(_ type: GenType, _ d: Int, _ scope: GenScope) -> GenNode? {
        let ops = type == .int ? ["+", "-", "*", "/", "%"] : ["+", "-", "*", "/"]
        let op = random.pick(ops)
        guard let lhs = expression(type, d, scope) else { return nil }
        var rhs: GenNode
        if type == .double, op == "/" {
            // Often by a non-zero constant; otherwise by zero or any value: ±infinity, and NaN
            // from 0.0 / 0.0 and infinity / infinity.
            switch random.below(4) {
            case 0: rhs = .double(0.0)
            case 1: rhs = expression(type, d, scope) ?? .double(0.0)
            default: rhs = .double(random.pick([2.0, 4.0, -0.5, 0.25, 3.0, 10.0]))
            }
        } else {
            guard let right = expression(type, d, scope) else { return nil }
            rhs = right
            // A literal zero divisor (also written `-0`) is a compile-time error, as in Swift.
            if op == "/" || op == "%", literalOrder(rhs) == LiteralOrder(int: 0) { rhs = .int(random.pick([1, 2, 3, 7, -1])) }
        }
        return .make(type, "{0} \(op) {1}", [lhs, rhs], level: 0, needsContext: lhs.needsContext && rhs.needsContext)
    }

    mutating func coalesce(_ type: GenType, _ d: Int, _ scope: GenScope) -> GenNode? {
        guard let value = optionalValue(type, d, scope), !value.needsContext, !value.needsExpectation, let fallback = expression(type, d, scope) else { return nil }
        return .make(type, "{0} ?? {1}", [value, fallback], level: 0)
    }

    /// `[a, b].max() ?? c` over values.
    mutating func extremum(_ type: GenType, _ d: Int, _ scope: GenScope) -> GenNode? {
        let fallback = type == .priority ? GenNode.leaf("." + random.pick(Self.priorityCases), .priority, needsContext: true) : literal(type)
        guard let first = concrete(type, d, scope), let second = expression(type, d, scope), let fallback else { return nil }
        let method = random.chance(1, in: 2) ? "max" : "min"
        return .make(type, "([{0:0}, {1:0}].\(method)() ?? {2})", [first, second, fallback], level: 3)
    }

    // MARK: Double

    mutating func double(_ depth: Int, _ scope: GenScope) -> GenNode {
        if depth <= 0 { return doubleLeaf(scope) }
        let d = depth - 1
        while true {
            let node: GenNode?
            switch random.weighted([6, 6, 8, 6, 2, 3, 2, 2, 2]) {
            case 0: node = doubleLeaf(scope)
            case 1: node = path(.double, scope)
            case 2: node = arithmetic(.double, d, scope)
            case 3: node = .make(.double, "Double({0:0})", [concrete(.int, d, scope)!], level: 3)
            case 4:
                let operand = double(d, scope)
                node = .make(.double, "-{0:3}", [operand], level: 1, needsContext: operand.needsContext)
            case 5: node = ternary(.double, d, scope)
            case 6: node = coalesce(.double, d, scope)
            case 7:
                // A date's seconds, since 2001 or since 1970, in each storage a date column has.
                let property = random.chance(1, in: 2) ? "timeIntervalSinceReferenceDate" : "timeIntervalSince1970"
                node = .make(.double, "{0:3}.\(property)", [date(d, scope)], level: 3)
            default: node = extremum(.double, d, scope)
            }
            if let node { return node }
        }
    }

    mutating func doubleLeaf(_ scope: GenScope) -> GenNode {
        switch random.below(6) {
        case 0, 1, 2: if let path = path(.double, scope) { return path }
        case 3: return .parameter("threshold", .double)
        default: break
        }
        return literal(.double)!
    }

    // MARK: String

    mutating func string(_ depth: Int, _ scope: GenScope) -> GenNode {
        if depth <= 0 { return stringLeaf(scope) }
        let d = depth - 1
        while true {
            let node: GenNode?
            switch random.weighted([8, 8, 4, 4, 4, 2, 2, 2, 2]) {
            case 0: node = stringLeaf(scope)
            case 1: node = path(.string, scope)
            case 2: node = .make(.string, "{0:3}.lowercased()", [stringOperand(d, scope)], level: 3)
            case 3: node = .make(.string, "{0:3}.uppercased()", [stringOperand(d, scope)], level: 3)
            case 4: node = coalesce(.string, d, scope)
            case 5: node = ternary(.string, d, scope)
            case 6: node = .make(.string, "{0} + {1}", [string(d, scope), string(d, scope)], level: 0)
            case 7: node = forceUnwrapped(.string, scope)
            default: node = ifLet(.string, d, scope)
            }
            if let node { return node }
        }
    }

    mutating func stringLeaf(_ scope: GenScope) -> GenNode {
        switch random.below(6) {
        case 0, 1: if let path = path(.string, scope) { return path }
        case 2: if random.chance(1, in: 3) { return .parameter("searchString", .string) }
        default: break
        }
        return literal(.string)!
    }

    // MARK: Date

    mutating func date(_ depth: Int, _ scope: GenScope) -> GenNode {
        let parameter = GenNode.parameter(random.pick(["startDate", "endDate"]), .date)
        if depth <= 0 { return random.chance(1, in: 2) ? path(.date, scope) ?? parameter : parameter }
        let d = depth - 1
        switch random.below(7) {
        case 0, 1: return path(.date, scope) ?? parameter
        case 2: return coalesce(.date, d, scope) ?? parameter
        case 3: return ternary(.date, d, scope) ?? parameter
        case 4: return ifLet(.date, d, scope) ?? parameter
        case 5: return forceUnwrapped(.date, scope) ?? parameter
        default: return parameter
        }
    }

    // MARK: Enums

    mutating func enumeration(_ type: GenType, _ depth: Int, _ scope: GenScope) -> GenNode? {
        let cases = type == .priority ? Self.priorityCases : ["todo", "inProgress", "done"]
        let parameter = type == .priority ? "wantedPriority" : "wantedStatus"
        switch random.below(depth <= 0 ? 3 : type == .priority && hasPriority(scope) ? 7 : 5) {
        case 0: return .leaf("." + random.pick(cases), type, needsContext: true)
        case 1: return path(type, scope) ?? .leaf("." + random.pick(cases), type, needsContext: true)
        case 2: return random.chance(1, in: 3) ? .parameter(parameter, type) : path(type, scope) ?? .parameter(parameter, type)
        case 3: return coalesce(type, depth - 1, scope)
        case 4: return ternary(type, depth - 1, scope)
        default: return extremum(type, depth - 1, scope) ?? ternary(type, depth - 1, scope)
        }
    }

    // MARK: Optionals

    /// An optional value: a path, `nil`, `c ? x : nil`, a chain result, `flatMap`.
    mutating func optional(_ wrapped: GenType, _ depth: Int, _ scope: GenScope) -> GenNode? {
        let type = GenType.optional(wrapped)
        if depth <= 0 || random.chance(1, in: 2) {
            if random.chance(1, in: 5) { return .leaf("nil", type, role: .leaf, needsContext: true) }
            return optionalValue(wrapped, depth, scope)
        }
        return optionalValue(wrapped, depth, scope)
    }

    mutating func optionalValue(_ wrapped: GenType, _ depth: Int, _ scope: GenScope) -> GenNode? {
        let type = GenType.optional(wrapped)
        let d = max(0, depth - 1)
        switch random.below(depth <= 0 ? 2 : 7) {
        case 0, 1:
            if let path = path(type, scope) { return path }
        case 2:
            // `c ? x : nil`
            if let value = concrete(wrapped, d, scope) {
                var node = GenNode.make(type, "{0} ? {1} : nil", [boolean(d, scope), value], level: 0)
                node.needsExpectation = true
                return node
            }
        case 3:
            // Chains on an optional string: `$0.nickname?.lowercased()`, `(x)?.count`.
            if let text = path(.optional(.string), scope) {
                if wrapped == .string { return .make(type, "{0:3}?.\(random.pick(["lowercased()", "uppercased()"]))", [text], level: 2) }
                if wrapped == .int { return .make(type, "{0:3}?.count", [text], level: 2) }
                if wrapped == .bool { return optionalBoolValue(d, scope) }
            }
            if wrapped == .int, let priority = path(.optional(.priority), scope) {
                return .make(type, "{0:3}?.rawValue", [priority], level: 2)
            }
            if wrapped == .int, let (rel, _, optional) = manyPath(scope, allowOptional: true), optional {
                return .make(type, "{0:2}.count", [rel], level: 2)
            }
        case 4:
            // `source.flatMap { ... }`
            let sources: [GenType] = [.optional(.object("Company")), .optional(.string), .optional(.int), .optional(.date)]
            let available = sources.filter { hasPath($0, scope) }
            if !available.isEmpty, let source = path(random.pick(available), scope) {
                let named = random.chance(1, in: 2)
                let name = named ? freshName("it") : "$0"
                let inner = scope.enteringClosure(GenVariable(name: name, type: source.type.unwrapped))
                let bodyType = random.chance(1, in: 2) ? type : wrapped
                if let body = concrete(bodyType, d, inner) {
                    let open = named ? "{ \(name) in " : "{ "
                    return .make(type, "{0:3}.flatMap \(open){1:0} }", [source, body], level: 3, role: .binder)
                }
            }
        case 5:
            if let node = ifLet(type, d, scope) { return node }
        default:
            if let node = ternary(type, d, scope) { return node }
        }
        return path(type, scope)
    }
}

/// A generated query: the model, the form it is written in, the filter, sort keys, limit and offset.
struct GeneratedQuery {
    enum Form { case predicate, fetchDescriptor, concise }

    struct SortKey: Equatable {
        var path: String
        var reverse: Bool
        var localizedStandard: Bool
    }

    var model: String
    var form: Form
    var rootName: String
    var filter: GenNode?
    var sort: [SortKey]
    var limit: Int?
    var offset: Int?

    var isOrdered: Bool { !sort.isEmpty }

    func render() -> String {
        let body = filter?.render() ?? "true"
        switch form {
        case .predicate:
            let open = rootName == "$0" ? "{ " : "{ \(rootName) in "
            return "#Predicate<\(model)> \(open)\(body) }"
        case .fetchDescriptor:
            var arguments: [String] = []
            if let filter {
                let open = rootName == "$0" ? "{ " : "{ \(rootName) in "
                arguments.append("predicate: #Predicate \(open)\(filter.render()) }")
            }
            if !sort.isEmpty {
                let keys = sort.map { key in
                    var text = "SortDescriptor(\\.\(key.path)"
                    if key.localizedStandard { text += ", comparator: .localizedStandard" }
                    if key.reverse { text += ", order: .reverse" }
                    return text + ")"
                }
                arguments.append("sortBy: [\(keys.joined(separator: ", "))]")
            }
            if let limit { arguments.append("fetchLimit: \(limit)") }
            if let offset { arguments.append("fetchOffset: \(offset)") }
            return "FetchDescriptor<\(model)>(\(arguments.joined(separator: ", ")))"
        case .concise:
            var text = model
            if let filter { text += " where " + filter.render() }
            if !sort.isEmpty { text += " sort by " + sort.map { $0.path + ($0.reverse ? " desc" : "") }.joined(separator: ", ") }
            if let limit { text += " limit \(limit)" }
            if let offset { text += " offset \(offset)" }
            return text
        }
    }
}
