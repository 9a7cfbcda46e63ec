import Foundation
import Sift
import SiftSQLite
import Testing

/// The SQL Sift writes lets SQLite use the indexes a careful developer creates: `EXPLAIN QUERY
/// PLAN` on the example database shows `SEARCH ... USING INDEX` where an index exists.
@Suite("Index-friendly SQL")
struct QueryPlanIndexTests {
    let database: SiftDatabase

    init() throws {
        database = try ExampleDatabase.open()
    }

    func plan(_ text: String, _ parameters: [String: ParameterValue] = [:]) throws -> String {
        let query = try database.compile(text)
        return try database.queryPlan(query, parameters: parameters).map(\.detail).joined(separator: "\n")
    }

    @Test func comparisonKeepsTheColumnBare() throws {
        #expect(try plan("User where age > 30").contains("SEARCH users USING INDEX users_age (age>?)"))
        #expect(try plan("#Predicate<User> { $0.age == 21 }").contains("SEARCH users USING INDEX users_age (age=?)"))
        #expect(try plan("#Predicate<User> { (20...30).contains($0.age) }").contains("SEARCH users USING INDEX users_age (age>? AND age<?)"))
    }

    @Test func datesCompareInTheirStorage() throws {
        let cutoff = Date(timeIntervalSinceReferenceDate: 0)
        #expect(try plan("User where birth < cutoff", ["cutoff": .date(cutoff)]).contains("SEARCH users USING INDEX users_birth (birth<?)"))
        #expect(try plan("Reminder where dueDate ?? cutoff < cutoff", ["cutoff": .date(cutoff)]).contains("SCAN reminders"))
        #expect(
            try plan("#Predicate<Reminder> { $0.dueDate == cutoff }", ["cutoff": .date(cutoff)])
                .contains("SEARCH reminders USING INDEX reminders_dueDate (dueDate=?)"))
    }

    @Test func enumsCompareByRawValue() throws {
        #expect(try plan("Reminder where priority == .high").contains("SEARCH reminders USING INDEX reminders_priority (priority=?)"))
    }

    @Test func prefixOnAnNFCColumnUsesARange() throws {
        let plan = try plan(#"Company where name.hasPrefix("A")"#)
        #expect(plan.contains("SEARCH companies USING INDEX companies_name (name>? AND name<?)"))
    }

    @Test func equalityOnAnNFCColumnUsesTheIndex() throws {
        #expect(try plan(#"Company where name == "Acme""#).contains("SEARCH companies USING INDEX companies_name (name=?)"))
    }

    @Test func equalityOnAColumnWithComposedAndDecomposedTextBindsBothForms() throws {
        // users.name holds "José" composed and decomposed: both forms are bound, the index answers.
        let query = try database.compile(#"User where name == "José""#)
        #expect(query.sql.contains(#""users"."name" IN (?1, ?2)"#), "\(query.sql)")
        #expect(try plan(#"User where name == "José""#).contains("SEARCH users USING INDEX users_name (name=?)"))
        let rows = try database.fetch(query)
        #expect(rows.count == 2)
    }

    @Test func toOneJoinsByPrimaryKey() throws {
        #expect(try plan(#"User where company?.name != "Acme""#).contains("SEARCH company USING INTEGER PRIMARY KEY (rowid=?)"))
    }

    @Test func toOneComparedWithAValueStartsFromTheTargetsIndex() throws {
        // An inner join (a missing company never equals "Acme"): companies by name, then their users.
        let plan = try plan(#"User where company?.name == "Acme""#)
        #expect(plan.contains("SEARCH company USING COVERING INDEX companies_name (name=?)"), "\(plan)")
        #expect(plan.contains("SEARCH users USING INDEX users_companyID (companyID=?)"), "\(plan)")
    }

    @Test func toManyNextToAnotherConditionUsesTheForeignKeyIndex() throws {
        // A correlated EXISTS per row finds the elements through the foreign key's index.
        let plan = try plan(#"#Predicate<Interest> { $0.title != "x" && $0.users.contains { $0.age > 90 } }"#)
        #expect(plan.contains("USING INDEX userInterests_interestID (interestID=?)") || plan.contains("USING PRIMARY KEY"), "\(plan)")
        let lists = try self.plan(#"#Predicate<RemindersList> { $0.title != "x" && $0.reminders.contains { $0.isCompleted } }"#)
        #expect(lists.contains("SEARCH reminders USING INDEX reminders_remindersListID (remindersListID=?)"), "\(lists)")
    }

    @Test func toManyAsTheWholeFilterStartsFromTheMatchingElements() throws {
        // A semi-join: the matching reminders once, then their lists by key.
        let lists = try plan("#Predicate<RemindersList> { $0.reminders.contains { $0.isCompleted } }")
        #expect(lists.contains("SEARCH remindersLists USING INTEGER PRIMARY KEY (rowid=?)"), "\(lists)")
        #expect(lists.contains("LIST SUBQUERY"), "\(lists)")
    }
}
