import Sift
import SiftSQLite
import Testing

@Suite("Statements")
struct StatementTests {
    func makeConnection() throws -> Connection {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE people (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL, score REAL);
            INSERT INTO people (name, score) VALUES ('ann', 1.5), ('bob', NULL), ('cy', 3);
            """)
        return connection
    }

    @Test func shapeOfAStatement() throws {
        let connection = try makeConnection()
        let statement = try connection.prepare("SELECT id, name AS who, score * 2 FROM people WHERE id > ?")
        #expect(statement.sql == "SELECT id, name AS who, score * 2 FROM people WHERE id > ?")
        #expect(statement.parameterCount == 1)
        #expect(statement.columnCount == 3)
        #expect(statement.columnNames == ["id", "who", "score * 2"])
        #expect(statement.declaredTypes == ["INTEGER", "VARCHAR(20)", nil])
        #expect(statement.isReadOnly)
        #expect(!statement.isBusy)
    }

    @Test func numberedParametersMatchPositions() throws {
        let connection = try makeConnection()
        let statement = try connection.prepare("SELECT ?2, ?1, ?2")
        #expect(statement.parameterCount == 2)
        #expect(try statement.rows(bindings: ["first", "second"]) == [["second", "first", "second"]])
        let sparse = try connection.prepare("SELECT ?3")
        #expect(sparse.parameterCount == 3)
        #expect(try sparse.rows(bindings: [nil, nil, 9]) == [[9]])
    }

    @Test func stepRowResetAndRebind() throws {
        let connection = try makeConnection()
        let statement = try connection.prepare("SELECT name, score FROM people WHERE id >= ? ORDER BY id")
        try statement.bind([2])
        #expect(try statement.step())
        #expect(statement.isBusy)
        #expect(statement.row() == ["bob", nil])
        #expect(statement.value(at: 0) == "bob")
        #expect(try statement.step())
        #expect(statement.row() == ["cy", 3.0])
        #expect(try !statement.step())
        #expect(!statement.isBusy)

        statement.reset()  // bindings are kept
        #expect(try statement.step())
        #expect(statement.value(at: 0) == "bob")

        statement.reset()
        try statement.bind(.integer(3), at: 1)
        #expect(try statement.step())
        #expect(statement.value(at: 0) == "cy")

        statement.reset()
        statement.clearBindings()  // NULL matches nothing
        #expect(try !statement.step())
    }

    @Test func bindingWhileRunningIsMisuse() throws {
        let connection = try makeConnection()
        let statement = try connection.prepare("SELECT name FROM people WHERE id > ?")
        try statement.bind([0])
        #expect(try statement.step())
        let error = #expect(throws: SQLiteError.self) { try statement.bind(1, at: 1) }
        #expect(error?.code == .misuse)
        try statement.bind([1])  // the array form resets first
        #expect(try statement.step())
        #expect(statement.value(at: 0) == "bob")
    }

    @Test func rowsAndCursor() throws {
        let connection = try makeConnection()
        let statement = try connection.prepare("SELECT name FROM people ORDER BY id")
        #expect(try statement.rows() == [["ann"], ["bob"], ["cy"]])
        #expect(!statement.isBusy)

        let cursor = try statement.cursor()
        var names: [SQLValue] = []
        while let row = try cursor.next() { names.append(row[0]) }
        #expect(names == ["ann", "bob", "cy"])
        #expect(try cursor.next() == nil)

        let early = try statement.cursor()
        #expect(try early.next() == ["ann"])
        #expect(statement.isBusy)
        early.finish()
        #expect(!statement.isBusy)
        #expect(try early.next() == nil)
    }

    @Test func scriptsRunEveryStatement() throws {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            -- a comment first
            CREATE TABLE a (x);   /* block comment */
            INSERT INTO a VALUES (1);;
            INSERT INTO a VALUES (2);
            SELECT * FROM a;
            -- and one last
            """)
        #expect(try connection.scalar("SELECT sum(x) FROM a") == 3)
        try connection.execute("")
        try connection.execute("  \n -- only a comment")
    }

    @Test func changesAndLastInsertRowID() throws {
        let connection = try makeConnection()
        try connection.prepare("INSERT INTO people (name) VALUES (?)").execute(bindings: ["dee"])
        #expect(connection.lastInsertRowID == 4)
        #expect(connection.changes == 1)
        try connection.prepare("UPDATE people SET score = 0 WHERE id <= ?").execute(bindings: [3])
        #expect(connection.changes == 3)
        #expect(!connection.isInTransaction)
    }

    @Test func statementsOutliveTheirConnectionObject() throws {
        var connection: Connection? = try makeConnection()
        let statement = try connection!.prepare("SELECT count(*) FROM people")
        let interrupter = connection!.interruptHandle
        connection = nil
        // The statement keeps the database open.
        #expect(interrupter.isConnectionOpen)
        #expect(try statement.rows() == [[3]])
    }
}
