/// A table as a database describes it, independent of any database library: what introspection
/// reads (``SchemaInference`` turns it into models).
public struct TableDescription: Sendable, Hashable {
    public var name: String
    public var columns: [ColumnDescription]
    /// The primary-key columns in key order; empty for a rowid table without a declared key.
    public var primaryKey: [String]
    public var foreignKeys: [ForeignKeyDescription]
    /// Column sets with a UNIQUE constraint or unique index.
    public var uniqueColumnSets: [[String]]
    public var isView: Bool
    public var withoutRowID: Bool

    public init(
        name: String, columns: [ColumnDescription], primaryKey: [String], foreignKeys: [ForeignKeyDescription] = [],
        uniqueColumnSets: [[String]] = [], isView: Bool = false, withoutRowID: Bool = false
    ) {
        self.name = name
        self.columns = columns
        self.primaryKey = primaryKey
        self.foreignKeys = foreignKeys
        self.uniqueColumnSets = uniqueColumnSets
        self.isView = isView
        self.withoutRowID = withoutRowID
    }
}

/// A column as declared.
public struct ColumnDescription: Sendable, Hashable {
    public var name: String
    /// The declared type as written (`INTEGER`, `varchar(20)`, `DATETIME`, or empty).
    public var declaredType: String
    public var notNull: Bool

    public init(name: String, declaredType: String, notNull: Bool) {
        self.name = name
        self.declaredType = declaredType
        self.notNull = notNull
    }
}

/// `FOREIGN KEY (columns) REFERENCES targetTable (targetColumns)`.
public struct ForeignKeyDescription: Sendable, Hashable {
    public var columns: [String]
    public var targetTable: String
    /// The referenced columns (the target's primary key when the declaration omits them).
    public var targetColumns: [String]

    public init(columns: [String], targetTable: String, targetColumns: [String]) {
        self.columns = columns
        self.targetTable = targetTable
        self.targetColumns = targetColumns
    }
}
