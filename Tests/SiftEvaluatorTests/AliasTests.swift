import Foundation
import Testing

/// Every subquery gets a table alias of its own, however many there are: the first ones are
/// kept in a list, the rest in a set (a repeated alias would correlate a subquery with the
/// wrong rows, or make SQLite reject the SQL as ambiguous).
@Suite struct AliasTests {
    @Test(arguments: [3, 16, 17, 40])
    func manySubqueriesOfOneRelationshipEachHaveTheirOwnAlias(count: Int) throws {
        let example = try ExampleDatabase.shared()
        // Next to another condition each `contains` stays a correlated EXISTS with its own alias.
        let clauses = (0..<count).map { "users.contains { $0.age == \(20 + $0) && $0.interests.contains { $0.title != name } }" }
        let text = "Company where city != \"\" && (\(clauses.joined(separator: " || ")))"
        let (sql, sqliteIDs) = try example.sqliteIDs(text)
        #expect(sqliteIDs == (try example.idSet(text)), "\(sql)")
        // `users`, `users_2`, ... and `interests`, `interests_2`, ...: all distinct.
        let aliases = sql.matches(of: /AS "([A-Za-z_0-9]+)"/).map { String($0.output.1) }
        #expect(Set(aliases).count == aliases.count, "\(sql)")
        #expect(aliases.count >= count, "\(sql)")
    }
}
