import Foundation
import Testing

/// `--schema` takes Xcode's data model (the `.xcdatamodeld` folder, a version's `.xcdatamodel`
/// folder or its `contents` file) in every command and in the REPL, with the same results as the
/// Swift model file it describes.
@Suite struct XcodeModelCommandTests {
    static let dataModel = "Examples/People.xcdatamodeld"
    static let models = "Examples/Models.swift"
    static let forms = [dataModel, dataModel + "/People.xcdatamodel", dataModel + "/People.xcdatamodel/contents"]

    @Test(arguments: forms)
    func queryGivesTheRowsTheModelFileGives(_ schema: String) throws {
        let query = ["User where name == who || age > 60 sort by id", "--param", "who=José", "--mode", "csv"]
        let expected = try CommandRunner.run(["query", "Examples/example.sqlite", "--schema", Self.models] + query)
        #expect(expected.status == 0)
        #expect(expected.standardOutput.count > 200)
        let result = try CommandRunner.run(["query", "Examples/example.sqlite", "--schema", schema] + query)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == expected.standardOutput)
    }

    @Test(arguments: forms)
    func compileAndCheckTakeEachForm(_ schema: String) throws {
        let query = #"#Predicate<User> { $0.company?.city == "Seoul" && $0.birth < startDate }"#
        let compiled = try CommandRunner.run(["compile", "--schema", schema, query])
        #expect(compiled.status == 0, "\(compiled.standardError)")
        #expect(compiled.standardOutput.contains(#"JOIN "companies" AS "company" ON "company"."id" = "users"."companyID""#))
        #expect(compiled.standardOutput.contains("--   ?2 = startDate (Date)"))
        // With the database too (`--schema` twice, in either order): the database's columns.
        for pair in [["--schema", "Examples/example.sqlite", "--schema", schema], ["--schema", schema, "--schema", "Examples/example.sqlite"]] {
            let refined = try CommandRunner.run(["compile"] + pair + [query])
            #expect(refined.status == 0, "\(refined.standardError)")
            #expect(refined.standardOutput.hasPrefix(#"SELECT "users"."id", "users"."identifier""#))
        }
        let checked = try CommandRunner.run(["check", "--schema", schema, query])
        #expect(checked.status == 0, "\(checked.standardError)")
        #expect(checked.standardOutput.hasPrefix("query User"))
    }

    @Test func schemaPrintsTheDataModelAsModelFileSyntax() throws {
        let result = try CommandRunner.run(["schema", Self.dataModel])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("@Model final class User {\n    var age: Int\n    var birth: Date\n    @Attribute(.unique) var identifier: UUID\n"))
        #expect(result.standardOutput.contains("    @Relationship(inverse: \\Interest.users) var interests: [Interest] = []\n"))
    }

    @Test func theREPLStartsWithTheDataModelAndOpensWithOne() throws {
        let started = try CommandRunner.run(
            ["Examples/example.sqlite", "--schema", Self.dataModel], input: ".mode csv\nUser where isChecked\nCompany where users.count > 12 sort by name\n")
        #expect(started.standardError.hasPrefix("<stdin>:2:12: error: 'isChecked' cannot be used in a query: it is transient, so it is not stored in the database\n"))
        // The note points into the data model's `contents`, at the attribute.
        #expect(started.standardError.contains("People.xcdatamodeld/People.xcdatamodel/contents:19:26: note: 'isChecked' is declared here\n"))
        #expect(started.standardOutput.hasPrefix("id,name,city,founded\n"))
        let reopened = try CommandRunner.run(
            ["Examples/example.sqlite"],
            input: ".open Examples/example.sqlite --schema \(Self.dataModel)\n.mode csv\nUser where age > 60 sort by id limit 1\n")
        #expect(reopened.standardOutput.contains("opened Examples/example.sqlite (read-only): "))
        #expect(reopened.standardError.isEmpty, "\(reopened.standardError)")
    }

    @Test func aDataModelGivenAsTheDatabaseSaysWhereItGoes() throws {
        for arguments in [["query", Self.dataModel, "User"], [Self.dataModel]] {
            let result = try CommandRunner.run(arguments, input: "")
            #expect(result.status == 1)
            #expect(result.standardError == "error: '\(Self.dataModel)' is a folder, not a database; a data model is given with '--schema \(Self.dataModel)'\n")
        }
    }

    @Test func aMalformedDataModelIsReportedAtItsPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sift-bad-\(UUID().uuidString).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel">
            <entity name="User" representedClassName="User" syncable="YES">
                <attribute name="age" attributeType="Int 64"/>
            </entity>
        </model>

        """.write(to: folder.appendingPathComponent("contents"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["compile", "--schema", folder.path, "User where age > 1"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                \(folder.path)/contents:4:46: error: unknown attribute type 'Int 64'; Xcode writes one of 'Integer 16', 'Integer 32', 'Integer 64', 'Double', 'Float', 'String', 'Boolean', 'Date', 'Binary', 'UUID', 'URI', 'Decimal', 'Transformable', 'Object ID', 'Composite', 'Undefined'
                        <attribute name="age" attributeType="Int 64"/>
                                                             ^~~~~~

                """)
    }
}
