import Foundation
import Sift
import SiftSQLite
import Testing

/// `(a ?? c) == v` with constants is lowered as `a == v` (or `a == v || a == nil` when `c == v`),
/// keeping the column bare for its index; SQLite selects the rows the evaluator selects.
@Suite struct CoalescedEqualityTests {
    static let cases: [String] = [
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

    @Test(arguments: cases)
    func rowsAndShape(text: String) throws {
        let example = try ExampleDatabase.shared()
        let (sql, sqliteIDs) = try example.sqliteUserIDs(text)
        #expect(!sql.contains("coalesce"), "\(sql)")
        #expect(sqliteIDs == (try example.idSet(text)), "\(text)\n\(sql)")
        #expect(!sqliteIDs.isEmpty)
    }
}
