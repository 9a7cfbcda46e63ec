import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// `Examples/People.xcdatamodeld` describes the people models of `Examples/Models.swift`: on the
/// example database the two give the same models, and every example query on those models
/// compiles to the same SQL with the same bindings either way.
@Suite struct XcodeModelExampleTests {
    static let peopleModels: Set<String> = ["User", "Company", "Interest"]

    /// The example database refined by `Examples/People.xcdatamodeld`, built once.
    static let databaseSchema: Result<Schema, any Error> = Result { try schema(of: "example.sql", model: "People.xcdatamodeld") }
    /// The example's Core Data store (`Examples/coredata.sql`) read with each model.
    static let storeSchemas: Result<(swift: Schema, xcode: Schema), any Error> = Result {
        (try schema(of: "coredata.sql", model: "Models.swift"), try schema(of: "coredata.sql", model: "People.xcdatamodeld"))
    }

    /// The database `script` builds, refined by the model `Examples/model`; a diagnostic other than a
    /// note is an error (Models.swift on the Core Data store notes that its `@Table` models are left out).
    static func schema(of script: String, model: String) throws -> Schema {
        let database = try TemporaryDatabase("xcdatamodel")
        try database.create(try Fixtures.readExample(script))
        let loaded = try SchemaLoader.load(database: database.path, modelFile: Fixtures.packageRoot.appendingPathComponent("Examples/" + model).path)
        guard loaded.diagnostics.allSatisfy({ $0.severity == .note }) else {
            throw FixtureError(DiagnosticRenderer().render(loaded.diagnostics, in: loaded.source))
        }
        return loaded.schema
    }

    /// A model as the queries see it: where it was declared (and how a member that cannot be
    /// queried explains itself, which names the syntax it was declared in) left out.
    static func meaning(_ model: Model) -> Model {
        var model = model
        model.declaration = nil
        model.members = model.members.map { member in
            switch member {
            case .attribute(var attribute):
                attribute.declaration = nil
                return .attribute(attribute)
            case .relationship(var relationship):
                relationship.declaration = nil
                return .relationship(relationship)
            }
        }
        model.unqueryableMembers = model.unqueryableMembers.map { .init(name: $0.name, reason: "") }
        return model
    }

    @Test(arguments: Layout.allCases)
    func theModelsAreTheSame(_ layout: Layout) throws {
        let (fromSwift, fromXcode) =
            switch layout {
            case .structuredQueries: (try Fixtures.exampleDatabaseSchema.get(), try Self.databaseSchema.get())
            case .coreData: try Self.storeSchemas.get()
            }
        for name in Self.peopleModels.sorted() {
            let swiftModel = try #require(fromSwift.model(named: name))
            let xcodeModel = try #require(fromXcode.model(named: name))
            #expect(Self.meaning(xcodeModel) == Self.meaning(swiftModel), "\(name)")
        }
        #expect(fromXcode.model(named: "User")?.unqueryableMembers.map(\.name) == ["isChecked"])
    }

    /// The layouts: the StructuredQueries one of `Examples/example.sql`, and Core Data's.
    enum Layout: String, CaseIterable, Sendable { case structuredQueries, coreData }

    @Test(arguments: Layout.allCases)
    func everyExampleQueryOnThePeopleModelsCompilesToTheSameSQL(_ layout: Layout) throws {
        let (fromSwift, fromXcode) =
            switch layout {
            case .structuredQueries: (try Fixtures.exampleDatabaseSchema.get(), try Self.databaseSchema.get())
            case .coreData: try Self.storeSchemas.get()
            }
        var compared = 0
        var peopleQueries = 0
        // The Core Data store holds the people only (the reminders are StructuredQueries tables).
        for script in layout == .coreData ? ["people.sift"] : ["people.sift", "reminders.sift"] {
            let source = SourceFile(name: "Examples/\(script)", text: try Fixtures.readExample(script))
            let parsed = Parser.parseScript(source)
            #expect(parsed.diagnostics.isEmpty)
            for query in parsed.value {
                let text = source.text(in: query.range)
                let swiftChecked = TypeChecker.check(query, schema: fromSwift, source: source)
                guard let swiftQuery = swiftChecked.query else {
                    Issue.record("\(text) does not check against Models.swift")
                    continue
                }
                // The data model describes the people models only (the reminders are
                // StructuredQueries tables, with ISO-8601 dates and enums Core Data cannot declare).
                guard Self.peopleModels.contains(swiftQuery.model.name) else {
                    #expect(script == "reminders.sift", "\(text)")
                    continue
                }
                if script == "people.sift" { peopleQueries += 1 }
                let xcodeChecked = TypeChecker.check(query, schema: fromXcode, source: source)
                guard let xcodeQuery = xcodeChecked.query else {
                    Issue.record("\(text) does not check against People.xcdatamodeld:\n\(DiagnosticRenderer().render(xcodeChecked.diagnostics, in: source))")
                    continue
                }
                let swiftSQL = SQLLowering.lower(swiftQuery, schema: fromSwift)
                let xcodeSQL = SQLLowering.lower(xcodeQuery, schema: fromXcode)
                #expect(xcodeSQL.sql == swiftSQL.sql, "\(text)")
                #expect(xcodeSQL.bindings == swiftSQL.bindings, "\(text)")
                #expect(xcodeSQL.parameters == swiftSQL.parameters, "\(text)")
                compared += 1
            }
        }
        // Every query of people.sift is on the people models, and was compared.
        let peopleScript = Parser.parseScript(SourceFile(text: try Fixtures.readExample("people.sift"))).value.count
        #expect(peopleQueries == peopleScript)
        #expect(compared >= peopleScript)
        #expect(peopleScript >= 30)
    }

    @Test func theDataModelAloneReadsWithoutDiagnostics() throws {
        let read = try SchemaLoader.readModel(Fixtures.packageRoot.appendingPathComponent("Examples/People.xcdatamodeld").path)
        #expect(read.diagnostics.isEmpty)
        #expect(read.source.name.hasSuffix("Examples/People.xcdatamodeld/People.xcdatamodel/contents"))
        #expect(read.schema.models.map(\.name) == ["Company", "Interest", "User"])
        let user = try #require(read.schema.model(named: "User"))
        #expect(user.attribute(named: "identifier")?.isUnique == true)
        #expect(user.attribute(named: "age")?.type == .integer(.int))
        #expect(user.attribute(named: "nickname")?.isOptional == true)
        #expect(user.relationship(named: "company")?.cardinality == .toOne(isOptional: true))
        #expect(user.relationship(named: "interests")?.inverse == "users")
    }
}
