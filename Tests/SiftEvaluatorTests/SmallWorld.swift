import Foundation
import Sift
import Testing

/// A small hand-made schema and dataset built in memory through the `Dataset` API.
enum SmallWorld {
    static let modelFile = """
        import SwiftData

        enum Level: Int { case low = 1, medium, high }

        @Model final class Person {
            var name: String
            var nickname: String?
            var age: Int
            var small: Int8
            var score: Double
            var born: Date
            var level: Level?
            var team: Team?
            @Relationship(inverse: \\Pet.owner) var pets: [Pet] = []
        }

        @Model final class Team {
            var name: String
            @Relationship(inverse: \\Person.team) var members: [Person] = []
        }

        @Model final class Pet {
            var name: String
            var weight: Double?
            var owner: Person?
        }
        """

    static func schema() throws -> Schema {
        let source = SourceFile(name: "Small.swift", text: modelFile)
        let (schema, diagnostics) = ModelFileReader.read(source)
        if diagnostics.hasErrors { throw QueryCompilationError(source: source, diagnostics: diagnostics) }
        return schema
    }

    /// People 1–5, teams 1–2, pets 1–4:
    /// - 1 "Zoë" (composed), nickname nil, 30, team 1, pets 1 "Rex" and 2 "Tom"
    /// - 2 "ZOE", nickname "kim", 20, team 1, no pets
    /// - 3 "Zoe\u{308}" (decomposed), nickname "Kim", 41, no team, pet 3 "rex"
    /// - 4 "cafe\u{301}", nickname "", 7, team 2, pet 4 "Bo"
    /// - 5 "k_m 50%", nickname nil, 0, no team, no pets
    static func dataset() throws -> Dataset {
        var dataset = Dataset(schema: try schema())
        let base = Date(timeIntervalSinceReferenceDate: 0)
        let people: [(Int64, String, Value, Int64, Double, Value)] = [
            (1, "Zo\u{EB}", nil, 30, 1.5, 3),
            (2, "ZOE", "kim", 20, -2.0, nil),
            (3, "Zoe\u{308}", "Kim", 41, 0.0, 1),
            (4, "cafe\u{301}", "", 7, 10.25, 2),
            (5, "k_m 50%", nil, 0, 3.0, nil),
        ]
        for (id, name, nickname, age, score, level) in people {
            try dataset.insert("Person", id: id, [
                "name": .string(name), "nickname": nickname, "age": .int(age), "small": .int(age),
                "score": .double(score), "born": .date(base.addingTimeInterval(Double(id) * 10)), "level": level,
            ])
        }
        let red = try dataset.insert("Team", id: 1, ["name": "Red"])
        let blue = try dataset.insert("Team", id: 2, ["name": "Blue"])
        let pets: [(Int64, String, Value, Int64)] = [(1, "Rex", 12.5, 1), (2, "Tom", nil, 1), (3, "rex", 3.0, 3), (4, "Bo", 1.0, 4)]
        for (id, name, weight, owner) in pets {
            let pet = try dataset.insert("Pet", id: id, ["name": .string(name), "weight": weight])
            try dataset.connect(pet, "owner", to: dataset.object("Person", id: owner)!)
        }
        try dataset.connect(dataset.object("Person", id: 1)!, "team", to: red)
        try dataset.connect(dataset.object("Person", id: 2)!, "team", to: red)
        try dataset.connect(dataset.object("Person", id: 4)!, "team", to: blue)
        return dataset
    }

    /// The integer keys `text` selects on the small dataset.
    static func ids(_ text: String, _ parameters: [String: Value] = [:], in dataset: Dataset? = nil) throws -> [Int64] {
        let dataset = try dataset ?? Self.dataset()
        return try Evaluator.select(text, schema: dataset.schema, dataset: dataset, parameters: parameters).map { $0.identity.integer! }
    }
}
