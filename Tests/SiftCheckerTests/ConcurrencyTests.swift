import Dispatch
import Foundation
import Sift
import SiftTestSupport
import Testing

/// The compiler is a pure, value-based library: compiling from many threads at once gives the
/// same results as compiling one query after another.
@Suite struct ConcurrencyTests {
    @Test func compilingFromManyThreadsAtOnce() throws {
        let schema = try Fixtures.exampleModels.get()
        let compiler = Compiler(schema: schema)
        let queries = [
            "#Predicate<User> { $0.age > 20 }",
            #"#Predicate<User> { user in user.name.contains("kim") && user.interests.contains { $0.title == "등산" } == true }"#,
            #"User where company?.name == "Acme" sort by birth desc limit 10"#,
            "#Predicate<Reminder> { $0.priority == .high && !$0.isCompleted }",
            "SortDescriptor(\\User.birth, order: .reverse)",
            "#Predicate<User> { $0.agee > 20 }",
            "Tag where reminders.count > 3",
            "#Predicate<User> { $0.interests.allSatisfy { $0.category != nil } }",
        ]
        @Sendable func compile(_ text: String) -> String {
            let compilation = compiler.check(text)
            guard let checked = compilation.checked else { return DiagnosticRenderer().render(compilation.diagnostics, in: compilation.source) }
            return SQLLowering.lower(checked, schema: schema).sql
        }
        let expected = queries.map(compile)
        let rounds = 50
        let results = ConcurrentResults(count: queries.count * rounds)
        DispatchQueue.concurrentPerform(iterations: queries.count * rounds) { index in
            results.set(index, compile(queries[index % queries.count]))
        }
        for index in 0..<(queries.count * rounds) {
            #expect(results.get(index) == expected[index % queries.count])
        }
    }
}

/// Results written from many threads, each slot by one thread.
final class ConcurrentResults: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var values: [String?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: String) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> String? { lock.withLock { values[index] } }
}
