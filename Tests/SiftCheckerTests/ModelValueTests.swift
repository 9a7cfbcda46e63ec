import SiftSchema
import SiftSyntax
import Testing

/// `Model` is a value: its fields are shared between copies, and changing one copy leaves the
/// others as they were.
@Suite struct ModelValueTests {
    static let age = Attribute(name: "age", type: .integer(.int), storage: .integer)
    static let name = Attribute(name: "name", type: .string, storage: .text)

    static func user() -> Model {
        Model(name: "User", tableName: "users", primaryKey: ["id"], members: [.attribute(age)], style: .model)
    }

    @Test func changingACopyLeavesTheOriginal() {
        let original = Self.user()
        var copy = original
        copy.name = "Person"
        copy.tableName = "people"
        copy.primaryKey = ["rowid"]
        copy.members.append(.attribute(Self.name))
        copy.style = .table
        #expect(original.name == "User")
        #expect(original.tableName == "users")
        #expect(original.primaryKey == ["id"])
        #expect(original.memberNames == ["age"])
        #expect(original.attributes.map(\.name) == ["age"])
        #expect(original.style == .model)
        #expect(copy.name == "Person")
        #expect(copy.tableName == "people")
        #expect(copy.primaryKey == ["rowid"])
        #expect(copy.style == .table)
        #expect(original != copy)
    }

    @Test func changedMembersUpdateTheNamesAndAttributes() {
        var model = Self.user()
        model.members.append(.attribute(Self.name))
        #expect(model.memberNames == ["age", "name"])
        #expect(model.attributes.map(\.name) == ["age", "name"])
        #expect(model.attribute(named: "name")?.columnName == "name")
        model.members[0] = .attribute(Attribute(name: "years", columnName: "age", type: .integer(.int), storage: .integer))
        #expect(model.memberNames == ["years", "name"])
        #expect(model.member(named: "age") == nil)
        model.members = []
        #expect(model.memberNames.isEmpty)
        #expect(model.attributes.isEmpty)
    }

    @Test func equalModelsAreEqualWhetherOrNotTheyShareFields() {
        let one = Self.user()
        let other = Self.user()
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        var changed = other
        changed.declaration = SourceRange(start: 1, end: 2)
        #expect(one != changed)
        changed.declaration = nil
        #expect(one == changed)
        #expect(Set([one, other, changed]).count == 1)
    }
}
