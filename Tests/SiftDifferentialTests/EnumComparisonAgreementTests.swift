import Foundation
import Sift
import Testing

/// Ordering comparisons, ranges, `min()` and `max()` of `Priority`, an `Int` raw-value enum the
/// example's model file declares `Comparable` with a `<` on raw values: SQLite and the evaluator
/// select the same reminders.
@Suite struct EnumComparisonAgreementTests {
    static let queries = [
        #"#Predicate<Reminder> { ($0.priority ?? .low) < .high }"#,
        #"#Predicate<Reminder> { ($0.priority ?? .low) <= .medium }"#,
        #"#Predicate<Reminder> { .medium < ($0.priority ?? .high) }"#,
        #"#Predicate<Reminder> { ($0.priority ?? .medium) >= .medium && !$0.isCompleted }"#,
        #"#Predicate<Reminder> { $0.priority != nil && $0.priority! > .low }"#,
        #"#Predicate<Reminder> { (Priority.low ... .medium).contains($0.priority ?? .high) }"#,
        #"#Predicate<Reminder> { (Priority.medium ..< .high).contains($0.priority ?? .low) }"#,
        #"#Predicate<Reminder> { (($0.priority ?? .high) ... .medium).contains(.medium) }"#,
        #"#Predicate<Reminder> { (.low ..< ($0.priority ?? .low)).contains(.medium) }"#,
        #"#Predicate<Reminder> { [$0.priority ?? .low, .medium].max() == .medium }"#,
        #"#Predicate<Reminder> { [.medium, $0.priority ?? .high].min() == .medium }"#,
        #"#Predicate<Reminder> { [Priority.low, .high].max() == .high && [Priority.low, .high].min() == .low }"#,
    ]

    @Test(arguments: queries)
    func rowsAgree(_ text: String) throws {
        let runner = try DifferentialRunner(world: try ExampleWorld.shared())
        let verdict = runner.check(text, parameters: ParameterSet(seed: 1), useFacts: false, ordered: false)
        SortKeyAndCountAgreementTests.expectAgreement(verdict, text)
    }

    @Test func comparisonSelectsSomeButNotAll() throws {
        // The example holds every priority, so '< .high' keeps some reminders and drops others.
        let database = try ExampleWorld.shared().open()
        let all = try database.fetch(try database.compile(#"#Predicate<Reminder> { true }"#)).count
        let some = try database.fetch(try database.compile(#"#Predicate<Reminder> { ($0.priority ?? .low) < .high }"#)).count
        #expect(some > 0 && some < all, "\(some) of \(all)")
    }
}
