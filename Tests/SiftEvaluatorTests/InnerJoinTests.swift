import Foundation
import Sift
import SiftSQLite
import Testing

/// A to-one `LEFT JOIN` becomes an inner `JOIN` exactly when the filter is false for every row
/// whose target is missing; either way SQLite selects the rows the evaluator selects.
@Suite struct InnerJoinTests {
    /// Queries, and whether their `company` join may be inner (nil: no join at all, since the
    /// example's foreign keys all point at a company, `company == nil` is `companyID IS NULL`).
    static let cases: [(query: String, inner: Bool?)] = [
        (#"User where company?.name == "Acme""#, true),
        (#"User where company?.name == "Acme" && age > 20"#, true),
        (#"User where age > 20 && company?.city == "Seoul""#, true),
        ("User where company != nil", nil),
        ("User where nil != company", nil),
        ("User where company?.name != nil", true),
        ("User where company?.city != nil", true),
        (#"User where company?.name.contains("a") ?? false"#, true),
        (#"User where company?.name.contains("a") == true"#, true),
        (#"#Predicate<User> { user in if let city = user.company?.city { city == "Seoul" } else { false } }"#, true),
        // A missing company can make these true: the join stays a LEFT JOIN.
        (#"User where !(company?.name == "Acme")"#, false),
        (#"User where company?.name != "Acme""#, false),
        (#"User where company?.name == "Acme" || age > 40"#, false),
        (#"User where company?.name.contains("a") ?? true"#, false),
        ("User where company?.city == nil", false),
        ("User where company == nil", nil),
        (#"User where (company?.name == "Acme") == false"#, false),
        (#"User where age > 20 sort by company?.name"#, false),
        (#"#Predicate<User> { user in if let city = user.company?.city { city == "Seoul" } else { true } }"#, false),
    ]

    @Test(arguments: cases.indices)
    func joinKindAndRows(index: Int) throws {
        let (text, inner) = Self.cases[index]
        let example = try ExampleDatabase.shared()
        let (sql, sqliteIDs) = try example.sqliteUserIDs(text)
        let joins = sql.split(separator: "\n").filter { $0.contains("JOIN") }
        #expect(joins.count == (inner == nil ? 0 : 1), "\(sql)")
        #expect(joins.allSatisfy { $0.hasPrefix(inner == true ? "JOIN " : "LEFT JOIN ") }, "\(sql)")
        #expect(sqliteIDs == (try example.idSet(text)), "\(text)")
    }

    /// The example has users without a company, so an inner join that should not be one would lose rows.
    @Test func theExampleHasUsersWithoutACompany() throws {
        let example = try ExampleDatabase.shared()
        #expect(!(try example.idSet("User where company == nil")).isEmpty)
        #expect(!(try example.idSet(#"User where !(company?.name == "Acme")"#)).isEmpty)
    }
}
