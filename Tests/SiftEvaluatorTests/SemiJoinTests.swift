import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// `contains { }` over a relationship that is a level's whole condition is a semi-join,
/// `key IN (SELECT fk ...)`, computed once; next to other conditions, or when its closure reads
/// the outer row, it stays a correlated `EXISTS`. Either way SQLite selects the rows the
/// evaluator selects, also under `!` (NULL foreign keys are left out of the `IN` list).
@Suite struct SemiJoinTests {
    /// Queries, and whether their outermost relationship test is a semi-join.
    static let cases: [(query: String, semiJoin: Bool)] = [
        ("Company where users.contains { $0.age > 40 }", true),
        ("#Predicate<Interest> { $0.users.contains { $0.age < 30 } }", true),
        (#"#Predicate<User> { $0.interests.contains { $0.category == "food" } }"#, true),
        (#"#Predicate<Company> { company in company.users.contains { user in user.age > 30 && user.interests.contains { $0.title == "Hiking" } } }"#, true),
        ("#Predicate<Interest> { $0.users.contains { $0.company?.city == nil } }", true),
        // Inside the IN list, a `contains { }` next to other conditions is joined in.
        (#"Company where users.contains { $0.age > 20 && $0.interests.contains { $0.category == "food" } }"#, true),
        (#"#Predicate<Interest> { $0.users.contains { u in u.age > 30 && u.interests.contains { $0.title == "Hiking" } && u.company?.city == "Seoul" } }"#, true),
        (#"Company where users.contains { u in u.age > 1 && u.interests.contains { i in i.users.contains { $0.company?.name == "Acme" } && i.title != u.name } }"#, true),
        (#"Company where users.contains { u in u.interests.contains { $0.category == "food" } && u.interests.contains { $0.category == nil } }"#, true),
        (#"#Predicate<Interest> { $0.users.allSatisfy { $0.interests.contains { $0.category == "food" } } }"#, false),
        // Under `!` it cannot start from the elements: NOT EXISTS, with the foreign key's index.
        ("Company where !users.contains { $0.age > 40 }", false),
        ("#Predicate<Company> { !$0.users.contains { $0.nickname == nil } }", false),
        // Inside `allSatisfy` a semi-join is negated: its IN list must not hold NULL.
        (#"#Predicate<User> { !$0.interests.allSatisfy { $0.users.contains { $0.company?.city == "Seoul" } } }"#, false),
        // Next to another condition, or reading the outer row: a correlated EXISTS.
        (#"Company where city == "Seoul" && users.contains { $0.age > 40 }"#, false),
        ("#Predicate<Company> { company in company.users.contains { $0.name == company.name } }", false),
        (#"Company where users.contains { $0.age > 40 } || city == "Seoul""#, false),
        // A closure that may trap keeps the EXISTS, whose trap handling it needs.
        ("Company where users.contains { $0.age * 1000000000000 > 5 }", false),
    ]

    @Test(arguments: cases.indices)
    func shapeAndRows(index: Int) throws {
        let (text, semiJoin) = Self.cases[index]
        let example = try ExampleDatabase.shared()
        let (sql, sqliteIDs) = try example.sqliteIDs(text)
        let whereLine = try #require(sql.split(separator: "\n").first { $0.hasPrefix("WHERE ") })
        let startsWithSemiJoin = whereLine.range(of: #"^WHERE (NOT \(?)?"[a-zA-Z]+"\."id" IN \(SELECT "#, options: .regularExpression) != nil
        #expect(startsWithSemiJoin == semiJoin, "\(sql)")
        #expect(sqliteIDs == (try example.idSet(text)), "\(text)\n\(sql)")
    }

    @Test func theSemiJoinIsComputedOnceNotPerRow() throws {
        let database = try ExampleDatabase.shared().openSift()
        let plan = try database.queryPlan(try database.compile("#Predicate<Interest> { $0.users.contains { $0.age > 90 } }"))
            .map(\.detail).joined(separator: "\n")
        #expect(plan.contains("LIST SUBQUERY"), "\(plan)")
        #expect(!plan.contains("CORRELATED"), "\(plan)")
    }

    @Test func nextToAnotherConditionTheSubqueryUsesTheForeignKeyIndex() throws {
        let database = try ExampleDatabase.shared().openSift()
        let plan = try database.queryPlan(try database.compile(#"#Predicate<Interest> { $0.title == "Chess" && $0.users.contains { $0.age > 90 } }"#))
            .map(\.detail).joined(separator: "\n")
        #expect(plan.contains("CORRELATED"), "\(plan)")
        #expect(plan.contains("(interestID=?)"), "\(plan)")
    }

    /// Under `allSatisfy` the IN list must leave out NULL keys: a link with a NULL interest would
    /// make `2 IN (1, NULL)` NULL, and its negation select user 2. (The evaluator cannot load
    /// such links, so the expected rows are written out.)
    @Test func aNegatedSemiJoinLeavesOutNullKeys() throws {
        let temporaryFiles = TemporaryFiles()
        let path = temporaryFiles.path("sift-semijoin", suffix: ".sqlite")
        try Connection(path: path, mode: .readWriteCreate).execute(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE interests (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            CREATE TABLE userInterests (userID INTEGER REFERENCES users(id), interestID INTEGER REFERENCES interests(id), PRIMARY KEY (userID, interestID));
            INSERT INTO users VALUES (1, 'Ana'), (2, 'Bo');
            INSERT INTO interests VALUES (1, 'Chess'), (2, 'Go');
            INSERT INTO userInterests VALUES (1, 1), (1, NULL), (2, 2);
            """)
        let database = try SiftDatabase(path: path)
        let query = try database.compile("User where interests.allSatisfy { $0.users.contains { $0.id == 1 } }")
        #expect(query.sql.contains(" IN (SELECT "), "\(query.sql)")
        let ids = try database.fetch(query).map { $0["id"] }
        #expect(ids == [.int(1)], "\(query.sql)")
    }
}
