import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The example store in Core Data's layout (Examples/coredata.sql: the people, companies and
/// interests of Examples/example.sql with the same keys), built once per test process into a
/// temporary file, read with the same model file, and its objects loaded with `DatasetLoader`.
struct CoreDataWorld: Sendable {
    let path: String
    let modelFile: String
    let dataset: Dataset

    private static let loaded: Result<CoreDataWorld, any Error> = Result { try CoreDataWorld() }

    static func shared() throws -> CoreDataWorld { try loaded.get() }

    private init() throws {
        let script = try String(contentsOf: ExampleWorld.repository.appendingPathComponent("Examples/coredata.sql"), encoding: .utf8)
        path = try TemporaryFiles.untilExit.directory("sift-differential-coredata") + "/coredata.sqlite"
        do {
            let writer = try Connection(path: path, mode: .readWriteCreate)
            try writer.execute(script)
        }
        modelFile = ExampleWorld.repository.appendingPathComponent("Examples/Models.swift").path
        let database = try SiftDatabase(path: path, modelFile: modelFile)
        dataset = try DatasetLoader.load(from: database.connection, schema: database.schema)
    }

    /// A new read-only connection to the store.
    func open() throws -> SiftDatabase {
        try SiftDatabase(path: path, modelFile: modelFile)
    }
}

/// The generated queries of the differential test, over the models both layouts hold (people,
/// companies, interests): on the Core Data store they select the same rows, in the same order when
/// sorted, as on the StructuredQueries layout, both in SQLite and in the evaluator (which reads
/// each store through `DatasetLoader`).
@Suite("Differential: the Core Data layout")
struct CoreDataDifferentialTests {
    static let peopleModels: Set<String> = ["User", "Company", "Interest"]

    /// The keys a run selects, or the kind of error it ends with.
    enum Outcome: Equatable {
        case keys([Int64])
        case failed(String)

        func sorted() -> Outcome {
            if case .keys(let keys) = self { return .keys(keys.sorted()) }
            return self
        }
    }

    static func keys(_ database: SiftDatabase, _ query: CompiledQuery, _ parameters: ParameterSet) -> Outcome {
        do {
            return .keys(
                try database.fetch(query, parameters: parameters.sql).map { row in
                    if case .int(let id)? = row["id"] { id } else { -1 }
                })
        } catch {
            return .failed("\(type(of: error))")
        }
    }

    static func evaluated(_ query: CompiledQuery, _ dataset: Dataset, _ parameters: ParameterSet) -> Outcome {
        do {
            let result = try Evaluator(tieBreak: .identity).run(query.query, in: dataset, parameters: parameters.evaluator)
            return .keys(result.selected.map { $0.identity.integer ?? -1 })
        } catch {
            return .failed("\(type(of: error))")
        }
    }

    @Test("generated queries select the same rows on the Core Data store as on the StructuredQueries layout")
    func layoutsAgree() throws {
        let example = try ExampleWorld.shared()
        let coreData = try CoreDataWorld.shared()
        let structured = try example.open()
        let store = try coreData.open()
        for database in [structured, store] {
            database.loweringOptions = SQLLowering.Options(breakTiesByPrimaryKey: true, readableLayout: true)
        }
        let count = DifferentialTests.count
        var checked = 0
        var failures = 0
        for seed in DifferentialTests.firstSeed..<DifferentialTests.firstSeed + UInt64(count) {
            var generator = PredicateGenerator(seed: seed)
            let generated = generator.query()
            guard Self.peopleModels.contains(generated.model) else { continue }
            let text = generated.render()
            // The StructuredQueries layout's foreign-key column is an attribute there (introspection
            // keeps it), not a member of the model: a Core Data store keeps it as the relationship.
            if text.contains("companyID") { continue }
            let parameters = ParameterSet(seed: seed)
            let inStructured: CompiledQuery
            let inStore: CompiledQuery
            do {
                inStructured = try structured.compile(text, parameterTypes: ParameterSet.types)
                inStore = try store.compile(text, parameterTypes: ParameterSet.types)
            } catch {
                failures += 1
                if failures <= 5 { Issue.record("seed \(seed): does not compile on both layouts:\n\(text)\n\(error)") }
                continue
            }
            checked += 1
            func normalised(_ outcome: Outcome) -> Outcome { generated.isOrdered ? outcome : outcome.sorted() }
            let sqlStructured = normalised(Self.keys(structured, inStructured, parameters))
            let sqlStore = normalised(Self.keys(store, inStore, parameters))
            let memoryStructured = normalised(Self.evaluated(inStructured, example.dataset, parameters))
            let memoryStore = normalised(Self.evaluated(inStore, coreData.dataset, parameters))
            if sqlStore != sqlStructured || memoryStore != memoryStructured {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        """
                        seed \(seed): the layouts disagree
                        query: \(text)
                        parameters: \(parameters.describe(inStore.parameters.map(\.name)))
                        Core Data SQL:\n\(inStore.sql)
                        SQLite,    StructuredQueries layout: \(sqlStructured)
                        SQLite,    Core Data layout:         \(sqlStore)
                        evaluator, StructuredQueries layout: \(memoryStructured)
                        evaluator, Core Data layout:         \(memoryStore)
                        """)
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(checked) queries disagree")
        // About half the generated queries are over the people: the run checked many.
        #expect(checked >= count / 4)
    }
}
