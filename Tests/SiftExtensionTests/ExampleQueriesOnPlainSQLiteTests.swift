import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Every query of Examples/*.sift, compiled by Sift, run on a plain SQLite connection (SQLite's own
/// calls, not Sift's `Connection`) with the loadable extension loaded, returns exactly the rows
/// Sift's runtime returns for the same SQL and bindings (the rows `sift query` prints).
@Suite struct ExampleQueriesOnPlainSQLiteTests {
    @Test func everyExampleQueryReturnsSiftsRows() throws {
        let example = try ExampleFixture.shared()
        let database = try SiftDatabase(path: example.path, modelFile: example.modelFile)
        let plain = try PlainSQLiteConnection(path: example.path)
        try plain.loadExtension(try SiftExtensionFile.path())
        let queries = try example.compiledQueries(database)
        #expect(queries.count > 50)
        var nonEmpty = 0
        for query in queries {
            let expected = try database.connection.prepare(query.sql).rows(bindings: query.bindings)
            let actual: [[SQLValue]]
            do {
                actual = try plain.rows(query.sql, bindings: query.bindings)
            } catch {
                Issue.record("\(query.text)\n\(query.sql)\nfails on plain SQLite with the extension: \(error)")
                continue
            }
            #expect(actual == expected, "\(query.text)\n\(query.sql)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        // The comparison means something: most example queries select rows.
        #expect(nonEmpty > queries.count / 2)
    }

    /// Without the extension most example queries cannot run at all: it is what supplies Swift's
    /// string and arithmetic semantics.
    @Test func withoutTheExtensionSiftsFunctionsAreMissing() throws {
        let example = try ExampleFixture.shared()
        let database = try SiftDatabase(path: example.path, modelFile: example.modelFile)
        let plain = try PlainSQLiteConnection(path: example.path)
        var missing = 0
        for query in try example.compiledQueries(database) where query.sql.contains("sift_") {
            do {
                _ = try plain.rows(query.sql, bindings: query.bindings)
                Issue.record("\(query.sql) ran without Sift's functions")
            } catch {
                #expect("\(error)".contains("no such function: sift_") || "\(error)".contains("no such collation sequence: sift_"), "\(error)")
                missing += 1
            }
        }
        #expect(missing > 10)
    }
}
