import CLibPQ
import Foundation
import Sift

/// A bare libpq connection for what must not go through Sift's runtime: loading the PostgreSQL
/// benchmark database (`COPY ... FROM STDIN`), and running Sift's SQL and the hand-written SQL the
/// same way (a statement prepared once, executed with text parameters, every value of every row
/// read as text), so that their ratio compares the SQL alone. Errors throw `BenchError` with the
/// server's message.
final class RawPostgres {
    let connection: OpaquePointer
    private var statementCount = 0

    init(uri: String) throws {
        guard let connection = PQconnectdb(uri) else { throw BenchError(description: "PQconnectdb: out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw BenchError(description: "cannot connect to PostgreSQL (\(uri)): \(message)")
        }
        self.connection = connection
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit { PQfinish(connection) }

    private var errorMessage: String { String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Runs a script without parameters (several statements separated by semicolons).
    func execute(_ sql: String) throws {
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw BenchError(description: "PostgreSQL: \(errorMessage)\nin: \(sql.prefix(300))")
        }
    }

    /// Runs `sql` once (unnamed statement) with text parameters and returns its rows as text.
    func rows(_ sql: String, _ parameters: [String?] = []) throws -> [[String?]] {
        let statement = try prepare(sql, parameterCount: parameters.count)
        defer { statement.deallocate() }
        return try statement.rows(parameters)
    }

    /// Prepares `sql` as a named statement (`PREPARE` over the protocol), its parameter types left
    /// to the server.
    func prepare(_ sql: String, parameterCount: Int) throws -> RawPostgresStatement {
        statementCount += 1
        let name = "bench_\(statementCount)"
        let result = PQprepare(connection, name, sql, 0, nil)
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            throw BenchError(description: "PostgreSQL cannot prepare: \(errorMessage)\nin: \(sql.prefix(300))")
        }
        return RawPostgresStatement(name: name, owner: self, parameterCount: parameterCount)
    }

    /// Prepares `sql` as the unnamed statement (replacing the one before: nothing to deallocate),
    /// one round trip over the socket: what the server spends parsing, analysing and rewriting
    /// the text. Returns 1, or nil when it refuses the SQL.
    func prepareUnnamed(_ sql: String) -> Int? {
        let result = PQprepare(connection, "", sql, 0, nil)
        defer { PQclear(result) }
        return PQresultStatus(result) == PGRES_COMMAND_OK ? 1 : nil
    }

    /// Sends `lines` (COPY's text format, one row per line) to `COPY table FROM STDIN`.
    func copy(_ statement: String, _ lines: (_ send: (String) throws -> Void) throws -> Void) throws {
        let started = PQexec(connection, statement)
        let status = PQresultStatus(started)
        PQclear(started)
        guard status == PGRES_COPY_IN else { throw BenchError(description: "PostgreSQL: \(errorMessage)\nin: \(statement)") }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        func flush() throws {
            guard !buffer.isEmpty else { return }
            let sent = buffer.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { PQputCopyData(connection, $0.baseAddress, Int32($0.count)) }
            }
            guard sent == 1 else { throw BenchError(description: "COPY: \(errorMessage)") }
            buffer.removeAll(keepingCapacity: true)
        }
        do {
            try lines { line in
                buffer.append(contentsOf: line.utf8)
                buffer.append(UInt8(ascii: "\n"))
                if buffer.count >= 1 << 20 { try flush() }
            }
            try flush()
        } catch {
            _ = PQputCopyEnd(connection, "the benchmark's loader failed")
            while let result = PQgetResult(connection) { PQclear(result) }
            throw error
        }
        guard PQputCopyEnd(connection, nil) == 1 else { throw BenchError(description: "COPY: \(errorMessage)") }
        var failure: String?
        while let result = PQgetResult(connection) {
            if PQresultStatus(result) != PGRES_COMMAND_OK { failure = errorMessage }
            PQclear(result)
        }
        if let failure { throw BenchError(description: "COPY failed: \(failure)\nin: \(statement)") }
    }

    /// A value in COPY's text format: `\N` for NULL, backslash escapes for the characters COPY reads specially.
    static func copyField(_ text: String?) -> String {
        guard let text else { return "\\N" }
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 9 || $0 == 10 || $0 == 13 }) else { return text }
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// An `SQLValue` in the text form PostgreSQL reads for a parameter of the type the statement
    /// gives it (nil for NULL).
    static func parameterText(_ value: SQLValue) -> String? {
        switch value {
        case .null: return nil
        case .integer(let integer): return String(integer)
        case .real(let real):
            if real.isNaN { return "NaN" }
            if real.isInfinite { return real < 0 ? "-Infinity" : "Infinity" }
            return "\(real)"
        case .text(let text): return text
        case .blob(let bytes): return "\\x" + bytes.map { String(format: "%02x", $0) }.joined()
        }
    }
}

/// A named prepared statement of a `RawPostgres`.
final class RawPostgresStatement {
    let name: String
    let owner: RawPostgres
    let parameterCount: Int

    init(name: String, owner: RawPostgres, parameterCount: Int) {
        self.name = name
        self.owner = owner
        self.parameterCount = parameterCount
    }

    func deallocate() { PQclear(PQexec(owner.connection, "DEALLOCATE \(name)")) }

    /// Executes with text parameters and hands the whole result to `body`.
    private func execute<T>(_ parameters: [String?], _ body: (OpaquePointer) throws -> T) throws -> T {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let result = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
            PQexecPrepared(owner.connection, name, Int32(values.count), values.baseAddress, nil, nil, 0)
        }
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_TUPLES_OK else {
            throw BenchError(description: "PostgreSQL: \(String(cString: PQerrorMessage(owner.connection)))")
        }
        return try body(result)
    }

    /// Every row, every value as text (nil for NULL).
    func rows(_ parameters: [String?]) throws -> [[String?]] {
        try execute(parameters) { result in
            (0..<PQntuples(result)).map { row in
                (0..<PQnfields(result)).map { column in
                    PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
                }
            }
        }
    }

    /// Runs it and reads every value of every row (its length, as a client copying it would
    /// touch it); returns the number of rows.
    func runReading(_ parameters: [String?]) throws -> Int {
        try execute(parameters) { result in
            let rows = PQntuples(result)
            let columns = PQnfields(result)
            var bytes = 0
            for row in 0..<rows {
                for column in 0..<columns where PQgetisnull(result, row, column) == 0 {
                    bytes &+= strlen(PQgetvalue(result, row, column))
                }
            }
            return Int(rows) &+ (bytes & 0)
        }
    }
}
