import Foundation
import Sift
import SiftSQLite

/// The benchmark corpus: queries in Sift's language over the benchmark database, each with the SQL
/// a SQLite expert would write by hand for the same answer on this data, with the same bound values.
///
/// The hand-written SQL may use what the expert knows about the data (`BenchData`): `users.name`
/// holds each accented name in exactly two forms (composed and decomposed), the other text columns
/// are NFC only, ASCII needles never end before a combining mark. It uses plain SQLite, indexes
/// where they help (`name = ?`, prefix ranges, `IN (subquery)` over `userInterests(interestID)`),
/// except for `localizedStandardContains`, for which SQLite has nothing: that query calls the
/// same registered function (`sift_localized_standard_contains`), so only the SQL around it is
/// compared.
///
/// At start-up every pair is run and must return the same rows (`BenchQuery.order`); any
/// difference stops the run with both SQL texts.
struct BenchQuery {
    /// How rows are compared by the start-up check.
    enum Order {
        /// Unsorted: the same rows as a multiset.
        case unordered
        /// Sorted with a unique key: the same rows in the same order.
        case exact
        /// Sorted with ties: the sort key columns (result positions) in the same order, and the
        /// same rows as a multiset.
        case keys([Int])
    }

    var label: String
    var text: String
    var hand: String
    var handBindings: [SQLValue]
    var parameters: [String: ParameterValue] = [:]
    var order: Order = .unordered
}

enum BenchCorpus {
    /// The columns Sift selects: the key, the attributes, the foreign keys.
    static let userColumns = "u.id, u.identifier, u.name, u.nickname, u.age, u.birth, u.score, u.isActive, u.companyID"
    static let users = "SELECT \(userColumns) FROM users u"
    static let companyColumns = "c.id, c.name, c.city, c.founded"
    static let interestColumns = "i.id, i.title, i.category"
    /// `score` in the result row of a User query.
    static let scoreColumn = 6

    static func nfd(_ text: String) -> SQLValue { .text(text.decomposedStringWithCanonicalMapping) }

    /// A 30-day window of births with a few thousand users at scale 1.
    static let startDate = Date(timeIntervalSinceReferenceDate: 300_000_000)
    static let endDate = Date(timeIntervalSinceReferenceDate: 300_000_000 + 30 * 86_400)

    static let queries: [BenchQuery] = [
        // Comparisons, ranges and membership (users(age) index)
        BenchQuery(
            label: "age-gt", text: "#Predicate<User> { $0.age > 97 }", hand: "\(users) WHERE u.age > ?1", handBindings: [97]),
        BenchQuery(
            label: "age-closed-range", text: "#Predicate<User> { (30...31).contains($0.age) }",
            hand: "\(users) WHERE u.age BETWEEN ?1 AND ?2", handBindings: [30, 31]),
        BenchQuery(
            label: "age-half-open", text: "#Predicate<User> { (18..<20).contains($0.age) }",
            hand: "\(users) WHERE u.age >= ?1 AND u.age < ?2", handBindings: [18, 20]),
        BenchQuery(
            label: "age-in-list", text: "#Predicate<User> { [18, 21, 65].contains($0.age) }",
            hand: "\(users) WHERE u.age IN (?1, ?2, ?3)", handBindings: [18, 21, 65]),
        BenchQuery(
            label: "score-and-bool", text: "#Predicate<User> { $0.score > 99.8 && $0.isActive }",
            hand: "\(users) WHERE u.score > ?1 AND u.isActive", handBindings: [99.8]),
        BenchQuery(
            label: "arithmetic-double", text: "#Predicate<User> { $0.age == 70 && Double($0.age) > $0.score }",
            hand: "\(users) WHERE u.age = ?1 AND u.age > u.score", handBindings: [70]),
        BenchQuery(
            label: "ternary", text: "#Predicate<User> { $0.age == 55 && ($0.isActive ? $0.score : 0.0) > 50.0 }",
            hand: "\(users) WHERE u.age = ?1 AND u.isActive AND u.score > ?2", handBindings: [55, 50.0]),

        // Strings (users.name is not NFC-only; the expert binds both stored forms)
        BenchQuery(
            label: "name-eq-accented", text: #"#Predicate<User> { $0.name == "José García" }"#,
            hand: "\(users) WHERE u.name IN (?1, ?2)", handBindings: ["José García", nfd("José García")]),
        BenchQuery(
            label: "name-eq-ascii", text: #"#Predicate<User> { $0.name == "Kim Lee" }"#,
            hand: "\(users) WHERE u.name = ?1", handBindings: ["Kim Lee"]),
        BenchQuery(
            label: "name-contains", text: #"#Predicate<User> { $0.name.contains("kim") }"#,
            hand: "\(users) WHERE instr(u.name, ?1) > 0", handBindings: ["kim"]),
        BenchQuery(
            label: "name-hasPrefix", text: #"#Predicate<User> { $0.name.hasPrefix("Kimb") }"#,
            hand: "\(users) WHERE u.name >= ?1 AND u.name < ?2", handBindings: ["Kimb", "Kimc"]),
        BenchQuery(
            label: "name-localizedStandardContains",
            text: #"#Predicate<User> { $0.age == 30 && $0.name.localizedStandardContains("zoe") }"#,
            hand: "\(users) WHERE u.age = ?1 AND sift_localized_standard_contains(u.name, ?2)", handBindings: [30, "zoe"]),

        // Optionals (users.nickname is NFC-only)
        BenchQuery(
            label: "nickname-nil", text: "#Predicate<User> { $0.nickname == nil && $0.age == 40 }",
            hand: "\(users) WHERE u.nickname IS NULL AND u.age = ?1", handBindings: [40]),
        BenchQuery(
            label: "nickname-coalesce", text: #"#Predicate<User> { ($0.nickname ?? "") == "Bé" && $0.age < 10 }"#,
            hand: "\(users) WHERE u.nickname = ?1 AND u.age < ?2", handBindings: ["Bé", 10]),
        BenchQuery(
            label: "nickname-optional-chain", text: #"#Predicate<User> { $0.nickname?.hasPrefix("Sun") == true && $0.age > 90 }"#,
            hand: "\(users) WHERE u.nickname GLOB ?1 AND u.age > ?2", handBindings: ["Sun*", 90]),

        // To-one paths
        BenchQuery(
            label: "company-name", text: #"#Predicate<User> { $0.company?.name == "Acme Inc" }"#,
            hand: "\(users) JOIN companies c ON c.id = u.companyID WHERE c.name = ?1", handBindings: ["Acme Inc"]),
        BenchQuery(
            label: "company-city-age", text: #"#Predicate<User> { $0.company?.city == "Zürich" && $0.age == 25 }"#,
            hand: "\(users) JOIN companies c ON c.id = u.companyID WHERE c.city = ?1 AND u.age = ?2",
            handBindings: ["Zürich", 25]),
        BenchQuery(
            label: "company-if-let-founded",
            text: "#Predicate<User> { user in if let founded = user.company?.founded { user.age == 50 && user.birth < founded } else { false } }",
            hand: "\(users) JOIN companies c ON c.id = u.companyID WHERE u.age = ?1 AND u.birth < c.founded",
            handBindings: [50]),
        BenchQuery(
            label: "company-nil", text: "User where company == nil && age == 33",
            hand: "\(users) WHERE u.companyID IS NULL AND u.age = ?1", handBindings: [33]),

        // To-many and many-to-many: any, all, count
        BenchQuery(
            label: "interests-any", text: #"#Predicate<User> { $0.interests.contains { $0.title == "Crosswords" } }"#,
            hand:
                "\(users) WHERE u.id IN (SELECT ui.userID FROM userInterests ui JOIN interests i ON i.id = ui.interestID WHERE i.title = ?1)",
            handBindings: ["Crosswords"]),
        BenchQuery(
            label: "interests-any-and-contains",
            text: #"#Predicate<User> { user in user.name.contains("Kim") && user.interests.contains { $0.title == "등산" } }"#,
            hand:
                "\(users) WHERE instr(u.name, ?1) > 0 AND EXISTS (SELECT 1 FROM userInterests ui JOIN interests i ON i.id = ui.interestID WHERE ui.userID = u.id AND i.title = ?2)",
            handBindings: ["Kim", "등산"]),
        BenchQuery(
            label: "interests-isEmpty", text: "#Predicate<User> { $0.interests.isEmpty && $0.age == 44 }",
            hand: "\(users) WHERE u.age = ?1 AND NOT EXISTS (SELECT 1 FROM userInterests ui WHERE ui.userID = u.id)",
            handBindings: [44]),
        BenchQuery(
            label: "interests-count", text: "#Predicate<User> { $0.interests.count >= 6 && $0.age < 5 }",
            hand: "\(users) WHERE u.age < ?2 AND (SELECT count(*) FROM userInterests ui WHERE ui.userID = u.id) >= ?1",
            handBindings: [6, 5]),
        BenchQuery(
            label: "interests-allSatisfy", text: "#Predicate<User> { $0.age == 27 && $0.interests.allSatisfy { $0.category != nil } }",
            hand:
                "\(users) WHERE u.age = ?1 AND NOT EXISTS (SELECT 1 FROM userInterests ui JOIN interests i ON i.id = ui.interestID WHERE ui.userID = u.id AND i.category IS NULL)",
            handBindings: [27]),
        BenchQuery(
            label: "interests-filter-count",
            text: #"#Predicate<User> { $0.age == 60 && $0.interests.filter { $0.category == "outdoors" }.count >= 2 }"#,
            hand:
                "\(users) WHERE u.age = ?1 AND (SELECT count(*) FROM userInterests ui JOIN interests i ON i.id = ui.interestID WHERE ui.userID = u.id AND i.category = ?2) >= ?3",
            handBindings: [60, "outdoors", 2]),
        BenchQuery(
            label: "interest-users-isEmpty", text: "#Predicate<Interest> { $0.users.isEmpty }",
            hand:
                "SELECT \(interestColumns) FROM interests i WHERE NOT EXISTS (SELECT 1 FROM userInterests ui WHERE ui.interestID = i.id)",
            handBindings: []),
        BenchQuery(
            label: "company-users-isEmpty", text: "Company where users.isEmpty",
            hand: "SELECT \(companyColumns) FROM companies c WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.companyID = c.id)",
            handBindings: []),

        // Nested relationship closures
        BenchQuery(
            label: "nested-company-users-interests",
            text:
                #"#Predicate<Company> { company in company.users.contains { user in user.age == 0 && user.interests.contains { $0.title == "Origami" } } }"#,
            hand:
                "SELECT \(companyColumns) FROM companies c WHERE c.id IN (SELECT u.companyID FROM users u JOIN userInterests ui ON ui.userID = u.id JOIN interests i ON i.id = ui.interestID WHERE u.age = ?1 AND i.title = ?2)",
            handBindings: [0, "Origami"]),
        BenchQuery(
            label: "nested-interests-users",
            text:
                #"#Predicate<User> { user in user.age == 99 && user.nickname == "Doc" && user.interests.contains { $0.users.contains { $0.age == 0 && $0.nickname == "Doc" } } }"#,
            hand:
                "\(users) WHERE u.age = ?1 AND u.nickname = ?2 AND EXISTS (SELECT 1 FROM userInterests ui WHERE ui.userID = u.id AND ui.interestID IN (SELECT ui2.interestID FROM users u2 JOIN userInterests ui2 ON ui2.userID = u2.id WHERE u2.age = ?3 AND u2.nickname = ?4))",
            handBindings: [99, "Doc", 0, "Doc"]),

        // Sort + limit
        BenchQuery(
            label: "sort-birth-limit", text: "User where age > 20 sort by birth desc limit 10",
            hand: "\(users) WHERE u.age > ?1 ORDER BY u.birth DESC LIMIT ?2", handBindings: [20, 10], order: .exact),
        BenchQuery(
            label: "sort-birth-offset",
            text:
                "FetchDescriptor<User>(predicate: #Predicate { $0.age == 42 }, sortBy: [SortDescriptor(\\.birth)], fetchLimit: 20, fetchOffset: 100)",
            hand: "\(users) WHERE u.age = ?1 ORDER BY u.birth LIMIT ?2 OFFSET ?3", handBindings: [42, 20, 100], order: .exact),
        BenchQuery(
            label: "sort-company-name",
            text:
                "FetchDescriptor<User>(predicate: #Predicate { $0.age == 70 }, sortBy: [SortDescriptor(\\.company?.name), SortDescriptor(\\.birth)], fetchLimit: 50)",
            hand: "\(users) LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1 ORDER BY c.name, u.birth LIMIT ?2",
            handBindings: [70, 50], order: .exact),
        BenchQuery(
            label: "sort-score-ties", text: "@Query(filter: #Predicate<User> { $0.isActive && $0.age == 64 }, sort: \\User.score, order: .reverse)",
            hand: "\(users) WHERE u.isActive AND u.age = ?1 ORDER BY u.score DESC", handBindings: [64],
            order: .keys([scoreColumn])),
        BenchQuery(
            label: "concise-full", text: #"User where age > 20 && name.contains("kim") sort by birth desc, name limit 10 offset 20"#,
            hand: "\(users) WHERE u.age > ?1 AND instr(u.name, ?2) > 0 ORDER BY u.birth DESC, u.name LIMIT ?3 OFFSET ?4",
            handBindings: [20, "kim", 10, 20], order: .exact),

        // Parameters
        BenchQuery(
            label: "birth-between-parameters", text: "#Predicate<User> { $0.birth >= startDate && $0.birth < endDate }",
            hand: "\(users) WHERE u.birth >= ?1 AND u.birth < ?2",
            handBindings: [.real(startDate.timeIntervalSinceReferenceDate), .real(endDate.timeIntervalSinceReferenceDate)],
            parameters: ["startDate": .date(startDate), "endDate": .date(endDate)]),
        BenchQuery(
            label: "identifier-parameter", text: "FetchDescriptor<User>(predicate: #Predicate { $0.identifier == userID })",
            hand: "\(users) WHERE u.identifier = ?1", handBindings: [.text(identifierProbe.uuidString)],
            parameters: ["userID": .uuid(identifierProbe)]),

        // Selections, aggregates and groups: the hand-written SQL reads the same index
        BenchQuery(
            label: "select-columns", text: "User where age == 42 select name, age, company?.name",
            hand: "SELECT u.name, u.age, c.name FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1", handBindings: [42]),
        BenchQuery(
            label: "select-count", text: "User where age > 90 select count()", hand: "SELECT count(*) FROM users u WHERE u.age > ?1",
            handBindings: [90], order: .exact),
        BenchQuery(
            label: "select-min-max", text: "User where age == 30 select min(birth), max(birth)",
            hand: "SELECT min(u.birth), max(u.birth) FROM users u WHERE u.age = ?1", handBindings: [30], order: .exact),
        BenchQuery(
            label: "select-sum-count", text: "User where isActive && age < 20 select sum(age), count()",
            hand: "SELECT coalesce(sum(u.age), 0), count(*) FROM users u WHERE u.isActive AND u.age < ?1", handBindings: [20], order: .exact),
        BenchQuery(
            label: "select-group-age", text: "User where age >= 90 group by age select age, count() sort by age",
            hand: "SELECT u.age, count(*) FROM users u WHERE u.age >= ?1 GROUP BY u.age ORDER BY u.age", handBindings: [90], order: .exact),
        BenchQuery(
            label: "select-group-company", text: "User where age == 42 group by company select company?.name, count(), average(score)",
            hand:
                "SELECT c.name, count(*), avg(u.score) FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1 GROUP BY u.companyID",
            handBindings: [42]),
        BenchQuery(
            label: "select-distinct-city", text: "User where age == 42 select distinct company?.city",
            hand: "SELECT DISTINCT c.city FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1", handBindings: [42]),
    ]

    /// Placeholder for the identifier query; replaced by a real user's identifier at load time.
    static let identifierProbe = UUID(uuidString: "00000000-0000-4000-8000-000000000000")!
}
