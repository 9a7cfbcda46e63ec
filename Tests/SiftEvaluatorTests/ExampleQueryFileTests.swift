import Foundation
import Sift
import Testing

/// Every example query of Examples/people.sift and Examples/reminders.sift evaluates on the
/// example database, and the reminders domain (enums, ISO-8601 dates, join tables) selects
/// what SQLite selects where SQL and Swift agree.
@Suite struct ExampleQueryFileTests {
    /// The queries of a .sift file: one per line, or a `#Predicate` spanning lines until its braces close.
    static func queries(in file: String) throws -> [String] {
        let text = try String(contentsOf: ExampleDatabase.repository.appendingPathComponent("Examples/\(file)"), encoding: .utf8)
        var queries: [String] = []
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current.isEmpty && (trimmed.isEmpty || trimmed.hasPrefix("//")) { continue }
            current += (current.isEmpty ? "" : "\n") + line
            let opened = current.filter { $0 == "{" }.count
            let closed = current.filter { $0 == "}" }.count
            if opened == closed {
                queries.append(current)
                current = ""
            }
        }
        return queries
    }

    static let parameters: [String: Value] = [
        "searchString": "kim", "minimumAge": 20, "userID": .uuid(UUID(uuidString: "43610E2E-DE80-4464-85F6-16092CAF300D")!),
        "startDate": .date(Date(timeIntervalSinceReferenceDate: 0)), "endDate": .date(Date(timeIntervalSinceReferenceDate: 200_000_000)),
        "now": .date(Date(timeIntervalSinceReferenceDate: 817_603_200)),  // 2026-11-29 00:00:00 UTC
        "listTitle": "Work", "deadline": .date(Date(timeIntervalSinceReferenceDate: 817_808_400)),  // 2026-12-01 09:00 UTC
    ]

    @Test(arguments: ["people.sift", "reminders.sift"])
    func everyExampleQueryEvaluates(file: String) throws {
        let example = try ExampleDatabase.shared()
        let queries = try Self.queries(in: file)
        #expect(queries.count > 20)
        for text in queries {
            let query = try Evaluator.compile(text, schema: example.schema)
            let parameters = Self.parameters.filter { name, _ in query.parameters.contains { $0.name == name } }
            // A full-text search (FTS5's MATCH, bm25, rank) is computed by SQLite's index alone:
            // the evaluator refuses exactly those queries, and says why.
            let searchesText = ["match(", "bm25(", "rank"].contains { text.contains($0) } && text.contains("ReminderText")
            do {
                let result = try Evaluator().run(query, in: example.dataset, parameters: parameters)
                #expect(result.trapped.isEmpty, "\(text)")
                #expect(!searchesText, "\(text) searches text, but the evaluator ran it")
            } catch EvaluationError.needsDatabase {
                #expect(searchesText, "\(text)")
            }
        }
    }

    @Test func exampleUserByUUIDParameter() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"FetchDescriptor<User>(predicate: #Predicate { $0.identifier == userID })"#, ["userID": Self.parameters["userID"]!]) == [12])
    }

    @Test func exampleEnumsMatchSQLite() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.idSet(#"#Predicate<Reminder> { $0.priority == .high }"#) == (try example.sqlIDs("reminders", where: "priority = 3")))
        #expect(try example.idSet(#"#Predicate<Reminder> { $0.priority != .high }"#) == (try example.sqlIDs("reminders", where: "priority IS NOT 3")))
        #expect(
            try example.idSet(#"#Predicate<Reminder> { $0.isCompleted != ($0.status == .done) }"#)
                == (try example.sqlIDs("reminders", where: "isCompleted != (status = 'done')")))
    }

    @Test func exampleJoinTableTagsAreCaseSensitive() throws {
        let example = try ExampleDatabase.shared()
        let urgent = try example.idSet(#"#Predicate<Reminder> { $0.tags.contains { $0.title == "urgent" } }"#)
        #expect(urgent == (try example.sqlIDs("reminders", where: "id IN (SELECT reminderID FROM reminderTags WHERE tagID = 3)")))
        #expect(!urgent.isEmpty)
        #expect(try example.ids(#"#Predicate<Tag> { $0.reminders.isEmpty }"#) == [9, 12])
    }

    @Test func exampleIdenticalDueDatesAndMillisecondNeighbours() throws {
        let example = try ExampleDatabase.shared()
        #expect(try example.ids(#"#Predicate<Reminder> { $0.dueDate == deadline }"#, ["deadline": Self.parameters["deadline"]!]) == [3, 4, 24, 29, 66])
        let ms: Value = .date(Date(timeIntervalSinceReferenceDate: 817_808_400.001))
        #expect(try example.ids(#"#Predicate<Reminder> { $0.dueDate == d }"#, ["d": ms]) == (try example.sqlIDs("reminders", where: "dueDate = '2026-12-01 09:00:00.001'")).sorted())
    }
}
