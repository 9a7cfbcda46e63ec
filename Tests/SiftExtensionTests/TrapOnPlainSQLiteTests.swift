import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// A selected value on which Swift would trap fails the statement on a plain SQLite connection
/// with the extension loaded, with the message Sift's runtime gives; a selection that may trap but
/// does not returns Sift's rows.
@Suite struct TrapOnPlainSQLiteTests {
    static func run(_ text: String) throws -> (sift: Result<[[SQLValue]], any Error>, plain: Result<[[SQLValue]], any Error>) {
        let example = try ExampleFixture.shared()
        let database = try SiftDatabase(path: example.path, modelFile: example.modelFile)
        let query = try database.compile(text)
        #expect(query.sql.contains(siftTrapFunctionName), "\(query.sql)")
        let bindings = try query.bindings(for: [:], schema: database.schema)
        let plain = try PlainSQLiteConnection(path: example.path)
        try plain.loadExtension(try SiftExtensionFile.path())
        return (
            Result { try database.connection.prepare(query.sql).rows(bindings: bindings) },
            Result { try plain.rows(query.sql, bindings: bindings) }
        )
    }

    @Test func aSelectionThatMayTrapReturnsSiftsRows() throws {
        let (sift, plain) = try Self.run("User select name, age + 1 sort by name")
        let rows = try sift.get()
        #expect(rows.count > 10)
        #expect(try plain.get() == rows)
    }

    @Test func aSelectionThatTrapsFailsWithSiftsMessage() throws {
        let (sift, plain) = try Self.run("User select name, age * 9223372036854775807")
        #expect(throws: (any Error).self) { try sift.get() }
        do {
            _ = try plain.get()
            Issue.record("a trapping selection ran on plain SQLite")
        } catch {
            #expect("\(error)".contains(siftTrapMessage), "\(error)")
        }
    }
}
