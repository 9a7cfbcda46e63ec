import SiftSyntax

/// A relationship from one model to another, and how the database links them.
public struct Relationship: Sendable, Hashable {
    /// How many objects are at the other end.
    public enum Cardinality: Sendable, Hashable {
        /// `var company: Company?` (optional) or `var list: RemindersList` (required).
        case toOne(isOptional: Bool)
        /// `var interests: [Interest]`.
        case toMany
    }

    /// How the rows are linked in SQL.
    public enum Link: Sendable, Hashable {
        /// To-one: this model's `column` holds the target's `targetColumn` (usually its key).
        case foreignKey(column: String, targetColumn: String)
        /// To-many through a foreign key on the target: `target.column` holds this model's `sourceColumn`.
        case inverseForeignKey(targetColumn: String, sourceColumn: String)
        /// Many-to-many through a join table.
        indirect case joinTable(JoinTable)  // boxed: five names would make every relationship 80 bytes larger
    }

    /// `table.sourceColumn → source.sourceKey`, `table.targetColumn → target.targetKey`.
    public struct JoinTable: Sendable, Hashable {
        /// The join table.
        public var table: String
        /// The join table's column referring to the source model.
        public var sourceColumn: String
        /// The source model's column it refers to.
        public var sourceKey: String
        /// The join table's column referring to the target model.
        public var targetColumn: String
        /// The target model's column it refers to.
        public var targetKey: String

        /// A join table and its four columns.
        public init(table: String, sourceColumn: String, sourceKey: String, targetColumn: String, targetKey: String) {
            self.table = table
            self.sourceColumn = sourceColumn
            self.sourceKey = sourceKey
            self.targetColumn = targetColumn
            self.targetKey = targetKey
        }
    }

    /// The relationship's name in Swift.
    public var name: String {
        get { shared.fields.name }
        set { shared.fields.name = newValue }
    }
    /// The target model's name.
    public var target: String {
        get { shared.fields.target }
        set { shared.fields.target = newValue }
    }
    /// To-one (optional or not) or to-many.
    public var cardinality: Cardinality {
        get { shared.fields.cardinality }
        set { shared.fields.cardinality = newValue }
    }
    /// How the rows are linked in SQL.
    public var link: Link {
        get { shared.fields.link }
        set { shared.fields.link = newValue }
    }
    /// The name of the relationship on the target that points back, when there is one.
    public var inverse: String? {
        get { shared.fields.inverse }
        set { shared.fields.inverse = newValue }
    }
    /// The column that orders an ordered to-many relationship's elements (Core Data's
    /// `Z_FOK_<INVERSE>` on the target's table), nil for an unordered one.
    public var orderColumn: String? {
        get { shared.fields.orderColumn }
        set { shared.fields.orderColumn = newValue }
    }
    /// Where it is declared, for notes in diagnostics.
    public var declaration: SourceRange? {
        get { shared.fields.declaration }
        set { shared.fields.declaration = newValue }
    }
    /// A to-many relationship whose objects keep an order (Core Data's `ordered`, an `NSOrderedSet`), as its
    /// model declares it; queries can use the order only where ``orderColumn`` says where it is stored.
    public var isOrdered: Bool {
        get { shared.fields.isOrdered }
        set { shared.fields.isOrdered = newValue }
    }

    // The fields live in one shared box: a relationship is copied into typed nodes, joins and
    // lowered paths, and a copy then retains one reference instead of each of its names.
    private var shared: SharedFields<Fields>

    /// A relationship `name` to `target`, linked by `link`.
    public init(
        name: String, target: String, cardinality: Cardinality, link: Link, inverse: String? = nil,
        declaration: SourceRange? = nil, isOrdered: Bool = false
    ) {
        shared = SharedFields(
            Fields(
                name: name, target: target, cardinality: cardinality, link: link, inverse: inverse, orderColumn: nil,
                declaration: declaration, isOrdered: isOrdered))
    }

    private struct Fields: Hashable, Sendable {
        var name: String
        var target: String
        var cardinality: Cardinality
        var link: Link
        var inverse: String?
        var orderColumn: String?
        var declaration: SourceRange?
        var isOrdered: Bool
    }

    /// Whether it leads to many objects.
    public var isToMany: Bool { cardinality == .toMany }

    /// The Swift spelling of its type, e.g. `Company?` or `[Interest]`.
    public var typeDescription: String {
        switch cardinality {
        case .toOne(let isOptional): target + (isOptional ? "?" : "")
        case .toMany: "[\(target)]"
        }
    }
}
