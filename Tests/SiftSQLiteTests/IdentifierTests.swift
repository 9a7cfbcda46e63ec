import SiftSQLite
import Testing

@Suite("Identifier quoting")
struct IdentifierTests {
    @Test func quotesAlwaysAndDoublesInnerQuotes() {
        #expect(SQLiteIdentifier.quote("users") == #""users""#)
        #expect(SQLiteIdentifier.quote("a\"b") == #""a""b""#)
        #expect(SQLiteIdentifier.quote("order items") == #""order items""#)
        #expect(SQLiteIdentifier.quote("\"") == #""""""#)
        #expect(SQLiteIdentifier.quote("") == #""""#)
        #expect(SQLiteIdentifier.quote("élan") == #""élan""#)
    }

    @Test("quoted names work in real SQL", arguments: ["select", "order items", "a\"b", "\"\"", "x'y", "from where", "é"])
    func quotedNamesRoundTrip(name: String) throws {
        let connection = try Connection.inMemory()
        let table = SQLiteIdentifier.quote(name)
        let column = SQLiteIdentifier.quote(name + " column")
        try connection.execute("CREATE TABLE \(table) (\(column) TEXT)")
        try connection.prepare("INSERT INTO \(table) (\(column)) VALUES (?)").execute(bindings: [.text(name)])
        let statement = try connection.prepare("SELECT \(column) FROM \(table)")
        #expect(try statement.rows() == [[.text(name)]])
        #expect(statement.columnNames == [name + " column"])
        #expect(try connection.catalog().table(named: name)?.columns.map(\.name) == [name + " column"])
    }
}

@Test func aQuoteFollowedByACombiningMarkIsStillDoubled() {
    // `"` + U+0301 is one Character in Swift, but two scalars to SQLite: the quote must be doubled.
    #expect(SQLiteIdentifier.quote("t\"\u{301} WHERE 1 --") == "\"t\"\"\u{301} WHERE 1 --\"")
}
