import Sift
import SiftTestSupport
import Testing

/// Where the lowering writes SQL in place in Sift's dialect — the `ORDER BY` and `LIMIT` clauses
/// (sort keys' columns, collations and `sift_nfc` calls, constant counts' bindings), a comparison
/// with a string constant, the exact test after `contains`/`hasPrefix` candidates — any other
/// dialect goes through the dialect's methods. Both must write the same SQL and bindings, and
/// record the same text-column facts. The candidates and the `IN` list of an equality, written
/// alike for every dialect, have their exact SQL pinned below.
@Suite struct InPlaceLoweringTests {
    static let queries = [
        "SortDescriptor(\\User.birth, order: .reverse)",
        "SortDescriptor(\\User.name)",
        "SortDescriptor(\\User.name, comparator: .localizedStandard, order: .reverse)",
        "SortDescriptor(\\User.name, comparator: .localized)",
        "SortDescriptor(\\User.company?.name)",
        "FetchDescriptor<User>(sortBy: [SortDescriptor(\\.company?.city, order: .reverse), SortDescriptor(\\.nickname)])",
        "FetchDescriptor<User>(predicate: #Predicate { $0.age == 42 }, sortBy: [SortDescriptor(\\.birth)], fetchLimit: 20, fetchOffset: 100)",
        "FetchDescriptor<User>(predicate: #Predicate { $0.age > 3 }, fetchLimit: 5)",
        "FetchDescriptor<User>(fetchOffset: 7)",
        "FetchDescriptor<User>(sortBy: [SortDescriptor(\\.score)], fetchLimit: pageSize, fetchOffset: start)",
        "@Query(filter: #Predicate<User> { $0.isActive && $0.age == 64 }, sort: \\User.score, order: .reverse)",
        "#Predicate<User> { $0.age > 20 }",
        // String constants: optional or promoted (`IS`), plain, ordered, normalized or not by the
        // facts, a column that holds both forms (bound in both), a constant on the left.
        #"#Predicate<User> { $0.company?.name == "Acme Inc" }"#,
        #"#Predicate<User> { $0.company?.name != "Zu\u{308}rich" }"#,
        #"#Predicate<User> { $0.nickname == "kim" || $0.nickname != "Ana" }"#,
        #"#Predicate<User> { $0.name == "Zürich" && $0.name != "Zu\u{308}rich" }"#,
        #"#Predicate<User> { $0.name < "m" && $0.name >= "Å" }"#,
        #"#Predicate<User> { $0.name.lowercased() == "kim" }"#,
        #"#Predicate<User> { "kim" == $0.name }"#,
        #"#Predicate<User> { $0.company?.city == "Zürich" && $0.age == 25 }"#,
        #"#Predicate<User> { ($0.nickname ?? $0.name) == "kim" }"#,
        #"#Predicate<User> { $0.interests.contains { $0.category == "outdoors" } }"#,
        // `contains` and `hasPrefix` on a column: candidates (`instr`, index ranges), then the
        // exact test, in one buffer; a needle whose forms differ, a parameter, an empty prefix.
        #"#Predicate<User> { $0.name.contains("kim") }"#,
        #"#Predicate<User> { $0.name.contains("Zu\u{308}rich") && $0.age > 3 }"#,
        #"#Predicate<User> { $0.name.contains(search) || $0.name.hasPrefix(search) }"#,
        #"#Predicate<User> { $0.name.hasPrefix("Kimb") }"#,
        #"#Predicate<User> { $0.name.hasPrefix("Zü") && !$0.name.hasPrefix("") }"#,
        #"#Predicate<User> { $0.name.hasSuffix("a") || $0.name.localizedStandardContains("zoe") }"#,
        #"#Predicate<User> { $0.nickname?.hasPrefix("Sun") == true }"#,
    ]

    /// The same SQL through the in-place path (`SQLiteDialect`) and the dialect's methods (a
    /// dialect that forwards to SQLite's), with and without facts, ties broken or not, in both
    /// layouts.
    @Test(arguments: queries) func inPlaceMatchesTheDialect(text: String) throws {
        let schema = try Fixtures.schema(named: "models")
        let checked = try #require(Compiler(schema: schema).check(SourceFile(name: "query", text: text)).checked, "\(text)")
        let facts = [
            SQLLowering.Facts(), SQLLowering.Facts(nfcColumns: ["users.name", "companies.city"]),
            SQLLowering.Facts(nfcOrNFDColumns: ["users.name", "users.nickname", "companies.name"]),
        ]
        for facts in facts {
            for breakTies in [false, true] {
                for readable in [false, true] {
                    let options = SQLLowering.Options(facts: facts, breakTiesByPrimaryKey: breakTies, readableLayout: readable)
                    let inPlace = SQLLowering.lower(checked, schema: schema, options: options)
                    let general = SQLLowering.lower(checked, schema: schema, dialect: BracketDialect(sqliteQuoting: true), options: options)
                    #expect(inPlace.sql == general.sql, "\(text), ties \(breakTies), readable \(readable)")
                    #expect(inPlace.bindings == general.bindings, "\(text)")
                    // The same facts asked about and relied on, in the same order.
                    #expect(inPlace.nfcCandidates == general.nfcCandidates, "\(text)")
                    #expect(inPlace.nfcAssumptions == general.nfcAssumptions, "\(text)")
                    #expect(inPlace.nfcOrNFDAssumptions == general.nfcOrNFDAssumptions, "\(text)")
                }
            }
        }
    }

    /// What the in-place path writes, exactly: keys in order, a normalized key, a collated one,
    /// tie-breaking columns, then the counts bound as parameters.
    @Test func writesTheClauses() throws {
        let schema = try Fixtures.schema(named: "models")
        let text =
            "FetchDescriptor<User>(sortBy: [SortDescriptor(\\.name, order: .reverse), SortDescriptor(\\.company?.name, comparator: .localizedStandard)], fetchLimit: 20, fetchOffset: 100)"
        let checked = try #require(Compiler(schema: schema).check(SourceFile(name: "query", text: text)).checked)
        let options = SQLLowering.Options(breakTiesByPrimaryKey: true, readableLayout: false)
        let compiled = SQLLowering.lower(checked, schema: schema, options: options)
        #expect(
            compiled.sql.hasSuffix(
                #" LEFT JOIN "companies" AS "company" ON "company"."id" = "users"."companyID" ORDER BY sift_nfc("users"."name") DESC, "company"."name" COLLATE "sift_localized_standard", "users"."id" LIMIT ?1 OFFSET ?2"#
            ), "\(compiled.sql)")
        #expect(compiled.bindings == [.constant(.integer(20)), .constant(.integer(100))])
        // An offset alone: no limit (-1).
        let offsetOnly = try #require(Compiler(schema: schema).check("FetchDescriptor<User>(fetchOffset: 7)").checked)
        #expect(SQLLowering.lower(offsetOnly, schema: schema, options: options).sql.hasSuffix(#"FROM "users" LIMIT -1 OFFSET ?1"#))
    }

    /// The candidates of `contains` and `hasPrefix` on a column that holds each text in NFC or NFD,
    /// exactly: either form's `instr` or index range, then the exact test, with their bindings.
    @Test func writesTheCandidates() throws {
        let schema = try Fixtures.schema(named: "models")
        let options = SQLLowering.Options(facts: SQLLowering.Facts(nfcOrNFDColumns: ["users.name"]), readableLayout: false)
        func whereClause(_ text: String) throws -> (String, [BindingSlot]) {
            let checked = try #require(Compiler(schema: schema).check(SourceFile(name: "query", text: text)).checked)
            let compiled = SQLLowering.lower(checked, schema: schema, options: options)
            let sql = compiled.sql
            let clause = try #require(sql.range(of: " WHERE "))
            return (String(sql[clause.upperBound...]), compiled.bindings)
        }
        let nfc = "Z\u{FC}rich", nfd = "Zu\u{308}rich"
        let contains = try whereClause("#Predicate<User> { $0.name.contains(\"\(nfd)\") }")
        #expect(contains.0 == #"(instr("users"."name", ?1) > 0 OR instr("users"."name", ?2) > 0) AND sift_contains("users"."name", ?3)"#)
        #expect(contains.1 == [.constant(.text(nfc)), .constant(.text(nfd)), .constant(.text(nfc))])
        let prefix = try whereClause("#Predicate<User> { $0.name.hasPrefix(\"\(nfc)\") }")
        #expect(
            prefix.0
                == #"("users"."name" >= ?1 AND "users"."name" < ?2 OR "users"."name" >= ?3 AND "users"."name" < ?4) AND sift_has_prefix("users"."name", ?5)"#)
        #expect(prefix.1.count == 5)
        let parameter = try whereClause("#Predicate<User> { $0.name.contains(search) }")
        #expect(parameter.0 == #"(instr("users"."name", ?1) > 0 OR instr("users"."name", ?2) > 0) AND sift_contains("users"."name", ?1)"#)
        // Equality binds both forms where they differ, the column on either side.
        let equal = try whereClause("#Predicate<User> { $0.name == \"\(nfd)\" }")
        #expect(equal.0 == #""users"."name" IN (?1, ?2)"#)
        #expect(equal.1 == [.constant(.text(nfc)), .constant(.text(nfd))])
        #expect(try whereClause("#Predicate<User> { \"\(nfc)\" != $0.name }").0 == #""users"."name" NOT IN (?1, ?2)"#)
        #expect(try whereClause(#"#Predicate<User> { "kim" == $0.name }"#).0 == #""users"."name" = ?1"#)
        #expect(try whereClause("#Predicate<User> { $0.name != search }").0 == #""users"."name" NOT IN (?1, ?2)"#)
    }
}
