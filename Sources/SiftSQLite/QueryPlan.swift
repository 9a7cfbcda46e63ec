import Sift

/// One row of `EXPLAIN QUERY PLAN`: a step of SQLite's plan and where it sits in the plan tree.
public struct QueryPlanRow: Sendable, Hashable {
    /// The row's id, referenced by its children's `parent`.
    public var id: Int
    /// The id of the parent row; 0 for top-level rows.
    public var parent: Int
    /// What SQLite does, e.g. `SCAN users` or `SEARCH users USING INDEX users_email (email=?)`.
    public var detail: String

    /// Makes a plan row.
    public init(id: Int, parent: Int, detail: String) {
        self.id = id
        self.parent = parent
        self.detail = detail
    }
}

extension Array where Element == QueryPlanRow {
    /// The plan drawn as a tree, the way the `sqlite3` shell does:
    ///
    /// ```text
    /// QUERY PLAN
    /// |--SCAN users
    /// `--SEARCH orders USING INDEX orders_user (userID=?)
    /// ```
    /// Rows whose parent is missing are drawn at the top level, so no row is ever dropped.
    public var renderedTree: String {
        let ids = Set(map(\.id))
        var children: [Int: [QueryPlanRow]] = [:]
        for row in self {
            let parent = ids.contains(row.parent) && row.parent != row.id ? row.parent : 0
            children[parent, default: []].append(row)
        }
        var lines = ["QUERY PLAN"]
        var visited: Set<Int> = []
        func render(parent: Int, prefix: String) {
            let siblings = children[parent] ?? []
            for (position, row) in siblings.enumerated() {
                let isLast = position == siblings.count - 1
                lines.append(prefix + (isLast ? "`--" : "|--") + row.detail)
                if visited.insert(row.id).inserted, row.id != 0 {
                    render(parent: row.id, prefix: prefix + (isLast ? "   " : "|  "))
                }
            }
        }
        render(parent: 0, prefix: "")
        return lines.joined(separator: "\n")
    }
}

extension Connection {
    /// SQLite's plan for `sql` (one statement, without the `EXPLAIN QUERY PLAN` prefix), with
    /// `bindings` bound, which matters when the plan depends on values. The statement is not run.
    public func queryPlan(_ sql: String, bindings: [SQLValue] = []) throws -> [QueryPlanRow] {
        let statement = try prepare("EXPLAIN QUERY PLAN " + sql)
        if !bindings.isEmpty || statement.parameterCount > 0 {
            var values = bindings
            // Unbound parameters plan as NULL, like in SQLite; extra ones are an error.
            if values.count < statement.parameterCount {
                values += Array(repeating: .null, count: statement.parameterCount - values.count)
            }
            try statement.bind(values)
        }
        defer { statement.reset() }
        var rows: [QueryPlanRow] = []
        while try statement.step() {
            // Columns: id, parent, notused, detail.
            rows.append(
                QueryPlanRow(
                    id: Int(statement.value(at: 0).integerValue ?? 0),
                    parent: Int(statement.value(at: 1).integerValue ?? 0),
                    detail: statement.value(at: 3).textValue ?? ""))
        }
        return rows
    }
}
