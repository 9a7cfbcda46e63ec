import Foundation
import Sift
import SiftSQLite
import Testing

/// `if let x = optional { test } else { false }` lowers to `optional IS NOT NULL AND test` (and
/// `else { true }` to an `OR`), terms SQLite's planner can use; the rows are the evaluator's.
@Suite struct IfLetConditionTests {
    static let cases: [(query: String, caseExpression: Bool)] = [
        (#"#Predicate<User> { user in if let nickname = user.nickname { nickname.hasPrefix("K") } else { false } }"#, false),
        (#"#Predicate<User> { user in if let nickname = user.nickname { nickname.hasPrefix("K") } else { true } }"#, false),
        ("#Predicate<User> { user in if let founded = user.company?.founded { user.birth < founded && user.age > 20 } else { false } }", false),
        ("#Predicate<User> { user in if let founded = user.company?.founded { user.birth < founded } else { user.age > 40 } }", true),
        ("#Predicate<User> { user in !(if let city = user.company?.city { city == \"Seoul\" } else { true }) }", false),
    ]

    @Test(arguments: cases.indices)
    func loweringAndRows(index: Int) throws {
        let (text, caseExpression) = Self.cases[index]
        let example = try ExampleDatabase.shared()
        let (sql, sqliteIDs) = try example.sqliteUserIDs(text)
        #expect(sql.contains("CASE WHEN") == caseExpression, "\(sql)")
        #expect(sqliteIDs == (try example.idSet(text)), "\(text)")
    }
}
