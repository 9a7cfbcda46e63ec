import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The example data for PostgreSQL (`Examples/example.postgresql.sql`) is the example SQLite
/// database's, converted by ``PostgreSQLExample``. `SIFT_UPDATE_GOLDEN=1` writes the file again.
@Suite struct PostgreSQLExampleFileTests {
    static let file = ExampleWorld.repository.appendingPathComponent("Examples/example.postgresql.sql")

    @Test func theCheckedInScriptHoldsTheExampleDatabasesRows() throws {
        let world = try ExampleWorld.shared()
        let connection = try Connection(path: world.path, mode: .readOnly)
        let script = try PostgreSQLExample.script(from: connection)
        if ProcessInfo.processInfo.environment["SIFT_UPDATE_GOLDEN"] == "1" {
            try script.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: Self.file, encoding: .utf8) == script)
    }
}
