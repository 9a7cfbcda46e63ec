import SiftSyntax

/// A stored property of a model, mapped to one column.
public struct Attribute: Sendable, Hashable {
    /// The Swift name used in queries (`birth`).
    public var name: String {
        get { box.fields.name }
        set { uniqueBox().fields.name = newValue }
    }
    /// The column that stores it (`birth`, or what `@Column("...")` says).
    public var columnName: String {
        get { box.fields.columnName }
        set { uniqueBox().fields.columnName = newValue }
    }
    public var type: ScalarType {
        get { box.fields.type }
        set { uniqueBox().fields.type = newValue }
    }
    public var isOptional: Bool {
        get { box.fields.isOptional }
        set { uniqueBox().fields.isOptional = newValue }
    }
    public var storage: Storage {
        get { box.fields.storage }
        set { uniqueBox().fields.storage = newValue }
    }
    /// Declared unique (`@Attribute(.unique)` or a UNIQUE constraint).
    public var isUnique: Bool {
        get { box.fields.isUnique }
        set { uniqueBox().fields.isUnique = newValue }
    }
    /// Part of the model's primary key.
    public var isPrimaryKey: Bool {
        get { box.fields.isPrimaryKey }
        set { uniqueBox().fields.isPrimaryKey = newValue }
    }
    /// Where it is declared, for notes in diagnostics.
    public var declaration: SourceRange? {
        get { box.fields.declaration }
        set { uniqueBox().fields.declaration = newValue }
    }

    // The fields live in one shared box: an attribute is copied into typed nodes, lowered columns
    // and sort keys, and a copy then retains one reference instead of each of its names.
    private var box: Box

    public init(
        name: String, columnName: String? = nil, type: ScalarType, isOptional: Bool = false,
        storage: Storage, isUnique: Bool = false, isPrimaryKey: Bool = false, declaration: SourceRange? = nil
    ) {
        box = Box(
            Fields(
                name: name, columnName: columnName ?? name, type: type, isOptional: isOptional, storage: storage,
                isUnique: isUnique, isPrimaryKey: isPrimaryKey, declaration: declaration))
    }

    public static func == (lhs: Attribute, rhs: Attribute) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    private mutating func uniqueBox() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    private struct Fields: Hashable {
        var name: String
        var columnName: String
        var type: ScalarType
        var isOptional: Bool
        var storage: Storage
        var isUnique: Bool
        var isPrimaryKey: Bool
        var declaration: SourceRange?
    }

    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The Swift spelling of its type, e.g. `String?`.
    public var typeDescription: String { type.description + (isOptional ? "?" : "") }
}
