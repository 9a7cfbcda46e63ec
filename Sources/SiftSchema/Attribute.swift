import SiftSyntax

/// A stored property of a model, mapped to one column.
public struct Attribute: Sendable, Hashable {
    /// The Swift name used in queries (`birth`).
    public var name: String
    /// The column that stores it (`birth`, or what `@Column("...")` says).
    public var columnName: String
    public var type: ScalarType
    public var isOptional: Bool
    public var storage: Storage
    /// Declared unique (`@Attribute(.unique)` or a UNIQUE constraint).
    public var isUnique: Bool
    /// Part of the model's primary key.
    public var isPrimaryKey: Bool
    /// Where it is declared, for notes in diagnostics.
    public var declaration: SourceRange?

    public init(
        name: String, columnName: String? = nil, type: ScalarType, isOptional: Bool = false,
        storage: Storage, isUnique: Bool = false, isPrimaryKey: Bool = false, declaration: SourceRange? = nil
    ) {
        self.name = name
        self.columnName = columnName ?? name
        self.type = type
        self.isOptional = isOptional
        self.storage = storage
        self.isUnique = isUnique
        self.isPrimaryKey = isPrimaryKey
        self.declaration = declaration
    }

    /// The Swift spelling of its type, e.g. `String?`.
    public var typeDescription: String { type.description + (isOptional ? "?" : "") }
}
