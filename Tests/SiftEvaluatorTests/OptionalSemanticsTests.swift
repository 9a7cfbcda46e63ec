import Foundation
import Sift
import Testing

/// Swift's optionals: `nil == nil`, `nil != value`, optional chaining, `??`, `if let`, `map`.
@Suite struct OptionalSemanticsTests {
    @Test func nilIsNotEqualToAValue() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.nickname != "kim" }"#) == [1, 3, 4, 5])
    }

    @Test func nilEqualsNil() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.nickname == nil }"#) == [1, 5])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.team?.name == nil }"#) == [3, 5])
    }

    @Test func negatedOptionalChainIsTrueWithoutATarget() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { !($0.team?.name == "Red") }"#) == [3, 4, 5])
    }

    @Test func nilCoalescingUsesTheFallbackOnlyForNil() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { ($0.nickname ?? "none") == "none" }"#) == [1, 5])
    }

    @Test func ifLetTakesTheElseBranchForNil() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { if let t = $0.team { t.name == "Red" } else { true } }"#) == [1, 2, 3, 5])
    }

    @Test func flatMapOverARelationshipFlattens() throws {
        // `team.flatMap { $0.name }` is `String?`: nil for people without a team.
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.team.flatMap { $0.name } == nil }"#) == [3, 5])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.team.map { $0.name } != nil }"#) == [1, 2, 4])
    }

    @Test func nestedOptionalsAreRejectedAtCompileTime() throws {
        // `map` with an optional body would be `Double??`; `first` of a relationship has no order.
        #expect(throws: QueryCompilationError.self) { try SmallWorld.ids(#"#Predicate<Person> { $0.nickname.map { _ in $0.team?.name } == nil }"#) }
        #expect(throws: QueryCompilationError.self) { try SmallWorld.ids(#"#Predicate<Person> { $0.pets.first != nil }"#) }
    }

    @Test func exampleNicknameNotEqualKimIncludesNil() throws {
        let example = try ExampleDatabase.shared()
        let ids = try example.idSet(#"#Predicate<User> { $0.nickname != "kim" }"#)
        #expect(ids.count == 145)
        #expect(ids.isDisjoint(with: [12, 70, 115, 117, 122]))
        #expect(ids.contains(2))  // nickname nil
    }

    @Test func exampleNotCompanyAcmeIncludesUsersWithoutCompany() throws {
        let example = try ExampleDatabase.shared()
        let ids = try example.idSet(#"#Predicate<User> { !($0.company?.name == "Acme") }"#)
        #expect(ids == (try example.sqlIDs("users", where: "companyID IS NOT 1")))
        #expect(ids.contains(7) && ids.contains(9) && !ids.contains(1) && !ids.contains(12))
    }

    @Test func exampleOptionalChainIsEmpty() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { $0.nickname?.isEmpty == true }"#) == [17, 26, 43, 47, 65, 99, 141])
    }

    @Test func exampleIfLetOnACompany() throws {
        let example = try ExampleDatabase.shared()
        #expect(
            try example.ids(#"#Predicate<User> { if let c = $0.company { c.city == "Seoul" } else { false } }"#)
                == [1, 2, 12, 13, 33, 39, 40, 59, 60, 65, 70, 86, 102, 106, 120, 122, 129, 134])
    }
}
