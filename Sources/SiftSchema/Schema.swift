import SiftSyntax

/// The models and enums a query is checked against, from a model file, a database, or both.
public struct Schema: Sendable, Hashable {
    /// The models, in declaration order.
    public var models: [Model] { storage.fields.models }
    /// The raw-value enums, in declaration order.
    public var enums: [EnumType] { storage.fields.enums }
    /// The model file the schema was read from, for notes that point at declarations.
    public var source: SourceFile? {
        get { storage.fields.source }
        set { uniqueStorage().fields.source = newValue }
    }

    /// The fields, shared between copies until one is changed: each phase of a compilation keeps
    /// the schema, and a copy is then one reference instead of seven.
    private var storage: Storage

    /// A schema of `models` and `enums`, read from `source` when it is a model file.
    public init(models: [Model], enums: [EnumType] = [], source: SourceFile? = nil) {
        var fields = Fields(source: source)
        for model in models { fields.add(model) }
        for enumType in enums { fields.add(enumType) }
        storage = Storage(fields)
    }

    /// Adds or replaces a model (by name).
    public mutating func add(_ model: Model) { uniqueStorage().fields.add(model) }

    /// Adds or replaces an enum (by name).
    public mutating func add(_ enumType: EnumType) { uniqueStorage().fields.add(enumType) }

    /// The model with this Swift name, or whose table has this name (`User` or `users`).
    public func model(named name: String) -> Model? {
        // A few models are compared by name before the dictionary is asked: hashing the name costs
        // more than a few comparisons. Names are unique by `==`, as the dictionary's keys.
        if storage.fields.models.count <= Self.scannedModels {
            if storage.fields.modelNamesAreASCII {
                // Only names of the same length can be equal, both being ASCII: a name of another
                // length is passed over without comparing strings. A
                // name that is not ASCII may still equal one (`\u{212A}` is `K`): compared with all.
                let length = name.utf8.count
                let lengths = storage.fields.modelNameLengths
                for index in lengths.indices where lengths[index] == length && storage.fields.models[index].name == name {
                    return storage.fields.models[index]
                }
                if !name.isASCII, let model = storage.fields.models.first(where: { $0.name == name }) {
                    return model
                }
            } else if let model = storage.fields.models.first(where: { $0.name == name }) {
                return model
            }
        }
        guard let index = storage.fields.modelIndex[name] ?? storage.fields.tableIndex[name] else { return nil }
        return storage.fields.models[index]
    }

    /// Schemas of at most this many models are searched by name before the dictionary.
    static let scannedModels = 8

    /// The model a model type names (``SiftType/Kind/model(_:)``).
    public func model(named name: TypeName) -> Model? { model(named: name.string) }

    /// The enum an enum type names (``SiftType/Kind/enumeration(_:)``).
    public func enumType(named name: TypeName) -> EnumType? { enumType(named: name.string) }

    /// The enum named `name`, if any.
    public func enumType(named name: String) -> EnumType? {
        storage.fields.enumIndex[name].map { storage.fields.enums[$0] }
    }

    /// The names of the properties that hold a `@Selection` enum of columns, in any model
    /// (empty for most schemas: a member access then need not be read as a path through one).
    public var enumColumnGroupNames: Set<String> { storage.fields.enumColumnGroupNames }

    /// All names a query may use for models, for suggestions and completion.
    public var modelNames: [String] { models.map(\.name) }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public static func == (lhs: Schema, rhs: Schema) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    private struct Fields: Hashable {
        var models: [Model] = []
        var enums: [EnumType] = []
        var source: SourceFile?
        var modelIndex: [String: Int] = [:]
        var tableIndex: [String: Int] = [:]
        var enumIndex: [String: Int] = [:]
        /// Each model's name's length in UTF-8, by position, and whether every name is ASCII.
        var modelNameLengths: [Int] = []
        var modelNamesAreASCII = true
        var enumColumnGroupNames: Set<String> = []

        init(source: SourceFile?) { self.source = source }

        mutating func add(_ model: Model) {
            if let index = modelIndex[model.name] {
                // The old table name stops naming it, unless it names another model.
                if tableIndex[models[index].tableName] == index { tableIndex[models[index].tableName] = nil }
                let replaced = models[index]
                models[index] = model
                tableIndex[model.tableName] = index
                if !replaced.enumColumnGroups.isEmpty {
                    enumColumnGroupNames = Set(models.lazy.flatMap { $0.enumColumnGroups.map(\.name) })
                }
            } else {
                modelIndex[model.name] = models.count
                tableIndex[model.tableName] = models.count
                models.append(model)
                modelNameLengths.append(model.name.utf8.count)
                if model.name.utf8.contains(where: { $0 >= 0x80 }) { modelNamesAreASCII = false }
            }
            for group in model.enumColumnGroups { enumColumnGroupNames.insert(group.name) }
        }

        mutating func add(_ enumType: EnumType) {
            if let index = enumIndex[enumType.name] {
                enums[index] = enumType
            } else {
                enumIndex[enumType.name] = enums.count
                enums.append(enumType)
            }
        }
    }

    /// Changed only through ``uniqueStorage()``, when no other schema shares it.
    private final class Storage: @unchecked Sendable {
        // No run-time exclusivity check (one would run at every look-up of a model): the fields
        // are read, or replaced whole by the one owner of the box, never both at once.
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }
}
