import SiftSyntax

/// The models and enums a query is checked against, from a model file, a database, or both.
public struct Schema: Sendable, Hashable {
    public private(set) var models: [Model]
    public private(set) var enums: [EnumType]
    /// The model file the schema was read from, for notes that point at declarations.
    public var source: SourceFile?

    private var modelIndex: [String: Int]
    private var tableIndex: [String: Int]
    private var enumIndex: [String: Int]

    public init(models: [Model], enums: [EnumType] = [], source: SourceFile? = nil) {
        self.models = []
        self.enums = []
        self.source = source
        self.modelIndex = [:]
        self.tableIndex = [:]
        self.enumIndex = [:]
        for model in models { add(model) }
        for enumType in enums { add(enumType) }
    }

    /// Adds or replaces a model (by name).
    public mutating func add(_ model: Model) {
        if let index = modelIndex[model.name] {
            tableIndex[models[index].tableName] = nil
            models[index] = model
            tableIndex[model.tableName] = index
        } else {
            modelIndex[model.name] = models.count
            tableIndex[model.tableName] = models.count
            models.append(model)
        }
    }

    /// Adds or replaces an enum (by name).
    public mutating func add(_ enumType: EnumType) {
        if let index = enumIndex[enumType.name] {
            enums[index] = enumType
        } else {
            enumIndex[enumType.name] = enums.count
            enums.append(enumType)
        }
    }

    /// The model with this Swift name, or whose table has this name (`User` or `users`).
    public func model(named name: String) -> Model? {
        if let index = modelIndex[name] ?? tableIndex[name] { return models[index] }
        return nil
    }

    public func enumType(named name: String) -> EnumType? {
        enumIndex[name].map { enums[$0] }
    }

    /// All names a query may use for models, for suggestions and completion.
    public var modelNames: [String] { models.map(\.name) }
}
