import Foundation
import Sift
import Testing

/// Swift's arithmetic, and Sift's documented choice where Swift traps: the row is not selected.
@Suite struct ArithmeticSemanticsTests {
    @Test func integerDivisionTruncatesTowardZero() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { (0 - $0.age) / 2 == -3 }"#) == [4])  // -7 / 2 == -3
    }

    @Test func remainderHasTheSignOfTheDividend() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { (0 - $0.age) % 3 == -1 }"#) == [4])  // -7 % 3 == -1
    }

    @Test func overflowDropsTheRow() throws {
        // Int.max + age overflows for every age but 0 (person 5).
        let result = try run(#"#Predicate<Person> { $0.age + big > 0 }"#, ["big": .int(Int64.max)])
        #expect(result.selected.map { $0.identity.integer } == [5])
        #expect(result.trapped.map { $0.object.identity.integer } == [1, 2, 3, 4])
        #expect(result.trapped.first?.trap.reason == .overflow)
    }

    @Test func overflowOfASmallIntegerTypeDropsTheRow() throws {
        // Int8: 41 * 4 = 164 > 127 overflows; 30 * 4 = 120 does not.
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.small * 4 > 0 }"#) == [1, 2, 4])
    }

    @Test func negatingIntMinTraps() throws {
        // Int.min + age: only age 0 (person 5) leaves Int.min, whose negation overflows.
        let result = try run(#"#Predicate<Person> { -(minimum + $0.age) > 0 }"#, ["minimum": .int(Int64.min)])
        #expect(result.selected.map { $0.identity.integer } == [1, 2, 3, 4])
        #expect(result.trapped.map { $0.object.identity.integer } == [5])
    }

    @Test func divisionByZeroDropsTheRow() throws {
        let result = try run(#"#Predicate<Person> { 100 / ($0.age - 20) != 12345 }"#)
        #expect(result.selected.map { $0.identity.integer } == [1, 3, 4, 5])
        #expect(result.trapped.map { $0.trap.reason } == [.divisionByZero])
    }

    @Test func remainderByZeroDropsTheRow() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { 100 % $0.age >= 0 }"#) == [1, 2, 3, 4])
    }

    @Test func shortCircuitAvoidsTheTrap() throws {
        // 100 / 30 == 3, 100 / 20 == 5, 100 / 41 == 2, 100 / 7 == 14; person 5 (age 0) never divides.
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.age == 0 || 100 / $0.age > 3 }"#) == [2, 4, 5])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.age != 0 && 100 / $0.age > 3 }"#) == [2, 4])
    }

    @Test func doubleDivisionByZeroIsInfinityOrNaN() throws {
        // score / 0.0: +inf for 1.5, 10.25, 3.0; -inf for -2.0; NaN for 0.0 (never > or <=).
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.score / zero > 1000.0 }"#, ["zero": .double(0)]) == [1, 4, 5])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.score / zero <= 1000.0 }"#, ["zero": .double(0)]) == [2])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.score / zero != $0.score / zero }"#, ["zero": .double(0)]) == [3])
    }

    @Test func intOfDoubleTruncatesAndTrapsOutOfRange() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { Int($0.score) == 10 }"#) == [4])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { Int($0.score) == -2 }"#) == [2])
        // 1e300 * score is out of Int's range except for score 0.0 (person 3).
        #expect(try SmallWorld.ids(#"#Predicate<Person> { Int($0.score * 1e300) == 0 }"#) == [3])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { Int(zero / zero) == 0 }"#, ["zero": .double(0)]) == [])
    }

    @Test func doubleOfInt() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { Double($0.age) > $0.score * 10.0 }"#) == [1, 2, 3])
    }

    @Test func rangeWithLowerAboveUpperDropsTheRow() throws {
        // lower = age, upper = 25: persons 1 (30) and 3 (41) trap.
        let result = try run(#"#Predicate<Person> { ($0.age...25).contains(20) }"#)
        #expect(result.selected.map { $0.identity.integer } == [2, 4, 5])
        #expect(result.trapped.map { $0.object.identity.integer } == [1, 3])
        #expect(result.trapped.first?.trap.reason == .invalidRange)
    }

    @Test func closedAndHalfOpenRanges() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { (7...30).contains($0.age) }"#) == [1, 2, 4])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { (7..<30).contains($0.age) }"#) == [2, 4])
    }

    @Test func conditionalExpression() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { ($0.age > 10 ? $0.score : 100.0) > 1.0 }"#) == [1, 4, 5])
    }

    @Test func stringConcatenation() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.name + "!" == "ZOE!" }"#) == [2])
    }

    @Test func exampleTruncatingDivisionAndRemainder() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { (0 - $0.age) / 2 == -3 }"#) == [71])
        #expect(try example.ids(#"#Predicate<User> { (0 - $0.age) % 3 == -1 && $0.age < 30 }"#) == [19, 28, 29, 30, 34, 35, 36, 65, 71, 87, 101])
    }

    @Test func exampleOverflowThroughAParameter() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<User> { $0.age + big > 0 }"#, ["big": .int(Int64.max)]) == [26, 37, 132])
    }

    @Test func exampleDivisionByZero() throws {
        let example = try ExampleDatabase.shared()
        let ids = try example.idSet(#"#Predicate<User> { 100 / ($0.age - 21) != 12345 }"#)
        #expect(ids == (try example.sqlIDs("users", where: "age != 21")))
        #expect(!ids.contains(2) && !ids.contains(12) && ids.contains(1))
    }

    func run(_ text: String, _ parameters: [String: Value] = [:]) throws -> EvaluationResult {
        let dataset = try SmallWorld.dataset()
        let query = try Evaluator.compile(text, schema: dataset.schema, parameters: parameters)
        return try Evaluator().run(query, in: dataset, parameters: parameters)
    }
}
