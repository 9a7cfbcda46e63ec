import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// A database refined by a model file.
@Suite struct RefinementTests {
    /// Every member the model file declares is in the refined schema, as the file says.
    @Test func refinedExampleDatabaseKeepsTheModelFile() throws {
        let refined = try Fixtures.exampleDatabaseSchema.get()
        let file = try Fixtures.exampleModels.get()
        #expect(refined.source?.name == "Examples/Models.swift")
        for model in file.models {
            let found = try #require(refined.model(named: model.name), "\(model.name) is missing")
            #expect(found.tableName == model.tableName)
            #expect(found.style == model.style)
            #expect(found.unqueryableMembers.map(\.name) == model.unqueryableMembers.map(\.name))
            for attribute in model.attributes {
                let refinedAttribute = try #require(found.attribute(named: attribute.name), "\(model.name).\(attribute.name)")
                #expect(refinedAttribute.type == attribute.type, "\(model.name).\(attribute.name)")
                #expect(refinedAttribute.isOptional == attribute.isOptional, "\(model.name).\(attribute.name)")
                #expect(refinedAttribute.storage == attribute.storage, "\(model.name).\(attribute.name)")
                #expect(refinedAttribute.columnName == attribute.columnName, "\(model.name).\(attribute.name)")
            }
            for relationship in model.relationships {
                let refinedRelationship = try #require(found.relationship(named: relationship.name), "\(model.name).\(relationship.name)")
                #expect(refinedRelationship.target == relationship.target, "\(model.name).\(relationship.name)")
                #expect(refinedRelationship.cardinality == relationship.cardinality, "\(model.name).\(relationship.name)")
                #expect(refinedRelationship.link == relationship.link, "\(model.name).\(relationship.name)")
                #expect(refinedRelationship.inverse == relationship.inverse, "\(model.name).\(relationship.name)")
            }
        }
        for enumType in file.enums {
            #expect(refined.enumType(named: enumType.name)?.cases.map(\.rawValue) == enumType.cases.map(\.rawValue))
        }
    }

    @Test func refinementDiagnostics() throws {
        let database = try TemporaryDatabase("refinement")
        try database.create("""
            CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, nickname TEXT, companyID INTEGER REFERENCES companies(id));
            """)
        let modelFile = try TemporaryDatabase("models")  // a unique temporary path
        try """
            @Model final class User {
                var name: String
                var nickname: String
                var age: Int
                var company: Company?
                var team: Team?
            }
            @Model final class Company {
                var name: String
            }
            @Model final class Team {
                var title: String
            }
            @Table("compnies") struct Firm {
                let id: Int
            }
            """.write(toFile: modelFile.path, atomically: true, encoding: .utf8)
        let loaded = try SchemaLoader.load(database: database.path, modelFile: modelFile.path)
        let source = SourceFile(name: "Models.swift", text: loaded.source.text)
        #expect(
            DiagnosticRenderer().render(loaded.diagnostics, in: source) == """
                Models.swift:3:9: warning: the column 'users.nickname' allows NULL, but 'nickname' is not optional; declare it 'String?' if NULLs can occur
                    var nickname: String
                        ^~~~~~~~
                Models.swift:4:9: error: the table 'users' has no column 'age' for 'User.age'
                    var age: Int
                        ^~~
                Models.swift:6:9: error: the database has no link for the relationship 'User.team' (expected a foreign-key column 'teamID')
                    var team: Team?
                        ^~~~
                Models.swift:11:20: error: the model 'Team' has no table 'teams' in the database
                @Model final class Team {
                                   ^~~~
                Models.swift:14:27: warning: the model 'Firm' has no table 'compnies' in the database; did you mean 'companies'? Name it with '@Table("companies")'; without a table it can only name the rows of a sub-query ('With')
                @Table("compnies") struct Firm {
                                          ^~~~

                """)
    }

    /// A `@Table` type the database has no table for is a sub-query's row type: the schema keeps it
    /// without a table and loads without a diagnostic; a `With` reads its rows (those of the
    /// hand-written SQL), and a query reading it as a table is refused at the query's range.
    @Test func aTableTypeWithoutATableIsASubQueryRowType() throws {
        let database = try TemporaryDatabase("tableless")
        try database.create("""
            CREATE TABLE reminders (id INTEGER PRIMARY KEY, title TEXT NOT NULL, isCompleted INTEGER NOT NULL, priority INTEGER);
            INSERT INTO reminders VALUES (1, 'Milk', 0, 3), (2, 'Rent', 1, 3), (3, 'Call', 0, 1), (4, 'Gym', 0, 3);
            """)
        let modelFile = try TemporaryDatabase("tableless-models")
        try """
            @Table struct Reminder {
                let id: Int
                var title = ""
                var isCompleted = false
                var priority: Int?
            }
            @Table struct IncompleteReminder {
                let title: String
                let priority: Int?
            }
            """.write(toFile: modelFile.path, atomically: true, encoding: .utf8)
        let loaded = try SchemaLoader.load(database: database.path, modelFile: modelFile.path)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let rowType = try #require(loaded.schema.model(named: "IncompleteReminder"))
        #expect(!rowType.hasTable)
        #expect(loaded.schema.model(named: "Reminder")?.hasTable == true)

        let sift = try SiftDatabase(path: database.path, modelFile: modelFile.path)
        let query = """
            With { Reminder.where { !$0.isCompleted }.select { IncompleteReminder.Columns(title: $0.title, priority: $0.priority) } } \
            query: { IncompleteReminder.where { $0.priority.eq(3) }.select { $0.title } }
            """
        let compiled = try sift.compile(query)
        let rows = try sift.connection.prepare(compiled.sql).rows(bindings: try compiled.bindings(for: [:], schema: sift.schema))
        let expected = try sift.connection.prepare("""
            WITH incompleteReminders AS (SELECT title, priority FROM reminders WHERE NOT isCompleted)
            SELECT title FROM incompleteReminders WHERE priority = 3
            """).rows()
        #expect(rows == expected)
        #expect(rows.count == 2)

        let text = "IncompleteReminder.where { $0.priority.eq(3) }"
        #expect {
            _ = try sift.compile(text)
        } throws: { error in
            let diagnostics = (error as? CompileError)?.diagnostics ?? []
            return diagnostics.count == 1 && diagnostics[0].id.rawValue == "missing-table" && diagnostics[0].range == SourceRange(start: 0, end: 18)
                && diagnostics[0].message.hasPrefix("the model 'IncompleteReminder' has no table 'incompleteReminders' in the database")
        }
    }
}
