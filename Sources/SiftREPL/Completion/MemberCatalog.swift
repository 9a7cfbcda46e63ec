import Sift

/// What can follow `value.` for each type: the schema's members for a model, and the properties
/// and methods the type checker accepts for strings, arrays, ranges and enums (the same lists as
/// `TypeChecker.propertyNames(for:)` and `methodNames(for:)`), with the type each one gives.
struct MemberCatalog {
    let schema: Schema

    /// Names offered after `value.` (an optional offers its wrapped type's members).
    func memberNames(of type: SiftType) -> [String] {
        switch type.kind {
        case .model(let name): schema.model(named: name).map(Self.memberNames(of:)) ?? []
        case .string:
            ["count", "isEmpty"] + [
                "contains", "hasPrefix", "hasSuffix", "starts", "localizedStandardContains", "caseInsensitiveCompare",
                "localizedCompare", "localizedCaseInsensitiveCompare", "localizedStandardCompare", "lowercased", "uppercased",
            ]
        case .array(let element):
            ["count", "isEmpty", "first", "contains", "allSatisfy", "filter"] + (element.isComparable ? ["min", "max"] : [])
        case .range: ["contains"]
        case .enumeration: ["rawValue"]
        case .date: ["timeIntervalSinceReferenceDate", "timeIntervalSince1970"]
        case .optional(let wrapped): memberNames(of: wrapped)
        default: []
        }
    }

    /// A model's members as a query names them first: a `@Selection` enum's columns
    /// (`kind.note`, `kind.image.caption`) by the enum's property, once.
    static func memberNames(of model: Model) -> [String] {
        var names: [String] = []
        for member in model.members {
            let enumName = member.name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? member.name
            if enumName != member.name, model.enumColumnGroups.contains(where: { $0.name == enumName }) {
                if !names.contains(enumName) { names.append(enumName) }
            } else {
                names.append(member.name)
            }
        }
        return names
    }

    /// After `$0.kind.` (the enum's cases), `$0.kind.image.` (the columns of the case's struct) or
    /// `$0.kind.note.` (the members of the case's value): nil when `names` after a value of `type`
    /// do not name a `@Selection` enum of its model.
    func enumPathCandidates(_ names: [String], after type: SiftType) -> [String]? {
        guard let enumName = names.first, case .model(let modelName) = type.unwrapped.kind, let model = schema.model(named: modelName),
            let group = model.enumColumnGroups.first(where: { $0.name == enumName })
        else { return nil }
        if names.count == 1 { return group.cases.map(\.name) }
        guard let enumCase = group.enumCase(named: names[1]) else { return nil }
        switch (names.count, enumCase.structName) {
        case (2, nil):
            return model.attribute(named: enumCase.attributeNames[0]).map { memberNames(of: SiftType($0.type)) }
        case (2, _?):
            return enumCase.attributeNames.map { group.declaredName(of: $0, in: enumCase) }
        case (3, _?):
            let column = enumCase.attributeNames.first { group.declaredName(of: $0, in: enumCase) == names[2] }
            return column.flatMap { model.attribute(named: $0) }.map { memberNames(of: SiftType($0.type)) }
        default:
            return nil
        }
    }

    /// The type of the property `name` of a value of `type` (looking through optionals).
    func propertyType(_ name: String, of type: SiftType) -> SiftType? {
        switch type.unwrapped.kind {
        case .model(let modelName):
            return schema.model(named: modelName)?.member(named: name)?.type
        case .string:
            return name == "count" ? .int : name == "isEmpty" ? .bool : nil
        case .array(let element):
            switch name {
            case "count": return .int
            case "isEmpty": return .bool
            case "first": return element.optionalFlattened
            default: return nil
            }
        case .enumeration(let enumName):
            guard name == "rawValue", let enumType = schema.enumType(named: enumName) else { return nil }
            return SiftType(enumType.rawType)
        case .date:
            return name == "timeIntervalSinceReferenceDate" || name == "timeIntervalSince1970" ? .double : nil
        default:
            return nil
        }
    }

    /// The type a call of method `name` on a value of `type` gives.
    func methodResultType(_ name: String, of type: SiftType) -> SiftType? {
        switch type.kind {
        case .string:
            switch name {
            case "contains", "hasPrefix", "hasSuffix", "starts", "localizedStandardContains": return .bool
            case "lowercased", "uppercased": return .string
            case "caseInsensitiveCompare", "localizedCompare", "localizedCaseInsensitiveCompare", "localizedStandardCompare":
                return .comparisonResult
            default: return nil
            }
        case .array(let element):
            switch name {
            case "contains", "allSatisfy": return .bool
            case "filter": return type
            case "count": return .int
            case "first", "min", "max": return element.optionalFlattened
            default: return nil
            }
        case .range: return name == "contains" ? .bool : nil
        default: return nil
        }
    }

    /// The type of `$0` in a closure passed to method `name` of a value of `type`.
    func closureParameterType(method name: String, of type: SiftType) -> SiftType? {
        switch (type.kind, name) {
        case (.array(let element), "contains"), (.array(let element), "allSatisfy"), (.array(let element), "filter"),
            (.array(let element), "first"), (.array(let element), "count"), (.array(let element), "map"):
            return element
        case (.optional(let wrapped), "map"), (.optional(let wrapped), "flatMap"):
            return wrapped
        default:
            return nil
        }
    }

    /// Case names of an enum type (for `== .`).
    func caseNames(of type: SiftType) -> [String] {
        if case .enumeration(let name) = type.unwrapped.kind { return schema.enumType(named: name)?.cases.map(\.name) ?? [] }
        return []
    }
}
