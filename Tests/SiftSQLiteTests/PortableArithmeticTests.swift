import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Portable `Int` arithmetic and `Int(x)` of a `Double` on the values where SQLite and Swift part
/// ways (overflow, `Int.min / -1`, `Int.min % -1`, division by zero, out-of-range conversions):
/// the rows portable SQL selects on a connection without Sift's functions are those Swift selects,
/// a trap selecting nothing.
@Suite struct PortableArithmeticTests {
    let temporaryFiles = TemporaryFiles()

    static let integers: [Int64] = [.min, .min + 1, -3_037_000_500, -7, -2, -1, 0, 1, 2, 3, 7, 3_037_000_500, .max - 1, .max]
    static let doubles: [Double] = [-0x1p63, -0x1p63 - 4096, 0x1p63, 0x1p63 - 1024, -7.9, -0.5, 0, 0.5, 7.9, .infinity, -.infinity, 1e300]

    /// `pairs(id, a, b)` with every pair of ``integers``, and `reals(id, x)` with ``doubles``.
    func makeDatabase() throws -> (path: String, database: SiftDatabase) {
        let path = temporaryFiles.path("sift-portable-arithmetic", suffix: ".sqlite")
        let writer = try Connection(path: path, mode: .readWriteCreate)
        try writer.execute("CREATE TABLE pairs (id INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER NOT NULL); CREATE TABLE reals (id INTEGER PRIMARY KEY, x REAL NOT NULL)")
        let pair = try writer.prepare("INSERT INTO pairs (a, b) VALUES (?1, ?2)")
        for a in Self.integers { for b in Self.integers { _ = try pair.rows(bindings: [.integer(a), .integer(b)]) } }
        let real = try writer.prepare("INSERT INTO reals (x) VALUES (?1)")
        for x in Self.doubles { _ = try real.rows(bindings: [.real(x)]) }
        let database = try SiftDatabase(path: path)
        database.loweringOptions.portable = true
        return (path, database)
    }

    /// The ids a portable query selects on a plain connection.
    static func ids(_ path: String, _ query: CompiledQuery, _ database: SiftDatabase) throws -> [Int64] {
        #expect(!SiftCallScan.callsSift(query.sql), "\(query.sql)")
        let bindings = try query.bindings(for: [:], schema: database.schema)
        return try Connection(path: path).prepare(query.sql).rows(bindings: bindings).map { $0[0].integerValue ?? -1 }.sorted()
    }

    static let operations: [(symbol: String, swift: @Sendable (Int64, Int64) -> Int64?)] = [
        ("+", { let r = $0.addingReportingOverflow($1); return r.overflow ? nil : r.partialValue }),
        ("-", { let r = $0.subtractingReportingOverflow($1); return r.overflow ? nil : r.partialValue }),
        ("*", { let r = $0.multipliedReportingOverflow(by: $1); return r.overflow ? nil : r.partialValue }),
        ("/", { a, b in
            guard b != 0 else { return nil }
            let r = a.dividedReportingOverflow(by: b)
            return r.overflow ? nil : r.partialValue
        }),
        ("%", { a, b in
            guard b != 0 else { return nil }
            let r = a.remainderReportingOverflow(dividingBy: b)
            return r.overflow ? nil : r.partialValue
        }),
    ]

    @Test func integerArithmeticTrapsWhereSwiftTraps() throws {
        let (path, database) = try makeDatabase()
        var rows: [(id: Int64, a: Int64, b: Int64)] = []
        var id: Int64 = 1
        for a in Self.integers { for b in Self.integers { rows.append((id, a, b)); id += 1 } }
        for (symbol, swift) in Self.operations {
            for (test, holds) in [("> 0", { (v: Int64) in v > 0 }), ("<= 0", { $0 <= 0 }), ("== -1", { $0 == -1 })] as [(String, (Int64) -> Bool)] {
                let query = try database.compile("Pair where a \(symbol) b \(test)")
                let expected = rows.filter { swift($0.a, $0.b).map(holds) ?? false }.map(\.id)
                #expect(try Self.ids(path, query, database) == expected, "a \(symbol) b \(test)")
            }
        }
        let negation = try database.compile("Pair where -a < 0")
        #expect(try Self.ids(path, negation, database) == rows.filter { $0.a != .min && -$0.a < 0 }.map(\.id))
    }

    @Test func intOfADoubleTrapsOutsideIntsRange() throws {
        let (path, database) = try makeDatabase()
        for (test, holds) in [(">= 0", { (v: Int64) in v >= 0 }), ("< 0", { $0 < 0 })] as [(String, (Int64) -> Bool)] {
            let query = try database.compile("Real where Int(x) \(test)")
            let expected = Self.doubles.enumerated().filter { _, x in
                guard x.isFinite, x >= -0x1p63, x < 0x1p63 else { return false }
                return holds(Int64(x))
            }.map { Int64($0.offset + 1) }
            #expect(try Self.ids(path, query, database) == expected, "Int(x) \(test)")
        }
    }
}
