import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// StructuredQueries' meaning (SQL's) computed twice: by SQLite from Sift's SQL, and by the
/// in-memory evaluator from the same typed tree. Random builder filters over the reminders'
/// columns — NULLs, enums stored as numbers and texts, dates as ISO text, Unicode titles, `%` and
/// `_` in the data — must select the same rows, and an ordering must give the same order.
@Suite struct StructuredQueriesAgreementTests {
    /// One random condition of the builder's spelling, `depth` levels of `&&`/`||`/`!` at most.
    static func condition(_ random: inout SplitMix64, depth: Int) -> String {
        if depth > 0, random.chance(1, in: 3) {
            switch random.below(3) {
            case 0: return "(\(condition(&random, depth: depth - 1)) && \(condition(&random, depth: depth - 1)))"
            case 1: return "(\(condition(&random, depth: depth - 1)) || \(condition(&random, depth: depth - 1)))"
            default: return "!(\(condition(&random, depth: depth - 1)))"
            }
        }
        let strings = ["\"\"", "\"Gym\"", "\"gym\"", "\"50%\"", "\"snake_case\"", "\"Café with Renée\"", "\"한\"", "\"C:\\\\\"", "\"%\"", "\"_\""]
        switch random.below(12) {
        case 9:
            // Collations and SQLite's core functions on the titles and notes.
            let column = random.pick(["title", "notes"])
            let value = random.pick([
                "$0.\(column).collate(.\(random.pick(["nocase", "rtrim", "binary"])))", "$0.\(column).lower()", "$0.\(column).upper()",
                "$0.\(column).trim()", "$0.\(column).rtrim()", "$0.\(column).ltrim()", "$0.\(column).lower().collate(.rtrim)",
            ])
            let method = random.pick(["eq", "neq", "lt", "gte", "is", "contains", "hasPrefix"])
            return "\(value).\(method)(\(random.pick(strings)))"
        case 10:
            // `length()`, and `in` over an array parameter's values written out as a literal's.
            if random.chance(1, in: 2) { return "$0.\(random.pick(["title", "notes"])).length().\(random.pick(["eq", "neq", "lt", "gte", "is"]))(\(random.int(in: 0...12)))" }
            return "$0.title.collate(.nocase).\(random.pick(["in", "notIn"]))([\(random.pick(strings)), \(random.pick(strings))])"
        case 11:
            let pattern = random.pick(["\"50!%%\"", "\"%!_%\"", "\"!%\"", "\"G%\"", "\"%!!%\""])
            return "$0.\(random.pick(["title", "notes"])).like(\(pattern), escape: \"!\")"

        case 0:
            let value = random.pick([".low", ".medium", ".high", "nil"])
            let method = random.pick(value == "nil" ? ["is", "isNot"] : ["eq", "neq", "is", "isNot", "lt", "gte"])
            return "$0.priority.\(method)(\(value))"
        case 1:
            return "$0.status.\(random.pick(["eq", "neq", "lt", "gt"]))(.\(random.pick(["todo", "inProgress", "done"])))"
        case 2:
            return random.pick(["$0.isCompleted", "!$0.isCompleted", "$0.isCompleted.eq(true)", "$0.isCompleted == false"])
        case 3:
            let column = random.pick(["title", "notes"])
            let method = random.pick(["contains", "hasPrefix", "hasSuffix", "like", "glob", "eq", "neq", "lt", "gte"])
            return "$0.\(column).\(method)(\(random.pick(strings)))"
        case 4:
            let op = random.pick(["==", "!=", "<", "<=", ">", ">="])
            return "$0.position \(op) \(random.int(in: -1...25))"
        case 5:
            let low = random.int(in: 0...20)
            return "$0.position.between(\(low), and: \(low + random.int(in: -2...10)))"
        case 6:
            let ids = (0..<random.int(in: 0...4)).map { _ in String(random.int(in: 0...90)) }.joined(separator: ", ")
            return "$0.id.\(random.pick(["in", "notIn"]))([\(ids)])"
        case 7:
            return "$0.priority.\(random.pick(["in", "notIn"]))([\(random.pick([".low", ".high", ".medium, .high"]))])"
        default:
            return random.pick(["$0.dueDate.is(nil)", "$0.dueDate.isNot(nil)", "$0.dueDate == nil", "$0.priority == nil", "$0.priority != nil"])
        }
    }

    @Test func randomBuilderFiltersSelectTheSameRowsInSQLiteAndTheEvaluator() throws {
        let runner = try DifferentialRunner(world: ExampleWorld.shared())
        var random = SplitMix64(seed: 0x5151_0034)
        var failures: [String] = []
        var selected = 0
        for _ in 0..<400 {
            let text = "Reminder.where { \(Self.condition(&random, depth: 3)) }"
            switch runner.check(text, parameters: ParameterSet(seed: 1), useFacts: random.chance(1, in: 2), ordered: false) {
            case .agree: selected += 1
            case .compileError(let error): failures.append("\(text): \(error)")
            case .disagree(let disagreement): failures.append(disagreement.report())
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
        #expect(selected == 400)
    }

    /// Each collation against texts that differ from the titles by case or trailing spaces only.
    @Test func collatedComparisonsSelectTheSameRows() throws {
        let runner = try DifferentialRunner(world: ExampleWorld.shared())
        var selected = 0
        for collation in ["nocase", "rtrim", "binary"] {
            for text in ["\"gym\"", "\"GYM\"", "\"Gym\"", "\"  Water plants\"", "\"  water PLANTS  \"", "\"café with renée\""] {
                for method in ["eq", "neq", "lt", "is"] {
                    for query in ["Reminder.where { $0.title.collate(.\(collation)).\(method)(\(text)) }", "Reminder.where { $0.title.\(method)(\(text).collate(.\(collation))) }"] {
                        switch runner.check(query, parameters: ParameterSet(seed: 1), useFacts: false, ordered: false) {
                        case .agree: selected += 1
                        case .compileError(let error): Issue.record("\(query): \(error)")
                        case .disagree(let disagreement): Issue.record("\(disagreement.report())")
                        }
                    }
                }
            }
        }
        #expect(selected == 3 * 6 * 4 * 2)
    }

    @Test func orderingsGiveTheSameOrder() throws {
        let runner = try DifferentialRunner(world: ExampleWorld.shared())
        let orderings = [
            "Reminder.order { ($0.priority.desc(nulls: .last), $0.id) }",
            "Reminder.order { ($0.priority.asc(nulls: .last), $0.id.desc()) }",
            "Reminder.order { ($0.priority.desc(nulls: .first), $0.id) }",
            "Reminder.order { ($0.priority.desc(), $0.id) }",
            "Reminder.order { ($0.status, $0.title.desc(), $0.id) }",
            "Reminder.order { ($0.dueDate.desc(), $0.id) }",
            "Reminder.order(by: \\.title).order(by: \\.id)",
            "Reminder.where { $0.title.contains(\"e\") }.order { ($0.notes.desc(), $0.id) }.limit(7, offset: 3)",
            "Reminder.order { ($0.title.collate(.nocase), $0.id) }",
            "Reminder.order { ($0.title.collate(.rtrim).desc(), $0.id) }",
            "Reminder.order { ($0.title.lower(), $0.id.desc()) }",
            "Reminder.order { ($0.notes.length().desc(), $0.title.upper(), $0.id) }",
        ]
        for text in orderings {
            switch runner.check(text, parameters: ParameterSet(seed: 1), useFacts: false, ordered: true) {
            case .agree: break
            case .compileError(let error): Issue.record("\(text): \(error)")
            case .disagree(let disagreement): Issue.record("\(disagreement.report())")
            }
        }
    }
}
