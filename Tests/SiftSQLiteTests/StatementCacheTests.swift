import SiftSQLite
import Testing

@Suite("Statement cache")
struct StatementCacheTests {
    @Test func repeatedSQLReusesTheStatementWithoutPreparing() throws {
        let connection = try Connection.inMemory()
        #expect(connection.prepareCount == 0)
        let first = try connection.cachedStatement("SELECT ? + 1")
        #expect(connection.prepareCount == 1)
        #expect(try first.rows(bindings: [1]) == [[2]])
        for value in 2...10 {
            let again = try connection.cachedStatement("SELECT ? + 1")
            #expect(again === first)
            #expect(try again.rows(bindings: [.integer(Int64(value))]) == [[.integer(Int64(value) + 1)]])
        }
        #expect(connection.prepareCount == 1)
        #expect(connection.cachedStatementCount == 1)
        _ = try connection.cachedStatement("SELECT ? + 2")
        #expect(connection.prepareCount == 2)
    }

    @Test func reuseResetsAndClearsBindings() throws {
        let connection = try Connection.inMemory()
        let statement = try connection.cachedStatement("SELECT ?")
        try statement.bind(["kept?"])
        #expect(try statement.step())
        #expect(statement.isBusy)
        let reused = try connection.cachedStatement("SELECT ?")
        #expect(reused === statement)
        #expect(!reused.isBusy)
        #expect(try reused.step())
        #expect(reused.value(at: 0) == .null)
    }

    @Test func leastRecentlyUsedIsEvicted() throws {
        let connection = try Connection.inMemory()
        connection.statementCacheCapacity = 2
        let a = try connection.cachedStatement("SELECT 'a'")
        let b = try connection.cachedStatement("SELECT 'b'")
        #expect(try connection.cachedStatement("SELECT 'a'") === a)  // a is now the most recent
        _ = try connection.cachedStatement("SELECT 'c'")  // evicts b
        #expect(connection.cachedStatementCount == 2)
        #expect(connection.prepareCount == 3)
        #expect(try connection.cachedStatement("SELECT 'a'") === a)
        #expect(connection.prepareCount == 3)
        #expect(try connection.cachedStatement("SELECT 'b'") !== b)
        #expect(connection.prepareCount == 4)
    }

    @Test func aRepeatedHitCountsAsRecentUse() throws {
        // The hit on the same SQL as the last hit takes a shortcut: it still counts for eviction.
        let connection = try Connection.inMemory()
        connection.statementCacheCapacity = 2
        let a = try connection.cachedStatement("SELECT 'a'")
        #expect(try connection.cachedStatement("SELECT 'a'") === a)
        _ = try connection.cachedStatement("SELECT 'b'")
        #expect(try connection.cachedStatement("SELECT 'a'") === a)  // the last hit again
        _ = try connection.cachedStatement("SELECT 'c'")  // evicts b, not a
        #expect(connection.prepareCount == 3)
        #expect(try connection.cachedStatement("SELECT 'a'") === a)
        #expect(connection.prepareCount == 3)
    }

    @Test func clearingAndDisablingTheCache() throws {
        let connection = try Connection.inMemory()
        let first = try connection.cachedStatement("SELECT 1")
        connection.clearStatementCache()
        #expect(connection.cachedStatementCount == 0)
        #expect(try connection.cachedStatement("SELECT 1") !== first)
        #expect(connection.prepareCount == 2)

        connection.statementCacheCapacity = 0
        #expect(connection.cachedStatementCount == 0)
        _ = try connection.cachedStatement("SELECT 1")
        _ = try connection.cachedStatement("SELECT 1")
        #expect(connection.prepareCount == 4)
    }

    @Test func cachedStatementsSurviveSchemaChanges() throws {
        let connection = try Connection.inMemory()
        try connection.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let count = try connection.cachedStatement("SELECT count(*) FROM t")
        #expect(try count.rows() == [[1]])
        try connection.execute("CREATE INDEX t_x ON t(x); INSERT INTO t VALUES (2)")
        let prepared = connection.prepareCount
        let again = try connection.cachedStatement("SELECT count(*) FROM t")
        #expect(again === count)
        #expect(try again.rows() == [[2]])
        #expect(connection.prepareCount == prepared)
    }

    @Test func failedPreparesAreNotCached() throws {
        let connection = try Connection.inMemory()
        #expect(throws: SQLiteError.self) { try connection.cachedStatement("SELECT * FROM missing") }
        #expect(connection.cachedStatementCount == 0)
        try connection.execute("CREATE TABLE missing (x)")
        #expect(try connection.cachedStatement("SELECT * FROM missing").rows() == [])
    }
}
