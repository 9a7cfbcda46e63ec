import Foundation
import Testing

/// `sift compile --portable`: SQL with SQLite's built-in functions only, the facts it assumes (in
/// text and in JSON), and the refusal of what needs Sift's functions.
@Suite("sift compile --portable")
struct PortableCommandTests {
    let database = "Examples/example.sqlite"

    @Test func printsPortableSQLAndWhatItAssumes() throws {
        let result = try CommandRunner.run(["compile", "--portable", "--schema", database, #"Interest where category?.lowercased() == "games""#])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#"WHERE lower("interests"."category") IS ?1"#), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("sift_"))
        #expect(
            result.standardOutput.hasSuffix(
                """
                -- assumes (compile again when the data changes so that one no longer holds):
                --   column interests.category holds only ASCII text, without NUL or carriage return

                """))
    }

    @Test func jsonListsTheAssumptions() throws {
        let result = try CommandRunner.run(["compile", "--portable", "--json", "--schema", database, "User where company == nil && age + 1 > 20"])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect((object["sql"] as? String)?.contains("sift_") == false)
        #expect(object["assumptions"] as? [String] == ["every non-NULL users.companyID refers to an existing companies.id"])
        // Without --portable nothing is learned from the data: nothing is assumed.
        let plain = try CommandRunner.run(["compile", "--json", "--schema", database, "User where company == nil"])
        let plainObject = try #require(JSONSerialization.jsonObject(with: Data(plain.standardOutput.utf8)) as? [String: Any])
        #expect(plainObject["assumptions"] as? [String] == [])
    }

    @Test func refusesWhatNeedsSiftsFunctions() throws {
        let text = try CommandRunner.run(["compile", "--portable", "--schema", database, #"User where name.contains("kim")"#])
        #expect(text.status == 1)
        #expect(text.standardOutput.isEmpty)
        #expect(text.standardError.contains("error: 'contains' has no exact form in SQLite's built-in functions"), "\(text.standardError)")
        #expect(text.standardError.contains("Sift's SQLite extension"))
        let json = try CommandRunner.run(["compile", "--portable", "--json", "--schema", database, #"User where name.contains("kim")"#])
        #expect(json.status == 1)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["sql"] == nil)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["id"] as? String } == ["portable-needs-extension"])
        let start = try #require((diagnostics.first?["range"] as? [String: Any])?["start"] as? [String: Any])
        #expect(start["column"] as? Int == 12)
    }

    @Test func aModelFileProvesNoFactsButArithmeticIsPortable() throws {
        let result = try CommandRunner.run(["compile", "--portable", "--schema", "Examples/Models.swift", "User where age * 2 > 40"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#"typeof("a" * "b") = 'integer'"#))
        #expect(!result.standardOutput.contains("-- assumes"))
    }
}
