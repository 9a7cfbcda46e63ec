import Foundation
import Sift
import Testing

/// Sort keys Foundation's `SortDescriptor` accepts beyond a stored attribute (a to-many
/// relationship's `count`, through optional to-one relationships; a `Comparable` enum), limits
/// computed from parameters, and parameters typed by a later use: SQLite and the evaluator
/// select the same rows in the same order on the example database.
@Suite struct SortKeyAndCountAgreementTests {
    static let orderedQueries = [
        #"SortDescriptor(\User.interests.count, order: .reverse)"#,
        #"[SortDescriptor(\User.interests.count), SortDescriptor(\User.name)]"#,
        #"SortDescriptor(\User.company?.users.count)"#,
        #"FetchDescriptor<User>(predicate: #Predicate { $0.age > 20 }, sortBy: [SortDescriptor(\.company?.users.count, order: .reverse), SortDescriptor(\.interests.count)])"#,
        #"SortDescriptor(\Company.users.count, order: .reverse)"#,
        #"SortDescriptor(\Reminder.priority, order: .reverse)"#,
        #"[SortDescriptor(\Reminder.priority), SortDescriptor(\Reminder.title)]"#,
        #"FetchDescriptor<Reminder>(predicate: #Predicate { $0.priority != nil }, sortBy: [SortDescriptor(\.priority)], fetchLimit: 5)"#,
    ]

    @Test(arguments: orderedQueries)
    func sortedRowsAgree(_ text: String) throws {
        let runner = try DifferentialRunner(world: try ExampleWorld.shared())
        let verdict = runner.check(text, parameters: ParameterSet(seed: 1), useFacts: false, ordered: true)
        Self.expectAgreement(verdict, text)
    }

    @Test func countSortIsNotTheTableOrder() throws {
        // The key really sorts: the first user has the most interests.
        let world = try ExampleWorld.shared()
        let database = try world.open()
        let rows = try database.fetch(try database.compile(#"SortDescriptor(\User.interests.count, order: .reverse)"#))
        let ids = rows.compactMap { row -> Int64? in if case .int(let id)? = row["id"] { id } else { nil } }
        #expect(ids.count == 150)
        #expect(ids.first != 1)
    }

    /// Pages, an empty page, a negative offset (an error on both sides) and an overflowing one (a trap).
    static let pages: [(page: Int64, pageSize: Int64)] = [(1, 3), (0, 5), (2, 0), (-1, 3), (Int64.max, 2)]

    @Test(arguments: pages)
    func limitsComputedFromParametersAgree(page: Int64, pageSize: Int64) throws {
        let runner = try DifferentialRunner(world: try ExampleWorld.shared())
        var parameters = ParameterSet(seed: 1)
        parameters.sql["page"] = .int(page)
        parameters.sql["pageSize"] = .int(pageSize)
        parameters.evaluator["page"] = .int(page)
        parameters.evaluator["pageSize"] = .int(pageSize)
        let text = #"FetchDescriptor<User>(sortBy: [SortDescriptor(\.name)], fetchLimit: pageSize, fetchOffset: page * pageSize)"#
        let verdict = runner.check(text, parameters: parameters, useFacts: false, ordered: true)
        Self.expectAgreement(verdict, "page \(page), pageSize \(pageSize)")
    }

    @Test(arguments: ["", "kim", "K"])
    func parameterTypedByALaterUseAgrees(search: String) throws {
        let runner = try DifferentialRunner(world: try ExampleWorld.shared())
        var parameters = ParameterSet(seed: 1)
        parameters.sql["text"] = .string(search)
        parameters.evaluator["text"] = .string(search)
        for text in [
            #"#Predicate<User> { text.isEmpty || $0.name.contains(text) }"#,
            #"#Predicate<User> { !text.isEmpty && $0.interests.contains { $0.title.contains(text) } }"#,
        ] {
            let verdict = runner.check(text, parameters: parameters, useFacts: false, ordered: false)
            Self.expectAgreement(verdict, "\(text) with '\(search)'")
        }
    }

    static func expectAgreement(_ verdict: DifferentialRunner.Verdict, _ what: String) {
        switch verdict {
        case .agree: break
        case .compileError(let diagnostics): Issue.record("\(what) does not compile:\n\(diagnostics)")
        case .disagree(let disagreement): Issue.record("\(what):\n\(disagreement.report())")
        }
    }
}
