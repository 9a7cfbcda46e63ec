import SiftChecker
import SiftSchema
import SiftSyntax
import Testing

/// `Model`, `Schema` and `CheckedQuery` keep their fields in storage shared between copies; they
/// are still values: changing one copy leaves the others as they were.
@Suite struct SharedStorageTests {
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
        #expect(original.attributeNames == ["age"])
        #expect(copy.attributeNames == ["age", "name"])
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
        #expect(model.attributeNames == ["years", "name"])
        #expect(model.member(named: "age") == nil)
        model.members = []
        #expect(model.memberNames.isEmpty)
        #expect(model.attributes.isEmpty)
        #expect(model.attributeNames.isEmpty)
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

    @Test func changingACopyOfASchemaLeavesTheOriginal() {
        let original = Schema(models: [Self.user()])
        var copy = original
        var company = Self.user()
        company.name = "Company"
        company.tableName = "companies"
        copy.add(company)
        var renamed = Self.user()
        renamed.tableName = "people"
        copy.add(renamed)
        copy.source = SourceFile(name: "Models.swift", text: "")
        #expect(original.modelNames == ["User"])
        #expect(original.model(named: "users")?.name == "User")
        #expect(original.model(named: "companies") == nil)
        #expect(original.source == nil)
        #expect(copy.modelNames == ["User", "Company"])
        #expect(copy.model(named: "companies")?.name == "Company")
        // The replaced model's old table name no longer finds it; its new one does.
        #expect(copy.model(named: "users") == nil)
        #expect(copy.model(named: "people")?.name == "User")
        #expect(copy != original)
        #expect(Schema(models: [Self.user()]) == original)
        #expect(Schema(models: [Self.user()]).hashValue == original.hashValue)
    }

    @Test func changingACopyOfACheckedQueryLeavesTheOriginal() throws {
        let schema = Schema(models: [Self.user()])
        let source = SourceFile(text: "User where age > 20")
        let query = try #require(Parser.parseQuery(source).value)
        let checked = try #require(TypeChecker.check(query, schema: schema, source: source).query)
        var copy = checked
        copy.filter = nil
        copy.parameters = [Parameter(name: "p", type: .bool, firstUse: SourceRange(start: 0, end: 1))]
        #expect(checked.filter != nil)
        #expect(checked.parameters.isEmpty)
        #expect(copy.filter == nil)
        #expect(copy.parameters.map(\.name) == ["p"])
        #expect(copy != checked)
        copy.filter = checked.filter
        copy.parameters = []
        #expect(copy == checked)
        #expect(copy.hashValue == checked.hashValue)
    }

    /// Replacing a model whose table name another model also has leaves that name to the other.
    @Test func replacingAModelKeepsATableNameAnotherModelHas() {
        var person = Self.user()
        person.name = "Person"
        var schema = Schema(models: [Self.user(), person])
        #expect(schema.model(named: "users")?.name == "Person")
        var renamed = Self.user()
        renamed.tableName = "accounts"
        schema.add(renamed)
        #expect(schema.model(named: "users")?.name == "Person")
        #expect(schema.model(named: "accounts")?.name == "User")
        #expect(schema.model(named: "User")?.tableName == "accounts")
    }
}
