import Foundation
import Sift
import Testing

/// Named parameters: values, types, and the errors for missing or mistyped ones.
@Suite struct ParameterTests {
    @Test func aMissingParameterIsAClearError() throws {
        let dataset = try SmallWorld.dataset()
        let schema = dataset.schema
        let query = try Evaluator.compile(#"#Predicate<Person> { $0.age > minimumAge }"#, schema: schema, parameters: ["minimumAge": 1])
        #expect(throws: EvaluationError.missingParameter(name: "minimumAge", type: .int)) {
            try Evaluator().evaluate(query, in: dataset, parameters: [:])
        }
    }

    @Test func aParameterOfTheWrongTypeIsAClearError() throws {
        let dataset = try SmallWorld.dataset()
        let query = try Evaluator.compile(#"#Predicate<Person> { $0.age > minimumAge }"#, schema: dataset.schema, parameters: ["minimumAge": 1])
        #expect(throws: EvaluationError.self) {
            try Evaluator().evaluate(query, in: dataset, parameters: ["minimumAge": "ten"])
        }
    }

    @Test func parametersInLimitAndOffset() throws {
        #expect(try SmallWorld.ids("Person where age > 0 sort by age limit n offset m", ["n": 2, "m": 1]) == [2, 1])
    }

    @Test func aNegativeLimitIsAnError() throws {
        #expect(throws: EvaluationError.self) {
            try SmallWorld.ids("Person where age > 0 limit n", ["n": -1])
        }
    }

    @Test func anIntegerParameterIsAcceptedForADouble() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.score > 2.0 && $0.score < limit }"#, ["limit": .double(11)]) == [4, 5])
        let dataset = try SmallWorld.dataset()
        let query = try Evaluator.compile(#"#Predicate<Person> { $0.score > x }"#, schema: dataset.schema, parameters: ["x": 2.0])
        #expect(try Evaluator().evaluate(query, in: dataset, parameters: ["x": 2]).map { $0.identity.integer } == [4, 5])
    }

    @Test func anEnumParameterByRawValue() throws {
        let dataset = try SmallWorld.dataset()
        let query = try Evaluator.compile(#"#Predicate<Person> { $0.level == .low || $0.level == wanted }"#, schema: dataset.schema)
        #expect(try Evaluator().evaluate(query, in: dataset, parameters: ["wanted": 3]).map { $0.identity.integer } == [1, 3])
    }
}
