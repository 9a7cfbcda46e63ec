import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Introspects an in-memory database made by `script`.
func introspect(_ script: String) throws -> (schema: Schema, diagnostics: [Diagnostic]) {
    let connection = try Connection.inMemory()
    try connection.execute(script)
    return try SchemaLoader.introspect(connection)
}

/// A schema without source locations or styles, with relationships sorted by name, so schemas
/// from different origins (a database, a model file) can be compared.
func normalized(_ schema: Schema) -> Schema {
    let models = schema.models.map { model -> Model in
        var model = model
        model.declaration = nil
        model.style = .table
        let attributes = model.attributes.map { attribute -> Model.Member in
            var attribute = attribute
            attribute.declaration = nil
            return .attribute(attribute)
        }
        let relationships = model.relationships.sorted { $0.name < $1.name }.map { relationship -> Model.Member in
            var relationship = relationship
            relationship.declaration = nil
            return .relationship(relationship)
        }
        model.members = attributes + relationships
        model.unqueryableMembers = model.unqueryableMembers.map { .init(name: $0.name, reason: $0.reason) }
        return model
    }
    let enums = schema.enums.map { enumType -> EnumType in
        var enumType = enumType
        enumType.declaration = nil
        enumType.cases = enumType.cases.map { .init(name: $0.name, rawValue: $0.rawValue) }
        return enumType
    }
    return Schema(models: models.sorted { $0.name < $1.name }, enums: enums)
}

@Suite struct IntrospectionTests {
    static let people = """
        CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
        CREATE TABLE users (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          companyID INTEGER REFERENCES companies(id)
        );
        CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL, managerID INTEGER REFERENCES employees(id));
        CREATE TABLE remindersLists (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
        CREATE TABLE reminders (id INTEGER PRIMARY KEY, title TEXT NOT NULL, remindersListID INTEGER NOT NULL REFERENCES remindersLists(id));
        """

    @Test func tableNamesBecomeSingularModelNames() throws {
        let (schema, diagnostics) = try introspect(Self.people)
        #expect(diagnostics.isEmpty)
        #expect(schema.modelNames.sorted() == ["Company", "Employee", "Reminder", "RemindersList", "User"])
        #expect(schema.model(named: "Company")?.tableName == "companies")
        #expect(schema.model(named: "User")?.tableName == "users")
        #expect(schema.model(named: "Reminder")?.tableName == "reminders")
        #expect(schema.model(named: "RemindersList")?.tableName == "remindersLists")
        #expect(schema.models.allSatisfy { $0.style == .introspected })
    }

    @Test func modelAndTableNamesBothFindTheModel() throws {
        let (schema, _) = try introspect(Self.people)
        for (model, table) in [("Company", "companies"), ("User", "users"), ("Reminder", "reminders"), ("RemindersList", "remindersLists")] {
            #expect(schema.model(named: model)?.name == model)
            #expect(schema.model(named: table)?.name == model)
        }
        #expect(schema.model(named: "Users") == nil)
        // And in a model file's schema.
        let models = try Fixtures.exampleModels.get()
        #expect(models.model(named: "remindersLists")?.name == "RemindersList")
        #expect(models.model(named: "reminderTags")?.name == "ReminderTag")
        #expect(models.model(named: "ReminderTag")?.tableName == "reminderTags")
    }

    @Test func columnsBecomeAttributes() throws {
        let (schema, _) = try introspect(Self.people)
        let company = try #require(schema.model(named: "Company"))
        #expect(company.primaryKey == ["id"])
        let id = try #require(company.attribute(named: "id"))
        #expect(id.type == .integer(.int) && !id.isOptional && id.isPrimaryKey && id.isUnique)
        #expect(company.attribute(named: "name")?.isOptional == false)
        #expect(company.attribute(named: "city")?.isOptional == true)
        #expect(company.attribute(named: "city")?.storage == .text)
    }

    @Test(arguments: ["companyID", "company_id", "companyId"])
    func foreignKeyColumnNamesTheToOneRelationship(_ column: String) throws {
        let (schema, diagnostics) = try introspect("""
            CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, \(column) INTEGER REFERENCES companies(id));
            """)
        #expect(diagnostics.isEmpty)
        let user = try #require(schema.model(named: "User"))
        let company = try #require(user.relationship(named: "company"))
        #expect(company.target == "Company")
        #expect(company.cardinality == .toOne(isOptional: true))
        #expect(company.link == .foreignKey(column: column, targetColumn: "id"))
        #expect(company.inverse == "users")
        // The column stays an attribute.
        #expect(user.attribute(named: column)?.columnName == column)
        let users = try #require(schema.model(named: "Company")?.relationship(named: "users"))
        #expect(users.target == "User")
        #expect(users.cardinality == .toMany)
        #expect(users.link == .inverseForeignKey(targetColumn: column, sourceColumn: "id"))
        #expect(users.inverse == "company")
    }

    @Test func notNullForeignKeyIsARequiredToOne() throws {
        let (schema, _) = try introspect(Self.people)
        let list = try #require(schema.model(named: "Reminder")?.relationship(named: "remindersList"))
        #expect(list.cardinality == .toOne(isOptional: false))
        #expect(list.inverse == "reminders")
        #expect(schema.model(named: "RemindersList")?.relationship(named: "reminders")?.inverse == "remindersList")
    }

    @Test func selfReferencingForeignKey() throws {
        let (schema, _) = try introspect(Self.people)
        let employee = try #require(schema.model(named: "Employee"))
        let manager = try #require(employee.relationship(named: "manager"))
        #expect(manager.target == "Employee")
        #expect(manager.cardinality == .toOne(isOptional: true))
        #expect(manager.link == .foreignKey(column: "managerID", targetColumn: "id"))
        #expect(manager.inverse == "employees")
        let reports = try #require(employee.relationship(named: "employees"))
        #expect(reports.target == "Employee")
        #expect(reports.cardinality == .toMany)
        #expect(reports.link == .inverseForeignKey(targetColumn: "managerID", sourceColumn: "id"))
        #expect(reports.inverse == "manager")
        // Both directions type-check.
        let compilation = Compiler(schema: schema).check(
            "#Predicate<Employee> { $0.manager?.name == \"Kim\" && $0.employees.contains { $0.employees.isEmpty } }")
        #expect(!compilation.hasErrors, "\(DiagnosticRenderer().render(compilation.diagnostics, in: compilation.source))")
    }

    @Test func joinTableGivesManyToManyOnBothSides() throws {
        let (schema, diagnostics) = try introspect("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE tags (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE);
            CREATE TABLE userTags (
              userID INTEGER NOT NULL REFERENCES users(id),
              tagID INTEGER NOT NULL REFERENCES tags(id),
              PRIMARY KEY (userID, tagID)
            );
            """)
        #expect(diagnostics.isEmpty)
        let tags = try #require(schema.model(named: "User")?.relationship(named: "tags"))
        #expect(tags.target == "Tag")
        #expect(tags.cardinality == .toMany)
        #expect(tags.link == .joinTable(.init(table: "userTags", sourceColumn: "userID", sourceKey: "id", targetColumn: "tagID", targetKey: "id")))
        #expect(tags.inverse == "users")
        let users = try #require(schema.model(named: "Tag")?.relationship(named: "users"))
        #expect(users.target == "User")
        #expect(users.link == .joinTable(.init(table: "userTags", sourceColumn: "tagID", sourceKey: "id", targetColumn: "userID", targetKey: "id")))
        #expect(users.inverse == "tags")
        // The join table stays a model, keyed by both columns, with its two to-one relationships.
        let join = try #require(schema.model(named: "UserTag"))
        #expect(join.tableName == "userTags")
        #expect(join.primaryKey == ["userID", "tagID"])
        #expect(join.attributes.allSatisfy { $0.isPrimaryKey })
        #expect(join.relationship(named: "user")?.link == .foreignKey(column: "userID", targetColumn: "id"))
        #expect(join.relationship(named: "tag")?.link == .foreignKey(column: "tagID", targetColumn: "id"))
        // A UNIQUE column is unique.
        #expect(schema.model(named: "Tag")?.attribute(named: "title")?.isUnique == true)
        let compilation = Compiler(schema: schema).check("#Predicate<User> { $0.tags.contains { $0.title == \"x\" } }")
        #expect(!compilation.hasErrors)
    }

    @Test func compositePrimaryKeyWithoutForeignKeys() throws {
        let (schema, _) = try introspect("""
            CREATE TABLE pairs (a INTEGER NOT NULL, b TEXT NOT NULL, label TEXT, PRIMARY KEY (a, b));
            """)
        let pair = try #require(schema.model(named: "Pair"))
        #expect(pair.primaryKey == ["a", "b"])
        #expect(pair.attribute(named: "a")?.isPrimaryKey == true)
        #expect(pair.attribute(named: "b")?.isPrimaryKey == true)
        #expect(pair.attribute(named: "label")?.isPrimaryKey == false)
        // Neither key column alone is unique.
        #expect(pair.attribute(named: "a")?.isUnique == false)
        #expect(pair.relationships.isEmpty)
    }

    @Test func tableWithoutPrimaryKeyIsKeyedByRowID() throws {
        let (schema, _) = try introspect("CREATE TABLE logs (message TEXT, level INTEGER);")
        let log = try #require(schema.model(named: "Log"))
        #expect(log.primaryKey == ["rowid"])
        #expect(log.attributes.map(\.name) == ["message", "level"])
        #expect(log.attributes.allSatisfy { $0.isOptional && !$0.isPrimaryKey })
    }

    @Test func quotedIdentifiersWithSpacesAndKeywords() throws {
        let (schema, diagnostics) = try introspect("""
            CREATE TABLE "order items" (id INTEGER PRIMARY KEY, "unit price" REAL NOT NULL, "select" TEXT, "due date" DATETIME);
            CREATE TABLE "select" ("from" TEXT, "group" INTEGER);
            """)
        #expect(diagnostics.isEmpty)
        let item = try #require(schema.model(named: "OrderItem"))
        #expect(item.tableName == "order items")
        #expect(schema.model(named: "order items")?.name == "OrderItem")
        let price = try #require(item.attribute(named: "unitPrice"))
        #expect(price.columnName == "unit price")
        #expect(price.type == .double && !price.isOptional)
        #expect(item.attribute(named: "select")?.columnName == "select")
        let due = try #require(item.attribute(named: "dueDate"))
        #expect(due.columnName == "due date")
        #expect(due.type == .date && due.storage == .dateISO8601)
        let select = try #require(schema.model(named: "Select"))
        #expect(select.tableName == "select")
        #expect(select.attributes.map(\.columnName) == ["from", "group"])
        // The camel-cased names are usable in queries.
        let compilation = Compiler(schema: schema).check("#Predicate<OrderItem> { $0.unitPrice > 2 && $0.select == \"x\" }")
        #expect(!compilation.hasErrors, "\(DiagnosticRenderer().render(compilation.diagnostics, in: compilation.source))")
    }

    @Test(arguments: [
        ("INTEGER", ScalarType.integer(.int), Storage.integer),
        ("BIGINT", .integer(.int), .integer),
        ("TEXT", .string, .text),
        ("VARCHAR(20)", .string, .text),
        ("REAL", .double, .real),
        ("DOUBLE", .double, .real),
        ("NUMERIC", .double, .real),
        ("BLOB", .data, .blob),
        ("BOOLEAN", .bool, .integer),
        ("DATE", .date, .dateISO8601),
        ("DATETIME", .date, .dateISO8601),
        ("TIMESTAMP INTEGER", .date, .dateUnixSeconds),
        ("DATETIME REAL", .date, .dateReferenceSeconds),
        ("UUID", .uuid, .uuidUppercaseText),
        ("UUID BLOB", .uuid, .uuidBlob),
        ("", .string, .text),
    ])
    func declaredTypesGiveSwiftTypes(_ declared: String, _ type: ScalarType, _ storage: Storage) throws {
        let (schema, _) = try introspect("CREATE TABLE things (id INTEGER PRIMARY KEY, value \(declared));")
        let value = try #require(schema.model(named: "Thing")?.attribute(named: "value"))
        #expect(value.type == type)
        #expect(value.storage == storage)
        #expect(value.isOptional)
    }

    /// A database and a hand-written model file that describes it give the same schema.
    @Test func introspectionMatchesAnEquivalentModelFile() throws {
        let (introspected, diagnostics) = try introspect(Self.people)
        #expect(diagnostics.isEmpty)
        let (fromFile, fileDiagnostics, rendered) = readModels("""
            @Table("companies") struct Company {
                let id: Int
                var name: String
                var city: String?
            }

            @Table("users") struct User {
                let id: Int
                var name: String
                var companyID: Company.ID?
            }

            @Table("employees") struct Employee {
                let id: Int
                var name: String
                var managerID: Employee.ID?
            }

            @Table("remindersLists") struct RemindersList {
                let id: Int
                var title: String
            }

            @Table("reminders") struct Reminder {
                let id: Int
                var title: String
                var remindersListID: RemindersList.ID
            }
            """)
        #expect(fileDiagnostics.isEmpty, "\(rendered)")
        let a = normalized(introspected)
        let b = normalized(fromFile)
        #expect(SchemaPrinter.print(a) == SchemaPrinter.print(b))
        for model in a.models {
            #expect(model == b.model(named: model.name), "\(model.name) differs")
        }
        #expect(a.modelNames == b.modelNames)
    }

    /// Printing an introspected schema gives a model file that reads back as the same schema.
    @Test func printedIntrospectedSchemaReadsBack() throws {
        let (introspected, _) = try introspect(Self.people)
        let printed = SchemaPrinter.print(introspected)
        let (readBack, diagnostics, rendered) = readModels(printed)
        #expect(diagnostics.isEmpty, "\(rendered)")
        #expect(SchemaPrinter.print(normalized(readBack)) == SchemaPrinter.print(normalized(introspected)))
    }
}
