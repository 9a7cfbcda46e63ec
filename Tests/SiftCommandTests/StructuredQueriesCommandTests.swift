import Foundation
import Testing

/// `sift query` and `sift compile` with StructuredQueries' builder and FTS5 search, on the example database.
@Suite struct StructuredQueriesCommandTests {
    let models = "Examples/Models.swift"

    @Test func queryRunsABuilderChain() throws {
        let result = try CommandRunner.run([
            "query", "Examples/example.sqlite", "--schema", models,
            #"Reminder.where { $0.title.contains("gym") }.order { ($0.priority.desc(nulls: .last), $0.id) }"#, "--mode", "csv",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let ids = result.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] }
        #expect(ids == ["12", "13"], "\(result.standardOutput)")
    }

    @Test func compileListsABuilderSelectionsColumnsWithTheirTypes() throws {
        let result = try CommandRunner.run([
            "compile", "--schema", models, "--json",
            #"Reminder.leftJoin(RemindersList.all) { $0.remindersListID.eq($1.id) }.group(by: \.remindersListID).select { ($0.remindersListID, $1.title, $0.count(), $0.position.sum()) }"#,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let columns = try #require(object["columns"] as? [[String: Any]])
        #expect(columns.map { $0["name"] as? String } == ["$0.remindersListID", "$1.title", "$0.count()", "$0.position.sum()"])
        #expect(columns.map { $0["type"] as? String } == ["Int", "String?", "Int", "Int?"])
        let rows = try CommandRunner.run([
            "query", "Examples/example.sqlite", "--schema", models, "--mode", "csv",
            #"Reminder.group(by: \.status).select { ($0.status, $0.count()) }.order { $0.count().desc() }"#,
        ])
        #expect(rows.standardOutput.hasPrefix("$0.status,$0.count()\n"), "\(rows.standardOutput)")
    }

    @Test func queryRunsAFullTextSearchAndReportsABadQueryText() throws {
        let search = #"ReminderText.where { $0.match(searchText) }.order(by: \.rank)"#
        let good = try CommandRunner.run(["query", "Examples/example.sqlite", "--schema", models, search, "--param", "searchText=oat milk", "--mode", "csv"])
        #expect(good.status == 0, "\(good.standardError)")
        #expect(good.standardOutput.hasPrefix("rowid,title,notes\n63,"), "\(good.standardOutput)")
        let bad = try CommandRunner.run(["query", "Examples/example.sqlite", "--schema", models, search, "--param", "searchText=\"oat milk"])
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("error: the full-text query given here is not valid FTS5 syntax"), "\(bad.standardError)")
        #expect(bad.standardError.contains("^~~~~~~~~~"), "\(bad.standardError)")
    }

    @Test func compileReportsALiteralFullTextQueryError() throws {
        let result = try CommandRunner.run(["compile", "--schema", models, #"ReminderText.where { $0.match("oat AND") }"#])
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: this full-text query is not valid FTS5 syntax"), "\(result.standardError)")
    }
}
