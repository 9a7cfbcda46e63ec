import Sift
import SiftSQLite
import Testing

/// Something a registered function captures, to observe when SQLite releases the function.
private final class Capture: Sendable {}

private struct InvalidInput: Error, CustomStringConvertible {
    var description: String { "the input was invalid" }
}

@Suite("SQL functions and collations")
struct FunctionAndCollationTests {
    @Test func functionsReceiveAndReturnEveryStorageClass() throws {
        let connection = try Connection.inMemory()
        try connection.createFunction(name: "echo", argumentCount: 1) { $0[0] }
        for value: SQLValue in [nil, 1, .integer(.min), 2.5, "", "a\u{0}b", "ü", .blob([]), .blob([0, 9])] {
            #expect(try connection.scalar("SELECT echo(?)", [value]) == value)
        }
    }

    @Test func variadicFunctionsSeeEveryArgument() throws {
        let connection = try Connection.inMemory()
        try connection.createFunction(name: "describe_all") { arguments in
            .text(arguments.map(\.description).joined(separator: " "))
        }
        #expect(try connection.scalar("SELECT describe_all()") == "")
        #expect(try connection.scalar("SELECT describe_all(1, 'x', NULL, x'0F', 0.5)") == #"1 "x" NULL X'0F' 0.5"#)
    }

    @Test func aFixedArgumentCountIsEnforcedBySQLite() throws {
        let connection = try Connection.inMemory()
        try connection.createFunction(name: "twice", argumentCount: 1) { arguments in
            guard case .integer(let value) = arguments[0] else { return .null }
            return .integer(value * 2)
        }
        #expect(try connection.scalar("SELECT twice(21)") == 42)
        let error = #expect(throws: SQLiteError.self) { try connection.prepare("SELECT twice(1, 2)") }
        #expect(error?.message == "wrong number of arguments to function twice()")
    }

    @Test func thrownErrorsBecomeSQLErrors() throws {
        let connection = try Connection.inMemory()
        try connection.createFunction(name: "fail", argumentCount: 1) { arguments in
            if arguments[0] == "sqlite" {
                throw SQLiteError(code: .error, message: "custom message")
            }
            throw InvalidInput()
        }
        let plain = #expect(throws: SQLiteError.self) { try connection.scalar("SELECT fail('x')") }
        #expect(plain?.code == .error)
        #expect(plain?.message == "the input was invalid")
        #expect(plain?.sql == "SELECT fail('x')")
        let custom = #expect(throws: SQLiteError.self) { try connection.scalar("SELECT fail('sqlite')") }
        #expect(custom?.message == "custom message")
        #expect(try connection.scalar("SELECT 1") == 1)
    }

    @Test func onlyDeterministicFunctionsMayIndex() throws {
        let connection = try Connection.inMemory()
        try connection.createFunction(name: "pure_lower", argumentCount: 1, deterministic: true) { arguments in
            arguments[0].textValue.map { .text($0.lowercased()) } ?? .null
        }
        try connection.createFunction(name: "impure_lower", argumentCount: 1, deterministic: false) { arguments in
            arguments[0].textValue.map { .text($0.lowercased()) } ?? .null
        }
        try connection.execute("CREATE TABLE t (name TEXT); INSERT INTO t VALUES ('Ann'), ('BOB')")
        try connection.execute("CREATE INDEX t_pure ON t(pure_lower(name))")
        let error = #expect(throws: SQLiteError.self) {
            try connection.execute("CREATE INDEX t_impure ON t(impure_lower(name))")
        }
        #expect(error?.message.contains("non-deterministic") == true)
        #expect(try connection.scalar("SELECT name FROM t WHERE pure_lower(name) = 'bob'") == "BOB")
    }

    @Test func replacingAFunctionReleasesThePreviousOne() throws {
        let connection = try Connection.inMemory()
        let observed = try registerCapturingFunction(on: connection)
        #expect(try connection.scalar("SELECT captures()") == 1)
        #expect(observed.object != nil)
        try connection.createFunction(name: "captures", argumentCount: 0) { _ in 2 }
        #expect(observed.object == nil)
        #expect(try connection.scalar("SELECT captures()") == 2)
    }

    @Test func functionsAndCollationsAreReleasedWhenTheConnectionCloses() throws {
        var connection: Connection? = try Connection.inMemory()
        let function = try registerCapturingFunction(on: connection!)
        let collation = try registerCapturingCollation(on: connection!)
        #expect(function.object != nil && collation.object != nil)
        connection = nil
        #expect(function.object == nil)
        #expect(collation.object == nil)
    }

    @Test func collationsOrderCompareAndIndex() throws {
        let connection = try Connection.inMemory()
        // Case-insensitive, longest first, then alphabetical.
        try connection.createCollation(name: "by length") { left, right in
            if left.count != right.count { return right.count - left.count }
            let (l, r) = (left.lowercased(), right.lowercased())
            return l < r ? -1 : (l == r ? 0 : 1)
        }
        try connection.execute(
            """
            CREATE TABLE words (w TEXT COLLATE "by length");
            INSERT INTO words VALUES ('b'), ('ccc'), ('aa'), ('A'), ('dd');
            CREATE INDEX words_w ON words(w);
            """)
        #expect(
            try connection.rows("SELECT w FROM words ORDER BY w, rowid").map { $0[0] }
                == ["ccc", "aa", "dd", "A", "b"])
        #expect(try connection.scalar("SELECT count(*) FROM words WHERE w = 'a'") == 1)
        #expect(try connection.scalar("SELECT 'X' = 'x' COLLATE \"by length\"") == 1)
        let unknown = #expect(throws: SQLiteError.self) { try connection.prepare("SELECT 'a' = 'b' COLLATE nope") }
        #expect(unknown?.message == "no such collation sequence: nope")
    }
}

/// A weak reference to what a registered function or collation captured.
private final class WeakCapture {
    weak var object: Capture?
    init(_ object: Capture) { self.object = object }
}

/// Registers `captures()` holding a fresh `Capture`, returning a weak reference to it.
private func registerCapturingFunction(on connection: Connection) throws -> WeakCapture {
    let capture = Capture()
    try connection.createFunction(name: "captures", argumentCount: 0) { [capture] _ in
        withExtendedLifetime(capture) { 1 }
    }
    return WeakCapture(capture)
}

/// Registers the collation `holds` holding a fresh `Capture`, returning a weak reference to it.
private func registerCapturingCollation(on connection: Connection) throws -> WeakCapture {
    let capture = Capture()
    try connection.createCollation(name: "holds") { [capture] left, right in
        withExtendedLifetime(capture) { left < right ? -1 : (left == right ? 0 : 1) }
    }
    return WeakCapture(capture)
}
