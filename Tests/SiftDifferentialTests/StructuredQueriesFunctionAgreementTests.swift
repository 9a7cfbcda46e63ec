import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// StructuredQueries' scalar functions computed twice: by SQLite from Sift's SQL, and by the
/// in-memory evaluator from the same typed tree. Random filters that call them on the reminders'
/// titles, notes (Unicode, `%`, `_`, NULLs), positions and priorities, and on parameters, must
/// select the same rows.
@Suite struct StructuredQueriesFunctionAgreementTests {
    static let strings = ["\"\"", "\"Gym\"", "\"gym\"", "\"e\"", "\"50%\"", "\"_\"", "\"é\"", "\"한\"", "\" \"", "\"Café with Renée\""]

    /// One random condition that calls a scalar function.
    static func condition(_ random: inout SplitMix64) -> String {
        let column = random.pick(["title", "notes"])
        let string = random.pick(strings)
        let small = random.int(in: -4...6)
        switch random.below(16) {
        case 14, 15:
            // The due dates moved by date modifiers, compared with each other, the column and a date.
            func modified(_ random: inout SplitMix64) -> String {
                let modifiers = (0..<random.int(in: 1...2)).map { _ in
                    random.pick([
                        "days(\(random.int(in: -40...40)))", "hours(\(random.int(in: -50...50)))", "minutes(-90)", "seconds(1.5)", "milliseconds(-1)",
                        "months(\(random.int(in: -13...13)))", "years(\(random.int(in: -2...2)))", "startOfDay", "startOfMonth", "startOfYear",
                        "weekday(\(random.int(in: 0...6)))",
                    ])
                }
                return "$0.dueDate(." + modifiers.joined(separator: ".") + ")"
            }
            let other = random.pick(["$0.dueDate", "startDate", "endDate", modified(&random)])
            return "\(modified(&random)).\(random.pick(["eq", "lt", "gt", "lte", "is", "neq"]))(\(other))"
        case 13:
            // The due dates' parts, as SQLite reads their ISO-8601 text.
            if random.chance(1, in: 3) {
                let format = random.pick(["\"%Y-%m\"", "\"%w %W %j\"", "\"%H:%M:%f\"", "\"%s\"", "\"%d%%\"", "\"%Q\"", "\"%J\""])
                return "$0.dueDate.strftime(\(format)).\(random.pick(["eq", "lt", "gt", "is"]))(\(random.pick(["\"2025-05\"", "\"1 22 150\"", "nil", "\"10:00:00.000\""])))"
            }
            let part = random.pick(["year", "month", "day", "hour", "minute", "second", "weekday", "dayOfYear"])
            return "$0.dueDate.\(part).\(random.pick(["eq", "gt", "lt", "is"]))(\(random.pick(["0", "1", "5", "12", "31", "2025", "2026", "150", "nil"])))"
        case 12:
            // SQLite's bitwise operators: shifts by negative counts and by 64 or more too.
            let shift = random.pick(["-1", "0", "3", "63", "64", "70", "-70", "$0.remindersListID"])
            let value = random.pick([
                "$0.position & \(random.int(in: 0...15))", "$0.id | \(random.int(in: 0...8))", "$0.position << \(shift)", "$0.id >> \(shift)",
                "~$0.position", "~$0.id & $0.position", "-1 >> \(shift)",
            ])
            return "(\(value)).\(random.pick(["eq", "gt", "lt"]))(\(random.int(in: -3...20)))"
        case 0:
            let count = random.chance(1, in: 3) ? "" : ", \(random.int(in: -4...6))"
            return "$0.\(column).substr(\(small)\(count)).\(random.pick(["eq", "lt", "gte", "is"]))(\(string))"
        case 1:
            return "$0.\(column).instr(\(random.pick(strings + ["searchString"]))).\(random.pick(["eq", "gt", "lt"]))(\(random.int(in: 0...4)))"
        case 2:
            return "$0.\(column).replace(\(string), \(random.pick(strings))).\(random.pick(["eq", "lt", "contains", "hasPrefix"]))(\(random.pick(strings)))"
        case 3:
            let function = random.pick(["trim", "ltrim", "rtrim"])
            let characters = random.pick(["\" G\"", "\"mys\"", "\"%0123456789\"", "\"é \"", "\"\""])
            return "$0.\(column).\(function)(\(characters)).\(random.pick(["eq", "lt"]))(\(string))"
        case 4:
            return "$0.position.abs().\(random.pick(["eq", "gt", "lt"]))(\(random.int(in: 0...12)))"
        case 5:
            // (Arithmetic is SQLite's to compute: the evaluator does not, so the sign is of columns.)
            return "$0.\(random.pick(["position", "id"])).sign().\(random.pick(["eq", "neq"]))(\(random.int(in: -1...1)))"
        case 6:
            return random.pick([
                "$0.priority.nullif(.\(random.pick(["low", "high"]))).is(nil)", "$0.\(column).nullif(\(string)).isNot(nil)",
                "$0.\(column).collate(.nocase).nullif(\(string)).is(nil)", "$0.dueDate.nullif($0.dueDate).is(nil)",
            ])
        case 7:
            return "$0.\(column).quote().\(random.pick(["eq", "lt", "contains"]))(\(random.pick(["\"'Gym'\"", "\"''\"", "\"'\"", "\"NULL\""])))"
        case 8:
            return "$0.\(column).unicode().\(random.pick(["eq", "gt", "is"]))(\(random.pick(["71", "100", "nil", "1000"])))"
        case 9:
            return "$0.\(column).octetLength().\(random.pick(["gt", "eq"]))($0.\(column).length())"
        case 10:
            return "threshold.round(\(random.int(in: -1...3))).\(random.pick(["eq", "lt", "gt"]))(\(random.pick(["72.5", "0.0", "-0.3", "99.9"])))"
        default:
            return random.pick(["$0.isCompleted.likely()", "!$0.isCompleted.unlikely()", "$0.title.lower().instr(\"g\").eq(1).likely()"])
        }
    }

    /// One random comparison with a value — a named parameter or a literal — on the left of a
    /// column, and its mirror with the column on the left (`a < c` and `c > a`), which must select
    /// the same rows: the evaluator reads the same checked query as SQLite, so only the mirror
    /// sees a value compared with itself instead of with the column.
    static func valueOnTheLeft(_ random: inout SplitMix64) -> (written: String, mirrored: String) {
        let (column, values, negative) = random.pick([
            ("position", ["minimumAge", "5", "0", "12"], "-1"),
            ("id", ["minimumAge", "12"], "-3"),
            ("title", ["searchString"] + strings, nil),
            ("notes", ["searchString", "\"\"", "\"Gym\""], nil),
            ("dueDate", ["startDate", "endDate", "nil"], nil),
            ("priority", ["wantedPriority", ".high", ".low", "nil"], nil),
            ("status", ["wantedStatus", ".done", ".todo"], nil),
        ])
        let value = random.pick(values)
        if random.chance(1, in: 2) {
            // (A negative literal is an operand of an operator only: `-1.lt(x)` negates the call.)
            let operand = negative.map { random.chance(1, in: 4) ? $0 : value } ?? value
            let (written, mirrored) =
                operand == "nil"
                ? random.pick([("==", "=="), ("!=", "!=")])
                : random.pick([("<", ">"), ("<=", ">="), (">", "<"), (">=", "<="), ("==", "=="), ("!=", "!=")])
            return ("\(operand) \(written) $0.\(column)", "$0.\(column) \(mirrored) \(operand)")
        }
        // (`nil` has no methods: the receiver is then the column's parameter.)
        let receiver = value == "nil" ? values[0] : value
        let (written, mirrored) = random.pick([
            ("eq", "eq"), ("neq", "neq"), ("lt", "gt"), ("gt", "lt"), ("lte", "gte"), ("gte", "lte"), ("is", "is"), ("isNot", "isNot"),
        ])
        return ("\(receiver).\(written)($0.\(column))", "$0.\(column).\(mirrored)(\(receiver))")
    }

    @Test func randomValuesOnTheLeftSelectTheRowsOfTheirMirrors() throws {
        let runner = try DifferentialRunner(world: ExampleWorld.shared())
        var random = SplitMix64(seed: 0x5151_0035_A)
        var failures: [String] = []
        func rows(_ query: String, _ parameters: ParameterSet) -> Result<[Int64], any Error> {
            Result {
                let compiled = try runner.database.compile(query, parameterTypes: ParameterSet.types)
                return try runner.database.fetch(compiled, parameters: parameters.sql).map { row in
                    guard case .int(let id)? = row["id"] else { return -1 }
                    return id
                }.sorted()
            }
        }
        for index in 0..<300 {
            var (written, mirrored) = Self.valueOnTheLeft(&random)
            if random.chance(1, in: 3) {
                let other = Self.valueOnTheLeft(&random)
                let op = random.pick(["&&", "||"])
                (written, mirrored) = ("(\(written)) \(op) \(other.written)", "(\(mirrored)) \(op) \(other.mirrored)")
            }
            let query = "Reminder.where { \(written) }"
            let parameters = ParameterSet(seed: UInt64(index))
            switch runner.check(query, parameters: parameters, useFacts: false, ordered: false) {
            case .agree: break
            case .compileError(let error): failures.append("\(query): \(error)")
            case .disagree(let disagreement): failures.append(disagreement.report())
            }
            let mirror = "Reminder.where { \(mirrored) }"
            switch (rows(query, parameters), rows(mirror, parameters)) {
            case (.success(let a), .success(let b)) where a == b: break
            case (let a, let b): failures.append("\(query) selects \(a), its mirror \(mirror) selects \(b)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(2).joined(separator: "\n\n"))")
    }

    @Test func randomFunctionFiltersSelectTheSameRowsInSQLiteAndTheEvaluator() throws {
        let runner = try DifferentialRunner(world: ExampleWorld.shared())
        var random = SplitMix64(seed: 0x5151_0034_F)
        var failures: [String] = []
        var agreed = 0
        for index in 0..<500 {
            var text = Self.condition(&random)
            if random.chance(1, in: 3) { text = "(\(text)) \(random.pick(["&&", "||"])) \(Self.condition(&random))" }
            let query = "Reminder.where { \(text) }"
            switch runner.check(query, parameters: ParameterSet(seed: UInt64(index)), useFacts: false, ordered: false) {
            case .agree: agreed += 1
            case .compileError(let error): failures.append("\(query): \(error)")
            case .disagree(let disagreement): failures.append(disagreement.report())
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(2).joined(separator: "\n\n"))")
        #expect(agreed == 500)
    }
}
