import SiftSchema
import SiftSyntax

/// A checked named sub-query: the model its rows are read as, and the query that gives them.
public struct CheckedCommonTable: Sendable, Hashable {
    /// The rows' model: its name is the sub-query's, its attributes the selected columns (strings
    /// as Swift compares them, dates as instants); it has no primary key.
    public var model: Model
    /// The query, which selects; for a recursive one, a base case combined by `union` with
    /// queries that read ``model``'s rows found so far.
    public var query: CheckedQuery
    /// `with recursive`.
    public var isRecursive: Bool

    /// A checked named sub-query of these parts.
    public init(model: Model, query: CheckedQuery, isRecursive: Bool) {
        self.model = model
        self.query = query
        self.isRecursive = isRecursive
    }
}

extension CheckedCommonTable {
    /// The one row a row written as a value (`Count(value: 1)` in StructuredQueries' `With`) is
    /// selected from: the sub-query `"sift_values" AS (SELECT 1)`, of no column.
    package static let rowOfValues = Model(name: BuilderClauses.rowOfValuesModel, tableName: "sift_values", primaryKey: [], style: .table)

    /// Whether a query (or a query combined with it) selects from ``rowOfValues``.
    package static func readsRowOfValues(_ query: CheckedQuery) -> Bool {
        query.model.name == rowOfValues.name || (query.selection?.setOperations.contains { readsRowOfValues($0.query) } ?? false)
    }
}

extension Schema {
    /// This schema with `model` added, or instead of the model of its name (the rows of a named
    /// sub-query).
    package func adding(_ model: Model) -> Schema {
        var schema = self
        schema.add(model)
        return schema
    }
}
