import Foundation
import Sift
import Testing

/// Swift's string semantics: canonical equivalence, Character-based `contains`, case,
/// LIKE metacharacters as plain characters, Foundation's localized operations.
@Suite struct StringSemanticsTests {
    // MARK: In memory

    @Test func composedAndDecomposedStringsAreEqual() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name == "caf\u{E9}" }"#) == [4])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name == "Zo\u{EB}" }"#) == [1, 3])
    }

    @Test func containsDoesNotFindABaseLetterInsideADecomposedCharacter() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.contains("e") }"#) == [])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.contains("\u{E9}") }"#) == [4])
    }

    @Test func containsIsCaseSensitive() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.nickname?.contains("kim") == true }"#) == [2])
    }

    @Test func percentAndUnderscoreAreLiteral() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.contains("k_m") }"#) == [5])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.contains("50%") }"#) == [5])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.contains("k%") }"#) == [])
    }

    @Test func localizedStandardContainsIgnoresCaseAndDiacritics() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.localizedStandardContains("zoe") }"#) == [1, 2, 3])
    }

    @Test func theEmptyStringIsContainedInEveryString() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.contains("") }"#) == [1, 2, 3, 4, 5])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.hasPrefix("") }"#) == [1, 2, 3, 4, 5])
    }

    @Test func lowercasedAndUppercasedAreFullUnicode() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.lowercased() == "zo\u{EB}" }"#) == [1, 3])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.uppercased() == "ZOE" }"#) == [2])
    }

    @Test func stringCountCountsCharacters() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.count == 3 }"#) == [1, 2, 3])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.count == 4 }"#) == [4])
    }

    @Test func caseInsensitiveCompareReturnsOrderedSame() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.caseInsensitiveCompare("zoe") == .orderedSame }"#) == [2])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.localizedStandardCompare("zoe") == .orderedSame }"#) == [])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name.localizedCaseInsensitiveCompare("zo\u{EB}") == .orderedSame }"#) == [1, 3])
    }

    @Test func stringLessThanIsSwiftsOrder() throws {
        // "ZOE" < "Zoë" ("O" < "o"); "cafe\u{301}" and "k_m 50%" are after "Z".
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name < "Zo" }"#) == [2])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name > "a" }"#) == [4, 5])
    }

    // MARK: The example database

    @Test func exampleComposedAndDecomposedNamesAreEqual() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { $0.name == "José" }"#) == [4, 5])
        #expect(try example.ids(#"#Predicate<Interest> { $0.title == "Caf\u{E9} hopping" }"#) == [13, 14])
    }

    @Test func exampleContainsOnCharacters() throws {
        let example = try ExampleDatabase.shared()
        // "Jose\u{301}" (5) does not contain "Jose"; "Jose Ramirez" and "Joseph Adams" do.
        #expect(try example.ids(#"#Predicate<User> { $0.name.contains("Jose") }"#) == [78, 131])
        #expect(try example.ids(#"#Predicate<Interest> { $0.title.contains("Cafe") }"#) == [])
        #expect(try example.ids(#"#Predicate<Interest> { $0.title.contains("Caf") }"#) == [13, 14])
    }

    @Test func exampleContainsKimIsCaseSensitive() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { $0.name.contains("kim") }"#) == [12, 16, 17, 28, 29, 50, 55])
    }

    @Test func exampleLikeMetacharactersAreLiteral() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { $0.name.contains("snake_case") || $0.nickname == "50% off" }"#) == [20, 21])
        #expect(try example.ids(#"#Predicate<Company> { $0.name.contains("50%") }"#) == [4])
        #expect(try example.ids(#"#Predicate<Interest> { $0.title.hasPrefix("snake_case") }"#) == [11])
    }

    @Test func exampleLocalizedStandardContains() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { $0.name.localizedStandardContains("zoe") }"#) == [6, 7, 71, 107, 116, 122])
    }

    @Test func exampleQuotesAndBackslashes() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { $0.name == "O'Brien" || $0.name == "back\\slash" }"#) == [18, 19])
    }

    @Test func exampleEmptyAndPaddedStrings() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { $0.name.isEmpty }"#) == [26])
        #expect(try example.ids(#"#Predicate<User> { $0.name.hasSuffix("kim") }"#) == [12, 17, 28])
    }
}
