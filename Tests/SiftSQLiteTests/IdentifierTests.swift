import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
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

/// Tables and columns whose names hold quotes (and a quote before a combining mark) compile to
/// SQL that names them exactly: each inner quote doubled by the renderer, the query answering
/// from the right table and column.
@Test(arguments: ["we\"ird", "t\"\u{301} WHERE 1 --", "\"\""])
func quotedSchemaNamesCompileAndRun(name: String) throws {
    let temporaryFiles = TemporaryFiles()
    defer { temporaryFiles.removeAll() }
    let path = temporaryFiles.path("sift-quotes", suffix: ".sqlite")
    let connection = try Connection(path: path, mode: .readWriteCreate)
    let table = SQLiteIdentifier.quote(name)
    let column = SQLiteIdentifier.quote(name + " col")
    try connection.execute("CREATE TABLE \(table) (id INTEGER PRIMARY KEY, \(column) INTEGER NOT NULL)")
    try connection.execute("INSERT INTO \(table) VALUES (1, 10), (2, 20), (3, 30)")
    let database = try SiftDatabase(path: path)
    let model = try #require(database.schema.models.first { $0.tableName == name })
    let attribute = try #require(model.attributes.first { $0.columnName == name + " col" })
    let query = try database.compile("\(model.name) where \(attribute.name) > 15 sort by id")
    #expect(query.sql.contains(table + "." + column))
    #expect(try database.fetch(query).map { $0["id"] } == [.int(2), .int(3)])
}
