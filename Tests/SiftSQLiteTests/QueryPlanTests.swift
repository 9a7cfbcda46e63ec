import SiftSQLite
import Testing

@Suite("Query plans")
struct QueryPlanTests {
    func makeConnection() throws -> Connection {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT, name TEXT);
            CREATE INDEX users_email ON users(email);
            CREATE TABLE orders (id INTEGER PRIMARY KEY, userID INTEGER REFERENCES users(id), total REAL);
            """)
        return connection
    }

    @Test func indexedLookupSearchesUsingTheIndex() throws {
        let connection = try makeConnection()
        let plan = try connection.queryPlan("SELECT name FROM users WHERE email = ?", bindings: ["a@b.c"])
        #expect(plan.count == 1)
        #expect(plan.first?.parent == 0)
        #expect(plan.first?.detail == "SEARCH users USING INDEX users_email (email=?)")
        #expect(plan.renderedTree == "QUERY PLAN\n`--SEARCH users USING INDEX users_email (email=?)")
    }

    @Test func unindexedFilterScans() throws {
        let connection = try makeConnection()
        let plan = try connection.queryPlan("SELECT * FROM users WHERE name = ?")
        #expect(plan.map(\.detail) == ["SCAN users"])
    }

    @Test func nestedPlansRenderAsATree() throws {
        let connection = try makeConnection()
        let plan = try connection.queryPlan(
            """
            SELECT name FROM users WHERE id IN (SELECT userID FROM orders WHERE total > ?)
            UNION SELECT name FROM users WHERE email = ?
            """, bindings: [10, "x"])
        let tree = plan.renderedTree
        #expect(tree.hasPrefix("QUERY PLAN\n"))
        #expect(tree.contains("|--"))
        #expect(tree.contains("`--"))
        #expect(tree.contains("SEARCH users USING INDEX users_email (email=?)"))
        // Every row appears exactly once.
        #expect(tree.split(separator: "\n").count == plan.count + 1)
        // Children are indented under their parents.
        #expect(plan.contains { $0.parent != 0 })
        #expect(tree.contains("\n|  ") || tree.contains("\n   "))
    }

    @Test func renderingMatchesTheShell() {
        let rows = [
            QueryPlanRow(id: 2, parent: 0, detail: "COMPOUND QUERY"),
            QueryPlanRow(id: 3, parent: 2, detail: "LEFT-MOST SUBQUERY"),
            QueryPlanRow(id: 6, parent: 3, detail: "SCAN a"),
            QueryPlanRow(id: 8, parent: 3, detail: "LIST SUBQUERY 1"),
            QueryPlanRow(id: 11, parent: 8, detail: "SCAN b"),
            QueryPlanRow(id: 20, parent: 2, detail: "UNION USING TEMP B-TREE"),
            QueryPlanRow(id: 23, parent: 20, detail: "SEARCH c USING INDEX c_x (x=?)"),
            QueryPlanRow(id: 30, parent: 0, detail: "USE TEMP B-TREE FOR ORDER BY"),
        ]
        #expect(
            rows.renderedTree == """
                QUERY PLAN
                |--COMPOUND QUERY
                |  |--LEFT-MOST SUBQUERY
                |  |  |--SCAN a
                |  |  `--LIST SUBQUERY 1
                |  |     `--SCAN b
                |  `--UNION USING TEMP B-TREE
                |     `--SEARCH c USING INDEX c_x (x=?)
                `--USE TEMP B-TREE FOR ORDER BY
                """)
        #expect([QueryPlanRow]().renderedTree == "QUERY PLAN")
        // A row whose parent is missing still shows, at the top level.
        #expect([QueryPlanRow(id: 4, parent: 99, detail: "SCAN t")].renderedTree == "QUERY PLAN\n`--SCAN t")
    }

    @Test func tooManyBindingsIsAnError() throws {
        let connection = try makeConnection()
        #expect(throws: SQLiteError.self) { try connection.queryPlan("SELECT 1", bindings: [1]) }
    }
}
