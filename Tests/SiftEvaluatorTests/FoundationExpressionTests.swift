import Foundation
import Sift
import Testing

/// The expressions of Foundation's `#Predicate` that Sift builds, each run on the example database
/// both as SQL on SQLite and by the in-memory evaluator: the two must select the same rows, and
/// the rows must be some but not all (a test that selects nothing or everything proves little).
@Suite struct FoundationExpressionTests {
    /// The ids both back ends select for `text`, after checking that they agree.
    @discardableResult
    func agreed(_ text: String, _ sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Set<Int64> {
        let example = try ExampleDatabase.shared()
        let evaluated = try example.idSet(text)
        let (sql, selected) = try example.sqliteIDs(text)
        #expect(selected == evaluated, "SQL: \(sql)", sourceLocation: sourceLocation)
        #expect(!evaluated.isEmpty, "selects nothing: \(text)", sourceLocation: sourceLocation)
        return evaluated
    }

    // MARK: Force unwrap

    @Test func forceUnwrapOfAToOneRelationshipDropsRowsWithoutOne() throws {
        let example = try ExampleDatabase.shared()
        let ids = try agreed(#"#Predicate<User> { $0.company!.name == $0.company!.name }"#)
        // A dangling key (user 132) reads as no company, as everywhere.
        #expect(ids == (try example.sqlIDs("users", where: "companyID IN (SELECT id FROM companies)")))
    }

    @Test func forceUnwrapNilIsNotSelectedEvenUnderNot() throws {
        let example = try ExampleDatabase.shared()
        let positive = try agreed(#"#Predicate<User> { $0.nickname! == "Mo" }"#)
        let negative = try agreed(#"#Predicate<User> { !($0.nickname! == "Mo") }"#)
        #expect(positive.isDisjoint(with: negative))
        #expect(positive.union(negative) == (try example.sqlIDs("users", where: "nickname IS NOT NULL")))
    }

    @Test func forceUnwrapUnderOrAndConditional() throws {
        // `||` stops at a true left side: the unwrap on the right is never reached.
        let either = try agreed(#"#Predicate<User> { $0.nickname == nil || $0.nickname!.count > 3 }"#)
        #expect(either.isSuperset(of: try ExampleDatabase.shared().sqlIDs("users", where: "nickname IS NULL")))
        // A trap on the left of `||` drops the row even when the right side is true.
        let trapped = try agreed(#"#Predicate<User> { $0.nickname!.count > 3 || $0.age >= 0 }"#)
        #expect(trapped == (try ExampleDatabase.shared().sqlIDs("users", where: "nickname IS NOT NULL")))
        try agreed(#"#Predicate<User> { $0.company == nil ? $0.age > 40 : $0.company!.city! == "Seoul" }"#)
    }

    @Test func forceUnwrapInsideClosuresOverRelationships() throws {
        // A nil category in any interest traps the row, whatever the other interests hold.
        let any = try agreed(#"#Predicate<User> { $0.interests.contains { $0.category! == "food" } }"#)
        let every = try agreed(#"#Predicate<User> { !$0.interests.allSatisfy { $0.category!.isEmpty } }"#)
        #expect(any.isSubset(of: every))
        try agreed(#"#Predicate<User> { $0.interests.filter { $0.category!.hasPrefix("s") }.count >= 1 }"#)
    }

    @Test func forceUnwrapOfOptionalMembersAndChains() throws {
        try agreed(#"#Predicate<User> { $0.company!.city == nil }"#)
        try agreed(#"#Predicate<User> { $0.company?.city! == "Seoul" }"#)
        try agreed(#"#Predicate<Company> { $0.users.contains { $0.company!.founded! == $0.company!.founded! } }"#)
        try agreed(#"#Predicate<Reminder> { $0.priority! == .high || $0.dueDate! > $0.dueDate! }"#)
    }

    // MARK: return

    @Test func returnInEachBranchOfAnIfStatement() throws {
        let returned = try agreed(
            #"""
            #Predicate<User> { user in
                if let company = user.company {
                    return company.city == "Seoul"
                } else if user.age > 60 {
                    return true
                } else {
                    return user.interests.contains { if $0.category == nil { return false } else { return $0.title.count > 6 } }
                }
            }
            """#)
        let written = try agreed(
            #"""
            #Predicate<User> { user in
                if let company = user.company { company.city == "Seoul" } else if user.age > 60 { true }
                else { user.interests.contains { $0.category == nil ? false : $0.title.count > 6 } }
            }
            """#)
        #expect(returned == written)
    }
}
