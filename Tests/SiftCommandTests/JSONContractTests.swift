import Foundation
import Sift
import Testing

/// `sift compile --json` as tools read it: the exact report, every failure as JSON, `--schema`
/// given twice, and each command's `--help`.
@Suite("sift --json contract")
struct JSONContractTests {
    let models = "Examples/Models.swift"
    let database = "Examples/example.sqlite"

    /// A model file with an attribute of each storage, written to a temporary file.
    static let storagesModelFile: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sift-storages-\(UUID().uuidString).swift").path
        let text = """
            import Foundation
            import SwiftData

            enum Level: Int { case low = 1, high }
            enum Mood: String { case calm, busy }

            @Model final class Event {
                var title: String
                var at: Date
                @Storage(.unixTime) var unixAt: Date
                @Storage(.iso8601) var isoAt: Date?
                var token: UUID
                @Storage(.bytes) var rawToken: UUID
                var done: Bool
                var level: Level
                var mood: Mood
                var score: Double
                var site: URL
                var payload: Data
                var owner: Person?
            }

            @Model final class Person {
                var name: String
                @Relationship(inverse: \\Event.owner) var events: [Event] = []
            }
            """
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }()

    /// `text` without the whitespace outside strings: the compact JSON `--json` prints, from an
    /// expected value written readably.
    func compact(_ text: String) -> String {
        var result = ""
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                result.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
                result.append(character)
            } else if !character.isWhitespace {
                result.append(character)
            }
        }
        return result + "\n"
    }

    /// The JSON object printed on standard output.
    func object(_ output: CommandRunner.Output) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any], "\(output.standardOutput)")
    }

    @Test func aCompileReportsEachParametersStorageExactly() throws {
        let query = """
            Event where at > since && unixAt > since && isoAt == when && token == id && rawToken == id && done == flag \
            && level == lv && mood == md && score > minimum && site == url && payload == bytes && names.contains(title) \
            && title == "x" sort by title limit count
            """
        let result = try CommandRunner.run(["compile", "--json", "--schema", Self.storagesModelFile, query])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let sql = #"""
            SELECT \"events\".\"id\", \"events\".\"title\", \"events\".\"at\", \"events\".\"unixAt\", \"events\".\"isoAt\", \"events\".\"token\", \"events\".\"rawToken\", \"events\".\"done\", \"events\".\"level\", \"events\".\"mood\", \"events\".\"score\", \"events\".\"site\", \"events\".\"payload\", \"events\".\"ownerID\" FROM \"events\" WHERE \"events\".\"at\" > ?1 AND \"events\".\"unixAt\" > ?2 AND \"events\".\"isoAt\" IS ?3 AND \"events\".\"token\" = ?4 AND \"events\".\"rawToken\" = ?5 AND \"events\".\"done\" = ?6 AND \"events\".\"level\" = ?7 AND \"events\".\"mood\" = ?8 AND \"events\".\"score\" > ?9 AND \"events\".\"site\" = ?10 AND \"events\".\"payload\" = ?11 AND EXISTS (SELECT 1 FROM json_each(?12) AS \"element\" WHERE sift_nfc(\"element\".\"value\") IS sift_nfc(\"events\".\"title\")) AND sift_nfc(\"events\".\"title\") = ?13 ORDER BY sift_nfc(\"events\".\"title\") LIMIT ?14
            """#
        let expected = #"""
            {"version": 1,
             "dialect": "sqlite",
             "sql": "\#(sql)",
             "functions": ["sift_nfc"],
             "bindings": [
               {"parameter": "since", "type": "Date", "storage": "dateReferenceSeconds"},
               {"parameter": "since", "type": "Date", "storage": "dateUnixSeconds"},
               {"parameter": "when", "type": "Date?", "storage": "dateISO8601"},
               {"parameter": "id", "type": "UUID", "storage": "uuidUppercaseText"},
               {"parameter": "id", "type": "UUID", "storage": "uuidBlob"},
               {"parameter": "flag", "type": "Bool", "storage": "integer"},
               {"parameter": "lv", "type": "Level", "storage": "integer"},
               {"parameter": "md", "type": "Mood", "storage": "text"},
               {"parameter": "minimum", "type": "Double", "storage": "real"},
               {"parameter": "url", "type": "URL", "storage": "text"},
               {"parameter": "bytes", "type": "Data", "storage": "blob"},
               {"parameter": "names", "type": "[String]", "storage": "jsonArray", "element": {"storage": "nfcText"}},
               {"value": "x", "storage": "text"},
               {"parameter": "count", "type": "Int", "storage": "count"}
             ],
             "parameters": [
               {"name": "since", "type": "Date", "positions": [1, 2]},
               {"name": "when", "type": "Date?", "positions": [3]},
               {"name": "id", "type": "UUID", "positions": [4, 5]},
               {"name": "flag", "type": "Bool", "positions": [6]},
               {"name": "lv", "type": "Level", "positions": [7]},
               {"name": "md", "type": "Mood", "positions": [8]},
               {"name": "minimum", "type": "Double", "positions": [9]},
               {"name": "url", "type": "URL", "positions": [10]},
               {"name": "bytes", "type": "Data", "positions": [11]},
               {"name": "names", "type": "[String]", "positions": [12]},
               {"name": "count", "type": "Int", "positions": [14]}
             ],
             "columns": [
               {"name": "id", "column": "id", "type": "Int", "storage": "integer"},
               {"name": "title", "column": "title", "type": "String", "storage": "text"},
               {"name": "at", "column": "at", "type": "Date", "storage": "dateReferenceSeconds"},
               {"name": "unixAt", "column": "unixAt", "type": "Date", "storage": "dateUnixSeconds"},
               {"name": "isoAt", "column": "isoAt", "type": "Date?", "storage": "dateISO8601"},
               {"name": "token", "column": "token", "type": "UUID", "storage": "uuidUppercaseText"},
               {"name": "rawToken", "column": "rawToken", "type": "UUID", "storage": "uuidBlob"},
               {"name": "done", "column": "done", "type": "Bool", "storage": "integer"},
               {"name": "level", "column": "level", "type": "Level", "storage": "integer"},
               {"name": "mood", "column": "mood", "type": "Mood", "storage": "text"},
               {"name": "score", "column": "score", "type": "Double", "storage": "real"},
               {"name": "site", "column": "site", "type": "URL", "storage": "text"},
               {"name": "payload", "column": "payload", "type": "Data", "storage": "blob"},
               {"name": "ownerID", "column": "ownerID", "type": "Int?", "storage": "integer"}
             ],
             "assumptions": [],
             "diagnostics": []}
            """#
        #expect(result.standardOutput == compact(expected))
    }

    @Test func aFailingCompileIsJSONWithStatusOne() throws {
        let result = try CommandRunner.run(["compile", "--json", "--schema", models, "User where agee > 20"])
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty)
        let location = #"{"start": {"line": 1, "column": 12, "offset": 11}, "end": {"line": 1, "column": 16, "offset": 15}}"#
        #expect(
            result.standardOutput == compact(
                #"""
                {"version": 1, "diagnostics": [
                  {"severity": "error", "id": "implicit-parameter", "message": "'User' has no member 'agee'; did you mean 'age'?",
                   "file": "<input>", "range": \#(location),
                   "notes": [{"message": "other names are named parameters; a parameter's name must not be this close to a member's", "file": null, "range": null}],
                   "fixIts": [{"range": \#(location), "replacement": "age"}]}
                ]}
                """#))
    }

    /// The failure report of a diagnostic without a location.
    func failure(_ id: String, _ message: String) -> String {
        #"{"version":1,"diagnostics":[{"severity":"error","id":""# + id + #"","message":""# + message
            + #"","file":null,"range":null,"notes":[],"fixIts":[]}]}"# + "\n"
    }

    @Test func aMissingOrUnreadableSchemaFileIsJSON() throws {
        let missing = try CommandRunner.run(["compile", "--json", "--schema", "no-such-models.swift", "User"])
        #expect(missing.status == 1)
        #expect(missing.standardError.isEmpty)
        #expect(missing.standardOutput == failure("no-such-file", "no such file 'no-such-models.swift'"))
        let directory = try CommandRunner.run(["compile", "--json", "--schema", "Examples", "User"])
        #expect(directory.status == 1)
        #expect(directory.standardOutput == failure("unreadable-file", "'Examples' is a directory, not a file"))
        // Without --json, the same failure is text on standard error.
        let text = try CommandRunner.run(["compile", "--schema", "no-such-models.swift", "User"])
        #expect(text.status == 1)
        #expect(text.standardOutput.isEmpty)
        #expect(text.standardError == "error: no such file 'no-such-models.swift'\n")
    }

    @Test func aModelFileWithErrorsIsJSONPointingIntoIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sift-bad-\(UUID().uuidString).swift").path
        _ = FileManager.default.createFile(atPath: path, contents: Data("@Model final class User {\n    var age: Intt\n}\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try CommandRunner.run(["compile", "--json", "--schema", path, "User"])
        #expect(result.status == 1)
        let diagnostics = try #require(try object(result)["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["file"] as? String == path)
        let start = (diagnostics.first?["range"] as? [String: Any])?["start"] as? [String: Int]
        #expect(start == ["line": 2, "column": 14, "offset": 39])
    }

    @Test func usageErrorsAreJSONWithStatusTwo() throws {
        let cases: [([String], String)] = [
            (["compile", "--json", "--schema", models, "--fil", "x"], "unknown option '--fil'; did you mean '--file'?"),
            (["compile", "--schema", models, "User", "--json", "--file"], "option '--file' needs a value"),
            (["compile", "--json", "--schema", models, "--file", "a", "--file", "b"], "option '--file' is given 2 times; give it once"),
            (["compile", "--json", "User"], "'sift compile' needs '--schema FILE' (a model file or an SQLite database, or both: '--schema DATABASE --schema MODELS')"),
            (["query", database, "User", "--json", "--mode", "csv"], "'--json' is '--mode json'; it cannot be given with '--mode csv'"),
            (["query", database, "User", "--mode", "json", "--bogus"], "unknown option '--bogus'"),
            (["query", database, "User", "--json", "--schema", models, "--schema", models], "option '--schema' is given 2 times; give it once"),
        ]
        for (arguments, message) in cases {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.isEmpty, "\(arguments)")
            #expect(result.standardOutput == failure("usage", message), "\(arguments)")
        }
    }

    @Test func queryFailuresUnderJSONAreJSON() throws {
        let failing = try CommandRunner.run(["query", database, "--json", "User where agee > 1"])
        #expect(failing.status == 1)
        #expect(failing.standardError.isEmpty)
        #expect((try object(failing)["diagnostics"] as? [[String: Any]])?.first?["id"] as? String == "implicit-parameter")
        let missing = try CommandRunner.run(["query", database, "--mode=json", "User", "--schema", "no-such-models.swift"])
        #expect(missing.status == 1)
        #expect(missing.standardOutput == failure("no-such-file", "no such file 'no-such-models.swift'"))
        let badValue = try CommandRunner.run(["query", database, "--json", "User where age > minimum", "--param", "minimum=old"])
        #expect(badValue.status == 1)
        #expect(badValue.standardOutput == failure("bad-parameter-value", "'old' is not a valid 'Int' for the parameter 'minimum'"))
        // --json is --mode json.
        let rows = try CommandRunner.run(["query", database, "--json", "User where age > 98 sort by id"])
        let mode = try CommandRunner.run(["query", database, "--mode", "json", "User where age > 98 sort by id"])
        #expect(rows.status == 0)
        #expect(rows.standardOutput == mode.standardOutput)
        #expect((try JSONSerialization.jsonObject(with: Data(rows.standardOutput.utf8)) as? [Any])?.count == 2)
    }

    /// The result columns' names of a compile under `--json`.
    func columns(_ arguments: [String]) throws -> [String] {
        let result = try CommandRunner.run(["compile", "--json"] + arguments)
        #expect(result.status == 0, "\(result.standardOutput)")
        return (try object(result)["columns"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    }

    @Test func schemaGivenTwiceRefinesTheDatabaseWithTheModelFile() throws {
        let both = try CommandRunner.run(["compile", "--json", "--schema", database, "--schema", models, "User where birth > since"])
        #expect(both.status == 0)
        let report = try object(both)
        let types = (report["columns"] as? [[String: Any]])?.map { "\($0["name"] ?? ""): \($0["type"] ?? "") \($0["storage"] ?? "")" }
        #expect(
            types == [
                "id: Int integer", "identifier: UUID uuidUppercaseText", "name: String text", "nickname: String? text", "age: Int integer",
                "birth: Date dateReferenceSeconds", "score: Double real", "isActive: Bool integer", "companyID: Int? integer",
            ])
        // The model file's Date, not the database's REAL: the parameter is a Date.
        #expect((report["parameters"] as? [[String: Any]])?.first?["type"] as? String == "Date")
        // Either order; the same as `sift query DATABASE --schema MODELS` sees.
        let reversed = try CommandRunner.run(["compile", "--json", "--schema", models, "--schema", database, "User where birth > since"])
        #expect(reversed.standardOutput == both.standardOutput)
        let query = try CommandRunner.run(["query", database, "--schema", models, "User limit 1", "--mode", "csv"])
        #expect(query.standardOutput.hasPrefix("id,identifier,name,nickname,age,birth,score,isActive,companyID\n"))
        // check takes the same combination.
        let check = try CommandRunner.run(["check", "--schema", models, "--schema", database, "User where isActive"])
        #expect(check.status == 0)
        #expect(check.standardOutput.contains("attribute isActive : Bool"))
        let databaseOnly = try CommandRunner.run(["check", "--schema", database, "User where isActive"])
        #expect(databaseOnly.status == 1)
        #expect(databaseOnly.standardError.contains("a predicate must produce a 'Bool', but this expression has type 'Int'"))
    }

    @Test func schemaGivenTwiceMustBeOneDatabaseAndOneModelFile() throws {
        let cases: [([String], String)] = [
            (["--schema", models, "--schema", models], "'--schema' names two model files; put the models in one file, or give a database and one model file"),
            (["--schema", database, "--schema", database], "'--schema' names two databases; give one database and, to refine it, one model file"),
            (["--schema", database, "--schema", models, "--schema", models], "'--schema' is given 3 times; give a database, a model file, or one of each"),
        ]
        for (schemas, message) in cases {
            let result = try CommandRunner.run(["compile", "--json"] + schemas + ["User"])
            #expect(result.status == 2)
            #expect(result.standardOutput == failure("usage", message))
            let check = try CommandRunner.run(["check"] + schemas + ["User"])
            #expect(check.status == 2)
            #expect(check.standardError.hasPrefix("error: \(message)\n"))
        }
    }

    @Test func aModelFileAloneSelectsTheKeyAndForeignKeys() throws {
        let modelOnly = try columns(["--schema", models, "User"])
        #expect(modelOnly == ["id", "identifier", "name", "nickname", "age", "birth", "score", "isActive", "companyID"])
        #expect(try columns(["--schema", database, "--schema", models, "User"]) == modelOnly)
        #expect(try columns(["--schema", models, "Company"]) == ["id", "name", "city", "founded"])
        // A @Table declares its key and foreign keys; a join table's key is its two foreign keys.
        #expect(try columns(["--schema", models, "Reminder"]).prefix(2) == ["id", "remindersListID"])
        #expect(try columns(["--schema", models, "ReminderTag"]) == ["reminderID", "tagID"])
        // A foreign key has the type and storage of the key it refers to.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sift-keys-\(UUID().uuidString).swift").path
        let text = """
            @Model final class Team { var id: UUID\n var name: String }
            @Model final class Player { var name: String\n var team: Team\n var coach: Player? }
            """
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let player = try CommandRunner.run(["compile", "--json", "--schema", path, "Player"])
        let described = (try object(player)["columns"] as? [[String: Any]])?.map { "\($0["name"] ?? ""): \($0["type"] ?? "") \($0["storage"] ?? "")" }
        #expect(described == ["id: Int integer", "name: String text", "teamID: UUID uuidUppercaseText", "coachID: Int? integer"])
        #expect(try columns(["--schema", path, "Team"]) == ["id", "name"])
        // The key columns are selected, not members: the Swift class has no `id` to query.
        let member = try CommandRunner.run(["check", "--schema", models, "#Predicate<User> { $0.companyID == 1 }"])
        #expect(member.status == 1)
        #expect(member.standardError.contains("'User' has no member 'companyID'"))
    }

    /// Each function a compiled query names is what a plain SQLite connection (the sqlite3 shell,
    /// without Sift's functions) lacks: with none named, the SQL prepares there; with some, it
    /// fails on one of them.
    @Test(arguments: ["Examples/people.sift", "Examples/reminders.sift"])
    func functionsAreWhatAPlainConnectionLacks(script: String) throws {
        let text = try String(contentsOfFile: CommandRunner.repositoryRoot.appendingPathComponent(script).path, encoding: .utf8)
        let queries = Parser.parseScript(SourceFile(text: text)).value.compactMap { query in
            String(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: query.range.start)..<text.utf8.index(text.utf8.startIndex, offsetBy: query.range.end)])
        }
        #expect(queries.count > 20)
        var withFunctions = 0
        var withoutFunctions = 0
        let registered = Set(SiftFunction.allCases.map(\.sqlName) + SiftCollation.all.map(\.sqlName))
        for query in queries {
            let result = try CommandRunner.run(["compile", "--json", "--schema", database, "--schema", models, query])
            guard result.status == 0 else { continue }
            let report = try object(result)
            let sql = try #require(report["sql"] as? String)
            let functions = try #require(report["functions"] as? [String])
            #expect(Set(functions).isSubset(of: registered), "\(functions)")
            let shell = try CommandRunner.run(["-bail", database, "EXPLAIN " + sql + ";"], executable: "/usr/bin/sqlite3")
            if functions.isEmpty {
                withoutFunctions += 1
                #expect(shell.status == 0, "\(query): \(shell.standardError)")
            } else {
                withFunctions += 1
                #expect(shell.status != 0, "\(query) prepared without \(functions)")
                #expect(
                    functions.contains { shell.standardError.contains("no such function: \($0)") || shell.standardError.contains("no such collation sequence: \($0)") },
                    "\(query): \(shell.standardError) does not name one of \(functions)")
            }
        }
        #expect(withFunctions > 0)
        #expect(withoutFunctions > 0)
    }

    /// A value as a tool holds it before binding: what `sift query --param` reads, and the Swift value.
    enum ToolValue {
        case date(Date)
        case uuid(UUID)
        case bool(Bool)
        case int(Int)
        case text(String)
    }

    /// `value` as an SQL literal in `storage`, following README's table of storages (not Sift's code).
    func literal(_ value: ToolValue, storage: String) throws -> String {
        switch (value, storage) {
        case (.date(let date), "dateReferenceSeconds"): return String(date.timeIntervalSinceReferenceDate)
        case (.date(let date), "dateUnixSeconds"): return String(date.timeIntervalSince1970)
        case (.date(let date), "dateISO8601"):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
            return "'" + formatter.string(from: date) + "'"
        case (.uuid(let uuid), "uuidUppercaseText"): return "'" + uuid.uuidString.uppercased() + "'"
        case (.uuid(let uuid), "uuidLowercaseText"): return "'" + uuid.uuidString.lowercased() + "'"
        case (.uuid(let uuid), "uuidBlob"): return "x'" + withUnsafeBytes(of: uuid.uuid) { $0.map { String(format: "%02x", $0) }.joined() } + "'"
        case (.bool(let flag), "integer"): return flag ? "1" : "0"
        case (.int(let number), "integer"), (.int(let number), "count"): return String(number)
        case (.text(let text), "text"), (.text(let text), "nfcText"): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        default: throw CocoaError(.coderInvalidValue, userInfo: [NSDebugDescriptionErrorKey: "no encoding of \(value) as \(storage)"])
        }
    }

    /// The first column of CSV rows after the header.
    func firstColumn(_ csv: String) -> [String] {
        csv.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }
    }

    /// A tool's way: compile with --json, bind each parameter as its storage says on a plain SQLite
    /// connection (the sqlite3 shell), and get the rows `sift query` gets with the same values.
    @Test func bindingEachStorageAsDocumentedGivesSiftsRows() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let utc = { (text: String) in try #require(formatter.date(from: text)) }
        let cases: [(query: String, values: [String: (param: String, value: ToolValue)])] = [
            ("User where birth > since sort by id", ["since": ("2000-01-01", .date(try utc("2000-01-01T00:00:00.000Z")))]),
            ("Reminder where dueDate == due sort by id", ["due": ("1999-12-31 23:59:59.999", .date(try utc("1999-12-31T23:59:59.999Z")))]),
            (
                "User where identifier == who",
                ["who": ("02F0A420-B199-44AA-B24E-2AB02F29B407", .uuid(try #require(UUID(uuidString: "02F0A420-B199-44AA-B24E-2AB02F29B407"))))]
            ),
            (
                "User where isActive == flag && age > minimum sort by id limit n",
                ["flag": ("false", .bool(false)), "minimum": ("30", .int(30)), "n": ("5", .int(5))]
            ),
            ("Reminder where priority == p && status == s sort by id", ["p": ("high", .int(3)), "s": ("todo", .text("todo"))]),
        ]
        for (query, values) in cases {
            let compiled = try CommandRunner.run(["compile", "--json", "--schema", database, "--schema", models, query])
            let report = try object(compiled)
            #expect(report["functions"] as? [String] == [], "\(query) needs Sift's functions")
            let bindings = try #require(report["bindings"] as? [[String: Any]])
            var shell = ["-csv", "-header", database]
            for (index, binding) in bindings.enumerated() {
                let name = try #require(binding["parameter"] as? String, "\(query): a constant binding")
                let storage = try #require(binding["storage"] as? String)
                let value = try #require(values[name], "\(query): no value for \(name)")
                shell.append(".parameter set ?\(index + 1) \(try literal(value.value, storage: storage))")
            }
            shell.append(try #require(report["sql"] as? String) + ";")
            let plain = try CommandRunner.run(shell, executable: "/usr/bin/sqlite3")
            #expect(plain.status == 0, "\(query): \(plain.standardError)")
            let sift = try CommandRunner.run(
                ["query", database, "--schema", models, query, "--mode", "csv"] + values.flatMap { ["--param", "\($0.key)=\($0.value.param)"] })
            #expect(sift.status == 0, "\(query): \(sift.standardError)")
            #expect(!firstColumn(sift.standardOutput).isEmpty, "\(query) selects no row")
            #expect(firstColumn(plain.standardOutput) == firstColumn(sift.standardOutput), "\(query)")
        }
    }

    /// `--dialect postgresql`: the report names the dialect, the SQL has `$N` placeholders, and
    /// `functions` lists what the schema `sift` must provide; `--portable` refuses a query that
    /// needs one, naming it; an unknown dialect is a usage error.
    @Test func aPostgreSQLCompileNamesItsDialectAndFunctions() throws {
        let models = "Examples/Models.swift"
        let plain = try object(try CommandRunner.run(["compile", "--json", "--dialect", "postgresql", "--schema", models, "User where age > minimumAge"]))
        #expect(plain["dialect"] as? String == "postgresql")
        #expect((plain["sql"] as? String)?.hasSuffix(#"WHERE "users"."age" > $1::bigint"#) == true)
        #expect(plain["functions"] as? [String] == [])
        let searching = try object(
            try CommandRunner.run(["compile", "--json", "--dialect", "postgresql", "--schema", models, #"User where name.contains("kim") sort by name"#]))
        #expect(searching["functions"] as? [String] == ["sift.contains"])
        let collated = try object(
            try CommandRunner.run([
                "compile", "--json", "--dialect", "postgresql", "--schema", models, "SortDescriptor(\\User.name, comparator: .localizedStandard)",
            ]))
        #expect(collated["functions"] as? [String] == ["sift.localized_standard"])
        let sqlite = try object(try CommandRunner.run(["compile", "--json", "--schema", models, "User where age > 2"]))
        #expect(sqlite["dialect"] as? String == "sqlite")
        let refused = try CommandRunner.run(["compile", "--portable", "--dialect", "postgresql", "--schema", models, #"User where name.contains("kim")"#])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("error: this query calls 'sift.contains'"), "\(refused.standardError)")
        let unknown = try CommandRunner.run(["compile", "--dialect", "oracle", "--schema", models, "User"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown dialect 'oracle'"))
    }

    @Test func aColumnNamedLikeAFunctionIsNotAFunction() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sift-named-\(UUID().uuidString).swift").path
        let text = "@Model final class Item {\n    @Attribute(originalName: \"sift_nfc\") var size: Int\n    var title: String\n}\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = try object(try CommandRunner.run(["compile", "--json", "--schema", path, "Item where size > 2"]))
        #expect((plain["sql"] as? String)?.contains(#""items"."sift_nfc""#) == true)
        #expect(plain["functions"] as? [String] == [])
        let sorted = try object(try CommandRunner.run(["compile", "--json", "--schema", path, "Item where title.contains(\"a\") sort by title"]))
        #expect(sorted["functions"] as? [String] == ["sift_contains", "sift_nfc"])
        let collated = try object(
            try CommandRunner.run(["compile", "--json", "--schema", path, "SortDescriptor(\\Item.title, comparator: .localizedStandard)"]))
        #expect(collated["functions"] as? [String] == ["sift_localized_standard"])
    }

    @Test(arguments: ["parse", "check", "schema", "compile", "query", "repl", "help"])
    func helpOfEachCommand(command: String) throws {
        for flag in ["--help", "-h"] {
            let result = try CommandRunner.run([command, flag])
            #expect(result.status == 0, "\(command) \(flag): \(result.standardError)")
            #expect(result.standardError.isEmpty)
            #expect(result.standardOutput.hasPrefix("USAGE: sift \(command)"), "\(result.standardOutput)")
        }
        // Among other options too (`help` takes a COMMAND, no options), and as `sift help COMMAND`.
        let among = try CommandRunner.run(command == "help" ? ["help", "--help"] : [command, "--no-color", "--help", "--bogus"])
        #expect(among.status == 0)
        #expect(among.standardOutput.hasPrefix("USAGE: sift \(command)"))
        let viaHelp = try CommandRunner.run(["help", command])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.standardOutput == among.standardOutput)
        // After `--`, it is query text, not a request for help.
        if command == "parse" {
            let text = try CommandRunner.run(["parse", "--", "--help"])
            #expect(text.status == 1)
            #expect(!text.standardOutput.hasPrefix("USAGE"))
        }
    }
}
