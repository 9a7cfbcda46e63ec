import Foundation
import Sift
import Testing

/// To-one and to-many relationships: empty sequences, `allSatisfy`, `filter`, `count`, `first`, correlation.
@Suite struct RelationshipSemanticsTests {
    @Test func containsWhereOnAnEmptyRelationshipIsFalse() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.pets.contains { $0.name == $0.name } }"#) == [1, 3, 4])
    }

    @Test func allSatisfyOnAnEmptyRelationshipIsTrue() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.pets.allSatisfy { $0.weight != nil } }"#) == [2, 3, 4, 5])
    }

    @Test func filterCount() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.pets.filter { $0.name.count == 3 }.count >= 2 }"#) == [1])
        #expect(try SmallWorld.ids(#"#Predicate<Team> { $0.members.count == 1 }"#) == [2])
    }

    @Test func firstOfAnArrayIsInArrayOrder() throws {
        // A relationship has no order (the checker rejects its `first`); an array literal has one.
        #expect(try SmallWorld.ids(#"#Predicate<Person> { [$0.age, 0].first == 7 }"#) == [4])
    }

    @Test func closureVariablesOfOuterClosuresAreVisible() throws {
        // People with a team-mate older than themselves.
        #expect(try SmallWorld.ids(#"#Predicate<Person> { p in p.team?.members.contains { $0.age > p.age } == true }"#) == [2])
    }

    @Test func arrayLiteralContainsAndExtremes() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { [7, 20, 99].contains($0.age) }"#) == [2, 4])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { [3, $0.age, 12].max() == $0.age }"#) == [1, 2, 3])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { [3, $0.age, 12].min() == $0.age }"#) == [5])
    }

    @Test func exampleContainsWhereOnEmptyInterestsIsFalse() throws {
        let example = try ExampleDatabase.shared()
        let ids = try example.idSet(#"#Predicate<User> { $0.interests.contains { $0.title == $0.title } }"#)
        #expect(ids == (try example.sqlIDs("users", where: "id IN (SELECT userID FROM userInterests)")))
        #expect(ids.isDisjoint(with: [7, 11, 22, 25, 26]))
    }

    @Test func exampleAllSatisfyOnEmptyInterestsIsTrue() throws {
        let example = try ExampleDatabase.shared()
        #expect(
            try example.ids(#"#Predicate<User> { $0.interests.allSatisfy { $0.category != nil } && $0.age > 60 }"#)
                == [6, 7, 14, 38, 40, 42, 44, 45, 48, 50, 54, 56, 60, 64, 70, 73, 79, 83, 86, 88, 92, 98, 104, 105, 108, 117, 118, 131, 143, 149, 150])
    }

    @Test func exampleIsEmpty() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { $0.interests.isEmpty }"#) == [7, 11, 22, 25, 26, 29, 37, 42, 62, 64, 83, 99, 119, 125, 139, 147])
        #expect(try example.ids(#"#Predicate<Interest> { $0.users.isEmpty }"#) == [18, 19])
        #expect(try example.ids("Company where users.isEmpty") == [9, 12])
    }

    @Test func exampleFilterCountAtLeastTwo() throws {
        let example = try ExampleDatabase.shared()
        #expect(
            try example.ids(#"#Predicate<User> { $0.interests.filter { $0.title.hasPrefix("요") }.count >= 2 }"#)
                == [2, 33, 55, 89, 92, 120, 138, 148])
    }

    @Test func exampleCorrelatedSubquery() throws {
        let example = try ExampleDatabase.shared()
        #expect(
            try example.ids(#"#Predicate<User> { user in user.company?.users.contains { $0.birth == user.birth && $0.name != user.name } == true }"#)
                == [12, 13])
        #expect(
            try example.ids(#"#Predicate<Company> { company in company.users.contains { user in user.age < 21 && user.isActive } }"#)
                == [1, 2, 4, 6, 7, 10, 11])
    }

    @Test func exampleNoCompany() throws {
        let example = try ExampleDatabase.shared()
        let noCompany = try example.sqlIDs("users", where: "companyID IS NULL")
        #expect(try example.idSet("User where company == nil") == noCompany)
        #expect(try example.idSet(#"#Predicate<User> { $0.company != nil }"#).isDisjoint(with: noCompany))
        #expect(noCompany.isSuperset(of: [7, 9, 14]))
        #expect(
            try example.idSet(#"#Predicate<User> { if let c = $0.company { c.name != c.name } else { true } }"#)
                == (try example.sqlIDs("users", where: "companyID IS NULL")))
    }
}
