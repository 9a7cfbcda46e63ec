import Foundation
import Sift
import SiftSQLite
import Testing

/// Random format strings on a real Core Data store (`Examples/coredata.sql`, Core Data's layout of
/// the example's people) select the same rows as on the StructuredQueries layout, in SQLite and in
/// the evaluator: the format-string front end meets the store layout it was made for.
@Suite("Differential: format strings on the Core Data layout")
struct FormatCoreDataLayoutTests {
    @Test("generated format strings select the same rows on the Core Data store as on the StructuredQueries layout")
    func layoutsAgree() throws {
        let example = try ExampleWorld.shared()
        let coreData = try CoreDataWorld.shared()
        let structured = try example.open()
        let store = try coreData.open()
        for database in [structured, store] {
            database.loweringOptions = SQLLowering.Options(breakTiesByPrimaryKey: true, readableLayout: true)
        }
        let count = max(FormatDifferentialTests.count / 3, 1)
        var failures = 0
        for seed in FormatDifferentialTests.firstSeed..<FormatDifferentialTests.firstSeed + UInt64(count) {
            var generator = FormatStringGenerator(seed: seed)
            let text = generator.query()
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
            func normalised(_ outcome: CoreDataDifferentialTests.Outcome) -> CoreDataDifferentialTests.Outcome {
                generator.isOrdered ? outcome : outcome.sorted()
            }
            let sqlStructured = normalised(CoreDataDifferentialTests.keys(structured, inStructured, parameters))
            let sqlStore = normalised(CoreDataDifferentialTests.keys(store, inStore, parameters))
            let memoryStore = normalised(CoreDataDifferentialTests.evaluated(inStore, coreData.dataset, parameters))
            if sqlStore != sqlStructured || memoryStore != sqlStore {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        """
                        seed \(seed): the layouts disagree
                        query: \(text)
                        Core Data SQL:\n\(inStore.sql)
                        SQLite,    StructuredQueries layout: \(sqlStructured)
                        SQLite,    Core Data layout:         \(sqlStore)
                        evaluator, Core Data layout:         \(memoryStore)
                        """)
                }
            }
        }
        #expect(failures == 0, "\(failures) of \(count) format strings disagree")
    }
}
