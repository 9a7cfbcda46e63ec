import Foundation
import Sift
import SiftSQLite
import Testing

/// Seeded differential test of selections: random concise queries that select columns, distinct
/// rows, aggregates and groups (with a generated filter, conditions on groups and counts with
/// generated conditions), run on SQLite and on the in-memory evaluator, give the same rows (as a
/// multiset, strings compared in NFC, numbers to nine digits), or both fail (a trap).
///
/// `SIFT_SELECTION_COUNT` (default 600) and `SIFT_SELECTION_SEED` (default 1) choose the seeds.
@Suite struct SelectionDifferentialTests {
    static var count: Int { ProcessInfo.processInfo.environment["SIFT_SELECTION_COUNT"].flatMap { Int($0) } ?? 600 }
    static var firstSeed: UInt64 { ProcessInfo.processInfo.environment["SIFT_SELECTION_SEED"].flatMap { UInt64($0) } ?? 1 }

    /// What can be selected, grouped by and aggregated, per model.
    struct Shape {
        var model: String
        var columns: [String]
        var groupKeys: [(key: String, columns: [String])]
        var numbers: [String]
        var comparables: [String]
    }

    static let shapes: [Shape] = [
        Shape(
            model: "User",
            columns: ["name", "nickname", "age", "score", "isActive", "birth", "company?.name", "company?.city", "interests.count", "nickname ?? name",
                      "age >= 30 ? \"older\" : \"younger\""],
            groupKeys: [("company", ["company?.name", "company?.city"]), ("company?.city", ["company?.city"]), ("isActive", ["isActive"]),
                        ("age", ["age"]), ("nickname", ["nickname"])],
            numbers: ["age", "score", "interests.count"], comparables: ["age", "score", "birth", "name", "nickname"]),
        Shape(
            model: "Reminder",
            columns: ["title", "isCompleted", "priority", "status", "position", "dueDate", "remindersList.title", "tags.count"],
            groupKeys: [("remindersList", ["remindersList.title", "remindersList.position"]), ("status", ["status"]),
                        ("priority", ["priority"]), ("isCompleted", ["isCompleted"])],
            numbers: ["position"], comparables: ["position", "dueDate", "title"]),
        Shape(
            model: "Company", columns: ["name", "city", "founded", "users.count"], groupKeys: [("city", ["city"])], numbers: ["users.count"],
            comparables: ["name", "founded"]),
        Shape(
            model: "Interest", columns: ["title", "category", "users.count"], groupKeys: [("category", ["category"])],
            numbers: ["users.count"], comparables: ["title"]),
    ]

    /// One generated query: a filter from the predicate generator, and a projection.
    static func query(seed: UInt64) -> String {
        var generator = PredicateGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        if generator.random.chance(1, in: 12) { return setOperation(&generator) }
        let shape = shapes[generator.random.weighted([6, 5, 2, 2])]
        let scope = GenScope(variables: [GenVariable(name: "", type: .object(shape.model))])
        var text = shape.model
        // A named row: its selection may count queries that read it.
        let namesRow = generator.random.chance(1, in: 5)
        if namesRow { text += " as o" }
        var columns = shape.columns + (rowAggregates[shape.model]?.values ?? [])
        let numbers = shape.numbers + (rowAggregates[shape.model]?.numbers ?? [])
        var groupKeys = shape.groupKeys
        if generator.random.chance(1, in: 6), let join = joins[shape.model].map({ generator.random.pick($0) }) {
            text += " " + join.clause
            columns += join.columns + join.columns
            groupKeys += join.groupKeys.map { ($0, [$0]) }
        }
        // A joined query tests its filter on every joined row: a shallow one keeps the run short.
        let depth = text.contains(" join ") ? 1 : generator.random.int(in: 1...3)
        if generator.random.chance(2, in: 3) { text += " where " + generator.boolean(depth, scope).render() }
        if namesRow, generator.random.chance(1, in: 3) {
            // A condition on a count of a query that reads the row.
            let measure = Self.correlatedMeasure(shape.model, &generator)
            let condition = measure.hasPrefix("count") ? "\(measure) > \(generator.random.pick([0, 1, 3]))" : "!\(measure)"
            text += (text.contains(" where ") ? " && " : " where ") + condition
        }
        if generator.random.chance(1, in: 8), let numbers = rowAggregates[shape.model]?.numbers, !numbers.isEmpty {
            text += (text.contains(" where ") ? " && " : " where ") + "(\(generator.random.pick(numbers))) > \(generator.random.pick([0, 30, 90, 500]))"
        }
        func condition() -> String { generator.boolean(1, scope).render() }
        func aggregate() -> String {
            switch generator.random.below(10) {
            case 0: return "count()"
            case 1: return "count(where: \(condition()))"
            case 2: return "sum(\(generator.random.pick(numbers)))"
            case 3: return "average(\(generator.random.pick(numbers)))"
            case 4: return "min(\(generator.random.pick(shape.comparables)))"
            case 5: return "max(\(generator.random.pick(shape.comparables)))"
            case 6: return "count(distinct: \(generator.random.pick(columns)))"
            case 7: return "count(\(generator.random.pick(columns)))"
            case 8: return sortedConcatenation(shape.model, &generator.random)
            default: return "sum(\(generator.random.pick(shape.numbers)))"
            }
        }
        var labels = 0
        func labelled(_ value: String) -> String {
            labels += 1
            return "c\(labels): \(value)"
        }
        switch generator.random.below(3) {
        case 0:
            let distinct = generator.random.chance(1, in: 3)
            var selected = (0..<generator.random.int(in: 1...3)).map { _ in labelled(generator.random.pick(columns)) }
            if namesRow { selected.append(labelled(Self.correlatedMeasure(shape.model, &generator))) }
            text += " select " + (distinct ? "distinct " : "") + selected.joined(separator: ", ")
        case 1:
            let group = generator.random.pick(groupKeys)
            text += " group by \(group.key)"
            if generator.random.chance(1, in: 3) { text += " having count() > \(generator.random.pick([0, 1, 2, 5]))" }
            var columns = [labelled(generator.random.pick(group.columns))]
            for _ in 0..<generator.random.int(in: 1...3) { columns.append(labelled(aggregate())) }
            text += " select " + columns.joined(separator: ", ")
        default:
            text += " select " + (0..<generator.random.int(in: 1...4)).map { _ in labelled(aggregate()) }.joined(separator: ", ")
        }
        if text.contains(" join "), !text.contains(" select ") { text += " select " + labelled(generator.random.pick(columns)) }
        return text
    }

    enum Outcome: Equatable {
        case rows([[String]])
        case failed
    }

    @Test func generatedSelectionsAgree() throws {
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
            let sqlite: Outcome
            do {
                sqlite = .rows(Self.sorted(try database.fetch(compiled, parameters: parameters.sql).map { $0.values.map(Self.text) }))
            } catch {
                sqlite = .failed
            }
            let evaluated: Outcome
            do {
                evaluated = .rows(Self.sorted(try Evaluator().select(compiled.query, in: world.dataset, parameters: parameters.evaluator).rows.map { $0.map(Self.text) }))
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

    /// Canonically equivalent strings are one row of a set operation, as Swift's `==` says.
    @Test func setOperationsCompareStringsAsSwift() throws {
        let world = try ExampleWorld.shared()
        let database = try world.open()
        for text in ["Interest select title intersect Interest select title", "Interest select title except User select name"] {
            let compiled = try database.compile(text)
            let sqlite = try database.fetch(compiled).map { $0.values.map(Self.text) }
            let evaluated = try Evaluator().select(compiled.query, in: world.dataset).rows.map { $0.map(Self.text) }
            #expect(Self.sorted(sqlite) == Self.sorted(evaluated), "\(text)")
        }
    }

    /// The generator reaches each kind of projection within the default run's seeds.
    @Test func theGeneratorCoversTheConstructs() {
        let texts = (UInt64(1)...UInt64(600)).map(Self.query(seed:)).joined(separator: "\n")
        for construct in [" where ", "select distinct", " group by ", " having ", "count()", "count(where:", "sum(", "average(", "min(", "max(",
                          "count(distinct:", "group by remindersList", "company?.", " join interests as j", "left join ", " join Company as j on ",
                          "j.company?.city == city", "join j.company as k", "on j.category != company?.city", "group by j.", " union ", " intersect ", " except ",
                          ".map(\\.age).max()", ".map { $0.age }.min()", ".sum()", ".average()", ".filter { $0.isActive }.map(", "sortedBy: ",
                          "order: .reverse", "groupConcat(distinct:", "}.sum()", ") > ", " as o ", "count(User where", "exists(",
                          "age > o.age)", " union all ", ") > 1", "&& !exists("]
        {
            #expect(texts.contains(construct), "\(construct)")
        }
    }

    static func sorted(_ rows: [[String]]) -> [[String]] {
        rows.sorted { $0.joined(separator: "\u{1F}") < $1.joined(separator: "\u{1F}") }
    }

    static func number(_ value: Double) -> String { value == 0 ? "0" : String(format: "%.9g", value) }

    static func text(_ value: DecodedValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let flag): String(flag)
        case .int(let integer): String(integer)
        case .double(let real): number(real)
        case .string(let text): text.precomposedStringWithCanonicalMapping
        case .date(let date): number(date.timeIntervalSinceReferenceDate)
        case .enumCase(let name, _): name
        default: value.description
        }
    }

    static func text(_ value: Value) -> String {
        switch value {
        case .null: "nil"
        case .some(let inner): text(inner)
        case .bool(let flag): String(flag)
        case .int(let integer): String(integer)
        case .uint(let integer): String(integer)
        case .double(let real): number(real)
        case .string(let text): text.precomposedStringWithCanonicalMapping
        case .date(let date): number(date.timeIntervalSinceReferenceDate)
        case .enumCase(let value): value.caseName
        default: value.description
        }
    }
}
