import Foundation

/// The hand-written SQL of the benchmark corpus for PostgreSQL.
///
/// Most entries' SQLite text carries over with mechanical changes (`translated(_:)`): `$N` for
/// `?N`, the camelCase names quoted (the PostgreSQL benchmark database keeps their case, as
/// `Examples/example.postgresql.sql` does), `strpos` for `instr`, the schema `sift`'s function for
/// `sift_localized_standard_contains`. Where that is not what a PostgreSQL expert writes, or not
/// valid PostgreSQL, `postgresHand` holds the entry's own text, keyed by label (the bindings stay
/// the SQLite entry's).
extension BenchCorpus {
    /// Hand-written PostgreSQL SQL that is not the mechanical translation of the SQLite text.
    static let postgresHand: [String: String] = [
        // GLOB has no PostgreSQL counterpart: a prefix test (the pattern's bound value is "Sun*").
        "nickname-optional-chain":
            #"SELECT \#(pgUserColumns) FROM users u WHERE starts_with(u.nickname, rtrim($1, '*')) AND u.age > $2"#,
        // Swift sorts nil first; PostgreSQL sorts NULL last unless told.
        "sort-company-name":
            #"SELECT \#(pgUserColumns) FROM users u LEFT JOIN companies c ON c.id = u."companyID" WHERE u.age = $1 ORDER BY c.name NULLS FIRST, u.birth LIMIT $2"#,
        // PostgreSQL wants every selected column grouped (or functionally dependent on a key grouped).
        "select-group-company":
            #"SELECT c.name, count(*), avg(u.score) FROM users u LEFT JOIN companies c ON c.id = u."companyID" WHERE u.age = $1 GROUP BY u."companyID", c.name"#,
        "group-having":
            #"SELECT c.name, count(*) FROM users u LEFT JOIN companies c ON c.id = u."companyID" WHERE u.age = $1 GROUP BY u."companyID", c.name HAVING count(*) >= $2"#,
        // A Boolean counted with FILTER (SQLite sums its 0/1).
        "group-count-where":
            #"SELECT c.name, count(*), count(*) FILTER (WHERE u."isActive") FROM users u LEFT JOIN companies c ON c.id = u."companyID" WHERE u.age = $1 GROUP BY u."companyID", c.name"#,
        "group-sum-average-min-max":
            #"SELECT c.name, sum(u.age), avg(u.score), min(u.birth), max(u.score) FROM users u LEFT JOIN companies c ON c.id = u."companyID" WHERE u.age IN ($1, $2) GROUP BY u."companyID", c.name"#,
        // string_agg for group_concat; an aggregate's ORDER BY for SQLite's sorted sub-query; json_agg for json_group_array.
        "group-concat":
            #"SELECT c.name, string_agg(u.nickname, $2) FROM users u LEFT JOIN companies c ON c.id = u."companyID" WHERE u.age = $1 AND u.nickname IS NOT NULL GROUP BY u."companyID", c.name"#,
        "group-concat-distinct":
            #"SELECT c.name, coalesce(string_agg(DISTINCT u.nickname, ','), '') FROM users u LEFT JOIN companies c ON c.id = u."companyID" WHERE u.age = $1 GROUP BY u."companyID", c.name"#,
        "group-concat-sorted":
            #"SELECT c.name, string_agg(u.name, $3 ORDER BY u.birth) FROM users u LEFT JOIN companies c ON c.id = u."companyID" WHERE u.age = $1 AND u.nickname = $2 GROUP BY u."companyID", c.name"#,
        "group-json-array":
            #"SELECT i.title, json_agg(u.score)::text FROM interests i JOIN "userInterests" ui ON ui."interestID" = i.id JOIN users u ON u.id = ui."userID" WHERE i.category = $1 AND u.age = $2 AND u.nickname = $3 GROUP BY i.title"#,
    ]

    static let pgUserColumns = translated(userColumns)

    /// The entry's hand-written PostgreSQL SQL: its own text in `postgresHand`, else the SQLite text translated.
    static func postgresHandSQL(_ query: BenchQuery) -> String {
        postgresHand[query.label] ?? translated(query.hand)
    }

    /// Names of the benchmark schema that are not all lower case (PostgreSQL folds unquoted names).
    static let camelCaseNames = ["userInterests", "companyID", "isActive", "userID", "interestID"]

    /// The SQLite text with `$N` placeholders, quoted camelCase names and PostgreSQL's functions.
    static func translated(_ sqlite: String) -> String {
        var text = sqlite
        text = text.replacingOccurrences(of: #"\?(\d+)"#, with: "\\$$1", options: .regularExpression)
        for name in camelCaseNames {
            text = text.replacingOccurrences(of: #"\b\#(name)\b"#, with: "\"\(name)\"", options: .regularExpression)
        }
        text = text.replacingOccurrences(of: "instr(", with: "strpos(")
        text = text.replacingOccurrences(of: "sift_localized_standard_contains(", with: "sift.localized_standard_contains(")
        return text
    }
}
