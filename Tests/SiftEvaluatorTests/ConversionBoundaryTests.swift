import Foundation
import Sift
import SiftSQLite
import Testing

/// `Int(Double)` at the ends of Int64's range: -2^63 converts, 2^63 traps, on SQLite as in Swift.
@Suite struct ConversionBoundaryTests {
    @Test(arguments: [(Int64.min, true), (Int64.max, false), (-1, true)])
    func doubleToIntAtTheBoundary(value: Int64, converts: Bool) throws {
        let example = try ExampleDatabase.shared()
        let text = "User where Int(Double(bound)) <= age"
        let database = try example.openSift()
        let sqliteCount = try database.fetch(database.compile(text), parameters: ["bound": .int(value)]).count
        let evaluatorCount = try example.ids(text, ["bound": .int(value)]).count
        let everyone = try example.ids("User where age >= 0").count
        #expect(sqliteCount == evaluatorCount)
        #expect(sqliteCount == (converts ? everyone : 0))
    }
}
