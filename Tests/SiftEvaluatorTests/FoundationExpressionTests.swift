import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
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
        // Through a force-unwrapped to-one to its to-many relationship, and in the concise form.
        try agreed(#"#Predicate<User> { $0.company!.users.contains { $0.age > 60 } }"#)
        try agreed(#"#Predicate<User> { $0.company!.users.count > 5 }"#)
        try agreed(#"#Predicate<Interest> { $0.users.allSatisfy { $0.company!.city != nil } }"#)
        try agreed(#"User where company!.name == "Acme""#)
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

    // MARK: Filtered relationships

    @Test func filterFollowedByIsEmptyCountAndQuantifiers() throws {
        let some = try agreed(#"#Predicate<User> { !$0.interests.filter { $0.category == "food" }.isEmpty }"#)
        let none = try agreed(#"#Predicate<User> { $0.interests.filter { $0.category == "food" }.isEmpty }"#)
        #expect(some.isDisjoint(with: none))
        try agreed(#"#Predicate<User> { $0.interests.filter { $0.category != nil }.filter { $0.title.count > 5 }.count == 2 }"#)
        try agreed(#"#Predicate<User> { $0.interests.filter { $0.category == "food" }.allSatisfy { $0.title.count > 4 } }"#)
        try agreed(#"#Predicate<User> { $0.interests.filter { $0.category == "outdoors" }.contains { $0.title.hasPrefix("요") } }"#)
        try agreed(#"#Predicate<Company> { $0.users.filter { $0.age > 40 }.count(where: { $0.isActive }) >= 1 }"#)
        try agreed(#"#Predicate<User> { [$0.age, $0.interests.count * 10].max()! > 40 && [$0.age, 50].min()! < 45 }"#)
    }

    // MARK: Date

    /// Each storage a date column may declare: seconds since 2001 (REAL), seconds since 1970, ISO-8601 text.
    static let eventModels = """
        @Model final class Event {
            var ref: Date
            @Storage(.unixTime) var unix: Date
            @Storage(.iso8601) var iso: Date?
        }
        """

    @Test func dateTimeIntervalsInEveryStorage() throws {
        let files = TemporaryFiles()
        let models = files.path("sift-events", suffix: ".swift")
        try Self.eventModels.write(toFile: models, atomically: true, encoding: .utf8)
        let database = try DatasetLoaderTests.TemporaryDatabase(DatasetLoaderTests.eventScript)
        let sift = try SiftDatabase(path: database.path, modelFile: models)
        let dataset = try DatasetLoader.load(path: database.path, schema: sift.schema)
        func agree(_ text: String) throws -> [Int64] {
            let evaluated = try Evaluator.select(text, schema: sift.schema, dataset: dataset).map { $0.identity.integer! }
            let rows = try sift.fetch(try sift.compile(text))
            let selected: [Int64] = rows.map { row -> Int64 in if case .int(let id)? = row["id"] { id } else { -1 } }
            #expect(Set(selected) == Set(evaluated), "\(text)")
            return evaluated.sorted()
        }
        #expect(try agree(#"#Predicate<Event> { $0.ref.timeIntervalSinceReferenceDate > 1.0 }"#) == [1, 4, 5])
        #expect(try agree(#"#Predicate<Event> { $0.unix.timeIntervalSinceReferenceDate > 1.0 }"#) == [1, 5])
        #expect(try agree(#"#Predicate<Event> { ($0.iso?.timeIntervalSinceReferenceDate ?? 0) > 1.0 }"#) == [1, 4])
        #expect(try agree(#"#Predicate<Event> { $0.unix.timeIntervalSince1970 == 978307235.125 }"#) == [5])
        #expect(try agree(#"#Predicate<Event> { $0.ref.timeIntervalSince1970 == $0.unix.timeIntervalSince1970 }"#) == [1, 2, 3, 5])
        #expect(try agree(#"#Predicate<Event> { $0.iso?.timeIntervalSince1970 == $0.ref.timeIntervalSince1970 }"#) == [1, 2, 3, 4])
        #expect(try agree(#"#Predicate<Event> { $0.ref.timeIntervalSinceReferenceDate / 2.0 == 0.125 }"#) == [2])
    }

    // MARK: NaN

    @Test func notANumberComparesAsSwiftComparesIt() throws {
        let example = try ExampleDatabase.shared()
        // score / 0.0 is NaN where the score is 0.0 (7 users), ±infinity elsewhere.
        let zeroScore = try example.sqlIDs("users", where: "score = 0")
        #expect(zeroScore.count == 7)
        let unequal = try agreed(#"#Predicate<User> { $0.score / 0.0 != $0.score / 0.0 }"#)
        #expect(unequal == zeroScore)
        let equal = try agreed(#"#Predicate<User> { $0.score / 0.0 == $0.score / 0.0 }"#)
        #expect(equal.isDisjoint(with: zeroScore))
        // Every ordering with NaN is false, and so `!` of one is true.
        let notGreater = try agreed(#"#Predicate<User> { !($0.score / 0.0 > 1.0) }"#)
        #expect(notGreater.isSuperset(of: zeroScore))
        let neither = try agreed(#"#Predicate<User> { !($0.score / 0.0 <= 1.0) && !($0.score / 0.0 >= 1.0) }"#)
        #expect(neither == zeroScore)
        // NaN goes on through arithmetic, negation, `??`, `?:`; inf - inf and inf * 0 are NaN too.
        try agreed(#"#Predicate<User> { -($0.score / 0.0) * 2.0 + 1.0 != 3.0 && $0.age > 50 }"#)
        let made = try agreed(#"#Predicate<User> { ($0.score / 0.0 - $0.score / 0.0) != 0.0 }"#)
        #expect(made.count == (try example.sqlIDs("users", where: "1")).count)
        try agreed(#"#Predicate<User> { ($0.company == nil ? 0.0 / 0.0 : $0.score) < 50.0 }"#)
        try agreed(#"#Predicate<User> { ($0.nickname.map { Double($0.count) / 0.0 } ?? 1.0) == 1.0 }"#)
        try agreed(#"#Predicate<User> { $0.nickname.map { Double($0.count) * 0.0 / 0.0 } != $0.nickname.map { _ in 1.0 } }"#)
        // Int(NaN) traps: the row is not selected.
        let converted = try agreed(#"#Predicate<User> { Int($0.score / $0.score) == 1 || $0.age >= 0 }"#)
        #expect(converted == (try example.sqlIDs("users", where: "score <> 0")))
    }

    @Test func notANumberInArraysRangesAndExtremes() throws {
        let example = try ExampleDatabase.shared()
        let zeroScore = try example.sqlIDs("users", where: "score = 0")
        // NaN is in no array, not even one that holds NaN.
        let found = try agreed(#"#Predicate<User> { [$0.score / 0.0, 1.0].contains($0.score / 0.0) }"#)
        #expect(found.isDisjoint(with: zeroScore))
        // A range with a NaN bound traps; NaN is in no range.
        let bounded = try agreed(#"#Predicate<User> { ($0.score / 0.0 ... 1.0 / 0.0).contains(3.0) || $0.age >= 0 }"#)
        #expect(bounded.isDisjoint(with: zeroScore))
        let inRange = try agreed(#"#Predicate<User> { !(-1.0 / 0.0 ... 1.0 / 0.0).contains($0.score / 0.0) }"#)
        #expect(inRange == zeroScore)
        // Swift's max() keeps the first element unless a later one is greater: NaN first stays, NaN later is passed over.
        let first = try agreed(#"#Predicate<User> { [$0.score / 0.0, 1.0].max() == 1.0 }"#)
        let later = try agreed(#"#Predicate<User> { [1.0, $0.score / 0.0].max()! > 0.5 }"#)
        #expect(first.isDisjoint(with: zeroScore) && later.isSuperset(of: zeroScore))
        try agreed(#"#Predicate<User> { [2.0, $0.score / 0.0, $0.score].min()! < 1.0 }"#)
    }

    @Test func aNaNParameterIsRefusedNotReadAsNil() throws {
        let database = try ExampleDatabase.shared().openSift()
        let query = try database.compile(#"#Predicate<User> { $0.score != limit }"#, parameterTypes: ["limit": .double])
        #expect(try database.fetch(query, parameters: ["limit": .double(1.5)]).count > 0)
        #expect(throws: ParameterError.self) { try database.fetch(query, parameters: ["limit": .double(.nan)]) }
    }

    @Test func negativeZeroKeepsItsSign() throws {
        // -0.0 for a zero score: 1.0 / -0.0 is -infinity in Swift, so these users are not selected.
        let zeroScore = try ExampleDatabase.shared().sqlIDs("users", where: "score = 0")
        let positive = try agreed(#"#Predicate<User> { 0.0 <= 1.0 / -$0.score }"#)
        #expect(positive.isDisjoint(with: zeroScore))
    }
}
