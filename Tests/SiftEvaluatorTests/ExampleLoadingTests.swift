import Foundation
import Sift
import SiftSQLite
import Testing

/// Loading the example database with `DatasetLoader`: counts, decoded values, links.
@Suite struct ExampleLoadingTests {
    @Test func loadsEveryModelInKeyOrder() throws {
        let example = try ExampleDatabase.shared()
        let dataset = example.dataset
        #expect(dataset.count(of: "User") == 150)
        #expect(dataset.count(of: "Company") == 12)
        #expect(dataset.count(of: "Interest") == 20)
        #expect(dataset.objects(of: "User").prefix(3).map { $0.identity.integer } == [1, 2, 3])
    }

    @Test func decodesDatesUUIDsBoolsAndEnums() throws {
        let example = try ExampleDatabase.shared()
        let dataset = example.dataset
        let user34 = try #require(dataset.object("User", id: 34))
        #expect(dataset.value("birth", of: user34) == .date(Date(timeIntervalSinceReferenceDate: 0)))
        #expect(dataset.value("isActive", of: user34) == .bool(true))
        let user1 = try #require(dataset.object("User", id: 1))
        #expect(dataset.value("identifier", of: user1) == .uuid(UUID(uuidString: "067FD22F-4B8D-4B03-AFB2-77B754ED04A8")!))
        #expect(dataset.value("nickname", of: try #require(dataset.object("User", id: 2))) == .null)
        let reminder = try #require(dataset.objects(of: "Reminder").first)
        if case .enumCase(let status)? = dataset.value("status", of: reminder) {
            #expect(status.enumName == "Status")
        } else {
            Issue.record("status is not an enum case")
        }
    }

    @Test func linksToOneToManyAndJoinTables() throws {
        let dataset = try ExampleDatabase.shared().dataset
        let user1 = try #require(dataset.object("User", id: 1))
        #expect(dataset.targets("company", of: user1).map { $0.identity.integer } == [1])
        #expect(dataset.targets("interests", of: user1).map { $0.identity.integer } == [1, 2, 3])
        let user7 = try #require(dataset.object("User", id: 7))
        #expect(dataset.targets("company", of: user7).isEmpty)
        #expect(dataset.targets("interests", of: user7).isEmpty)
        let acme = try #require(dataset.object("Company", id: 1))
        #expect(dataset.targets("users", of: acme).map { $0.identity.integer }.prefix(3) == [1, 2, 12])
        let interest18 = try #require(dataset.object("Interest", id: 18))
        #expect(dataset.targets("users", of: interest18).isEmpty)
    }
}
