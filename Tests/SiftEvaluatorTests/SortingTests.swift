import Foundation
import Sift
import Testing

/// Sorting as Foundation's `SortDescriptor` does on Linux, then offset and limit.
@Suite struct SortingTests {
    @Test func nilSortsFirstForward() throws {
        #expect(try SmallWorld.ids(#"SortDescriptor(\Person.nickname)"#) == [1, 5, 4, 3, 2])
    }

    @Test func nilSortsLastInReverseAndTiesKeepDatasetOrder() throws {
        #expect(try SmallWorld.ids(#"SortDescriptor(\Person.nickname, order: .reverse)"#) == [2, 3, 4, 1, 5])
    }

    @Test func stringsSortBySwiftsLessThan() throws {
        // "ZOE" < "Zoë" == "Zoe\u{308}" (a tie: dataset order) < "cafe\u{301}" < "k_m 50%".
        #expect(try SmallWorld.ids(#"SortDescriptor(\Person.name)"#) == [2, 1, 3, 4, 5])
    }

    @Test func sortKeysThroughANilToOneAreNil() throws {
        #expect(try SmallWorld.ids(#"[SortDescriptor(\Person.team?.name), SortDescriptor(\Person.age)]"#) == [5, 3, 4, 2, 1])
    }

    @Test func limitAndOffsetApplyAfterSorting() throws {
        #expect(try SmallWorld.ids(#"FetchDescriptor<Person>(sortBy: [SortDescriptor(\.age)], fetchLimit: 2, fetchOffset: 1)"#) == [4, 2])
        #expect(try SmallWorld.ids("Person where age >= 0 sort by age desc limit 3") == [3, 1, 2])
    }

    @Test func tiesCanBeBrokenByIdentity() throws {
        var dataset = Dataset(schema: try SmallWorld.schema())
        for id: Int64 in [3, 1, 2] { try dataset.insert("Team", id: id, ["name": "same"]) }
        let query = try Evaluator.compile(#"SortDescriptor(\Team.name)"#, schema: dataset.schema)
        #expect(try Evaluator().evaluate(query, in: dataset).map { $0.identity.integer } == [3, 1, 2])
        #expect(try Evaluator(tieBreak: .identity).evaluate(query, in: dataset).map { $0.identity.integer } == [1, 2, 3])
    }

    @Test func exampleNicknamesNilFirstForwardAndLastReverse() throws {
        let example = try ExampleDatabase.shared()
        let nilNicknames = try example.ids(#"#Predicate<User> { $0.nickname == nil }"#)
        let forward = try example.ids(#"SortDescriptor(\User.nickname)"#)
        #expect(Array(forward.prefix(nilNicknames.count)) == nilNicknames)
        #expect(forward.prefix(3) == [2, 5, 7])
        let reverse = try example.ids(#"SortDescriptor(\User.nickname, order: .reverse)"#)
        #expect(Array(reverse.suffix(nilNicknames.count)) == nilNicknames)
        #expect(reverse.prefix(3) == [112, 3, 33])  // 하니, 지호, 셰프: Hangul after Latin
    }

    @Test func exampleLexicalSortIsSwiftsOrder() throws {
        let example = try ExampleDatabase.shared()
        // " kim" < "Akim" < "Joakim" < "KIM" < "Kim" < ... < "Mckim" < "kim" < "kim " < "kimchi lover".
        #expect(
            try example.ids(#"FetchDescriptor<User>(predicate: #Predicate { $0.name.localizedStandardContains("kim") }, sortBy: [SortDescriptor(\.name)])"#)
                == [28, 55, 17, 14, 13, 94, 123, 51, 15, 92, 50, 12, 29, 16])
        // José (composed, 4) and José (decomposed, 5) are equal: dataset order.
        #expect(try example.ids(#"FetchDescriptor<User>(predicate: #Predicate { $0.age == 20 }, sortBy: [SortDescriptor(\.name)])"#) == [4, 5, 80, 142, 41, 130])
        #expect(
            try example.ids(#"FetchDescriptor<User>(predicate: #Predicate { $0.age == 20 }, sortBy: [SortDescriptor(\.name, order: .reverse)])"#)
                == [130, 41, 142, 80, 4, 5])
    }

    @Test func exampleLocalizedStandardSort() throws {
        let example = try ExampleDatabase.shared()
        // Foundation's localizedStandardCompare on Linux: lower case before upper case, then longer words.
        #expect(
            try example.ids(#"FetchDescriptor<User>(predicate: #Predicate { $0.name.localizedStandardContains("kim") }, sortBy: [SortDescriptor(\.name, comparator: .localizedStandard)])"#)
                == [28, 55, 17, 12, 13, 14, 29, 94, 123, 51, 15, 16, 92, 50])
    }

    @Test func exampleSortThroughAToOneRelationship() throws {
        let example = try ExampleDatabase.shared()
        let ids = try example.ids(#"[SortDescriptor(\User.company?.name), SortDescriptor(\User.name)]"#)
        #expect(ids.count == 150)
        // Users without a company first (by name: "", " kim", "Björn Larsson"), then company "" (id 10).
        #expect(ids.prefix(3) == [26, 28, 117])
        let noCompany = try example.sqlIDs("users", where: "companyID IS NULL")
        #expect(Set(ids.prefix(noCompany.count)) == noCompany)
    }

    @Test func exampleDatesSortByTime() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"FetchDescriptor<User>(sortBy: [SortDescriptor(\.birth)], fetchLimit: 3)"#) == [38, 14, 82])
        #expect(
            try example.ids(#"FetchDescriptor<User>(predicate: #Predicate { $0.age == 25 }, sortBy: [SortDescriptor(\.birth, order: .reverse)])"#)
                == [36, 34, 35])
    }
}
