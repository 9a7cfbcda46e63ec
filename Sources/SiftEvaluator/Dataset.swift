import SiftChecker
import SiftSchema

/// Objects of every model of a schema, in memory: their attribute values, their identity, and
/// the objects each relationship links them to. The evaluator filters and sorts these.
///
/// Build one by API (``insert(_:identity:_:)``, ``connect(_:_:to:)``) to filter a program's own
/// objects, or load one from SQLite with `DatasetLoader` (module `SiftSQLite`).
///
/// Order: a model's objects keep the order in which they were inserted (the loader inserts them
/// by primary key, or rowid, ascending); a to-many relationship lists its targets in that order
/// of the target model, which decides what `first` returns and where `contains { }` stops.
public struct Dataset: Sendable {
    /// One stored object.
    struct StoredObject: Sendable {
        var identity: ObjectIdentity
        var attributes: [String: Value]
        /// Target positions per relationship name (at most one for a to-one).
        var links: [String: [Int]]
    }

    /// The objects of one model.
    struct ModelObjects: Sendable {
        var model: Model
        var objects: [StoredObject] = []
        var indexByIdentity: [ObjectIdentity: Int] = [:]
    }

    /// The schema the objects belong to.
    public let schema: Schema
    var tables: [String: ModelObjects]

    /// An empty dataset for the models of `schema`.
    public init(schema: Schema) {
        self.schema = schema
        var tables: [String: ModelObjects] = [:]
        for model in schema.models { tables[model.name] = ModelObjects(model: model) }
        self.tables = tables
    }

    // MARK: Reading

    /// Every object of a model, in dataset order (empty for an unknown model).
    public func objects(of model: String) -> [ObjectReference] {
        guard let table = tables[modelName(model)] else { return [] }
        return table.objects.indices.map { ObjectReference(model: table.model.name, index: $0, identity: table.objects[$0].identity) }
    }

    /// The number of objects of a model.
    public func count(of model: String) -> Int { tables[modelName(model)]?.objects.count ?? 0 }

    /// The object of `model` with this identity.
    public func object(_ model: String, identity: ObjectIdentity) -> ObjectReference? {
        let name = modelName(model)
        guard let index = tables[name]?.indexByIdentity[identity] else { return nil }
        return ObjectReference(model: name, index: index, identity: identity)
    }

    /// The object of `model` whose key is the integer `id`.
    public func object(_ model: String, id: Int64) -> ObjectReference? { object(model, identity: ObjectIdentity(id)) }

    /// The value of an attribute of an object (`nil` as ``Value/null``), or nil if there is no such attribute.
    public func value(_ attribute: String, of object: ObjectReference) -> Value? {
        guard let table = tables[object.model], table.objects.indices.contains(object.index),
            table.model.attribute(named: attribute) != nil
        else { return nil }
        return table.objects[object.index].attributes[attribute] ?? .null
    }

    /// The objects a relationship links an object to (zero or one for a to-one).
    public func targets(_ relationship: String, of object: ObjectReference) -> [ObjectReference] {
        guard let table = tables[object.model], let found = table.model.relationship(named: relationship),
            let targetTable = tables[found.target], table.objects.indices.contains(object.index)
        else { return [] }
        return (table.objects[object.index].links[relationship] ?? []).map {
            ObjectReference(model: found.target, index: $0, identity: targetTable.objects[$0].identity)
        }
    }

    func modelName(_ name: String) -> String { schema.model(named: name)?.name ?? name }

    func storedObject(_ reference: ObjectReference) -> StoredObject { tables[reference.model]!.objects[reference.index] }

    func reference(model: String, index: Int) -> ObjectReference {
        ObjectReference(model: model, index: index, identity: tables[model]!.objects[index].identity)
    }

    // MARK: Building

    /// Adds an object. `attributes` maps attribute names to values; an omitted optional attribute
    /// is nil. Values are checked against the attribute types: an integer is accepted for a
    /// `Double`, a raw value (`"todo"`, `2`) for an enum, text for a `UUID`.
    @discardableResult
    public mutating func insert(_ model: String, identity: ObjectIdentity, _ attributes: [String: Value] = [:]) throws -> ObjectReference {
        guard let found = schema.model(named: model), var table = tables[found.name] else { throw DatasetError.unknownModel(model) }
        tables[found.name] = nil  // keep the table uniquely referenced while it changes
        defer { tables[found.name] = table }
        if table.indexByIdentity[identity] != nil { throw DatasetError.duplicateIdentity(model: found.name, identity: identity) }
        for name in attributes.keys where found.attribute(named: name) == nil {
            throw DatasetError.unknownAttribute(model: found.name, attribute: name)
        }
        var stored: [String: Value] = [:]
        for attribute in found.attributes {
            let given = attributes[attribute.name] ?? .null
            if given.isNull {
                guard attribute.isOptional else {
                    throw DatasetError.missingAttribute(model: found.name, identity: identity, attribute: attribute.name)
                }
                stored[attribute.name] = .null
                continue
            }
            let type = SiftType(attribute.type)
            guard let coerced = ValueCoercion.coerce(given, to: type, schema: schema) else {
                throw DatasetError.invalidValue(
                    model: found.name, identity: identity, attribute: attribute.name, value: given, expected: "a '\(type)'")
            }
            stored[attribute.name] = coerced
        }
        let index = table.objects.count
        table.objects.append(StoredObject(identity: identity, attributes: stored, links: [:]))
        table.indexByIdentity[identity] = index
        return ObjectReference(model: found.name, index: index, identity: identity)
    }

    /// Adds an object keyed by one integer.
    @discardableResult
    public mutating func insert(_ model: String, id: Int64, _ attributes: [String: Value] = [:]) throws -> ObjectReference {
        try insert(model, identity: ObjectIdentity(id), attributes)
    }

    /// Sets the targets of one side of a relationship, replacing what it had, without touching
    /// the inverse side (the loader sets each side from the database).
    public mutating func setTargets(_ relationship: String, of source: ObjectReference, to targets: [ObjectReference]) throws {
        let found = try checkedRelationship(relationship, of: source)
        if !found.isToMany, targets.count > 1 {
            throw DatasetError.tooManyTargets(model: source.model, identity: source.identity, relationship: relationship, count: targets.count)
        }
        for target in targets where target.model != found.target || !(tables[found.target]?.objects.indices.contains(target.index) ?? false) {
            throw DatasetError.wrongTarget(model: source.model, relationship: relationship, target: target)
        }
        // An unordered relationship is a set, kept in dataset order; an ordered one keeps the order given.
        let indices = targets.map(\.index)
        tables[source.model]!.objects[source.index].links[relationship] = found.orderColumn != nil ? indices : indices.sorted()
    }

    /// Links `source` to `target` through a relationship, and the inverse relationship back, as
    /// SwiftData does: a to-one is replaced (and the old target's inverse updated), a to-many gains the target.
    public mutating func connect(_ source: ObjectReference, _ relationship: String, to target: ObjectReference) throws {
        let found = try checkedRelationship(relationship, of: source)
        try addLink(found, from: source, to: target)
        if let inverse = inverseRelationship(of: found, in: source.model) {
            try addLink(inverse, from: target, to: source)
        }
    }

    func checkedRelationship(_ name: String, of source: ObjectReference) throws -> Relationship {
        guard let table = tables[source.model] else { throw DatasetError.unknownModel(source.model) }
        guard let found = table.model.relationship(named: name) else {
            throw DatasetError.unknownRelationship(model: source.model, relationship: name)
        }
        return found
    }

    mutating func addLink(_ relationship: Relationship, from source: ObjectReference, to target: ObjectReference) throws {
        guard target.model == relationship.target, tables[target.model]?.objects.indices.contains(target.index) == true else {
            throw DatasetError.wrongTarget(model: source.model, relationship: relationship.name, target: target)
        }
        var links = tables[source.model]!.objects[source.index].links[relationship.name] ?? []
        if relationship.isToMany {
            if !links.contains(target.index) { links.append(target.index) }
            // An ordered relationship gains the target at its end, as an array does.
            if relationship.orderColumn == nil { links.sort() }
        } else {
            if let old = links.first, old != target.index, let inverse = inverseRelationship(of: relationship, in: source.model) {
                tables[target.model]!.objects[old].links[inverse.name]?.removeAll { $0 == source.index }
            }
            links = [target.index]
        }
        tables[source.model]!.objects[source.index].links[relationship.name] = links
    }

    /// The relationship of the target model that is the inverse of `relationship`, declared on either side.
    func inverseRelationship(of relationship: Relationship, in model: String) -> Relationship? {
        guard let target = tables[relationship.target]?.model else { return nil }
        if let name = relationship.inverse, let inverse = target.relationship(named: name), inverse.target == model { return inverse }
        return target.relationships.first { $0.target == model && $0.inverse == relationship.name }
    }
}
