import Sift

/// The fuzzer's bytes as a stream of choices; zeros once exhausted (so every input ends quickly).
struct ByteStream {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// A choice in `0..<count` (0 when `count` is 0 or 1).
    mutating func below(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        if count <= 256 { return Int(byte()) % count }
        return (Int(byte()) << 8 | Int(byte())) % count
    }

    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index chosen by weight.
    mutating func weighted(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        var roll = below(total)
        for (index, weight) in weights.enumerated() {
            if roll < weight { return index }
            roll -= weight
        }
        return weights.count - 1
    }
}

/// A type as the generator sees it: what the schema's members and Swift's literals have.
indirect enum GenType: Hashable, Sendable {
    case scalar(ScalarType)
    case optional(GenType)
    case object(String)
    case many(String)

    var unwrapped: GenType { if case .optional(let wrapped) = self { wrapped.unwrapped } else { self } }
    var isOptional: Bool { if case .optional = self { true } else { false } }

    var isComparable: Bool {
        if case .scalar(let scalar) = self { scalar.isComparable } else { false }
    }

    /// Spelled as in Swift (for closure parameter annotations and generic arguments).
    var swiftName: String {
        switch self {
        case .scalar(let scalar): scalar.description
        case .optional(let wrapped): wrapped.swiftName + "?"
        case .object(let name): name
        case .many(let name): "[\(name)]"
        }
    }

    static let bool = GenType.scalar(.bool)
    static let int = GenType.scalar(.integer(.int))
    static let double = GenType.scalar(.double)
    static let string = GenType.scalar(.string)
    static let date = GenType.scalar(.date)
}

/// Generates query text from the fuzzer's bytes over a schema: mostly well-typed (so the input
/// reaches the type checker and the lowering), sometimes deliberately not (so the checker's
/// diagnostics are exercised on deep trees too).
struct ByteGenerator {
    var input: ByteStream
    let schema: Schema
    private var names = 0
    /// Nodes still allowed: bounds the text whatever the bytes.
    private var budget = 160

    init(bytes: [UInt8], schema: Schema) {
        input = ByteStream(bytes)
        self.schema = schema
    }

    struct Variable {
        var name: String
        var type: GenType
    }

    struct Scope {
        var variables: [Variable]

        func entering(_ variable: Variable) -> Scope {
            var scope = self
            if variable.name != "$0" { scope.variables.removeAll { $0.name == "$0" } }
            scope.variables.removeAll { $0.name == variable.name }
            scope.variables.append(variable)
            return scope
        }
    }

    // MARK: Queries

    mutating func query() -> String {
        guard !schema.models.isEmpty else { return "#Predicate<User> { true }" }
        let model = input.pick(schema.models).name
        let form = input.weighted([5, 2, 3, 2, 3, 1])
        switch form {
        case 0:  // #Predicate
            let (root, scope) = rootVariable(model, allowNamed: true)
            return "#Predicate<\(model)> { \(root)\(boolean(4, scope)) }"
        case 1:  // SortDescriptor / [SortDescriptor]
            let keys = (0..<(1 + input.below(3))).map { _ in sortDescriptor(model, qualified: true) }
            return keys.count == 1 && input.chance(1, in: 2) ? keys[0] : "[" + keys.joined(separator: ", ") + "]"
        case 2:  // FetchDescriptor
            return fetchDescriptor(model)
        case 3:  // @Query
            var arguments: [String] = []
            if input.chance(3, in: 4) {
                let (root, scope) = rootVariable(model, allowNamed: true)
                arguments.append("filter: #Predicate<\(model)> { \(root)\(boolean(3, scope)) }")
            }
            if input.chance(2, in: 3), let key = sortPath(model) {
                arguments.append("sort: \\\(model).\(key)")
                if input.chance(1, in: 2) { arguments.append("order: ." + input.pick(["forward", "reverse"])) }
            } else if input.chance(1, in: 2) {
                arguments.append("sort: [" + sortDescriptor(model, qualified: true) + "]")
            }
            if input.chance(1, in: 6) { arguments.append("animation: .default") }
            let declaration = input.chance(1, in: 2) ? " private var rows: [\(model)]" : ""
            return "@Query(" + arguments.joined(separator: ", ") + ")" + declaration
        case 4:  // concise
            var text = model
            let scope = Scope(variables: [Variable(name: "", type: .object(model))])
            for clause in 0..<4 where input.chance(clause == 0 ? 4 : 2, in: 5) {
                switch clause {
                case 0: text += " where " + boolean(4, scope)
                case 1:
                    let keys = (0..<(1 + input.below(3))).compactMap { _ -> String? in
                        guard let key = sortPath(model) else { return nil }
                        return key + input.pick(["", " asc", " desc", " ascending", " descending"])
                    }
                    if !keys.isEmpty { text += input.pick([" sort by ", " order by ", "\nsort by "]) + keys.joined(separator: ", ") }
                case 2: text += " limit " + count()
                default: text += " offset " + count()
                }
            }
            return text
        default:  // a bare expression in a #Predicate, of any type: mostly rejected
            let (root, scope) = rootVariable(model, allowNamed: false)
            return "#Predicate<\(model)> { \(root)\(anyExpression(3, scope)) }"
        }
    }

    mutating func rootVariable(_ model: String, allowNamed: Bool) -> (String, Scope) {
        if allowNamed, input.chance(1, in: 3) {
            let name = model.prefix(1).lowercased() + model.dropFirst()
            let annotated = input.chance(1, in: 3) ? "(\(name): \(model))" : name
            return (annotated + " in ", Scope(variables: [Variable(name: name, type: .object(model))]))
        }
        return ("", Scope(variables: [Variable(name: "$0", type: .object(model))]))
    }

    mutating func fetchDescriptor(_ model: String) -> String {
        var arguments: [String] = []
        if input.chance(4, in: 5) {
            let (root, scope) = rootVariable(model, allowNamed: true)
            arguments.append("predicate: #Predicate { \(root)\(boolean(4, scope)) }")
        }
        if input.chance(1, in: 2) {
            let keys = (0..<(1 + input.below(3))).map { _ in sortDescriptor(model, qualified: false) }
            arguments.append("sortBy: [" + keys.joined(separator: ", ") + "]")
        }
        if input.chance(1, in: 2) { arguments.append("fetchLimit: " + count()) }
        if input.chance(1, in: 3) { arguments.append("fetchOffset: " + count()) }
        if input.chance(1, in: 8) { arguments.append("includePendingChanges: false") }
        return "FetchDescriptor<\(model)>(" + arguments.joined(separator: ", ") + ")"
    }

    mutating func count() -> String {
        input.pick(["0", "1", "10", "pageSize", "-1", "1.5", "9223372036854775807", "0x10", "2 + 3", "offset"])
    }

    mutating func sortDescriptor(_ model: String, qualified: Bool) -> String {
        let path = sortPath(model) ?? "id"
        var text = "SortDescriptor(\\" + (qualified || input.chance(1, in: 4) ? model : "") + "." + path
        if input.chance(1, in: 3) { text += ", comparator: ." + input.pick(["localizedStandard", "lexical", "localized"]) }
        if input.chance(1, in: 2) { text += ", order: ." + input.pick(["forward", "reverse"]) }
        return text + ")"
    }

    /// A member path from a model to a sortable (or, rarely, unsortable) attribute.
    mutating func sortPath(_ model: String) -> String? {
        guard let found = schema.model(named: model) else { return nil }
        var path = ""
        var current = found
        for _ in 0..<3 {
            guard !current.members.isEmpty else { return nil }
            let member = input.pick(current.members)
            switch member {
            case .attribute(let attribute):
                return path + attribute.name
            case .relationship(let relationship):
                if relationship.isToMany && !input.chance(1, in: 8) { continue }
                path += relationship.name + (relationship.cardinality == .toOne(isOptional: true) ? "?." : ".")
                guard let target = schema.model(named: relationship.target) else { return path + "id" }
                current = target
            }
        }
        return path + (current.attributes.first?.name ?? "id")
    }

    // MARK: Paths

    /// Paths from the visible variables that have `type` (one or two members deep).
    func paths(_ type: GenType, _ scope: Scope) -> [String] {
        var found: [String] = []
        for variable in scope.variables {
            func access(_ member: String) -> String { variable.name.isEmpty ? member : variable.name + "." + member }
            if variable.type == type, !variable.name.isEmpty { found.append(variable.name) }
            guard case .object(let modelName) = variable.type, let model = schema.model(named: modelName) else { continue }
            for member in model.members {
                let memberType = Self.type(of: member)
                if memberType == type { found.append(access(member.name)) }
                switch memberType {
                case .object(let target):
                    for inner in schema.model(named: target)?.members ?? [] where Self.type(of: inner) == type {
                        found.append(access(member.name) + "." + inner.name)
                    }
                case .optional(.object(let target)):
                    for inner in schema.model(named: target)?.members ?? [] {
                        let innerType = Self.type(of: inner)
                        if innerType == type.unwrapped && type.isOptional || innerType == type && type.isOptional {
                            found.append(access(member.name) + "?." + inner.name)
                        }
                    }
                default: break
                }
            }
        }
        return found
    }

    static func type(of member: Model.Member) -> GenType {
        switch member {
        case .attribute(let attribute):
            return attribute.isOptional ? .optional(.scalar(attribute.type)) : .scalar(attribute.type)
        case .relationship(let relationship):
            switch relationship.cardinality {
            case .toMany: return .many(relationship.target)
            case .toOne(let isOptional): return isOptional ? .optional(.object(relationship.target)) : .object(relationship.target)
            }
        }
    }

    /// Every type some path in scope has.
    func pathTypes(_ scope: Scope) -> [GenType] {
        var types: [GenType] = []
        for variable in scope.variables {
            if !types.contains(variable.type) { types.append(variable.type) }
            guard case .object(let modelName) = variable.type, let model = schema.model(named: modelName) else { continue }
            for member in model.members where !types.contains(Self.type(of: member)) { types.append(Self.type(of: member)) }
        }
        return types
    }

    mutating func path(_ type: GenType, _ scope: Scope) -> String? {
        let found = paths(type, scope)
        return found.isEmpty ? nil : input.pick(found)
    }

    mutating func freshName(_ base: String) -> String {
        names += 1
        return base + String(names)
    }

    // MARK: Expressions

    mutating func anyExpression(_ depth: Int, _ scope: Scope) -> String {
        let types = pathTypes(scope) + [.bool, .int, .double, .string, .date]
        return expression(input.pick(types), depth, scope)
    }

    mutating func expression(_ type: GenType, _ depth: Int, _ scope: Scope) -> String {
        budget -= 1
        let depth = budget <= 0 ? 0 : depth
        // Now and then, the wrong type on purpose: the checker must explain, not crash.
        if depth > 0, input.chance(1, in: 40) {
            return expression(input.pick([.bool, .int, .double, .string, .optional(.string)]), depth - 1, scope)
        }
        switch type {
        case .scalar(.bool): return boolean(depth, scope)
        case .scalar(.integer(let kind)): return integer(kind, depth, scope)
        case .scalar(.double), .scalar(.float): return floating(type, depth, scope)
        case .scalar(.string): return string(depth, scope)
        case .scalar(.date): return path(type, scope) ?? input.pick(["startDate", "endDate", "Date.now"])
        case .scalar(.enumeration(let name)): return enumeration(name, scope)
        case .scalar: return path(type, scope) ?? freshName("value")
        case .optional(let wrapped): return optional(wrapped, depth, scope)
        case .object, .many: return path(type, scope) ?? freshName("object")
        }
    }

    mutating func boolean(_ depth: Int, _ scope: Scope) -> String {
        if depth <= 0 {
            return path(.bool, scope) ?? input.pick(["true", "false", "flag", "isActive"])
        }
        let d = depth - 1
        switch input.weighted([14, 10, 3, 12, 2, 10, 3, 10, 5, 6, 3, 4, 4, 4, 3, 2, 2]) {
        case 0:  // == !=
            let type = equatableType(scope)
            let left = expression(type, d, scope)
            let right = type.isOptional && input.chance(1, in: 3) ? "nil" : expression(type, d, scope)
            return "\(left) \(input.pick(["==", "!="])) \(right)"
        case 1:  // ordering
            let type = input.pick(comparableTypes(scope))
            return "\(expression(type, d, scope)) \(input.pick(["<", "<=", ">", ">="])) \(expression(type, d, scope))"
        case 2: return "!" + parenthesized(boolean(d, scope))
        case 3:
            let op = input.pick(["&&", "||"])
            return (0..<(2 + input.below(2))).map { _ in parenthesizedIfNeeded(boolean(d, scope)) }.joined(separator: " \(op) ")
        case 4: return "(\(boolean(d, scope)) ? \(boolean(d, scope)) : \(boolean(d, scope)))"
        case 5:  // string tests
            let method = input.pick(["contains", "hasPrefix", "hasSuffix", "localizedStandardContains", "starts(with:"])
            let receiver = postfixOperand(string(d, scope))
            if method == "starts(with:" { return "\(receiver).starts(with: \(string(d, scope)))" }
            return "\(receiver).\(method)(\(string(d, scope)))"
        case 6:
            let method = input.pick(["caseInsensitiveCompare", "localizedCompare", "localizedStandardCompare", "localizedCaseInsensitiveCompare"])
            return "\(postfixOperand(string(d, scope))).\(method)(\(string(d, scope))) \(input.pick(["==", "!="])) .\(input.pick(["orderedSame", "orderedAscending", "orderedDescending"]))"
        case 7:  // to-many quantifiers
            guard let (many, target) = manyPath(scope) else { return boolean(d, scope) }
            let (parameter, inner) = closureParameter(target, scope)
            let body = boolean(d, inner)
            switch input.below(5) {
            case 0: return "\(many).contains { \(parameter)\(body) }"
            case 1: return "\(many).contains(where: { \(parameter)\(body) })"
            case 2: return "\(many).allSatisfy { \(parameter)\(body) }"
            case 3: return "!\(many).isEmpty"
            default: return "\(many).filter { \(parameter)\(body) }.isEmpty"
            }
        case 8:  // counts
            guard let (many, target) = manyPath(scope) else { return boolean(d, scope) }
            let counted: String
            switch input.below(3) {
            case 0: counted = "\(many).count"
            case 1:
                let (parameter, inner) = closureParameter(target, scope)
                counted = "\(many).filter { \(parameter)\(boolean(d, inner)) }.count"
            default:
                let (parameter, inner) = closureParameter(target, scope)
                counted = "\(many).count(where: { \(parameter)\(boolean(d, inner)) })"
            }
            return "\(counted) \(input.pick([">", "==", "<=", "!="])) \(integer(.int, d, scope))"
        case 9:  // nil checks
            let optionals = pathTypes(scope).filter(\.isOptional)
            guard !optionals.isEmpty else { return boolean(d, scope) }
            let type = input.pick(optionals)
            let value = path(type, scope) ?? "nil"
            return input.chance(1, in: 4) ? "nil \(input.pick(["==", "!="])) \(value)" : "\(value) \(input.pick(["==", "!="])) nil"
        case 10:  // optional Bool
            let value = optional(.bool, d, scope)
            return input.chance(1, in: 2) ? "(\(value) ?? \(input.pick(["true", "false"])))" : "\(value) == \(input.pick(["true", "false", "nil"]))"
        case 11:  // if let
            let optionals = pathTypes(scope).filter(\.isOptional)
            guard !optionals.isEmpty else { return boolean(d, scope) }
            let type = input.pick(optionals)
            guard let value = path(type, scope) else { return boolean(d, scope) }
            let name = freshName("v")
            let inner = scope.entering(Variable(name: name, type: type.unwrapped))
            let condition = input.chance(1, in: 4) ? ", \(boolean(d, inner))" : ""
            return "if let \(name) = \(value)\(condition) { \(boolean(d, inner)) } else { \(boolean(d, scope)) }"
        case 12:  // range contains
            let type = input.pick([GenType.int, .double, .string, .date])
            let range = "(\(expression(type, d, scope))\(input.pick(["...", "..<"]))\(expression(type, d, scope)))"
            return "\(range).contains(\(expression(type, d, scope)))"
        case 13:  // array literal contains
            let type = equatableType(scope)
            let elements = (0..<input.below(4)).map { _ in expression(type, d, scope) }
            return "[\(elements.joined(separator: ", "))].contains(\(expression(type, d, scope)))"
        case 14:  // isEmpty
            if input.chance(1, in: 2), let (many, _) = manyPath(scope) { return "\(many).isEmpty" }
            return postfixOperand(string(d, scope)) + ".isEmpty"
        case 15:  // map / flatMap compared with nil or a value
            let optionalString = optional(.string, d, scope)
            let method = input.pick(["map", "flatMap"])
            let inner = scope.entering(Variable(name: "$0", type: .string))
            return "\(postfixOperand(optionalString)).\(method) { \(boolean(d, inner)) } == \(input.pick(["true", "false", "nil"]))"
        default:
            return boolean(0, scope)
        }
    }

    mutating func integer(_ kind: IntegerKind, _ depth: Int, _ scope: Scope) -> String {
        let type = GenType.scalar(.integer(kind))
        if depth <= 0 { return path(type, scope) ?? integerLiteral(kind) }
        let d = depth - 1
        switch input.weighted([6, 6, 6, 2, 3, 2, 2, 2, 2, 1]) {
        case 0: return integerLiteral(kind)
        case 1: return path(type, scope) ?? integerLiteral(kind)
        case 2:
            let op = input.pick(["+", "-", "*", "/", "%"])
            return "\(parenthesizedIfNeeded(integer(kind, d, scope))) \(op) \(parenthesizedIfNeeded(integer(kind, d, scope)))"
        case 3: return "-" + parenthesized(integer(kind, d, scope))
        case 4: return "(\(optional(type, d, scope)) ?? \(integer(kind, d, scope)))"
        case 5: return kind == .int ? postfixOperand(string(d, scope)) + ".count" : integerLiteral(kind)
        case 6:
            if kind == .int, let (many, _) = manyPath(scope) { return "\(many).count" }
            return integerLiteral(kind)
        case 7: return "\(kind.rawValue)(\(floating(.double, d, scope)))"
        case 8: return "(\(boolean(d, scope)) ? \(integer(kind, d, scope)) : \(integer(kind, d, scope)))"
        default:
            let elements = (0..<(1 + input.below(3))).map { _ in integer(kind, d, scope) }
            return "[\(elements.joined(separator: ", "))].\(input.pick(["min", "max"]))()"
        }
    }

    mutating func integerLiteral(_ kind: IntegerKind) -> String {
        switch input.below(12) {
        case 0: return "0"
        case 1: return "-1"
        case 2: return "9223372036854775807"
        case 3: return "-9223372036854775808"
        case 4: return "0x7F"
        case 5: return "0b1010_1010"
        case 6: return "18446744073709551616"
        case 7: return "minimumAge"
        case 8: return kind == .int ? "Int.max" : "\(kind.rawValue).min"
        default: return String(input.below(300))
        }
    }

    mutating func floating(_ type: GenType, _ depth: Int, _ scope: Scope) -> String {
        if depth <= 0 { return path(type, scope) ?? floatingLiteral() }
        let d = depth - 1
        switch input.weighted([5, 6, 5, 2, 3, 2]) {
        case 0: return floatingLiteral()
        case 1: return path(type, scope) ?? floatingLiteral()
        case 2:
            let op = input.pick(["+", "-", "*", "/"])
            return "\(parenthesizedIfNeeded(floating(type, d, scope))) \(op) \(parenthesizedIfNeeded(floating(type, d, scope)))"
        case 3: return "\(type.swiftName)(\(integer(.int, d, scope)))"
        case 4: return "(\(optional(type, d, scope)) ?? \(floating(type, d, scope)))"
        default: return "-" + parenthesized(floating(type, d, scope))
        }
    }

    mutating func floatingLiteral() -> String {
        input.pick(["0.0", "1.5", "-2.25", "1e308", "1e309", "0x1p4", "2.5e-3", ".nan", "threshold", "0", "42"])
    }

    mutating func string(_ depth: Int, _ scope: Scope) -> String {
        if depth <= 0 { return path(.string, scope) ?? stringLiteral() }
        let d = depth - 1
        switch input.weighted([6, 8, 2, 2, 3, 2, 1]) {
        case 0: return stringLiteral()
        case 1: return path(.string, scope) ?? stringLiteral()
        case 2: return "\(string(d, scope)) + \(string(d, scope))"
        case 3: return postfixOperand(string(d, scope)) + "." + input.pick(["lowercased()", "uppercased()"])
        case 4: return "(\(optional(.string, d, scope)) ?? \(string(d, scope)))"
        case 5: return "(\(boolean(d, scope)) ? \(string(d, scope)) : \(string(d, scope)))"
        default: return input.pick(["searchString", "name", "$0.rawValue"])
        }
    }

    mutating func stringLiteral() -> String {
        input.pick([
            "\"kim\"", "\"\"", "\"José\"", "\"Jose\\u{301}\"", "\"50% off\"", "\"snake_case\"", "\"O'Brien\"",
            "\"back\\\\slash\"", "\"등산\"", "#\"raw\\n\"#", "\"\\0\"", "\"a\\\"b\"", "\"\\t\\n\"", "\"🙂\"",
        ])
    }

    mutating func enumeration(_ name: String, _ scope: Scope) -> String {
        if input.chance(1, in: 2), let found = path(.scalar(.enumeration(name)), scope) { return found }
        guard let type = schema.enumType(named: name), !type.cases.isEmpty else { return ".none" }
        let name = input.pick(type.cases).name
        return input.chance(1, in: 4) ? "\(type.name).\(name)" : "." + name
    }

    mutating func optional(_ wrapped: GenType, _ depth: Int, _ scope: Scope) -> String {
        let type = GenType.optional(wrapped)
        if let found = path(type, scope), input.chance(3, in: 4) { return found }
        switch input.below(4) {
        case 0: return "nil"
        case 1: return expression(wrapped, max(depth - 1, 0), scope)
        case 2: return "optionalValue"
        default: return path(type, scope) ?? "nil"
        }
    }

    /// A type `==` can compare here.
    mutating func equatableType(_ scope: Scope) -> GenType {
        let fromPaths = pathTypes(scope).filter {
            if case .scalar = $0.unwrapped { true } else { false }
        }
        return input.pick([GenType.int, .string, .double, .date, .bool] + fromPaths + fromPaths)
    }

    func comparableTypes(_ scope: Scope) -> [GenType] {
        var types: [GenType] = [.int, .string, .double, .date]
        for type in pathTypes(scope) where type.isComparable && !types.contains(type) { types.append(type) }
        return types
    }

    mutating func manyPath(_ scope: Scope) -> (String, String)? {
        var found: [(String, String)] = []
        for type in pathTypes(scope) {
            if case .many(let target) = type { for path in paths(type, scope) { found.append((path, target)) } }
        }
        return found.isEmpty ? nil : input.pick(found)
    }

    /// A closure's parameter text (`$0` implicitly, `x in`, `(x: T) in`) and the scope inside.
    mutating func closureParameter(_ model: String, _ scope: Scope) -> (String, Scope) {
        switch input.below(4) {
        case 0, 1: return ("", scope.entering(Variable(name: "$0", type: .object(model))))
        case 2:
            let name = freshName("x")
            return ("\(name) in ", scope.entering(Variable(name: name, type: .object(model))))
        default:
            let name = freshName("y")
            return ("(\(name): \(model)) in ", scope.entering(Variable(name: name, type: .object(model))))
        }
    }

    func parenthesized(_ text: String) -> String { "(" + text + ")" }

    mutating func parenthesizedIfNeeded(_ text: String) -> String {
        text.contains(" ") || input.chance(1, in: 8) ? "(" + text + ")" : text
    }

    /// An operand for `.member`: parenthesized unless it is a plain path or literal.
    func postfixOperand(_ text: String) -> String {
        text.contains(" ") || text.hasPrefix("-") ? "(" + text + ")" : text
    }
}
