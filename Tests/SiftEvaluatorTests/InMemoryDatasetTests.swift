import Foundation
import Sift
import Testing

/// Building a dataset by API and filtering it with query text.
@Suite struct InMemoryDatasetTests {
    @Test func selectFiltersInMemoryObjects() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.age > 10 }"#) == [1, 2, 3])
    }

    @Test func connectSetsTheInverseSide() throws {
        let dataset = try SmallWorld.dataset()
        let red = try #require(dataset.object("Team", id: 1))
        #expect(dataset.targets("members", of: red).map { $0.identity.integer } == [1, 2])
        let person1 = try #require(dataset.object("Person", id: 1))
        #expect(dataset.targets("pets", of: person1).map { $0.identity.integer } == [1, 2])
    }

    @Test func reconnectingAToOneMovesTheObjectBetweenInverseLists() throws {
        var dataset = try SmallWorld.dataset()
        let person2 = try #require(dataset.object("Person", id: 2))
        try dataset.connect(person2, "team", to: #require(dataset.object("Team", id: 2)))
        #expect(dataset.targets("members", of: try #require(dataset.object("Team", id: 1))).map { $0.identity.integer } == [1])
        #expect(dataset.targets("members", of: try #require(dataset.object("Team", id: 2))).map { $0.identity.integer } == [2, 4])
    }

    @Test func insertRejectsAValueOfTheWrongType() throws {
        var dataset = Dataset(schema: try SmallWorld.schema())
        #expect(throws: DatasetError.self) {
            try dataset.insert("Team", id: 1, ["name": 42])
        }
    }

    @Test func insertRejectsAMissingNonOptionalAttribute() throws {
        var dataset = Dataset(schema: try SmallWorld.schema())
        #expect(throws: DatasetError.missingAttribute(model: "Team", identity: ObjectIdentity(1), attribute: "name")) {
            try dataset.insert("Team", id: 1, [:])
        }
    }

    @Test func insertRejectsAnEnumRawValueWithNoCase() throws {
        var dataset = try SmallWorld.dataset()
        #expect(throws: DatasetError.self) {
            try dataset.insert("Person", id: 9, ["name": "x", "age": 1, "small": 1, "score": 1.0, "born": .date(Date()), "level": 9])
        }
    }

    @Test func insertRejectsAnIntegerOutOfItsTypesRange() throws {
        var dataset = try SmallWorld.dataset()
        #expect(throws: DatasetError.self) {
            try dataset.insert("Person", id: 9, ["name": "x", "age": 1, "small": 300, "score": 1.0, "born": .date(Date())])
        }
    }

    @Test func compileErrorsAreThrownWithTheirDiagnostics() throws {
        let dataset = try SmallWorld.dataset()
        let error = #expect(throws: QueryCompilationError.self) {
            try Evaluator.select(#"#Predicate<Person> { $0.agee > 1 }"#, schema: dataset.schema, dataset: dataset)
        }
        #expect(error?.diagnostics.contains { $0.message.contains("agee") } == true)
    }

    @Test func enumComparisonUsesTheCase() throws {
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.level == .high }"#) == [1])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { $0.level != .high }"#) == [2, 3, 4, 5])
        #expect(try SmallWorld.ids(#"#Predicate<Person> { ($0.level?.rawValue ?? 0) >= 2 }"#) == [1, 4])
    }
}
