import Sift
import SiftSQL
import SiftSQLite
import Testing

/// `sift_json_number` (a Double as Swift writes it, for `jsonGroupArray`) and `sift_sorted_concat`
/// (`groupConcat(…, sortedBy:)` before SQLite 3.44), called from SQL on a connection of Sift's.
@Suite struct JSONNumberAndSortedConcatTests {
    @Test func doublesAreWrittenAsSwiftWritesThem() throws {
        let connection = try Connection.inMemory()
        try connection.registerSiftFunctions()
        for value in [0.1, 1e20, -0.0, 1.0, 0.30000000000000004, 5e-324, 1.7976931348623157e308, 123456789012345678.0, -2.5e-7] {
            #expect(try connection.scalar("SELECT sift_json_number(?1, 0)", [.real(value)]) == .text(value.description))
            // Read back by JSON as the very same Double.
            #expect(try connection.scalar("SELECT json_extract(json_array(json(sift_json_number(?1, 0))), '$[0]')", [.real(value)]) == .real(value))
        }
        #expect(try connection.scalar("SELECT sift_json_number(?1, 1)", [.real(Double(Float(0.1)))]) == "0.1")
        #expect(try connection.scalar("SELECT sift_json_number(9e999, 0)") == nil)
        // As a sort key (2), infinity too.
        #expect(try connection.scalar("SELECT sift_json_number(-9e999, 2)") == "-inf")
        #expect(try connection.scalar("SELECT sift_json_number(NULL, 2)") == nil)
        #expect(try connection.scalar("SELECT json_group_array(json(sift_json_number(x, 0))) FROM (SELECT 0.1 AS x UNION ALL SELECT NULL)") == "[0.1,null]")
    }

    @Test func pairsAreSortedAsSwiftSortsTheKeys() throws {
        let connection = try Connection.inMemory()
        try connection.registerSiftFunctions()
        func concat(_ pairs: String, _ mode: SortedConcatenation.KeyKind, descending: Bool = false) throws -> SQLValue {
            try connection.scalar("SELECT sift_sorted_concat(?1, ', ', ?2)", [.text(pairs), .integer(SortedConcatenation.mode(mode, descending: descending))])
        }
        #expect(try concat(#"[[3,"c"],[1,"a"],[null,"n"],[2,"b"],[1,null]]"#, .integer) == "n, a, b, c")
        #expect(try concat(#"[[3,"c"],[1,"a"],[null,"n"],[2,"b"]]"#, .integer, descending: true) == "c, b, a, n")
        // 17 digits: keys SQLite's JSON would round to one value stay apart.
        #expect(try concat(#"[["0.10000000000000002","y"],["0.1","x"],["inf","z"],["-inf","w"]]"#, .real) == "w, x, y, z")
        // Swift's `<` on strings: by canonical (NFC) scalars, so é (U+00E9) after f; é twice is a
        // tie, broken by the texts.
        #expect(try concat("[[\"e\\u0301\",\"2\"],[\"\\u00e9\",\"1\"],[\"f\",\"3\"],[\"Z\",\"0\"]]", .text) == "0, 3, 1, 2")
        #expect(try concat("[]", .text) == "")
    }

    /// StructuredQueries' `groupConcat(order:)`: text keys by their bytes (SQL's `BINARY`), ties by
    /// the texts' bytes in either direction, NULL when no pair has a text.
    @Test func pairsAreSortedAsSQLOrdersTheStoredKeys() throws {
        let connection = try Connection.inMemory()
        try connection.registerSiftFunctions()
        func concat(_ pairs: String, _ mode: SortedConcatenation.KeyKind, descending: Bool = false) throws -> SQLValue {
            let mode = SortedConcatenation.mode(mode, descending: descending) + SortedConcatenation.sqlMeaning
            return try connection.scalar("SELECT sift_sorted_concat(?1, ', ', ?2)", [.text(pairs), .integer(mode)])
        }
        // By bytes: é composed (C3 A9) after e + U+0301 (65 CC 81) and after f; Z (5A) before a.
        #expect(try concat("[[\"\\u00e9\",\"1\"],[\"e\\u0301\",\"2\"],[\"f\",\"3\"],[\"Z\",\"0\"],[\"a\",\"4\"]]", .bytes) == "0, 4, 2, 3, 1")
        #expect(try concat(#"[["b","y"],["a","x"],[null,"n"],["b","w"]]"#, .bytes, descending: true) == "w, y, x, n")
        #expect(try concat(#"[[2,"b"],[1,"a"],[null,"n"],[2,"B"]]"#, .integer) == "n, a, B, b")
        #expect(try concat(#"[[1,null]]"#, .integer) == nil)
        #expect(try concat("[]", .bytes) == nil)
    }
}
