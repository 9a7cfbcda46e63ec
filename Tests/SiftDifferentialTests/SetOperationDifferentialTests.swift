import Foundation
import Sift
import SiftSQLite
import Testing

/// Seeded differential test of set operations: random `union`, `intersect` and `except` chains of
/// selections (strings stored composed and decomposed, optional and non-optional columns, dates
/// stored as ISO text and as seconds), sorted and limited as a whole, run on SQLite and on the
/// in-memory evaluator, give the same rows.
///
/// `SIFT_SETOP_COUNT` (default 300) and `SIFT_SETOP_SEED` (default 1) choose the seeds.
@Suite struct SetOperationDifferentialTests {
    static var count: Int { ProcessInfo.processInfo.environment["SIFT_SETOP_COUNT"].flatMap { Int($0) } ?? 300 }
    static var firstSeed: UInt64 { ProcessInfo.processInfo.environment["SIFT_SETOP_SEED"].flatMap { UInt64($0) } ?? 1 }

    /// Columns of each type, per model.
    static let pools: [String: [String: [String]]] = [
        "String": [
            "User": ["name", "nickname", "company?.name", "nickname ?? name"], "Company": ["name", "city"], "Interest": ["title", "category"],
            "Reminder": ["title", "remindersList.title"], "Tag": ["title"],
        ],
        "Int": ["User": ["age", "interests.count"], "Company": ["users.count"], "Reminder": ["position"], "Interest": ["users.count"]],
        "Date": ["User": ["birth"], "Company": ["founded"], "Reminder": ["dueDate"]],
    ]

    /// One generated query: two to four operands of one or two columns.
    static func query(seed: UInt64) -> String {
        var generator = PredicateGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        let types = (0..<generator.random.int(in: 1...2)).map { _ in generator.random.pick(["String", "Int", "Date"]) }
        func operand() -> String {
            let candidates = pools[types[0]]!.keys.sorted().filter { model in types.allSatisfy { pools[$0]![model] != nil } }
            let model = generator.random.pick(candidates)
            var text = model
            if generator.random.chance(1, in: 2), ["User", "Reminder", "Company", "Interest"].contains(model) {
                let scope = GenScope(variables: [GenVariable(name: "", type: .object(model))])
                text += " where " + generator.boolean(generator.random.int(in: 1...2), scope).render()
            }
            let columns = types.enumerated().map { index, type in "c\(index + 1): \(generator.random.pick(pools[type]![model]!))" }
            return text + " select " + columns.joined(separator: ", ")
        }
        var text = operand()
        for _ in 0..<generator.random.int(in: 1...3) {
            text += " " + generator.random.pick(["union", "union all", "intersect", "except"]) + " " + operand()
        }
        if generator.random.chance(1, in: 2) {
            // Every column: the combined rows are distinct, so the order is total.
            text += " sort by " + types.indices.map { "c\($0 + 1)" + (generator.random.chance(1, in: 2) ? " desc" : "") }.joined(separator: ", ")
            if generator.random.chance(1, in: 2) { text += " limit \(generator.random.int(in: 1...6))" }
            if generator.random.chance(1, in: 3) { text += " offset \(generator.random.int(in: 0...3))" }
        }
        return text
    }

    @Test func generatedSetOperationsAgree() throws {
        let world = try ExampleWorld.shared()
        let database = try world.open()
        var failures = 0
        for seed in Self.firstSeed..<Self.firstSeed + UInt64(Self.count) {
            let text = Self.query(seed: seed)
            let parameters = ParameterSet(seed: seed)
            let compiled: CompiledQuery
            do {
                compiled = try database.compile(text, parameterTypes: ParameterSet.types)
            } catch {
                failures += 1
                Issue.record("seed \(seed): the generator wrote a query that does not compile:\n\(text)\n\(error)")
                continue
            }
            let ordered = text.contains(" sort by ")
            let arrange = { (rows: [[String]]) in ordered ? rows : SelectionDifferentialTests.sorted(rows) }
            let sqlite: SelectionDifferentialTests.Outcome
            do {
                sqlite = .rows(arrange(try database.fetch(compiled, parameters: parameters.sql).map { $0.values.map(SelectionDifferentialTests.text) }))
            } catch {
                sqlite = .failed
            }
            let evaluated: SelectionDifferentialTests.Outcome
            do {
                evaluated = .rows(
                    arrange(
                        try Evaluator().select(compiled.query, in: world.dataset, parameters: parameters.evaluator).rows.map {
                            $0.map(SelectionDifferentialTests.text)
                        }))
            } catch is Trap {
                evaluated = .failed
            }
            if sqlite != evaluated {
                failures += 1
                Issue.record("seed \(seed): \(text)\n\(compiled.sql)\nSQLite: \(sqlite)\nevaluator: \(evaluated)")
                if failures > 5 { break }
            }
        }
    }

    /// The generated chains measured (`count(...)`, `exists(...)`), and read through a named
    /// sub-query (`with t = (...) t select c1 sort by c1`, `count(t)`): SQLite and the evaluator
    /// give the same rows.
    @Test func generatedMeasuresAndSubQueriesAgree() throws {
        let world = try ExampleWorld.shared()
        let database = try world.open()
        var failures = 0
        for seed in Self.firstSeed..<Self.firstSeed + UInt64(Self.count / 2) {
            let chain = Self.query(seed: seed)
            let variants = [
                "count(\(chain))", "exists(\(chain))", "with t = (\(chain)) t select c1 sort by c1", "with t = (\(chain)) count(t)",
            ]
            let text = variants[Int(seed % UInt64(variants.count))]
            let parameters = ParameterSet(seed: seed)
            let compiled: CompiledQuery
            do {
                compiled = try database.compile(text, parameterTypes: ParameterSet.types)
            } catch {
                failures += 1
                Issue.record("seed \(seed): the generator wrote a query that does not compile:\n\(text)\n\(error)")
                continue
            }
            let sqlite: SelectionDifferentialTests.Outcome
            do {
                sqlite = .rows(try database.fetch(compiled, parameters: parameters.sql).map { $0.values.map(SelectionDifferentialTests.text) })
            } catch {
                sqlite = .failed
            }
            let evaluated: SelectionDifferentialTests.Outcome
            do {
                evaluated = .rows(
                    try Evaluator().select(compiled.query, in: world.dataset, parameters: parameters.evaluator).rows.map {
                        $0.map(SelectionDifferentialTests.text)
                    })
            } catch is Trap {
                evaluated = .failed
            }
            if sqlite != evaluated {
                failures += 1
                Issue.record("seed \(seed): \(text)\n\(compiled.sql)\nSQLite: \(sqlite)\nevaluator: \(evaluated)")
                if failures > 5 { break }
            }
        }
    }

    /// The generator reaches each operator, sorting, limits and each column type.
    @Test func theGeneratorCoversTheConstructs() {
        let texts = (UInt64(1)...200).map(Self.query(seed:)).joined(separator: "\n")
        for construct in [" union all ", " intersect ", " except ", " sort by ", " limit ", " offset ", "nickname", "dueDate", "birth", "age", " desc"] {
            #expect(texts.contains(construct), "\(construct)")
        }
        // A plain union, not only 'union all' (whose text contains " union ").
        #expect(texts.contains(try! Regex(" union (?!all )")), "plain union")
    }
}
