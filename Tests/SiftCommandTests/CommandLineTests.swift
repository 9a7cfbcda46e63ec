import Foundation
import Testing

/// The `sift` command as users and tools drive it: output, diagnostics and exit status.
@Suite("sift command")
struct CommandLineTests {
    let models = "Examples/Models.swift"

    @Test func helpAndVersion() throws {
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: sift"))
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("sift "))
    }

    @Test func unknownOptionsAndCommandsAreUsageErrors() throws {
        let option = try CommandRunner.run(["parse", "--bogus", "User"])
        #expect(option.status == 2)
        #expect(option.standardError.hasPrefix("error: unknown option '--bogus'"))
        let command = try CommandRunner.run(["prase", "User"])
        #expect(command.status == 2)
        #expect(command.standardError.hasPrefix("error: unknown command 'prase'; did you mean 'parse'?"))
    }

    @Test func parsePrintsTheTree() throws {
        let result = try CommandRunner.run(["parse", "#Predicate<User> { $0.age > 20 }"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "(query predicate (model User) (filter (closure (> (member $0 age) 20))))\n")
    }

    @Test func parseReadsStandardInputAndFiles() throws {
        let fromInput = try CommandRunner.run(["parse"], input: "User where age > 20")
        #expect(fromInput.status == 0)
        #expect(fromInput.standardOutput == "(query concise (model User) (where (> age 20)))\n")
        let fromFile = try CommandRunner.run(["parse", "--script", "--file", "Examples/people.sift"])
        #expect(fromFile.status == 0)
        #expect(fromFile.standardOutput.split(separator: "\n").count >= 30)
    }

    @Test func parseErrorsExitWithStatusOne() throws {
        let result = try CommandRunner.run(["parse", "#Predicate<User> { $0.a & $0.b }"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("error: '&' is not supported; use '&&'"))
    }

    @Test func checkPrintsTheTypedTreeOfTheSeeds() throws {
        let first = try CommandRunner.run(["check", "--schema", models, "#Predicate<User> { $0.age > 20 }"])
        #expect(first.status == 0)
        #expect(first.standardOutput == """
            query User (predicate)
              filter
                comparison > : Bool
                  attribute age : Int
                    variable $0 : User
                  constant 20 : Int

            """)
        let second = try CommandRunner.run([
            "check", "--schema", models,
            #"#Predicate<User> { user in user.name.contains("kim") && user.interests.contains { $0.title == "등산" } == true }"#,
        ])
        #expect(second.status == 0)
        #expect(second.standardOutput.contains("any $0 : Bool"))
    }

    @Test func checkReportsTheMisspeltMember() throws {
        let result = try CommandRunner.run(["check", "--schema", models, "#Predicate<User> { $0.agee > 20 }"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("<input>:1:23: error: 'User' has no member 'agee'; did you mean 'age'?"))
    }

    @Test func checkWithADatabaseSchema() throws {
        let result = try CommandRunner.run(["check", "--schema", "Examples/example.sqlite", "User where age > 20"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("query User (concise)"))
    }

    @Test func schemaPrintsModelFileSyntax() throws {
        let result = try CommandRunner.run(["schema", models])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("@Model final class User {"))
        #expect(result.standardOutput.contains("    @Relationship(inverse: \\Interest.users) var interests: [Interest] = []"))
        let missing = try CommandRunner.run(["schema", "no-such-file.swift"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "error: no such file 'no-such-file.swift'\n")
    }

    @Test func compilePrintsSQLAndBindings() throws {
        let result = try CommandRunner.run(["compile", "--schema", models, #"User where age > 20 && name == "O'Brien" limit 5"#])
        #expect(result.status == 0)
        let sql = result.standardOutput.components(separatedBy: "-- bindings:").first ?? ""
        #expect(!sql.contains("Brien"), "a value reached the SQL text")
        #expect(result.standardOutput.contains(#"WHERE "users"."age" > ?1"#))
        #expect(result.standardOutput.hasSuffix("--   ?1 = 20\n--   ?2 = \"O'Brien\"\n--   ?3 = 5\n"))
    }

    @Test func compileJSONForTools() throws {
        let result = try CommandRunner.run(["compile", "--json", "--schema", models, "User where name.contains(searchString)"])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect((object["sql"] as? String)?.contains("sift_contains(\"users\".\"name\", ?1)") == true)
        let parameters = try #require(object["parameters"] as? [[String: Any]])
        #expect(parameters.first?["name"] as? String == "searchString")
        #expect(parameters.first?["type"] as? String == "String")
        #expect((object["diagnostics"] as? [Any])?.isEmpty == true)

        let failing = try CommandRunner.run(["compile", "--json", "--schema", models, "User where agee > 20"])
        #expect(failing.status == 1)
        let report = try #require(JSONSerialization.jsonObject(with: Data(failing.standardOutput.utf8)) as? [String: Any])
        // A failure is the version and the diagnostics, nothing else (JSONContractTests has the exact text).
        #expect(Set(report.keys) == ["version", "diagnostics"])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["id"] as? String == "implicit-parameter" })
    }

    @Test func compileJSONListsTheSelectedColumns() throws {
        let result = try CommandRunner.run([
            "compile", "--json", "--schema", models, "Reminder group by remindersList select remindersList.title, n: count(), average(position)",
        ])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let columns = try #require(object["columns"] as? [[String: Any]])
        #expect(columns.map { $0["name"] as? String } == ["remindersList.title", "n", "average(position)"])
        #expect(columns.map { $0["type"] as? String } == ["String", "Int", "Double?"])
    }

    @Test func queryRunsWithParametersInEveryMode() throws {
        let arguments = ["query", "Examples/example.sqlite", "--schema", models, "User where name == who sort by id", "--param", "who=José"]
        let table = try CommandRunner.run(arguments)
        #expect(table.status == 0)
        #expect(table.standardOutput.hasSuffix("(2 rows)\n"))
        let json = try CommandRunner.run(arguments + ["--mode", "json"])
        let rows = try #require(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { ($0["name"] as? String)?.precomposedStringWithCanonicalMapping == "José" })
        let csv = try CommandRunner.run(arguments + ["--mode", "csv"])
        #expect(csv.standardOutput.hasPrefix("id,identifier,name,"))
        let line = try CommandRunner.run(arguments + ["--mode", "line"])
        #expect(line.standardOutput.contains("\nname       = José\n"))
    }

    @Test func queryErrorsAreClear() throws {
        let missing = try CommandRunner.run(["query", "no-such.sqlite", "User"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no database at no-such.sqlite"))
        let badValue = try CommandRunner.run(["query", "Examples/example.sqlite", "User where age > minimum", "--param", "minimum=old"])
        #expect(badValue.status == 1)
        #expect(badValue.standardError.contains("'old' is not a valid 'Int' for the parameter 'minimum'"))
    }

    @Test func theCoreDataStoreAnswersAsTheExampleDatabase() throws {
        let query = #"User where company?.name == "Acme" && interests.contains { $0.title == "Chess" } sort by birth"#
        let store = try CommandRunner.run(["query", "Examples/coredata.sqlite", "--schema", models, query, "--mode", "csv"])
        let example = try CommandRunner.run(["query", "Examples/example.sqlite", "--schema", models, query, "--mode", "csv"])
        #expect(store.status == 0, "\(store.standardError)")
        func ids(_ csv: String) -> [Substring] { csv.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } } }
        #expect(ids(store.standardOutput) == ["60", "40", "59", "102", "129", "65"])
        #expect(ids(store.standardOutput) == ids(example.standardOutput))
        // Without the model: the store's own names, and a note saying how to give the model.
        let bare = try CommandRunner.run(["query", "Examples/coredata.sqlite", "User where isactive == 1 && age > 95 sort by id", "--mode", "csv"])
        #expect(
            bare.standardOutput
                == "id,age,isactive,birth,score,name,nickname,identifier,company\n83,96,1,1930-05-29T08:52:41.979Z,3.51,김서연,,X'82DAACB393B04160A0A99EE3F7A1F5B6',\n")
    }

    @Test func theREPLOpensTheCoreDataStore() throws {
        for arguments in [["Examples/coredata.sqlite", "--schema", models], ["Examples/coredata.sqlite"]] {
            let session = try CommandRunner.run(arguments, input: ".models\nInterest where users.count > 30 sort by id\n")
            #expect(session.status == 0, "\(session.standardError)")
            #expect(session.standardOutput.contains("ZUSER"))
            #expect(session.standardOutput.contains("요리"))
        }
        let bare = try CommandRunner.run(["Examples/coredata.sqlite"], input: ".quit\n")
        #expect(bare.standardError.contains("note: 'Examples/coredata.sqlite' is a Core Data store"))
        #expect(bare.standardError.contains("--schema Models.swift"))
    }

    @Test func theLibraryExampleRuns() throws {
        let result = try CommandRunner.run([], executable: "sift-example")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("parameters: searchString: String, minimumAge: Int"))
        #expect(result.standardOutput.contains("zoe, 0+: 6 users"))
    }
}
