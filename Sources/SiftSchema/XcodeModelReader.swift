import SiftSyntax

/// Reads Xcode's Core Data model (the `contents` file of an `X.xcdatamodel` folder) into a
/// ``Schema``: the same models a `@Model` file declaring those classes gives, so that everything
/// after the schema is unchanged.
///
/// - An `<entity>` is a model named by its entity name (which a SwiftData class shares, and the
///   store's metadata uses); its table follows the same convention as a `@Model` class's.
///   `parentEntity` makes its parent's attributes and relationships its own, first.
/// - An `<attribute>` is a property of the Swift type Xcode's code generation gives its
///   `attributeType` (`Integer 64` as `Int`, as SwiftData declares `Int`), optional when
///   `optional="YES"`. `Transformable`, `Decimal`, `Object ID`, `Composite` and transient
///   attributes exist in Swift but cannot be queried; naming one says why.
/// - A `<relationship>` is `var name: Target?` (to-one) or `var name: [Target]` (`toMany`), with
///   its `inverseName` as a `@Relationship(inverse:)`; `ordered` is kept.
/// - A `<uniquenessConstraint>` of one attribute makes it unique, like `@Attribute(.unique)`.
/// - Fetched properties exist in Swift but are not stored: naming one says so. Fetch requests,
///   configurations, indexes, `userInfo` and the editor's `<elements>` do not change the schema
///   and are skipped.
public enum XcodeModelReader {
    /// The attribute types Xcode writes and the Swift type each is read as; nil for a type that is
    /// kept out of queries (with the reason).
    static let attributeTypes: [(name: String, type: ScalarType?, reason: String?)] = [
        ("Integer 16", .integer(.int16), nil), ("Integer 32", .integer(.int32), nil), ("Integer 64", .integer(.int), nil),
        ("Double", .double, nil), ("Float", .float, nil), ("String", .string, nil), ("Boolean", .bool, nil),
        ("Date", .date, nil), ("Binary", .data, nil), ("UUID", .uuid, nil), ("URI", .url, nil),
        ("Decimal", nil, "it is a Decimal, which the store keeps as a floating-point number: SQL would not compare it exactly as Decimal does"),
        ("Transformable", nil, "it is Transformable: stored as the bytes its value transformer archives, which SQL cannot compare as values"),
        ("Object ID", nil, "it is an Object ID attribute, which the store does not keep"),
        ("Composite", nil, "it is a composite attribute, whose parts Sift does not read"),
        ("Undefined", nil, "its type is Undefined, so it is not stored"),
    ]

    /// Parses and reads a `contents` file: the schema, and the XML and schema diagnostics.
    public static func read(_ source: SourceFile) -> (Schema, [Diagnostic]) {
        let parsed = XMLSyntaxParser.parse(source)
        guard let root = parsed.value else { return (Schema(models: [], source: source), parsed.diagnostics) }
        return read(root, source: source)
    }

    /// Reads a parsed `contents` document (its root is `<model>`).
    package static func read(_ root: XMLElementSyntax, source: SourceFile) -> (Schema, [Diagnostic]) {
        var reader = Reader(files: ModelFileReader(source: source))
        let schema = reader.read(root)
        return (schema, reader.files.diagnostics)
    }

    /// The current version's folder name (`Model 2.xcdatamodel`) from an `.xcdatamodeld` folder's
    /// `.xccurrentversion` property list, or nil with the diagnostics that say why not.
    package static func currentVersionName(_ source: SourceFile) -> (String?, [Diagnostic]) {
        let parsed = XMLSyntaxParser.parse(source)
        guard let root = parsed.value else { return (nil, parsed.diagnostics) }
        let missing = Diagnostic.error(
            .badDataModel, "expected '<key>_XCCurrentVersionName</key>' followed by '<string>' naming the current version, such as 'Model 2.xcdatamodel'",
            at: root.nameRange)
        guard root.name == "plist", let dictionary = root.children(named: "dict").first else { return (nil, [missing]) }
        let entries = dictionary.children
        for (index, entry) in entries.enumerated() where entry.name == "key" && entry.text == "_XCCurrentVersionName" {
            guard index + 1 < entries.count, entries[index + 1].name == "string", !entries[index + 1].text.isEmpty else {
                return (nil, [.error(.badDataModel, "'_XCCurrentVersionName' needs a '<string>' value naming the current version, such as 'Model 2.xcdatamodel'", at: entry.range)])
            }
            return (entries[index + 1].text, [])
        }
        return (nil, [missing])
    }

    /// What one `<entity>` says, before its relationships are linked across entities.
    struct Entity {
        var element: XMLElementSyntax
        var name: Identifier
        var parent: Identifier?
        var draft: ModelFileReader.ModelDraft
        /// The attributes a uniqueness constraint of one attribute names (inherited ones too).
        var unique: Set<String>
    }

    struct Reader {
        var files: ModelFileReader

        mutating func error(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = [], id: DiagnosticID = .badDataModel) {
            files.diagnostics.append(.error(id, message, at: range, notes: notes, fixIts: fixIts))
        }

        mutating func read(_ root: XMLElementSyntax) -> Schema {
            guard root.name == "model" else {
                error("expected a Core Data model, whose root element is '<model>'; found '<\(root.name)>'", at: root.nameRange)
                return Schema(models: [], source: files.source)
            }
            var entities: [Entity] = []
            var seen: [String: SourceRange] = [:]
            for element in root.children(named: "entity") {
                guard let name = requiredName(element, what: "an entity") else { continue }
                if let previous = seen[name.name] {
                    error("the entity '\(name.name)' is declared twice", at: name.range, notes: [.init("first declared here", at: previous)], id: .duplicateModel)
                    continue
                }
                seen[name.name] = name.range
                entities.append(entity(element, name: name))
            }
            let known = Set(entities.map(\.name.name))
            for index in entities.indices { resolveTargets(&entities[index], known: known) }
            let order = inheritanceOrder(&entities)
            var drafts = entities.map(\.draft)
            // A sub-entity has its parent's members first (the parent's own inherited ones included).
            var byName: [String: Int] = [:]
            for (index, entity) in entities.enumerated() { byName[entity.name.name] = index }
            for index in order {
                guard let parent = entities[index].parent, let parentIndex = byName[parent.name] else { continue }
                let inherited = drafts[parentIndex]
                drafts[index] = withoutRedeclaredMembers(drafts[index], entity: entities[index].name.name, parent: parent.name, inherited: inherited)
                drafts[index].model.members = inherited.model.members + drafts[index].model.members
                drafts[index].model.unqueryableMembers = inherited.model.unqueryableMembers + drafts[index].model.unqueryableMembers
                drafts[index].relationships = inherited.relationships + drafts[index].relationships
                files.ancestors[entities[index].name.name] = (files.ancestors[parent.name] ?? []).union([parent.name])
                entities[index].unique.formUnion(entities[parentIndex].unique)
                if let id = drafts[index].model.attribute(named: "id") { drafts[index].model.primaryKey = [id.columnName] }
            }
            // Uniqueness constraints, once inherited attributes are in place (a constraint may name one).
            for index in drafts.indices {
                drafts[index].model.members = drafts[index].model.members.map { member in
                    guard case .attribute(var attribute) = member, entities[index].unique.contains(attribute.name) else { return member }
                    attribute.isUnique = true
                    return .attribute(attribute)
                }
            }
            var models = files.link(drafts)
            // Inherited members first, in the parent's order (linking orders members by where they
            // are written, and a parent may be written after its sub-entity); parents before their
            // sub-entities, so that each parent is in order when its sub-entities follow it.
            for index in order {
                guard let parent = models[index].parent, let parentIndex = byName[parent] else { continue }
                let inheritedNames = models[parentIndex].memberNames
                let inherited = inheritedNames.compactMap { name in models[index].members.first { $0.name == name } }
                models[index].members = inherited + models[index].members.filter { !inheritedNames.contains($0.name) }
            }
            return Schema(models: models, source: files.source)
        }

        /// The `name` attribute every entity and property needs.
        mutating func requiredName(_ element: XMLElementSyntax, what: String) -> Identifier? {
            guard let name = element.attribute("name"), !name.value.isEmpty else {
                error("\(what) needs a 'name', such as '<\(element.name) name=\"…\"'", at: element.nameRange)
                return nil
            }
            guard !name.value.hasPrefix("$") else {
                error("cannot declare \(what) named '\(name.value)': Swift reserves the '$' prefix for the names it synthesizes", at: name.valueRange, id: .reservedName)
                return nil
            }
            return Identifier(name.value, at: name.valueRange)
        }

        /// `YES`/`NO` (or `true`/`false`), nil when not written.
        mutating func flag(_ element: XMLElementSyntax, _ name: String) -> Bool? {
            guard let attribute = element.attribute(name) else { return nil }
            switch attribute.value {
            case "YES", "true": return true
            case "NO", "false": return false
            default:
                error("'\(name)' is 'YES' or 'NO', not '\(attribute.value)'", at: attribute.valueRange)
                return nil
            }
        }

        /// A count (`maxCount`, `minCount`): checked, not used.
        mutating func checkCount(_ element: XMLElementSyntax, _ name: String) {
            guard let attribute = element.attribute(name) else { return }
            if Int(attribute.value) == nil || attribute.value.hasPrefix("+") || attribute.value.hasPrefix("-") {
                error("'\(name)' is a whole number, not '\(attribute.value)'", at: attribute.valueRange)
            }
        }

        mutating func entity(_ element: XMLElementSyntax, name: Identifier) -> Entity {
            _ = flag(element, "isAbstract")
            var model = Model(
                name: name.name, tableName: Naming.tableName(forModel: name.name), primaryKey: ["id"], style: .model,
                declaration: name.range)
            let parent = element.attribute("parentEntity").map { Identifier($0.value, at: $0.valueRange) }
            model.parent = parent?.name
            var relationships: [ModelFileReader.RelationshipDraft] = []
            var seen: [String: SourceRange] = [:]
            let unique = Set(
                element.children(named: "uniquenessConstraints").flatMap { $0.children(named: "uniquenessConstraint") }
                    .compactMap { constraint -> String? in
                        let columns = constraint.children(named: "constraint")
                        return columns.count == 1 ? columns[0].attribute("value")?.value : nil
                    })
            for child in element.children where ["attribute", "relationship", "fetchedProperty"].contains(child.name) {
                let what = child.name == "attribute" ? "an attribute" : child.name == "relationship" ? "a relationship" : "a fetched property"
                guard let member = requiredName(child, what: what) else { continue }
                if let previous = seen[member.name] {
                    error(
                        "'\(name.name)' declares '\(member.name)' twice", at: member.range, notes: [.init("first declared here", at: previous)],
                        id: .duplicateMember)
                    continue
                }
                seen[member.name] = member.range
                switch child.name {
                case "attribute":
                    attribute(child, name: member, into: &model)
                case "relationship":
                    if let relationship = relationship(child, name: member) { relationships.append(relationship) }
                default:
                    model.unqueryableMembers.append(
                        .init(name: member.name, reason: "it is a fetched property, which the store does not keep", declaration: member.range))
                }
            }
            if let id = model.attribute(named: "id") { model.primaryKey = [id.columnName] }
            return Entity(
                element: element, name: name, parent: parent,
                draft: ModelFileReader.ModelDraft(model: model, relationships: relationships, foreignKeys: []), unique: unique)
        }

        mutating func attribute(_ element: XMLElementSyntax, name: Identifier, into model: inout Model) {
            let isOptional = flag(element, "optional") ?? false
            let isTransient = flag(element, "transient") ?? false
            _ = flag(element, "usesScalarValueType")
            guard let typeAttribute = element.attribute("attributeType") else {
                if isTransient {
                    model.unqueryableMembers.append(.init(name: name.name, reason: "it is transient, so it is not stored in the database", declaration: name.range))
                    return
                }
                error("the attribute '\(name.name)' needs an 'attributeType', such as 'attributeType=\"String\"'", at: element.nameRange)
                return
            }
            guard let known = XcodeModelReader.attributeTypes.first(where: { $0.name == typeAttribute.value }) else {
                let names = XcodeModelReader.attributeTypes.map(\.name)
                let suggestion = Suggestions.closest(to: typeAttribute.value, among: names).first
                error(
                    "unknown attribute type '\(typeAttribute.value)'"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; Xcode writes one of " + names.map { "'\($0)'" }.joined(separator: ", ")),
                    at: typeAttribute.valueRange, fixIts: suggestion.map { [.init(replace: typeAttribute.valueRange, with: $0)] } ?? [],
                    id: .unknownType)
                return
            }
            if isTransient {
                model.unqueryableMembers.append(.init(name: name.name, reason: "it is transient, so it is not stored in the database", declaration: name.range))
                return
            }
            guard let type = known.type else {
                model.unqueryableMembers.append(.init(name: name.name, reason: known.reason ?? "it cannot be queried", declaration: name.range))
                return
            }
            let attribute = Attribute(
                name: name.name, columnName: name.name, type: type, isOptional: isOptional,
                storage: Storage.defaultStorage(for: type, modelStyle: .model), isUnique: name.name == "id",
                isPrimaryKey: name.name == "id", declaration: name.range)
            model.members.append(.attribute(attribute))
        }

        mutating func relationship(_ element: XMLElementSyntax, name: Identifier) -> ModelFileReader.RelationshipDraft? {
            let isOptional = flag(element, "optional") ?? false
            let isToMany = flag(element, "toMany") ?? false
            let isOrdered = flag(element, "ordered") ?? false
            _ = flag(element, "transient")
            checkCount(element, "maxCount")
            checkCount(element, "minCount")
            if let rule = element.attribute("deletionRule"), !["Nullify", "Cascade", "Deny", "No Action"].contains(rule.value) {
                error("unknown deletion rule '\(rule.value)'; Xcode writes 'Nullify', 'Cascade', 'Deny' or 'No Action'", at: rule.valueRange)
            }
            guard let destination = element.attribute("destinationEntity"), !destination.value.isEmpty else {
                error("the relationship '\(name.name)' needs a 'destinationEntity' naming the entity it leads to", at: element.nameRange)
                return nil
            }
            var inverse: (model: String?, name: Identifier)?
            if let inverseName = element.attribute("inverseName") {
                inverse = (nil, Identifier(inverseName.value, at: inverseName.valueRange))
            }
            return ModelFileReader.RelationshipDraft(
                name: name, target: destination.value, targetRange: destination.valueRange, isToMany: isToMany,
                isOptional: isOptional, inverse: inverse, columnName: nil, isOrdered: isToMany && isOrdered)
        }

        /// Reports relationships to entities the model does not declare (they are left out).
        mutating func resolveTargets(_ entity: inout Entity, known: Set<String>) {
            let entityNames = known.sorted()
            entity.draft.relationships.removeAll { relationship in
                guard !known.contains(relationship.target) else { return false }
                reportUnknownEntity(relationship.target, at: relationship.targetRange, among: entityNames, what: "destination entity")
                return true
            }
            for element in entity.element.children(named: "relationship") {
                if let inverseEntity = element.attribute("inverseEntity"), !known.contains(inverseEntity.value) {
                    reportUnknownEntity(inverseEntity.value, at: inverseEntity.valueRange, among: entityNames, what: "inverse entity")
                }
            }
            if let parent = entity.parent, !known.contains(parent.name) {
                reportUnknownEntity(parent.name, at: parent.range, among: entityNames, what: "parent entity")
                entity.parent = nil
                entity.draft.model.parent = nil
            }
        }

        mutating func reportUnknownEntity(_ name: String, at range: SourceRange, among names: [String], what: String) {
            let suggestion = Suggestions.closest(to: name, among: names).first
            error(
                "cannot find the \(what) '\(name)' in the model" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), at: range,
                fixIts: suggestion.map { [.init(replace: range, with: $0)] } ?? [], id: .unknownType)
        }

        /// The entities' indices, each after its parent; a cycle of parents is reported and broken.
        mutating func inheritanceOrder(_ entities: inout [Entity]) -> [Int] {
            var byName: [String: Int] = [:]
            for (index, entity) in entities.enumerated() { byName[entity.name.name] = index }
            var order: [Int] = []
            var state = [Int](repeating: 0, count: entities.count)  // 0 new, 1 on the path, 2 done
            for start in entities.indices where state[start] == 0 {
                var path: [Int] = []
                var current: Int? = start
                while let index = current, state[index] == 0 {
                    state[index] = 1
                    path.append(index)
                    current = entities[index].parent.flatMap { byName[$0.name] }
                }
                if let index = current, state[index] == 1, let parent = entities[path.last!].parent {
                    let cycle = path[path.firstIndex(of: index)!...].map { entities[$0].name.name }
                    error(
                        "the parent entities form a cycle (\((cycle + [cycle[0]]).joined(separator: " → "))); an entity cannot inherit from itself",
                        at: parent.range)
                    entities[path.last!].parent = nil
                    entities[path.last!].draft.model.parent = nil
                }
                for index in path.reversed() {
                    state[index] = 2
                    order.append(index)
                }
            }
            return order
        }

        /// A sub-entity's own members without those it inherits under the same name, which are
        /// reported (Xcode refuses them too).
        mutating func withoutRedeclaredMembers(
            _ own: ModelFileReader.ModelDraft, entity: String, parent: String, inherited: ModelFileReader.ModelDraft
        ) -> ModelFileReader.ModelDraft {
            let inheritedNames = Set(
                inherited.model.memberNames + inherited.model.unqueryableMembers.map(\.name) + inherited.relationships.map(\.name.name))
            func redeclared(_ name: String, at range: SourceRange?) -> Bool {
                guard inheritedNames.contains(name) else { return false }
                error(
                    "'\(entity)' declares '\(name)', which it inherits from '\(parent)'; rename or remove one",
                    at: range ?? .point(0), id: .duplicateMember)
                return true
            }
            var result = own
            result.model.members.removeAll { redeclared($0.name, at: $0.declaration) }
            result.model.unqueryableMembers.removeAll { redeclared($0.name, at: $0.declaration) }
            result.relationships.removeAll { redeclared($0.name.name, at: $0.name.range) }
            return result
        }
    }
}

extension DiagnosticID {
    /// An Xcode data model (`.xcdatamodeld`, `contents`) Sift cannot read.
    public static let badDataModel: DiagnosticID = "bad-data-model"
}
