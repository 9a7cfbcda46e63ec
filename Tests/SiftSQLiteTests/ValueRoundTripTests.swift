import Sift
import SiftSQLite
import Testing

@Suite("Values of every storage class round-trip")
struct ValueRoundTripTests {
    static let values: [SQLValue] = [
        .null,
        .integer(0), .integer(-1), .integer(Int64.max), .integer(Int64.min),
        .real(1.5), .real(-0.25), .real(.infinity), .real(-.infinity),
        .real(.greatestFiniteMagnitude), .real(.leastNonzeroMagnitude),
        .text(""), .text("plain"), .text("héllo wörld 👋🏽"), .text("a\u{0}b"), .text("\u{0}"),
        .text("it's \"quoted\"\nnew line"),
        .blob([]), .blob([0]), .blob([0, 255, 1, 128]), .blob(Array(repeating: 0xAB, count: 100_000)),
    ]

    @Test("through a bound parameter", arguments: values)
    func throughParameter(value: SQLValue) throws {
        let connection = try Connection.inMemory()
        let rows = try connection.prepare("SELECT ?, typeof(?1)").rows(bindings: [value])
        #expect(rows == [[value, .text(value.storageClass)]])
    }

    @Test("through a table column", arguments: values)
    func throughTable(value: SQLValue) throws {
        let connection = try Connection.inMemory()
        try connection.execute("CREATE TABLE t (v)")
        try connection.prepare("INSERT INTO t (v) VALUES (?)").execute(bindings: [value])
        #expect(try connection.scalar("SELECT v FROM t") == value)
    }

    @Test func textKeepsNULBytes() throws {
        let connection = try Connection.inMemory()
        // length() stops at the first NUL for text, so measure the bytes.
        let byteLength = try connection.scalar("SELECT length(CAST(? AS BLOB))", [.text("a\u{0}b\u{0}")])
        #expect(byteLength == .integer(4))
        #expect(try connection.scalar("SELECT ? = 'a' || char(0) || 'b'", [.text("a\u{0}b")]) == .integer(1))
    }

    @Test func emptyBlobStaysABlobAndEmptyTextStaysText() throws {
        let connection = try Connection.inMemory()
        #expect(try connection.scalar("SELECT typeof(?)", [.blob([])]) == "blob")
        #expect(try connection.scalar("SELECT typeof(?)", [.text("")]) == "text")
        #expect(try connection.scalar("SELECT x''") == .blob([]))
    }

    @Test func nanBecomesNullBecauseSQLiteHasNoNaN() throws {
        let connection = try Connection.inMemory()
        #expect(try connection.scalar("SELECT ?", [.real(.nan)]) == .null)
    }

    @Test func invalidUTF8IsRepairedWithReplacementCharacters() throws {
        let connection = try Connection.inMemory()
        let value = try connection.scalar("SELECT CAST(x'61FF62C3' AS TEXT)")
        #expect(value == .text("a\u{FFFD}b\u{FFFD}"))
    }

    @Test func integersAndRealsKeepTheirClass() throws {
        let connection = try Connection.inMemory()
        #expect(try connection.scalar("SELECT 1") == .integer(1))
        #expect(try connection.scalar("SELECT 1.0") == .real(1))
        #expect(try connection.scalar("SELECT 9223372036854775807") == .integer(.max))
        #expect(try connection.scalar("SELECT 9223372036854775808") == .real(9223372036854775808))
    }

    @Test func descriptionsAreReadable() {
        #expect(SQLValue.null.description == "NULL")
        #expect(SQLValue.integer(-42).description == "-42")
        #expect(SQLValue.real(1.5).description == "1.5")
        #expect(SQLValue.text("say \"hi\"").description == #""say \"hi\"""#)
        #expect(SQLValue.blob([0, 0xAF, 0x10]).description == "X'00AF10'")
        #expect(SQLValue.blob([]).description == "X''")
    }

    @Test func literalsAndAccessors() {
        let values: [SQLValue] = [nil, 7, 2.5, "x"]
        #expect(values == [.null, .integer(7), .real(2.5), .text("x")])
        #expect(values[0].isNull)
        #expect(values[1].integerValue == 7 && values[1].realValue == nil)
        #expect(values[2].realValue == 2.5)
        #expect(values[3].textValue == "x" && values[3].blobValue == nil)
        #expect(SQLValue.blob([1]).blobValue == [1])
    }
}
