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
        public var table: String
        public var sourceColumn: String
        public var sourceKey: String
        public var targetColumn: String
        public var targetKey: String

        public init(table: String, sourceColumn: String, sourceKey: String, targetColumn: String, targetKey: String) {
            self.table = table
            self.sourceColumn = sourceColumn
            self.sourceKey = sourceKey
            self.targetColumn = targetColumn
            self.targetKey = targetKey
        }
    }

    public var name: String
    /// The target model's name.
    public var target: String
    public var cardinality: Cardinality
    public var link: Link
    /// The name of the relationship on the target that points back, when there is one.
    public var inverse: String?
    public var declaration: SourceRange?

    public init(
        name: String, target: String, cardinality: Cardinality, link: Link, inverse: String? = nil,
        declaration: SourceRange? = nil
    ) {
        self.name = name
        self.target = target
        self.cardinality = cardinality
        self.link = link
        self.inverse = inverse
        self.declaration = declaration
    }

    public var isToMany: Bool { cardinality == .toMany }

    /// The Swift spelling of its type, e.g. `Company?` or `[Interest]`.
    public var typeDescription: String {
        switch cardinality {
        case .toOne(let isOptional): target + (isOptional ? "?" : "")
        case .toMany: "[\(target)]"
        }
    }
}
