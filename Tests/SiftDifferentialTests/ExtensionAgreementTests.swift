import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The generated queries of the differential test, compiled by Sift, return the same rows on a
/// plain SQLite connection (SQLite's own calls) with Sift's loadable extension loaded as on Sift's
/// runtime connection: the extension's functions and collations are Sift's.
///
/// `SIFT_EXTENSION_DIFFERENTIAL_COUNT` (default 2000) queries from seed `SIFT_DIFFERENTIAL_SEED`
/// (default 1), NFC facts on for even seeds as in `DifferentialTests`; `SIFT_EXTENSION=PATH` tests
/// another build of the extension (see `SiftExtensionFile`).
@Suite("Differential: the loadable extension vs Sift's runtime")
struct ExtensionAgreementTests {
    static var count: Int {
        ProcessInfo.processInfo.environment["SIFT_EXTENSION_DIFFERENTIAL_COUNT"].flatMap { Int($0) } ?? 2000
    }

    @Test("generated queries return Sift's rows on a plain SQLite connection with the extension")
    func generatedQueriesAgree() throws {
        let world = try ExampleWorld.shared()
        let database = try world.open()
        let plain = try PlainSQLiteConnection(path: world.path)
        try plain.loadExtension(try SiftExtensionFile.path())
        var compared = 0
        var callingSift = 0
        var failures = 0
        let first = DifferentialTests.firstSeed
        for seed in first..<first + UInt64(Self.count) where failures < 10 {
            var generator = PredicateGenerator(seed: seed)
            let query = generator.query()
            let text = query.render()
            database.loweringOptions = SQLLowering.Options(
                facts: .init(nfcColumns: seed % 2 == 0 ? world.nfcColumns : []), breakTiesByPrimaryKey: true, readableLayout: true)
            // A query that does not compile is the differential test's finding, not this one's.
            guard let compiled = try? database.compile(text, parameterTypes: ParameterSet.types) else { continue }
            let bindings = try compiled.bindings(for: ParameterSet(seed: seed).sql, schema: database.schema)
            let expected = Result { try database.connection.prepare(compiled.sql).rows(bindings: bindings) }
            let actual = Result { try plain.rows(compiled.sql, bindings: bindings) }
            compared += 1
            if compiled.sql.contains("sift_") { callingSift += 1 }
            let agree: Bool
            switch (expected, actual) {
            case (.success(let a), .success(let b)): agree = query.isOrdered ? a == b : a.sorted(by: Self.before) == b.sorted(by: Self.before)
            case (.failure, .failure): agree = true
            default: agree = false
            }
            if !agree {
                failures += 1
                Issue.record(
                    """
                    seed \(seed): the extension's rows differ from Sift's runtime
                    query: \(text)
                    SQL:
                    \(compiled.sql)
                    bindings: \(bindings)
                    Sift's runtime: \(expected)
                    plain SQLite with the extension: \(actual)
                    """)
            }
        }
        print("extension differential: \(compared) queries compared (\(callingSift) calling Sift's functions), \(failures) failures")
        // The comparison covers what it claims to: most generated SQL calls Sift's functions.
        #expect(compared > Self.count * 9 / 10)
        #expect(callingSift > compared / 3)
    }

    /// A total order on rows, to compare the rows of an unordered query as multisets.
    static func before(_ lhs: [SQLValue], _ rhs: [SQLValue]) -> Bool {
        lhs.map(\.description).lexicographicallyPrecedes(rhs.map(\.description))
    }
}
