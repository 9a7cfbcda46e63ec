import Foundation
import Sift
import SiftSQLite

/// How compile time grows with the size of a predicate: generated predicates of 10, 100, 1,000
/// and 10,000 clauses, compiled (lex + parse + check + lower) against the benchmark database's
/// schema, as
///
/// - `and`: `$0.age > 1 && $0.name != "x1" && $0.score < 2.5 && ...` (one flat chain),
/// - `mixed`: the same clauses joined alternately by `&&` and `||`,
/// - `nested`: `($0.age > 1 && ($0.name != "x1" || ($0.score < 2.5 && (...))))`, bounded by the
///   parser's nesting limit (`Parser.maximumNestingDepth`): 10, 100 and the deepest that parses.
///
/// Reports the time per clause and the ratio per-clause(10,000) / per-clause(100) (target ≤ 2),
/// the phases of the 10,000-clause `and` chain (parse, check, lower), and whether each generated
/// SQL prepares in SQLite (no "Expression tree is too large"). Each of the largest inputs is first
/// compiled by the `sift` binary in a child process, so a stack overflow shows as a crash of the
/// child (reported) rather than of the benchmark.
final class ScalingSuite: Suite {
    let name = "scaling"
    let title = "compile time against predicate size (10 to 10,000 clauses)"

    static let sizes = [10, 100, 1_000, 10_000]

    struct Input {
        var variant: String
        var clauses: Int
        var source: SourceFile
        var sql: String?
        var diagnostics: String?
        /// nil when it prepares; else SQLite's message.
        var prepareError: String?
        var childFailure: String?
    }

    private var loaded: (database: SiftDatabase, inputs: [Input])?

    static func clause(_ index: Int) -> String {
        switch index % 5 {
        case 0: "$0.age > \(index % 100)"
        case 1: "$0.name != \"x\(index)\""
        case 2: "$0.score < \(index % 1000).5"
        case 3: "$0.isActive == \(index % 2 == 0 ? "true" : "false")"
        default: "$0.nickname != \"n\(index)\""
        }
    }

    static func predicate(_ variant: String, clauses count: Int) -> String {
        switch variant {
        case "and":
            return "#Predicate<User> { " + (0..<count).map(clause).joined(separator: " && ") + " }"
        case "mixed":
            var text = clause(0)
            for index in 1..<count { text += (index % 2 == 1 ? " && " : " || ") + clause(index) }
            return "#Predicate<User> { \(text) }"
        default:  // nested
            var text = clause(count - 1)
            for index in stride(from: count - 2, through: 0, by: -1) {
                text = "(\(clause(index)) \(index % 2 == 0 ? "&&" : "||") \(text))"
            }
            return "#Predicate<User> { \(text) }"
        }
    }

    /// The largest nested predicate that parses without error (binary search up to 1,000 clauses).
    static func deepestNesting() -> Int {
        var low = 2
        var high = 1_000
        while low < high {
            let middle = (low + high + 1) / 2
            let source = SourceFile(name: "nested", text: predicate("nested", clauses: middle))
            if Parser.parseQuery(source).hasErrors { high = middle - 1 } else { low = middle }
        }
        return low
    }

    func load(_ context: SuiteContext) throws -> (database: SiftDatabase, inputs: [Input]) {
        if let loaded { return loaded }
        let (_, database) = try SQLSuite.open(context, scale: context.options.effectiveScale)
        let schema = database.schema
        let options = database.effectiveLoweringOptions
        let sift = ProcessSuite.siftBinary(context)
        let deepest = Self.deepestNesting()
        context.shared.figures["scaling.deepestNestedClauses"] = Double(deepest)
        var inputs: [Input] = []
        let plan = [("and", Self.sizes), ("mixed", Self.sizes), ("nested", [10, 100, deepest].filter { $0 <= deepest })]
        for (variant, sizes) in plan {
            for count in Array(Set(sizes)).sorted() {
                let text = Self.predicate(variant, clauses: count)
                let source = SourceFile(name: "\(variant)-\(count).sift", text: text)
                var input = Input(variant: variant, clauses: count, source: source)
                // The largest inputs go to a child process first: a crash there is reported, not suffered.
                if count >= 1_000, let sift {
                    let file = try Self.write(text, name: "scaling-\(variant)-\(count).sift", context)
                    let outcome = try Subprocess.run([sift, "compile", "--schema", context.file("Examples/Models.swift").path, "--file", file])
                    if !outcome.succeeded { input.childFailure = outcome.failureDescription }
                }
                if input.childFailure == nil || input.childFailure?.hasPrefix("exit status") == true {
                    let compilation = Compiler(schema: schema).check(source)
                    if let checked = compilation.checked {
                        let sql = SQLLowering.lower(checked, schema: schema, options: options).sql
                        input.sql = sql
                        do {
                            _ = try database.connection.prepare(sql)
                        } catch {
                            let message = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
                            input.prepareError = message.components(separatedBy: " — in:").first ?? message
                        }
                    } else {
                        input.diagnostics = compilation.diagnostics.first.map(\.message) ?? "does not compile"
                    }
                }
                inputs.append(input)
            }
        }
        loaded = (database, inputs)
        return (database, inputs)
    }

    static func write(_ text: String, name: String, _ context: SuiteContext) throws -> String {
        let path = context.file("bench-data/\(name)").path
        try FileManager.default.createDirectory(atPath: context.file("bench-data").path, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func benchmarks(_ context: SuiteContext) throws -> [Benchmark] {
        let (database, inputs) = try load(context)
        let schema = database.schema
        let options = database.effectiveLoweringOptions
        var benchmarks: [Benchmark] = []
        for input in inputs where input.sql != nil {
            let source = input.source
            benchmarks.append(
                Benchmark(
                    suite: name, name: "compile/\(input.variant)/\(input.clauses)", itemsPerRun: input.clauses,
                    bytesPerRun: source.bytes.count
                ) { { CompileSuite.compile(source, schema: schema, options: options) } })
        }
        // The phases of the largest flat chain.
        if let largest = inputs.first(where: { $0.variant == "and" && $0.clauses == 10_000 && $0.sql != nil }) {
            let source = largest.source
            let parse = Parser.parseQuery(source)
            let parsed = parse.value!
            let height = parse.tallestExpression
            let checked = TypeChecker.check(parsed, schema: schema, source: source, syntaxHeight: height).query!
            benchmarks.append(
                Benchmark(suite: name, name: "phase/parse/and/10000", itemsPerRun: 10_000) {
                    { Parser.parseQuery(source).diagnostics.count }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "phase/check/and/10000", itemsPerRun: 10_000) {
                    { TypeChecker.check(parsed, schema: schema, source: source, syntaxHeight: height).diagnostics.count }
                })
            benchmarks.append(
                Benchmark(suite: name, name: "phase/lower/and/10000", itemsPerRun: 10_000) {
                    { SQLLowering.lower(checked, schema: schema, options: options).sql.utf8.count }
                })
            if largest.prepareError == nil, let sql = largest.sql {
                let connection = database.connection
                benchmarks.append(
                    Benchmark(suite: name, name: "prepare/and/10000", itemsPerRun: 10_000) {
                        { (try? connection.prepare(sql))?.parameterCount ?? -1 }
                    })
            }
        }
        return benchmarks
    }

    func report(_ results: [Result], _ context: SuiteContext) -> [String: Double] {
        guard let inputs = loaded?.inputs else { return [:] }
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var figures: [String: Double] = [:]
        var table = Table([
            ("variant", .left), ("clauses", .right), ("bytes", .right), ("compile", .right), ("min–max", .right),
            ("per clause µs", .right), ("SQL bytes", .right), ("prepares in SQLite", .left),
        ])
        for input in inputs {
            let result = byName["compile/\(input.variant)/\(input.clauses)"]
            let prepares: String
            if let failure = input.childFailure {
                prepares = "child: \(failure)"
            } else if let diagnostics = input.diagnostics {
                prepares = "does not compile: \(diagnostics)"
            } else if let error = input.prepareError {
                prepares = "no: \(error)"
            } else {
                prepares = "yes"
            }
            context.shared.notes["scaling.\(input.variant).\(input.clauses).prepares"] = prepares
            if let result {
                figures["\(input.variant).\(input.clauses).perClauseMicroseconds"] = result.medianPerItemNanoseconds / 1e3
                figures["\(input.variant).\(input.clauses).compileMilliseconds"] = result.medianNanoseconds / 1e6
            }
            table.add([
                input.variant, String(input.clauses), String(input.source.bytes.count),
                result.map { Format.duration($0.medianNanoseconds) } ?? "-",
                result.map { Format.duration($0.minimumNanoseconds) + "–" + Format.duration($0.maximumNanoseconds) } ?? "",
                result.map { Format.fixed($0.medianPerItemNanoseconds / 1e3, 3) } ?? "-",
                input.sql.map { String($0.utf8.count) } ?? "-", prepares,
            ])
        }
        guard !table.rows.isEmpty else { return figures }
        print("Compile time per predicate size (Compiler.check + SQLLowering.lower; per clause = median / clauses)\n")
        print(table.render())
        for variant in ["and", "mixed"] {
            if let large = figures["\(variant).10000.perClauseMicroseconds"], let small = figures["\(variant).100.perClauseMicroseconds"] {
                figures["\(variant).perClauseRatio10000To100"] = large / small
            }
        }
        let deepest = context.shared.figures["scaling.deepestNestedClauses"] ?? 0
        figures["nested.deepestClauses"] = deepest
        if let large = figures["nested.\(Int(deepest)).perClauseMicroseconds"], let small = figures["nested.10.perClauseMicroseconds"] {
            figures["nested.perClauseRatioDeepestTo10"] = large / small
            print("nested: per clause at \(Int(deepest)) / per clause at 10: \(Format.fixed(large / small, 2)) (no target; nesting is bounded)")
        }
        print(
            "\nper clause at 10,000 / per clause at 100: and \(figures["and.perClauseRatio10000To100"].map { Format.fixed($0, 2) } ?? "-"), mixed \(figures["mixed.perClauseRatio10000To100"].map { Format.fixed($0, 2) } ?? "-") (target ≤ 2)"
        )
        print("the deepest nested predicate that parses: \(Int(deepest)) clauses (Parser.maximumNestingDepth = \(Parser.maximumNestingDepth))")
        let phases = ["parse", "check", "lower"].compactMap { phase in byName["phase/\(phase)/and/10000"].map { (phase, $0) } }
        if !phases.isEmpty {
            let parts = phases.map { "\($0.0) \(Format.duration($0.1.medianNanoseconds))" }
            var line = "phases of the 10,000-clause 'and' chain: " + parts.joined(separator: ", ")
            if let prepare = byName["prepare/and/10000"] { line += "; sqlite3_prepare_v2 of its SQL \(Format.duration(prepare.medianNanoseconds))" }
            print(line)
            for (phase, result) in phases { figures["phase.\(phase).and.10000.milliseconds"] = result.medianNanoseconds / 1e6 }
            if let prepare = byName["prepare/and/10000"] { figures["prepare.and.10000.milliseconds"] = prepare.medianNanoseconds / 1e6 }
        }
        print()
        return figures
    }
}
