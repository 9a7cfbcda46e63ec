import SiftSQLite
import Testing

@Suite("Connection limits")
struct LimitTests {
    @Test func readsAndLowersLimits() throws {
        let connection = try Connection.inMemory()
        #expect(connection.limit(.variableNumber) >= 999)
        #expect(connection.limit(.exprDepth) > 0)
        #expect(connection.limit(.length) > 1_000_000)

        let original = connection.limit(.variableNumber)
        let previous = connection.setLimit(.variableNumber, to: 3)
        #expect(previous == original)
        #expect(connection.limit(.variableNumber) == 3)
        _ = try connection.prepare("SELECT ?, ?, ?")
        let error = #expect(throws: SQLiteError.self) { try connection.prepare("SELECT ?, ?, ?, ?") }
        #expect(error?.message == "too many SQL variables")

        connection.setLimit(.exprDepth, to: 10)
        let deep = "SELECT 1" + String(repeating: " + 1", count: 20)
        let depthError = #expect(throws: SQLiteError.self) { try connection.prepare(deep) }
        #expect(depthError?.message.contains("Expression tree is too large") == true)
    }
}
