import SiftSQLite
import Testing

@Suite("Errors carry codes, message, SQL and offset")
struct ErrorTests {
    func makeConnection() throws -> Connection {
        let connection = try Connection.inMemory()
        try connection.execute(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, age INTEGER CHECK (age >= 0));
            INSERT INTO t (name, age) VALUES ('ann', 30);
            """)
        return connection
    }

    @Test func unknownColumnNamesTheColumnTheSQLAndTheOffset() throws {
        let connection = try makeConnection()
        let error = #expect(throws: SQLiteError.self) { try connection.prepare("SELECT foo FROM t") }
        #expect(error?.code == .error)
        #expect(error?.extendedCode == .error)
        #expect(error?.message == "no such column: foo")
        #expect(error?.sql == "SELECT foo FROM t")
        #expect(error?.offset == 7)
        #expect(
            error?.description
                == "SQLite error 1 (SQLITE_ERROR): no such column: foo — in: SELECT foo FROM t (at offset 7)")
    }

    @Test func syntaxErrorOffsetPointsAtTheToken() throws {
        let connection = try makeConnection()
        let error = #expect(throws: SQLiteError.self) { try connection.prepare("SELECT * FROM t WHERE AND") }
        #expect(error?.code == .error)
        #expect(error?.message.contains("syntax error") == true)
        #expect(error?.offset == 22)
    }

    @Test func constraintViolationsHaveExtendedCodesAndNoBoundValues() throws {
        let connection = try makeConnection()
        let insert = try connection.prepare("INSERT INTO t (name, age) VALUES (?, ?)")
        let unique = #expect(throws: SQLiteError.self) { try insert.execute(bindings: ["ann", 5]) }
        #expect(unique?.code == .constraint)
        #expect(unique?.extendedCode == .constraintUnique)
        #expect(unique?.message == "UNIQUE constraint failed: t.name")
        #expect(unique?.sql == "INSERT INTO t (name, age) VALUES (?, ?)")
        #expect(unique?.description.hasPrefix("SQLite error 2067 (SQLITE_CONSTRAINT_UNIQUE): ") == true)

        let secret = "s3cr3t-value"
        let notNull = #expect(throws: SQLiteError.self) { try insert.execute(bindings: [nil, .text(secret)]) }
        #expect(notNull?.extendedCode == .constraintNotNull)
        #expect(notNull?.description.contains(secret) == false)

        let check = #expect(throws: SQLiteError.self) { try insert.execute(bindings: ["bob", -1]) }
        #expect(check?.extendedCode == .constraintCheck)
        #expect(check?.code == .constraint)

        // The statement stays usable after a failure.
        try insert.execute(bindings: ["bob", 1])
        #expect(connection.changes == 1)
    }

    @Test func wrongNumberOfBindingsIsARangeError() throws {
        let connection = try makeConnection()
        let statement = try connection.prepare("SELECT ?, ?")
        let tooFew = #expect(throws: SQLiteError.self) { try statement.bind([1]) }
        #expect(tooFew?.code == .range)
        #expect(tooFew?.sql == "SELECT ?, ?")
        let outOfRange = #expect(throws: SQLiteError.self) { try statement.bind(1, at: 3) }
        #expect(outOfRange?.code == .range)
        #expect(throws: SQLiteError.self) { try statement.bind(1, at: 0) }
    }

    @Test func prepareTakesExactlyOneStatement() throws {
        let connection = try makeConnection()
        let two = #expect(throws: SQLiteError.self) { try connection.prepare("SELECT 1; SELECT 2") }
        #expect(two?.code == .misuse)
        #expect(two?.offset == 10)
        let none = #expect(throws: SQLiteError.self) { try connection.prepare("  -- nothing\n") }
        #expect(none?.code == .misuse)
        // Trailing semicolons and comments are fine.
        #expect(try connection.prepare("SELECT 1; -- done\n;").rows() == [[1]])
    }

    @Test func scriptErrorsCarryTheFailingStatement() throws {
        let connection = try makeConnection()
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute(
                """
                INSERT INTO t (name) VALUES ('cy');
                INSERT INTO t (name) VALUES ('ann');
                INSERT INTO t (name) VALUES ('dee');
                """)
        }
        #expect(error?.extendedCode == .constraintUnique)
        #expect(error?.sql == "INSERT INTO t (name) VALUES ('ann');")
        // The statements before the failing one ran, those after did not.
        #expect(try connection.scalar("SELECT group_concat(name, ',') FROM t") == "ann,cy")

        let syntax = #expect(throws: SQLiteError.self) {
            try connection.execute("SELECT 1;\n  SELEC 2; SELECT 3")
        }
        #expect(syntax?.sql == "SELEC 2; SELECT 3")
        #expect(syntax?.offset == 0)
    }

    @Test func strictTablesReportDatatypeMismatches() throws {
        let connection = try Connection.inMemory()
        try connection.execute("CREATE TABLE s (n INTEGER) STRICT")
        let error = #expect(throws: SQLiteError.self) {
            try connection.prepare("INSERT INTO s VALUES (?)").execute(bindings: ["not a number"])
        }
        #expect(error?.extendedCode == .constraintDataType)
    }

    @Test func resultCodeNamesAndPrimaryCodes() {
        #expect(SQLiteResultCode.busy.name == "SQLITE_BUSY")
        #expect(SQLiteResultCode.notADatabase.rawValue == 26)
        #expect(SQLiteResultCode.constraintForeignKey.primary == .constraint)
        #expect(SQLiteResultCode.constraintForeignKey.isExtended)
        #expect(SQLiteResultCode(rawValue: 5 | (9 << 8)).name == "SQLITE_BUSY")
        #expect(SQLiteResultCode.interrupt.description == "9 (SQLITE_INTERRUPT)")
        let error = SQLiteError(code: .locked, message: "database table is locked")
        #expect(error.description == "SQLite error 6 (SQLITE_LOCKED): database table is locked")
    }
}
