import Foundation
import Sift
import SiftSQLite
import SiftTestSupport

/// Values for the named parameters of one run, in both back ends' spelling.
struct ParameterSet {
    var sql: [String: ParameterValue] = [:]
    var evaluator: [String: Value] = [:]

    /// The declared type of every parameter the generator may use.
    static let types: [String: SiftType] = [
        "minimumAge": .int, "threshold": .double, "searchString": .string, "startDate": .date, "endDate": .date, "flag": .bool,
        "wantedPriority": .enumeration("Priority"), "wantedStatus": .enumeration("Status"),
    ]

    /// Values chosen from the seed, on the data's boundaries.
    init(seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0x5151_F00D_CAFE_D00D)
        let age = random.pick([0, 18, 20, 21, 30, 65, 99, -1, Int64.max, Int64.min])
        let threshold = random.pick([0.0, 50.0, 72.5, -0.25, 30.0, 99.9])
        let search = random.pick(ExampleSchemaModel.strings)
        let start = random.pick(ExampleSchemaModel.dates)
        let end = random.pick(ExampleSchemaModel.dates)
        let flag = random.chance(1, in: 2)
        let priority = random.pick([("low", 1), ("medium", 2), ("high", 3)])
        let status = random.pick(["todo", "inProgress", "done"])
        sql = [
            "minimumAge": .int(age), "threshold": .double(threshold), "searchString": .string(search), "startDate": .date(start),
            "endDate": .date(end), "flag": .bool(flag), "wantedPriority": .int(Int64(priority.1)), "wantedStatus": .string(status),
        ]
        evaluator = [
            "minimumAge": .int(age), "threshold": .double(threshold), "searchString": .string(search), "startDate": .date(start),
            "endDate": .date(end), "flag": .bool(flag),
            "wantedPriority": .enumCase(EnumValue(enumName: "Priority", caseName: priority.0, rawValue: .int(Int64(priority.1)))),
            "wantedStatus": .enumCase(EnumValue(enumName: "Status", caseName: status, rawValue: .string(status))),
        ]
    }

    init(sql: [String: ParameterValue], evaluator: [String: Value]) {
        self.sql = sql
        self.evaluator = evaluator
    }

    /// The values the query uses, for reports.
    func describe(_ names: [String]) -> String {
        names.sorted().map { "\($0) = \(sql[$0].map(String.init(describing:)) ?? "?")" }.joined(separator: ", ")
    }
}

/// Runs query text on SQLite (through `SiftDatabase`) and on the in-memory evaluator, and
/// compares the selected primary keys.
final class DifferentialRunner {
    let world: ExampleWorld
    let database: SiftDatabase
    let evaluator = Evaluator(tieBreak: .identity)

    init(world: ExampleWorld) throws {
        self.world = world
        database = try world.open()
    }

    enum Verdict {
        case agree
        case compileError(String)
        case disagree(Disagreement)
    }

    struct Disagreement {
        var text: String
        var sql: String
        var bindings: String
        var parameters: String
        var ordered: Bool
        var sqlResult: Result<[Int64], any Error>
        var evaluatorResult: Result<[Int64], any Error>
        var trapped: [Int64]

        func report() -> String {
            func show(_ result: Result<[Int64], any Error>, sorted: Bool) -> String {
                switch result {
                case .success(let ids): "\(ids.count) rows \(sorted ? ids.sorted() : ids)"
                case .failure(let error): "error: \(error)"
                }
            }
            var lines = [
                "predicate: \(text)",
                "SQL:\n\(sql)",
                "bindings: \(bindings)",
                "parameters: \(parameters.isEmpty ? "none" : parameters)",
                "SQLite    (sorted ids): \(show(sqlResult, sorted: true))",
                "evaluator (sorted ids): \(show(evaluatorResult, sorted: true))",
            ]
            if ordered {
                lines.append("SQLite    (in order): \(show(sqlResult, sorted: false))")
                lines.append("evaluator (in order): \(show(evaluatorResult, sorted: false))")
            }
            if case .success(let a) = sqlResult, case .success(let b) = evaluatorResult {
                let onlySQL = Set(a).subtracting(b).sorted()
                let onlyEvaluator = Set(b).subtracting(a).sorted()
                lines.append("only SQLite: \(onlySQL); only evaluator: \(onlyEvaluator)")
            }
            if !trapped.isEmpty { lines.append("rows the evaluator says trap: \(trapped.sorted())") }
            return lines.joined(separator: "\n")
        }
    }

    /// Compiles `text` once (the SQL and the evaluator run the same checked query), runs both.
    func check(_ text: String, parameters: ParameterSet, useFacts: Bool, ordered: Bool) -> Verdict {
        database.loweringOptions = SQLLowering.Options(
            facts: .init(nfcColumns: useFacts ? world.nfcColumns : []), breakTiesByPrimaryKey: true, readableLayout: true)
        let compiled: CompiledQuery
        do {
            compiled = try database.compile(text, parameterTypes: ParameterSet.types)
        } catch {
            return .compileError(String(describing: error))
        }
        let sqlResult = Result { () throws -> [Int64] in
            try database.fetch(compiled, parameters: parameters.sql).map { row -> Int64 in
                guard case .int(let id)? = row["id"] else { throw RunnerError.noID }
                return id
            }
        }
        var trapped: [Int64] = []
        let evaluatorResult = Result { () throws -> [Int64] in
            let result = try evaluator.run(compiled.query, in: world.dataset, parameters: parameters.evaluator)
            trapped = result.trapped.compactMap { $0.object.identity.integer }
            return result.selected.map { $0.identity.integer ?? -1 }
        }
        let same: Bool
        switch (sqlResult, evaluatorResult) {
        case (.success(let a), .success(let b)): same = ordered ? a == b : a.sorted() == b.sorted()
        case (.failure, .failure): same = true
        default: same = false
        }
        if same { return .agree }
        let bindings: String
        do {
            bindings = try compiled.bindings(for: parameters.sql, schema: database.schema).enumerated()
                .map { "?\($0.offset + 1) = \($0.element)" }.joined(separator: ", ")
        } catch {
            bindings = "(bindings failed: \(error))"
        }
        return .disagree(
            Disagreement(
                text: text, sql: compiled.sql, bindings: bindings, parameters: parameters.describe(compiled.parameters.map(\.name)),
                ordered: ordered, sqlResult: sqlResult, evaluatorResult: evaluatorResult, trapped: trapped))
    }

    enum RunnerError: Error { case noID }
}
