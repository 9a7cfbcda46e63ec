import Foundation
import Sift
import SiftPostgres
import SiftSQLite
import SiftTestSupport
import Testing

/// The SQL Sift writes for PostgreSQL lets the server use the indexes of the example database:
/// `EXPLAIN (FORMAT JSON)` of selective queries names the expected index, as `EXPLAIN QUERY PLAN`
/// does on SQLite (`QueryPlanIndexTests`).
///
/// The example tables hold a few rows, which PostgreSQL reads whole rather than through an index
/// whatever the SQL: 5,000 companies with a user each (aged 200) are added, so that reading a few
/// rows through an index is worth it, and the session sets `enable_seqscan = off`, so a plan scans a table only
/// when no index can answer the condition (an index the SQL cannot use is not named in an
/// `Index Cond`). `companies.name` is declared NFC and `users.name` NFC-or-NFD by check constraints,
/// which `PostgresDatabase` reads as facts: their comparisons keep the column bare.
@Suite(.enabled(if: PostgresServer.isInstalled, Comment(rawValue: PostgresServer.notInstalledMessage)))
struct PostgresQueryPlanTests {
    static let example: Result<PostgresTestDatabase, any Error> = Result {
        let database = try PostgresServer.shared().createDatabase("query plans")
        try database.load(PostgreSQLFunctions.installScript)
        try database.load(try Fixtures.readExample("example.postgresql.sql"))
        try database.load(
            """
            ALTER TABLE "companies" ADD CHECK ("name" IS NFC NORMALIZED);
            ALTER TABLE "users" ADD CHECK ("name" IS NFC NORMALIZED OR "name" IS NFD NORMALIZED);
            INSERT INTO "companies" ("id", "name") SELECT 1000 + n, 'Filler ' || n FROM generate_series(1, 5000) AS n;
            INSERT INTO "users" ("id", "identifier", "name", "age", "birth", "score", "isActive", "companyID")
              SELECT 1000 + n, 'filler-' || n, 'Filler ' || n, 200, 0, 0, false, 1000 + n FROM generate_series(1, 5000) AS n;
            ANALYZE;
            """)
        return database
    }

    /// One node of a plan: its type, the table it reads, the index it uses and the condition it
    /// gives the index.
    struct Node: CustomStringConvertible {
        var type: String
        var relation: String?
        var index: String?
        var indexCondition: String?

        var description: String {
            [type, relation.map { "on \($0)" }, index.map { "using \($0)" }, indexCondition.map { "(\($0))" }]
                .compactMap { $0 }.joined(separator: " ")
        }
    }

    let database: PostgresDatabase

    init() throws {
        database = try PostgresDatabase(uri: try Self.example.get().uri(), modelFile: PostgresDatabaseTests.modelFile)
        try database.connection.execute("SET enable_seqscan = off")
    }

    /// The nodes of PostgreSQL's plan of `text`, its parameters bound.
    func plan(_ text: String, _ parameters: [String: ParameterValue] = [:]) throws -> [Node] {
        let query = try database.compile(text)
        let bindings = try query.bindings(for: parameters, schema: database.schema)
        let rows = try database.connection.rows("EXPLAIN (FORMAT JSON) " + query.sql, bindings.map(PostgresValue.untyped))
        guard let json = rows.first?.first?.stringValue,
            let top = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]],
            let root = top.first?["Plan"] as? [String: Any]
        else { throw FixtureError("EXPLAIN (FORMAT JSON) gave no plan: \(rows)") }
        var nodes: [Node] = []
        func walk(_ plan: [String: Any]) {
            nodes.append(
                Node(
                    type: plan["Node Type"] as? String ?? "?", relation: plan["Relation Name"] as? String,
                    index: plan["Index Name"] as? String, indexCondition: plan["Index Cond"] as? String))
            for child in plan["Plans"] as? [[String: Any]] ?? [] { walk(child) }
        }
        walk(root)
        return nodes
    }

    /// Whether a node reads `table` through `index` with a condition on `column`.
    static func uses(_ nodes: [Node], index: String, on table: String, column: String) -> Bool {
        nodes.contains { $0.index == index && $0.relation.map { $0 == table } ?? true && $0.indexCondition?.contains(column) == true }
    }

    static func scans(_ nodes: [Node], _ table: String) -> Bool {
        nodes.contains { $0.type == "Seq Scan" && $0.relation == table }
    }

    @Test func equalityAndRangesOnAnIntegerColumnUseItsIndex() throws {
        for text in ["#Predicate<User> { $0.age == 21 }", "User where age > 30", "#Predicate<User> { (20...30).contains($0.age) }"] {
            let nodes = try plan(text)
            #expect(Self.uses(nodes, index: "users_age", on: "users", column: "age"), "\(text): \(nodes)")
            #expect(!Self.scans(nodes, "users"), "\(text): \(nodes)")
        }
    }

    @Test func aDateRangeUsesTheIndexOfItsStorage() throws {
        let cutoff = Date(timeIntervalSinceReferenceDate: 0)
        let nodes = try plan("User where birth < cutoff", ["cutoff": .date(cutoff)])
        #expect(Self.uses(nodes, index: "users_birth", on: "users", column: "birth"), "\(nodes)")
    }

    @Test func equalityOnADeclaredNFCColumnUsesItsIndex() throws {
        let nodes = try plan(#"Company where name == "Acme""#)
        #expect(Self.uses(nodes, index: "companies_name", on: "companies", column: "name"), "\(nodes)")
    }

    @Test func equalityOnAnNFCOrNFDColumnBindsBothFormsAndUsesItsIndex() throws {
        let query = try database.compile(#"User where name == "José""#)
        #expect(query.bindings.count == 2, "\(query.sql)")
        let nodes = try plan(#"User where name == "José""#)
        #expect(Self.uses(nodes, index: "users_name", on: "users", column: "name"), "\(nodes)")
        #expect(try database.fetch(query).count == 2)
    }

    @Test func aPrefixOnADeclaredNFCColumnUsesItsIndex() throws {
        let nodes = try plan(#"Company where name.hasPrefix("Ac")"#)
        #expect(Self.uses(nodes, index: "companies_name", on: "companies", column: "name"), "\(nodes)")
    }

    @Test func aToOnePathComparedWithAValueStartsFromTheTargetsIndex() throws {
        let nodes = try plan(#"User where company?.name == "Acme""#)
        #expect(Self.uses(nodes, index: "companies_name", on: "companies", column: "name"), "\(nodes)")
        #expect(Self.uses(nodes, index: "users_companyID", on: "users", column: "companyID"), "\(nodes)")
    }

    @Test func aCountOfARelationshipFindsItsLinksThroughTheForeignKeysIndex() throws {
        let users = try plan("#Predicate<User> { $0.age == 21 && $0.interests.count >= 2 }")
        #expect(Self.uses(users, index: "userInterests_pkey", on: "userInterests", column: "userID"), "\(users)")
        let interests = try plan("#Predicate<Interest> { $0.users.count > 1 }")
        #expect(Self.uses(interests, index: "userInterests_interestID", on: "userInterests", column: "interestID"), "\(interests)")
    }

    @Test func aToManyContainsFindsItsElementsThroughIndexes() throws {
        let nodes = try plan("#Predicate<Interest> { $0.users.contains { $0.age == 21 } }")
        #expect(Self.uses(nodes, index: "users_age", on: "users", column: "age"), "\(nodes)")
        #expect(!Self.scans(nodes, "userInterests") && !Self.scans(nodes, "users"), "\(nodes)")
    }

    @Test func constraintsDeclareFacts() {
        let facts = database.declaredFacts
        #expect(facts.nfcColumns == ["companies.name"])
        #expect(facts.nfcOrNFDColumns == ["users.name"])
        #expect(facts.intactReferences.contains(ForeignKeyReference(table: "users", column: "companyID", targetTable: "companies", targetColumn: "id")))
        // A NULL key of a nullable column dangles: only the NOT NULL link columns are intact so.
        #expect(
            facts.intactReferences.contains(
                ForeignKeyReference(table: "userInterests", column: "userID", targetTable: "users", targetColumn: "id", nullIsDangling: true)))
        #expect(
            !facts.intactReferences.contains(
                ForeignKeyReference(table: "users", column: "companyID", targetTable: "companies", targetColumn: "id", nullIsDangling: true)))
    }

    /// Text columns that lead no index are unindexed: a column that is an index's second is, a
    /// unique or primary key column is not; a view's columns are left out (a range may reach the
    /// index of the view's table), a materialized view's are read as a table's.
    @Test func textColumnsLeadingNoIndexAreUnindexed() throws {
        let test = try PostgresServer.shared().createDatabase("unindexed columns")
        try test.load(
            """
            CREATE TABLE "notes" ("id" bigint PRIMARY KEY, "code" text UNIQUE, "title" text, "body" text, "tag" text, "n" bigint);
            CREATE INDEX "notes_title_body" ON "notes" ("title", "body");
            CREATE INDEX "notes_lower_tag" ON "notes" (lower("tag"));
            CREATE VIEW "noteTitles" AS SELECT "id", "title", "tag" FROM "notes";
            CREATE MATERIALIZED VIEW "noteTags" AS SELECT "id", "tag" FROM "notes";
            """)
        let facts = try PostgresDatabase(uri: test.uri()).declaredFacts
        #expect(facts.unindexedColumns == ["notes.body", "notes.tag", "noteTags.tag"])
    }

    @Test func theDeclaredFactsJoinTheOptionsGivenAndFollowTheirChanges() throws {
        #expect(database.effectiveLoweringOptions.facts.nfcColumns == ["companies.name"])
        database.loweringOptions.facts.nfcColumns = ["users.nickname"]
        #expect(database.effectiveLoweringOptions.facts.nfcColumns == ["companies.name", "users.nickname"])
        // A column declared NFC-or-NFD that the options make NFC is NFC only.
        database.loweringOptions.facts.nfcColumns = ["users.name"]
        #expect(database.effectiveLoweringOptions.facts.nfcOrNFDColumns.isEmpty)
        #expect(try database.compile(#"User where name == "José""#).sql.contains(#""users"."name" = $1"#))
        database.loweringOptions = SQLLowering.Options()
        #expect(database.effectiveLoweringOptions.facts == database.declaredFacts)
    }

    @Test func containsOnADeclaredNFCColumnFindsCandidatesByTheirBytes() throws {
        let query = try database.compile(#"Company where name.contains("cm")"#)
        #expect(query.sql.contains(#"strpos("companies"."name", "#), "\(query.sql)")
        let expected = try database.connection.rows(#"SELECT count(*) FROM companies WHERE strpos(name, 'cm') > 0"#)
        #expect(try .int(Int64(database.fetch(query).count)) == expected.first?.first)
    }

    /// The planner charges every branch of the `CASE` inlined from `sift.contains` to every row it
    /// tests, whatever the branch taken: a shortcut that costs more operators makes plans that
    /// test fewer rows look cheaper, and a dearer one turned the hash semi-join of
    /// `name.contains("Kim") && interests.contains { … }` into a slower nested loop over the
    /// interest's links, and a query over ten million rows past the cost where the server compiles
    /// it with JIT inlining and optimisation. With a constant needle, the call is charged two
    /// operators a row (the pattern and the call that computes the clusters).
    @Test func containsIsChargedFewOperatorsARow() throws {
        func scanCost(_ condition: String) throws -> Double {
            let rows = try database.connection.rows(#"EXPLAIN (FORMAT JSON) SELECT "id" FROM "users" WHERE "# + condition)
            guard let json = rows.first?.first?.stringValue,
                let top = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]],
                let plan = top.first?["Plan"] as? [String: Any], plan["Node Type"] as? String == "Seq Scan",
                let cost = plan["Total Cost"] as? Double
            else { throw FixtureError("no sequential scan: \(rows)") }
            return cost
        }
        try database.connection.execute("SET enable_seqscan = on")
        defer { try? database.connection.execute("SET enable_seqscan = off") }
        let tuples = try database.connection.rows(#"SELECT reltuples::float8 FROM pg_class WHERE relname = 'users'"#).first?.first
        let operatorCost = try database.connection.rows("SELECT current_setting('cpu_operator_cost')::float8").first?.first
        guard case .double(let count)? = tuples, case .double(let unit)? = operatorCost, count > 1000 else {
            throw FixtureError("no estimate: \(String(describing: tuples)) \(String(describing: operatorCost))")
        }
        let bare = try scanCost(#"strpos("name", 'Kim') > 0"#)
        let exact = try scanCost(#"strpos("name", 'Kim') > 0 AND sift.contains("name", 'Kim')"#)
        let operators = (exact - bare) / count / unit
        #expect(operators > 1.5 && operators < 2.5, "\(operators) operators a row")
    }

    @Test func groupingByAToOneSelectsItsTargetsColumns() throws {
        // The reference is intact (a foreign key): the group key is the foreign key column itself.
        let query = try database.compile("User group by company select company?.name, count() sort by company?.name")
        let rows = try database.fetch(query).map { $0.values }
        let expected = try database.connection.rows(
            #"SELECT c.name, count(*) FROM users u LEFT JOIN companies c ON c.id = u."companyID" GROUP BY u."companyID", c.name ORDER BY c.name COLLATE "C" NULLS FIRST"#)
        #expect(rows.count == expected.count && rows.count > 1, "\(rows) \(expected)")
        #expect(rows.map { $0[1] } == expected.map { $0[1] }, "\(rows) \(expected)")
    }
}
