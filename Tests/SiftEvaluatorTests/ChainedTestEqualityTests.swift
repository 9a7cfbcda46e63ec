import Foundation
import Sift
import SiftSQLite
import Testing

/// `o?.test == true` (and `== false`, `!= true`, `!= false`) lowers like `if let` with a Bool
/// default, `o IS NOT NULL AND test`, so the planner sees the test's terms; SQLite selects the
/// rows the evaluator selects.
@Suite struct ChainedTestEqualityTests {
    static let cases: [String] = [
        #"User where nickname?.hasPrefix("B") == true"#,
        #"User where nickname?.hasPrefix("B") == false"#,
        #"User where nickname?.hasPrefix("B") != true"#,
        #"User where nickname?.hasPrefix("B") != false"#,
        #"User where true == nickname?.contains("a")"#,
        "User where nickname?.isEmpty == false",
        #"User where company?.name.contains("c") != false && age > 20"#,
        #"User where !(company?.city?.hasPrefix("S") == true)"#,
    ]

    @Test(arguments: cases)
    func rowsAndShape(text: String) throws {
        let example = try ExampleDatabase.shared()
        let (sql, sqliteIDs) = try example.sqliteUserIDs(text)
        #expect(!sql.contains("CASE"), "\(sql)")
        #expect(sqliteIDs == (try example.idSet(text)), "\(text)\n\(sql)")
        #expect(!sqliteIDs.isEmpty)
    }
}
