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

        // Joins: along a to-one and a many-to-many relationship, outer, on a condition, a model with itself
        BenchQuery(
            label: "join-company", text: #"User join company where company.name == "Acme Inc" select name, age"#,
            hand: "SELECT u.name, u.age FROM users u JOIN companies c ON c.id = u.companyID WHERE c.name = ?1", handBindings: ["Acme Inc"]),
        BenchQuery(
            label: "join-interests", text: #"User where age == 42 && nickname == "Doc" join interests as interest select name, interest.title"#,
            hand:
                "SELECT u.name, i.title FROM users u JOIN userInterests ui ON ui.userID = u.id JOIN interests i ON i.id = ui.interestID WHERE u.age = ?1 AND u.nickname = ?2",
            handBindings: [42, "Doc"]),
        BenchQuery(
            label: "join-interest-users", text: #"Interest join users as fan where title == "Origami" && fan.age == 30 select fan.name, fan.age"#,
            hand:
                "SELECT u.name, u.age FROM interests i JOIN userInterests ui ON ui.interestID = i.id JOIN users u ON u.id = ui.userID WHERE i.title = ?1 AND u.age = ?2",
            handBindings: ["Origami", 30]),
        BenchQuery(
            label: "left-join-interests",
            text: #"User where age == 7 && nickname == "Doc" left join interests as interest select name, interest?.title"#,
            hand:
                "SELECT u.name, i.title FROM users u LEFT JOIN userInterests ui ON ui.userID = u.id LEFT JOIN interests i ON i.id = ui.interestID WHERE u.age = ?1 AND u.nickname = ?2",
            handBindings: [7, "Doc"]),
        BenchQuery(
            label: "join-on-condition",
            text: #"Interest where category == "games" join User as fan on fan.age == 30 && fan.nickname == "Sky" select title, fan.name"#,
            hand: "SELECT i.title, u.name FROM interests i JOIN users u ON u.age = ?1 AND u.nickname = ?2 WHERE i.category = ?3",
            handBindings: [30, "Sky", "games"]),
        BenchQuery(
            label: "self-join",
            text:
                #"User where age == 99 && nickname == "Doc" && score > 95 join User as peer on peer.age == age && peer.nickname == "Ace" && peer.score > 95 select name, peer.name"#,
            hand:
                "SELECT u.name, p.name FROM users u JOIN users p ON p.age = u.age AND p.nickname = ?4 AND p.score > ?3 WHERE u.age = ?1 AND u.nickname = ?2 AND u.score > ?3",
            handBindings: [99, "Doc", 95.0, "Ace"]),

        // Groups and aggregates
        BenchQuery(
            label: "group-having", text: "User where age == 95 group by company having count() >= 17 select company?.name, count()",
            hand:
                "SELECT c.name, count(*) FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1 GROUP BY u.companyID HAVING count(*) >= ?2",
            handBindings: [95, 17]),
        BenchQuery(
            label: "group-count-where", text: "User where age == 42 group by company select company?.name, count(), active: count(where: isActive)",
            hand:
                "SELECT c.name, count(*), sum(u.isActive) FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1 GROUP BY u.companyID",
            handBindings: [42]),
        BenchQuery(
            label: "group-sum-average-min-max",
            text: "User where [2, 3].contains(age) group by company select company?.name, sum(age), average(score), min(birth), max(score)",
            hand:
                "SELECT c.name, sum(u.age), avg(u.score), min(u.birth), max(u.score) FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age IN (?1, ?2) GROUP BY u.companyID",
            handBindings: [2, 3]),
        BenchQuery(
            label: "group-concat",
            text: #"User where age == 1 && nickname != nil group by company select company?.name, groupConcat(nickname, separator: ", ")"#,
            hand:
                "SELECT c.name, group_concat(u.nickname, ?2) FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1 AND u.nickname IS NOT NULL GROUP BY u.companyID",
            handBindings: [1, ", "]),
        BenchQuery(
            label: "group-concat-distinct", text: "User where age == 1 group by company select company?.name, groupConcat(distinct: nickname)",
            hand:
                "SELECT c.name, ifnull(group_concat(DISTINCT u.nickname), '') FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1 GROUP BY u.companyID",
            handBindings: [1]),
        BenchQuery(
            label: "group-concat-sorted",
            text: #"User where age == 1 && nickname == "Doc" group by company select company?.name, groupConcat(name, separator: ", ", sortedBy: birth)"#,
            hand:
                "SELECT c.name, group_concat(s.name, ?3) FROM (SELECT u.companyID, u.name FROM users u WHERE u.age = ?1 AND u.nickname = ?2 ORDER BY u.companyID, u.birth) s LEFT JOIN companies c ON c.id = s.companyID GROUP BY s.companyID",
            handBindings: [1, "Doc", ", "]),
        BenchQuery(
            label: "group-json-array",
            text: #"Interest join users as fan where category == "games" && fan.age == 30 && fan.nickname == "Doc" group by title select title, jsonGroupArray(fan.score)"#,
            hand:
                "SELECT i.title, json_group_array(u.score) FROM interests i JOIN userInterests ui ON ui.interestID = i.id JOIN users u ON u.id = ui.userID WHERE i.category = ?1 AND u.age = ?2 AND u.nickname = ?3 GROUP BY i.title",
            handBindings: ["games", 30, "Doc"]),

        // Set operations
        BenchQuery(
            label: "union",
            text: #"User where age == 42 && nickname == "Doc" select nickname, company?.city union Company where name == "Acme Inc" select name, city"#,
            hand:
                "SELECT u.nickname, c.city FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1 AND u.nickname = ?2 UNION SELECT c.name, c.city FROM companies c WHERE c.name = ?3",
            handBindings: [42, "Doc", "Acme Inc"]),
        BenchQuery(
            label: "intersect", text: "User where age == 42 && isActive select nickname intersect User where age == 43 && !isActive select nickname",
            hand:
                "SELECT u.nickname FROM users u WHERE u.age = ?1 AND u.isActive INTERSECT SELECT u.nickname FROM users u WHERE u.age = ?2 AND NOT u.isActive",
            handBindings: [42, 43]),
        BenchQuery(
            label: "except-sorted",
            text: "User where age == 42 && score > 99 select city: company?.city except User where age == 43 && score > 99.8 select company?.city sort by city limit 5",
            hand:
                "SELECT c.city FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?1 AND u.score > ?2 EXCEPT SELECT c.city FROM users u LEFT JOIN companies c ON c.id = u.companyID WHERE u.age = ?3 AND u.score > ?4 ORDER BY 1 LIMIT ?5",
            handBindings: [42, 99.0, 43, 99.8, 5], order: .exact),

        // Counts and existence of queries, named sub-queries
        BenchQuery(
            label: "count-query", text: #"count(User where age == 42 && nickname == "Doc")"#,
            hand: "SELECT count(*) FROM users u WHERE u.age = ?1 AND u.nickname = ?2", handBindings: [42, "Doc"], order: .exact),
        BenchQuery(
            label: "exists-query", text: #"exists(User where age == 42 && nickname == "Nobody")"#,
            hand: "SELECT EXISTS (SELECT 1 FROM users u WHERE u.age = ?1 AND u.nickname = ?2)", handBindings: [42, "Nobody"], order: .exact),
        BenchQuery(
            label: "measured-columns",
            text: #"Company where name == "Acme Inc" select name, elders: count(User where age >= 99), chess: exists(Interest where title == "Chess")"#,
            hand:
                "SELECT c.name, (SELECT count(*) FROM users u WHERE u.age >= ?2), EXISTS (SELECT 1 FROM interests i WHERE i.title = ?3) FROM companies c WHERE c.name = ?1",
            handBindings: ["Acme Inc", 99, "Chess"]),
        BenchQuery(
            label: "with-named",
            text: #"with elders = (User where age >= 98 select nickname, city: company?.city) elders where city == "Seoul" select nickname"#,
            hand: "SELECT u.nickname FROM users u JOIN companies c ON c.id = u.companyID WHERE u.age >= ?1 AND c.city = ?2",
            handBindings: [98, "Seoul"]),

        // Per-row aggregates of a relationship
        BenchQuery(
            label: "row-interests-count", text: #"User where age == 42 && nickname == "Doc" select name, interests.count"#,
            hand: "SELECT u.name, (SELECT count(*) FROM userInterests ui WHERE ui.userID = u.id) FROM users u WHERE u.age = ?1 AND u.nickname = ?2",
            handBindings: [42, "Doc"]),
        BenchQuery(
            label: "row-interests-max-title", text: #"User where age == 42 && nickname == "Doc" select name, interests.map(\.title).max()"#,
            hand:
                "SELECT u.name, (SELECT max(i.title) FROM userInterests ui JOIN interests i ON i.id = ui.interestID WHERE ui.userID = u.id) FROM users u WHERE u.age = ?1 AND u.nickname = ?2",
            handBindings: [42, "Doc"]),
        BenchQuery(
            label: "row-users-max-min",
            text: #"Company where city == "Reykjavík" select name, oldest: users.map(\.age).max(), youngest: users.map(\.age).min()"#,
            hand:
                "SELECT c.name, (SELECT max(u.age) FROM users u WHERE u.companyID = c.id), (SELECT min(u.age) FROM users u WHERE u.companyID = c.id) FROM companies c WHERE c.city = ?1",
            handBindings: ["Reykjavík"]),

        // StructuredQueries' builder (SQL's meaning)
        BenchQuery(
            label: "sq-where-select", text: "User.where { $0.age == 42 && $0.isActive }.select { ($0.name, $0.score) }",
            hand: "SELECT u.name, u.score FROM users u WHERE u.age = ?1 AND u.isActive", handBindings: [42]),
        BenchQuery(
            label: "sq-join",
            text:
                #"User.where { $0.age.eq(42) }.join(Company.where { $0.name.eq("Acme Inc") }) { $0.companyID.eq($1.id) }.select { ($0.name, $1.city) }"#,
            hand: "SELECT u.name, c.city FROM users u JOIN companies c ON c.id = u.companyID WHERE c.name = ?1 AND u.age = ?2",
            handBindings: ["Acme Inc", 42]),
        BenchQuery(
            label: "sq-group-having",
            text: "User.where { $0.age >= 95 }.group(by: \\.age).having { $0.count() > 9000 }.select { ($0.age, $0.count(), $0.score.avg()) }",
            hand: "SELECT u.age, count(*), avg(u.score) FROM users u WHERE u.age >= ?1 GROUP BY u.age HAVING count(*) > ?2",
            handBindings: [95, 9000]),
    ]

    /// Placeholder for the identifier query; replaced by a real user's identifier at load time.
    static let identifierProbe = UUID(uuidString: "00000000-0000-4000-8000-000000000000")!
}
