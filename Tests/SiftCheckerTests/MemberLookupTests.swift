import Sift
import Testing

/// A model finds its members, and a schema its models, by `==`, Swift's canonical equivalence,
/// also where they skip names of another length (between ASCII names only).
@Suite struct MemberLookupTests {
    static func attribute(_ name: String) -> Model.Member {
        .attribute(Attribute(name: name, type: .string, storage: .text))
    }

    @Test func asciiModelsFindNamesByLengthThenBytes() {
        let model = Model(
            name: "M", tableName: "m", primaryKey: ["id"], members: [Self.attribute("id"), Self.attribute("name"), Self.attribute("K")],
            style: .model)
        #expect(model.member(named: "name")?.name == "name")
        #expect(model.member(named: "nam") == nil)
        #expect(model.member(named: "names") == nil)
        #expect(model.member(named: "Name") == nil)
        // The Kelvin sign is canonically equivalent to K, and three bytes long: found by `==`.
        #expect(model.member(named: "\u{212A}")?.name == "K")
    }

    @Test func otherModelsCompareEveryName() {
        let model = Model(
            name: "M", tableName: "m", primaryKey: ["id"],
            members: [Self.attribute("id"), Self.attribute("Caf\u{E9}"), Self.attribute("\u{212A}")], style: .model)
        #expect(model.member(named: "Cafe\u{301}")?.name == "Caf\u{E9}")
        #expect(model.member(named: "Caf\u{E9}")?.name == "Caf\u{E9}")
        #expect(model.member(named: "K")?.name == "\u{212A}")
        #expect(model.member(named: "Cafe") == nil)
    }

    static func model(_ name: String) -> Model {
        Model(name: name, tableName: name.lowercased() + "s", primaryKey: ["id"], members: [Self.attribute("id")], style: .model)
    }

    @Test func asciiSchemasFindModelsByLengthThenBytes() {
        let schema = Schema(models: [Self.model("User"), Self.model("Kit"), Self.model("Company")])
        #expect(schema.model(named: "Kit")?.name == "Kit")
        #expect(schema.model(named: "Company")?.name == "Company")
        #expect(schema.model(named: "Use") == nil)
        #expect(schema.model(named: "kit") == nil)
        // By table name, through the dictionary.
        #expect(schema.model(named: "users")?.name == "User")
        // The Kelvin sign is canonically equivalent to K, and three bytes long: found by `==`.
        #expect(schema.model(named: "\u{212A}it")?.name == "Kit")
    }

    @Test func otherSchemasCompareEveryModelName() {
        let schema = Schema(models: [Self.model("Caf\u{E9}"), Self.model("\u{212A}it")])
        #expect(schema.model(named: "Cafe\u{301}")?.name == "Caf\u{E9}")
        #expect(schema.model(named: "Kit")?.name == "\u{212A}it")
        #expect(schema.model(named: "Cafe") == nil)
    }
}
