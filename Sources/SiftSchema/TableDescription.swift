/// A table as a database describes it, independent of any database library: what introspection
/// reads (``SchemaInference`` turns it into models).
public struct TableDescription: Sendable, Hashable {
    /// The table's name.
    public var name: String
    /// The columns, in order.
    public var columns: [ColumnDescription]
    /// The primary-key columns in key order; empty for a rowid table without a declared key.
    public var primaryKey: [String]
    /// The foreign keys.
    public var foreignKeys: [ForeignKeyDescription]
    /// Column sets with a UNIQUE constraint or unique index.
    public var uniqueColumnSets: [[String]]
    /// Whether it is a view.
    public var isView: Bool
    /// Whether it is a `WITHOUT ROWID` table.
    public var withoutRowID: Bool
    /// Whether it is an FTS5 virtual table (`CREATE VIRTUAL TABLE ... USING fts5(...)`): its rows
    /// are matched with `MATCH` and keyed by `rowid`.
    public var isFullText = false

    /// A table's description.
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
    /// The column's name.
    public var name: String
    /// The declared type as written (`INTEGER`, `varchar(20)`, `DATETIME`, or empty).
    public var declaredType: String
    /// Declared `NOT NULL`.
    public var notNull: Bool

    /// A column `name` of `declaredType`.
    public init(name: String, declaredType: String, notNull: Bool) {
        self.name = name
        self.declaredType = declaredType
        self.notNull = notNull
    }
}

/// `FOREIGN KEY (columns) REFERENCES targetTable (targetColumns)`.
public struct ForeignKeyDescription: Sendable, Hashable {
    /// The referring columns, in key order.
    public var columns: [String]
    /// The referenced table.
    public var targetTable: String
    /// The referenced columns (the target's primary key when the declaration omits them).
    public var targetColumns: [String]

    /// A foreign key from `columns` to `targetTable`'s `targetColumns`.
    public init(columns: [String], targetTable: String, targetColumns: [String]) {
        self.columns = columns
        self.targetTable = targetTable
        self.targetColumns = targetColumns
    }
}
