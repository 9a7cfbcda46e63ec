import SiftSyntax

/// Which rows of a shared table are a model's objects: those whose `column` holds one of
/// `values` (Core Data's `Z_ENT`, the entity numbers of a sub-entity and its own sub-entities).
public struct EntitySelection: Sendable, Hashable {
    /// The column that says which entity a row belongs to.
    public var column: String
    /// The entity numbers of the model's objects.
    public var values: [Int64]

    /// Rows whose `column` is one of `values`.
    public init(column: String, values: [Int64]) {
        self.column = column
        self.values = values
    }
}

/// A model: a Swift type whose objects are the rows of one table.
public struct Model: Sendable, Hashable {
    /// A queryable member: an attribute or a relationship.
    public enum Member: Sendable, Hashable {
        /// A stored property.
        case attribute(Attribute)
        /// A link to other objects.
        case relationship(Relationship)

        /// The member's name in Swift.
        public var name: String {
            switch self {
            case .attribute(let attribute): attribute.name
            case .relationship(let relationship): relationship.name
            }
        }

        /// Where it is declared, for notes in diagnostics.
        public var declaration: SourceRange? {
            switch self {
            case .attribute(let attribute): attribute.declaration
            case .relationship(let relationship): relationship.declaration
            }
        }

        /// Its type as Swift writes it (`String?`, `[Interest]`), for messages.
        public var typeDescription: String {
            switch self {
            case .attribute(let attribute): attribute.typeDescription
            case .relationship(let relationship): relationship.typeDescription
            }
        }

        /// The Swift type of the member's value: `Int`, `String?`, `Company?`, `[Interest]`.
        public var type: SiftType {
            switch self {
            case .attribute(let attribute):
                let type = SiftType(attribute.type)
                return attribute.isOptional ? .optional(type) : type
            case .relationship(let relationship):
                switch relationship.cardinality {
                case .toOne(let isOptional): return isOptional ? .optional(.model(relationship.target)) : .model(relationship.target)
                case .toMany: return .array(.model(relationship.target))
                }
            }
        }
    }

    /// A member that exists in Swift but is not stored (`@Transient`, computed): naming it in a
    /// query is an error that says why.
    public struct UnqueryableMember: Sendable, Hashable {
        /// The member's name.
        public var name: String
        /// Why it cannot be queried, e.g. "it is marked @Transient, so it is not stored".
        public var reason: String
        /// Where it is declared, for notes in diagnostics.
        public var declaration: SourceRange?

        /// A member `name` that cannot be queried because of `reason`.
        public init(name: String, reason: String, declaration: SourceRange? = nil) {
            self.name = name
            self.reason = reason
            self.declaration = declaration
        }
    }

    /// The Swift name (`User`).
    public var name: String {
        get { storage.fields.name }
        set { uniqueStorage().setName(newValue) }
    }
    /// The table (`users`).
    public var tableName: String {
        get { storage.fields.tableName }
        set { uniqueStorage().setTableName(newValue) }
    }
    /// The column(s) that identify a row; `["rowid"]` for a table without a declared key.
    public var primaryKey: [String] {
        get { storage.fields.primaryKey }
        set { uniqueStorage().fields.primaryKey = newValue }
    }
    /// The queryable members, in declaration order.
    public var members: [Member] {
        get { storage.fields.members }
        set { uniqueStorage().setMembers(newValue) }
        _modify {
            // In place (`model.members.append(...)` copies no array), then the names and
            // attributes are derived again.
            let storage = uniqueStorage()
            var members = storage.takeMembers()
            defer { storage.setMembers(members) }
            yield &members
        }
    }
    /// The members' names, in order: looking a member up compares names without copying members.
    public var memberNames: [String] { storage.derived.memberNames }
    /// The attributes among the members, in order (kept, not built per use: a query's columns
    /// read them on every compilation).
    public var attributes: [Attribute] { storage.derived.attributes }
    /// The attributes' names, in order (the column names of a query's rows, kept for the same reason).
    public var attributeNames: [String] { storage.derived.attributeNames }
    /// The result columns in double quotes, for SQL's select list (kept for the same reason).
    package var doubleQuotedColumns: DoubleQuotedColumns { storage.derived.doubleQuotedColumns }
    /// The select list qualified by the table's own name (``DoubleQuotedColumns/qualifiedByTable``),
    /// read without copying the rest.
    package var tableQualifiedColumns: [UInt8] { storage.derived.doubleQuotedColumns.qualifiedByTable }
    /// Columns of the table that are no members, selected with the attributes: the key and the
    /// foreign keys a model file implies without declaring them (a `@Model` class's `id`, the
    /// `companyID` of its `company`). Introspection makes every column an attribute, so a model
    /// read from a database has none.
    public var keyColumns: [Attribute] {
        get { storage.fields.keyColumns }
        set { uniqueStorage().setKeyColumns(newValue) }
    }
    /// The columns of a query's rows, in order: the primary key among ``keyColumns``, the
    /// attributes, then the other key columns (the attributes alone when there are none).
    public var resultColumns: [Attribute] { storage.derived.resultColumns }
    /// The result columns' names, in order (the column names of a query's rows).
    public var resultColumnNames: [String] { storage.derived.resultColumnNames }
    /// The members that exist in Swift but are not stored.
    public var unqueryableMembers: [UnqueryableMember] {
        get { storage.fields.unqueryableMembers }
        set { uniqueStorage().fields.unqueryableMembers = newValue }
    }
    /// Whether it is a SwiftData `@Model` or a StructuredQueries `@Table` (or introspected).
    public var style: ModelStyle {
        get { storage.fields.style }
        set { uniqueStorage().fields.style = newValue }
    }
    /// Where it is declared, for notes in diagnostics.
    public var declaration: SourceRange? {
        get { storage.fields.declaration }
        set { uniqueStorage().fields.declaration = newValue }
    }
    /// The rows of its table that are its objects, when the table holds other models' objects too
    /// (a Core Data sub-entity shares its root entity's table); nil when every row is one.
    public var entitySelection: EntitySelection? {
        get { storage.fields.entitySelection }
        set { uniqueStorage().fields.entitySelection = newValue }
    }
    /// The model it inherits from (a Core Data parent entity), whose members come first among its own.
    public var parent: String? {
        get { storage.fields.parent }
        set { uniqueStorage().fields.parent = newValue }
    }
    /// StructuredQueries `@Selection` column groups its properties hold (`var timestamps:
    /// Timestamps`): the group's columns are attributes of this model, reached in a query through
    /// the group's name (`$0.timestamps.createdAt`) as well as directly.
    public var columnGroups: [ColumnGroup] {
        get { storage.fields.columnGroups }
        set { uniqueStorage().fields.columnGroups = newValue }
    }
    /// StructuredQueries `@Selection` enums its properties hold (`var kind: Kind`): each case's
    /// columns are optional attributes of this model, reached in a query through the enum and the
    /// case (`$0.kind.note`, `$0.kind.image.caption`).
    public var enumColumnGroups: [EnumColumnGroup] {
        get { storage.fields.enumColumnGroups }
        set { uniqueStorage().fields.enumColumnGroups = newValue }
    }
    /// Whether its table is an FTS5 virtual table (`@Table struct ReminderText: FTS5`, or a
    /// `CREATE VIRTUAL TABLE ... USING fts5`): it can be matched against a full-text query.
    public var isFullTextTable: Bool {
        get { storage.fields.isFullTextTable }
        set { uniqueStorage().fields.isFullTextTable = newValue }
    }

    /// Whether the database has its table. A `@Table` type of the model file that the database
    /// lacks is kept without one: it may name the rows of a sub-query (StructuredQueries' `With`),
    /// and a query that reads it as a table is refused.
    package var hasTable: Bool {
        get { !storage.fields.lacksTable }
        set { uniqueStorage().fields.lacksTable = !newValue }
    }

    /// The fields, shared between copies until one is changed: a model is copied wherever a
    /// query names it (every lookup by name, every row variable of a lowering), and a copy is
    /// then one reference instead of a dozen.
    private var storage: Storage

    /// A model `name` stored in `tableName` with its members, inheriting from `parent` when given.
    public init(
        name: String, tableName: String, primaryKey: [String], members: [Member] = [],
        unqueryableMembers: [UnqueryableMember] = [], style: ModelStyle, declaration: SourceRange? = nil, parent: String? = nil
    ) {
        storage = Storage(
            Fields(
                name: name, tableName: tableName, primaryKey: primaryKey, members: members, keyColumns: [],
                unqueryableMembers: unqueryableMembers, style: style, declaration: declaration, parent: parent))
    }

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public static func == (lhs: Model, rhs: Model) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// What a model is; equality and hashing compare these (the names and attributes the storage
    /// derives follow from the members).
    private struct Fields: Hashable {
        var name: String
        var tableName: String
        var primaryKey: [String]
        var members: [Member]
        var keyColumns: [Attribute]
        var unqueryableMembers: [UnqueryableMember]
        var style: ModelStyle
        var declaration: SourceRange?
        var entitySelection: EntitySelection? = nil
        var parent: String?
        var columnGroups: [ColumnGroup] = []
        var enumColumnGroups: [EnumColumnGroup] = []
        var isFullTextTable = false
        var lacksTable = false
    }

    /// Changed only through ``uniqueStorage()``, when no other model shares it.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        /// What follows from the members and the table, made again whenever they change.
        private(set) var derived: Derived

        init(_ fields: Fields) {
            self.fields = fields
            derived = Derived(fields)
        }

        func setName(_ name: String) {
            fields.name = name
            derived = Derived(fields)
        }

        func setTableName(_ name: String) {
            fields.tableName = name
            derived = Derived(fields)
        }

        func setMembers(_ members: [Member]) {
            fields.members = members
            derived = Derived(fields)
        }

        func setKeyColumns(_ columns: [Attribute]) {
            fields.keyColumns = columns
            derived = Derived(fields)
        }

        /// The members, leaving none here, so that the caller holds the only reference to them.
        func takeMembers() -> [Member] {
            defer { fields.members = [] }
            return fields.members
        }
    }

    /// What a model keeps worked out from its members and table, so that no query works it out.
    private struct Derived {
        var memberNames: [String]
        /// The members' names' UTF-8 lengths, and whether every name is ASCII (see ``Model/memberIndex(named:)``).
        var memberNameLengths: [Int]
        var memberNamesAreASCII: Bool
        var attributes: [Attribute]
        var attributeNames: [String]
        var resultColumns: [Attribute]
        var resultColumnNames: [String]
        var doubleQuotedColumns: DoubleQuotedColumns
        /// `table.column` of each attribute, in order (see ``Model/qualifiedColumnName(_:)``).
        var qualifiedColumnNames: [String]
        /// The model's type and each member's (see ``Model/type``, ``Model/memberAndType(at:)``): made
        /// once, so that a query never interns a name (a type is a plain value, but making one from
        /// a name looks the name up in the process's table).
        var type: SiftType
        var memberTypes: [SiftType]

        init(_ fields: Fields) {
            memberNames = fields.members.map(\.name)
            memberNameLengths = memberNames.map(\.utf8.count)
            memberNamesAreASCII = memberNames.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            attributes = Model.attributes(of: fields.members)
            attributeNames = attributes.map(\.name)
            resultColumns =
                fields.keyColumns.isEmpty
                ? attributes : fields.keyColumns.filter(\.isPrimaryKey) + attributes + fields.keyColumns.filter { !$0.isPrimaryKey }
            resultColumnNames = resultColumns.map(\.name)
            doubleQuotedColumns = DoubleQuotedColumns(resultColumns.map(\.columnName), table: fields.tableName)
            qualifiedColumnNames = attributes.map { fields.tableName + "." + $0.columnName }
            type = .model(fields.name)
            memberTypes = fields.members.map(\.type)
        }
    }

    /// The member named `name`, if any.
    public func member(named name: String) -> Member? { memberIndex(named: name).map { storage.fields.members[$0] } }

    /// The member at an index of ``members``, with its type.
    package func memberAndType(at index: Int) -> (member: Member, type: SiftType) {
        let storage = self.storage
        return (storage.fields.members[index], storage.derived.memberTypes[index])
    }

    /// The type of the model's objects (`SiftType.model(name)`), made once with the model.
    public var type: SiftType { storage.derived.type }

    /// The index of the member named `name` (by `==`, canonical equivalence, as Swift compares
    /// names). When every member's name is ASCII, a name of another length is skipped without a
    /// comparison: an ASCII name equals only the same bytes. Only a name that matches none that
    /// way is looked at again, if it is not ASCII (`K` spelled as U+212A KELVIN SIGN equals `K`).
    package func memberIndex(named name: String) -> Int? {
        let storage = self.storage
        let names = storage.derived.memberNames
        guard storage.derived.memberNamesAreASCII else { return names.firstIndex(of: name) }
        let count = name.utf8.count
        let lengths = storage.derived.memberNameLengths
        for index in lengths.indices where lengths[index] == count && names[index] == name { return index }
        if !name.isASCII { return names.firstIndex(of: name) }
        return nil
    }

    /// `table.column` for one of the model's columns (how facts about the data name a column),
    /// made once with the model, not at every use.
    package func qualifiedColumnName(_ column: String) -> String {
        let derived = storage.derived
        for index in derived.attributes.indices {
            // The same bytes, not only the same text: `==` equates canonically equivalent names
            // (`é` and `e` + U+0301), which are different columns to SQLite.
            if derived.attributes[index].columnName.hasSameUTF8(as: column) { return derived.qualifiedColumnNames[index] }
        }
        return tableName + "." + column
    }

    /// Whether the attribute stored in `column` is optional; nil when no attribute is. The
    /// attributes are read in place (a loop over copies retained each one's strings).
    package func isColumnOptional(_ column: String) -> Bool? {
        let attributes = storage.derived.attributes
        for index in attributes.indices where attributes[index].columnName == column { return attributes[index].isOptional }
        return nil
    }

    /// The attribute named `name`, if any.
    public func attribute(named name: String) -> Attribute? {
        if case .attribute(let attribute)? = member(named: name) { return attribute }
        return nil
    }

    /// The relationship named `name`, if any.
    public func relationship(named name: String) -> Relationship? {
        if case .relationship(let relationship)? = member(named: name) { return relationship }
        return nil
    }

    static func attributes(of members: [Member]) -> [Attribute] {
        members.compactMap { if case .attribute(let a) = $0 { a } else { nil } }
    }

    /// The relationships among the members, in order.
    public var relationships: [Relationship] {
        members.compactMap { if case .relationship(let r) = $0 { r } else { nil } }
    }
}

/// A StructuredQueries `@Selection` struct stored inline in a table: its properties are columns of
/// the table that holds it.
public struct ColumnGroup: Sendable, Hashable {
    /// The property of the model that holds the group (`timestamps`).
    public var name: String
    /// The attributes of the model that are the group's properties, in declaration order.
    public var attributeNames: [String]
    /// The `@Selection` struct's name (`Timestamps`), as a model file declares it.
    public var typeName: String
    /// Whether the property holding the group is optional (then each of its columns is).
    public var isOptional: Bool

    /// A group `name` whose columns are the attributes `attributeNames`, declared as the struct
    /// `typeName` (by default `name` with its first letter in upper case).
    public init(name: String, attributeNames: [String], typeName: String? = nil, isOptional: Bool = false) {
        self.name = name
        self.attributeNames = attributeNames
        self.typeName = typeName ?? name.prefix(1).uppercased() + name.dropFirst()
        self.isOptional = isOptional
    }
}
