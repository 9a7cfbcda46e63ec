import Foundation
import Sift
import SiftSQLite
import Testing

/// Comparisons of optionals with constants that lower without hiding the column: SQLite selects
/// the rows the evaluator selects, and the SQL has no `coalesce` / `CASE` around the column.
@Suite struct OptionalComparisonRewriteTests {
    /// `(a ?? c) == v` with constants is `a == v` (or `a == v || a == nil` when `c == v`).
    static let coalesced: [String] = [
        #"User where (nickname ?? "") == "Bear""#,
        #"User where (nickname ?? "Bear") == "Bear""#,
        #"User where (nickname ?? "") != "Bear""#,
        #"User where (nickname ?? "Bear") != "Bear""#,
        #"User where "Bear" == (nickname ?? "Bea\u{301}r")"#,
        #"User where (nickname ?? "") == "Chlo\u{301}" || (nickname ?? "é") == "e\u{301}""#,
        #"User where (company?.name ?? "Acme") == "Acme""#,
        #"User where (company?.name ?? "none") == "Acme" && age > 20"#,
        #"User where !((company?.city ?? "Seoul") != "Seoul")"#,
    ]

    /// `o?.test == true` (and `== false`, `!= true`, `!= false`) is `o IS NOT NULL AND test`, like
    /// `if let` with a Bool default.
    static let chained: [String] = [
        #"User where nickname?.hasPrefix("B") == true"#,
        #"User where nickname?.hasPrefix("B") == false"#,
        #"User where nickname?.hasPrefix("B") != true"#,
        #"User where nickname?.hasPrefix("B") != false"#,
        #"User where true == nickname?.contains("a")"#,
        "User where nickname?.isEmpty == false",
        #"User where company?.name.contains("c") != false && age > 20"#,
        #"User where !(company?.city?.hasPrefix("S") == true)"#,
    ]

    @Test(arguments: coalesced)
    func coalescedEquality(text: String) throws { try Self.check(text, hasNo: "coalesce") }

    @Test(arguments: chained)
    func chainedTestEquality(text: String) throws { try Self.check(text, hasNo: "CASE") }

    /// The rows of `text` on SQLite and in the evaluator, and SQL without `fragment`.
    static func check(_ text: String, hasNo fragment: String) throws {
        let example = try ExampleDatabase.shared()
        let (sql, sqliteIDs) = try example.sqliteUserIDs(text)
        #expect(!sql.contains(fragment), "\(sql)")
        #expect(sqliteIDs == (try example.idSet(text)), "\(text)\n\(sql)")
        #expect(!sqliteIDs.isEmpty)
    }
}
