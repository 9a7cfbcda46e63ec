import SiftSyntax

/// A stored property of a model, mapped to one column.
public struct Attribute: Sendable, Hashable {
    /// The Swift name used in queries (`birth`).
    public var name: String {
        get { shared.fields.name }
        set { shared.fields.name = newValue }
    }
    /// The column that stores it (`birth`, or what `@Column("...")` says).
    public var columnName: String {
        get { shared.fields.columnName }
        set { shared.fields.columnName = newValue }
    }
    /// The Swift type of its values, without optionality.
    public var type: ScalarType {
        get { shared.fields.type }
        set { shared.fields.type = newValue }
    }
    /// Whether it is optional (`String?`): its column may hold NULL.
    public var isOptional: Bool {
        get { shared.fields.isOptional }
        set { shared.fields.isOptional = newValue }
    }
    /// How its values are stored in the column.
    public var storage: Storage {
        get { shared.fields.storage }
        set { shared.fields.storage = newValue }
    }
    /// Declared unique (`@Attribute(.unique)` or a UNIQUE constraint).
    public var isUnique: Bool {
        get { shared.fields.isUnique }
        set { shared.fields.isUnique = newValue }
    }
    /// Part of the model's primary key.
    public var isPrimaryKey: Bool {
        get { shared.fields.isPrimaryKey }
        set { shared.fields.isPrimaryKey = newValue }
    }
    /// For a column StructuredQueries stores as JSON text (`@Column(as: [String].JSONRepresentation.self)`):
    /// the Swift type whose JSON it holds (`[String]`); its values are read as that text, a `String`.
    public var jsonRepresentation: String? {
        get { shared.fields.jsonRepresentation }
        set { shared.fields.jsonRepresentation = newValue }
    }
    /// Where it is declared, for notes in diagnostics.
    public var declaration: SourceRange? {
        get { shared.fields.declaration }
        set { shared.fields.declaration = newValue }
    }

    // The fields live in one shared box: an attribute is copied into typed nodes, lowered columns
    // and sort keys, and a copy then retains one reference instead of each of its names.
    private var shared: SharedFields<Fields>

    /// An attribute named `name`, stored in `columnName` (default: the name) as `storage`.
    public init(
        name: String, columnName: String? = nil, type: ScalarType, isOptional: Bool = false,
        storage: Storage, isUnique: Bool = false, isPrimaryKey: Bool = false, declaration: SourceRange? = nil
    ) {
        shared = SharedFields(
            Fields(
                name: name, columnName: columnName ?? name, type: type, isOptional: isOptional, storage: storage,
                isUnique: isUnique, isPrimaryKey: isPrimaryKey, declaration: declaration))
    }

    private struct Fields: Hashable, Sendable {
        var name: String
        var columnName: String
        var type: ScalarType
        var isOptional: Bool
        var storage: Storage
        var isUnique: Bool
        var isPrimaryKey: Bool
        var declaration: SourceRange?
        var jsonRepresentation: String?
    }

    /// The Swift spelling of its type, e.g. `String?`.
    public var typeDescription: String { type.description + (isOptional ? "?" : "") }
}
