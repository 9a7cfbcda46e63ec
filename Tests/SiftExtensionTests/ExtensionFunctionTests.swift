import Foundation
import Sift
import SiftTestSupport
import Testing

/// Every function and collation Sift's SQL may call is registered by the loadable extension, and
/// answers on a plain SQLite connection exactly what its Swift definition (`SiftFunction.evaluate`,
/// `SiftCollation.compare`) answers, over arguments on the boundaries of each storage class.
@Suite struct ExtensionFunctionTests {
    /// Arguments: texts (ASCII, composed and decomposed accents, Korean, ß, CR LF, NUL, empty),
    /// integers at the ends of Int64, reals (±0, ±infinity, huge), Sift's NaN, NULL and BLOBs.
    static let arguments: [SQLValue] = [
        .text("kim"), .text("Kim"), .text("Jos\u{E9}"), .text("Jose\u{301}"), .text("김민준"), .text("Straße"), .text("a\r\nb"),
        .text("\r"), .text("x\u{0}y"), .text(""), .integer(0), .integer(7), .integer(-3), .integer(.max), .integer(.min),
        .text("\r\n"), .text("a\r"), .text("\nb"), .text("Ça va"), .real(2.5), .real(-0.0), .real(.infinity), .real(-.infinity), .real(1e300), SiftFunction.notANumber, .null, .blob([1, 2]),
        .blob([]), .text("2026-12-01T09:00:00Z"), .text("2026-12-01 09:00:00.001"), .integer(8), .integer(-16),
    ]

    /// The argument lists to try for a function of `arity` (-1: any number).
    static func argumentLists(arity: Int) -> [[SQLValue]] {
        switch arity {
        case 1: return arguments.map { [$0] }
        case 2: return arguments.flatMap { first in arguments.map { [first, $0] } }
        case 3:
            // The `sift_ns_*` functions: text, pattern and option bits (none, case, diacritics, both).
            let options = arguments.flatMap { first in arguments.map { [first, $0, .integer(0)] } }
                + arguments.flatMap { first in [0, 1, 2, 3].map { [first, .text("k"), .integer(Int64($0))] } }
            // `sift_sorted_concat`: pairs of each kind of key, and every other argument, in each mode.
            let pairs: [SQLValue] = [
                .text(#"[[2,"b"],[1,"a"],[null,"n"],[1,null]]"#), .text(#"[["0.1","x"],["inf","y"],["-inf","z"],[1e300,"w"]]"#),
                .text(#"[["é","1"],["é","2"],["f","3"]]"#), .text(#"[[9223372036854775807,"a"],[1e30,"b"]]"#), .text("[1]"),
                .text("not json"),
            ]
            let modes: [SQLValue] = [0, 1, 2, 3, 4, 6, 7].map { SQLValue.integer($0) }
            return options + (pairs + arguments).flatMap { first in modes.map { [first, .text(", "), $0] } }
                + arguments.map { [.text(#"[[1,"a"],[0,"b"]]"#), $0, .integer(0)] }
        default:
            return arguments.map { [$0] } + arguments.flatMap { first in arguments.map { [first, $0] } }
                + arguments.map { [$0, .real(1), .real(-1)] }
        }
    }

    @Test(arguments: SiftFunction.allCases)
    func functionAgreesWithItsSwiftDefinition(_ function: SiftFunction) throws {
        let plain = try PlainSQLiteConnection(path: ":memory:", writable: true)
        try plain.loadExtension(try SiftExtensionFile.path())
        for arguments in Self.argumentLists(arity: function.arity) {
            let placeholders = arguments.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
            let rows = try plain.rows("SELECT \(function.sqlName)(\(placeholders))", bindings: arguments)
            #expect(rows == [[function.evaluate(arguments)]], "\(function.sqlName)\(arguments)")
        }
    }

    @Test(arguments: SiftCollation.all.map(\.sqlName))
    func collationSortsAsItsSwiftDefinition(_ name: String) throws {
        let collation = try #require(SiftCollation.all.first { $0.sqlName == name })
        let plain = try PlainSQLiteConnection(path: ":memory:", writable: true)
        try plain.loadExtension(try SiftExtensionFile.path())
        let words = [
            "file10", "file9", "File2", "éclair", "eclair", "Eclair", "e\u{301}clair", "zebra", "Zebra", "김치", "apple", "Apple", "",
            "a b", "ab", "straße", "strasse",
        ]
        let values = words.indices.map { "(?\($0 + 1))" }.joined(separator: ", ")
        let sorted = try plain.rows(
            "SELECT column1 FROM (VALUES \(values)) ORDER BY column1 COLLATE \(name), column1", bindings: words.map(SQLValue.text))
        let expected = words.sorted { lhs, rhs in
            let order = collation.compare(lhs, rhs)
            return order != 0 ? order < 0 : Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8))
        }
        #expect(sorted == expected.map { [SQLValue.text($0)] })
    }

    /// The shared object asks the host for every SQLite routine: it neither links libsqlite3 nor
    /// leaves an `sqlite3_*` symbol for the dynamic linker to bind to some other copy of SQLite,
    /// and it exports nothing but its entry point.
    @Test func callsSQLiteOnlyThroughTheHostsRoutines() throws {
        let path = try SiftExtensionFile.path()
        let needed = try Self.run("/usr/bin/readelf", ["--dynamic", "--wide", path])
        #expect(needed.contains("(NEEDED)"))
        #expect(!needed.contains("libsqlite3"), "\(needed)")
        let undefined = try Self.run("/usr/bin/nm", ["--dynamic", "--undefined-only", path])
        #expect(!undefined.isEmpty)
        #expect(!undefined.contains("sqlite3"), "\(undefined)")
        let exported = try Self.run("/usr/bin/nm", ["--dynamic", "--defined-only", "--extern-only", path])
        #expect(exported.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) } == ["sqlite3_sift_init"], "\(exported)")
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}
