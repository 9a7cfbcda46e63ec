import Sift
import Testing

/// A model finds its members by `==`, Swift's canonical equivalence, also where it skips names
/// of another length (between ASCII names only).
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
}
