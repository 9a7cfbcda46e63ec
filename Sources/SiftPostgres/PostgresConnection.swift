import CLibPQ
import Foundation
import Sift
import SiftSQLite

/// A connection to a PostgreSQL server, through libpq.
///
/// Opened from a libpq connection string or URI (`postgresql://user@host/db`,
/// `postgres:///db?host=/run/postgresql`, with `sslmode` and any other libpq parameter), passed to
/// libpq untouched. The session reads dates in ISO style in UTC, and is read-only unless opened
/// ``Mode-swift.enum/readWrite``.
///
/// Statements are prepared on the server once per connection (named, kept by SQL text and
/// parameter types, the least recently used deallocated beyond ``statementCacheCapacity``) and
/// their rows arrive one at a time (libpq's single-row mode), so a large result streams.
///
/// When the server goes away, the statement running fails with
/// ``PostgresError/Kind-swift.enum/connectionLost``; the next statement first tries to connect
/// again. **Not thread-safe**: one thread at a time, except ``cancelHandle``.
public final class PostgresConnection {
    /// How a connection may change the database.
    public enum Mode: Sendable, Hashable {
        /// Every transaction is read-only (`default_transaction_read_only`): writes fail.
        case readOnly
        /// Reads and writes.
        case readWrite
    }

    /// The URI (or connection string) it was opened with.
    public let uri: String
    /// The mode it was opened in.
    public let mode: Mode
    /// Cancels the running statement from any thread (Control-C).
    public let cancelHandle: PostgresCancelHandle
    /// The most prepared statements kept on the server.
    public static let statementCacheCapacity = 64

    private var connection: OpaquePointer?
    private var cache = PostgresStatementCache(capacity: PostgresConnection.statementCacheCapacity)
    private var timeLimitMilliseconds = 0
    /// How many statements were prepared on the server (not found in the cache) since it opened.
    public private(set) var prepareCount = 0

    /// Connects to `uri` and sets the session up; throws ``PostgresError`` when the server cannot
    /// be reached, refuses the credentials, or has no such database.
    public init(uri: String, mode: Mode = .readOnly) throws {
        self.uri = uri
        self.mode = mode
        guard let connection = PQconnectdb(uri) else { throw PostgresError(kind: .client, message: "out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let error = PostgresError(connectionFailure: String(cString: PQerrorMessage(connection)))
            PQfinish(connection)
            throw error
        }
        self.connection = connection
        cancelHandle = PostgresCancelHandle(connection: connection)
        // Notices (`NOTICE: ...`) would be printed on standard error by libpq.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        do {
            try setUpSession()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Closes the connection; later calls fail with ``PostgresError/Kind-swift.enum/connectionLost``.
    public func close() {
        cancelHandle.reset(to: nil)
        if let connection { PQfinish(connection) }
        connection = nil
    }

    /// The server's version number (`150004` for 15.4).
    public var serverVersion: Int { connection.map { Int(PQserverVersion($0)) } ?? 0 }

    /// The number of statements prepared on the server and kept.
    public var preparedStatementCount: Int { cache.count }

    /// The session's settings: dates in ISO style in UTC (what the decoding reads), bytes in hex,
    /// floating-point numbers with all their digits, the mode, and the time limit.
    private func setUpSession() throws {
        let readOnly = mode == .readOnly ? "READ ONLY" : "READ WRITE"
        try execute(
            """
            SET client_encoding = 'UTF8'; SET DateStyle = 'ISO, YMD'; SET TimeZone = 'UTC'; SET bytea_output = 'hex';
            SET extra_float_digits = 1; SET SESSION CHARACTERISTICS AS TRANSACTION \(readOnly);
            SET statement_timeout = \(timeLimitMilliseconds)
            """)
    }

    // MARK: Time limit

    /// Limits how long each statement may run, in seconds (`statement_timeout`); nil removes the
    /// limit. A statement past it fails with ``PostgresError/Kind-swift.enum/timeout``. When the
    /// server cannot be reached this throws, and the limit still holds for the next session.
    public func setTimeLimit(_ seconds: Double?) throws {
        let milliseconds = seconds.map { max(1, Int(($0 * 1000).rounded())) } ?? 0
        // Kept first: the session opened after a lost connection sets it (setUpSession).
        timeLimitMilliseconds = milliseconds
        try execute("SET statement_timeout = \(milliseconds)")
    }

    /// The time limit in seconds, if any.
    public var timeLimit: Double? { timeLimitMilliseconds == 0 ? nil : Double(timeLimitMilliseconds) / 1000 }

    // MARK: Running statements

    /// Runs SQL without parameters (several statements separated by semicolons, in one transaction
    /// unless they say otherwise), discarding any rows.
    public func execute(_ sql: String) throws {
        let connection = try connected()
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw PostgresError(result: result, connection: connection, sql: sql)
        }
    }

    /// Runs `sql` with `values` for `$1`, `$2`, ... and returns every row, each value decoded by
    /// its PostgreSQL type.
    public func rows(_ sql: String, _ values: [PostgresValue] = []) throws -> [[DecodedValue]] {
        var rows: [[DecodedValue]] = []
        try forEachRow(sql, values) { rows.append($0) }
        return rows
    }

    /// Runs `sql` with `values`, handing each row to `body` as it arrives from the server. Each
    /// value is decoded by its PostgreSQL type and, where `attributes` gives the column's
    /// attribute, into what it is in Swift. If `body` throws, the statement is cancelled.
    public func forEachRow(
        _ sql: String, _ values: [PostgresValue], attributes: [Attribute?] = [], schema: Schema? = nil,
        _ body: ([DecodedValue]) throws -> Void
    ) throws {
        var decodings: [PostgresColumnDecoding]?
        var row: [DecodedValue] = []
        try run(sql, values) { result in
            let columnCount = PQnfields(result)
            if decodings == nil {
                decodings = (0..<columnCount).map { column in
                    let index = Int(column)
                    return PostgresColumnDecoding(
                        typeOID: PQftype(result, column), attribute: index < attributes.count ? attributes[index] : nil, schema: schema)
                }
            }
            row.removeAll(keepingCapacity: true)
            for (column, decoding) in decodings!.enumerated() {
                row.append(decoding.decode(result, row: 0, column: Int32(column)))
            }
            try body(row)
        }
    }

    /// The names and type OIDs of the columns `sql` returns (asked of the server without running it).
    public func columns(of sql: String, parameterCount: Int = 0) throws -> [(name: String, typeOID: UInt32)] {
        let connection = try connected()
        let name = try preparedName(sql, types: Array(repeating: 0, count: parameterCount), connection: connection)
        let result = PQdescribePrepared(connection, name)
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else { throw PostgresError(result: result, connection: connection, sql: sql) }
        return (0..<PQnfields(result)).map { (String(cString: PQfname(result, $0)), PQftype(result, $0)) }
    }

    /// Prepares (or finds prepared) `sql`, sends it with `values`, and hands each single-row
    /// result to `body`; drains the connection whatever happens, so it is ready for the next statement.
    func run(_ sql: String, _ values: [PostgresValue], _ body: (OpaquePointer) throws -> Void) throws {
        let connection = try connected()
        let texts = try values.map { value -> UnsafeMutablePointer<CChar>? in
            guard let text = value.text else { return nil }
            guard !text.utf8.contains(0) else {
                throw PostgresError(kind: .client, message: "text with a NUL character cannot be sent to PostgreSQL", sql: sql)
            }
            return strdup(text)
        }
        defer { texts.forEach { free($0) } }
        let name = try preparedName(sql, types: values.map(\.typeOID), connection: connection)
        let sent = texts.map { UnsafePointer($0) }.withUnsafeBufferPointer {
            PQsendQueryPrepared(connection, name, Int32(values.count), $0.baseAddress, nil, nil, 0)
        }
        guard sent == 1 else { throw PostgresError(result: nil, connection: connection, sql: sql) }
        PQsetSingleRowMode(connection)
        var failure: (any Error)?
        while let result = PQgetResult(connection) {
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_SINGLE_TUPLE:
                guard failure == nil else { continue }
                do {
                    try body(result)
                } catch {
                    failure = error
                    cancelHandle.cancel()
                }
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
                break
            default:
                if failure == nil { failure = PostgresError(result: result, connection: connection, sql: sql) }
            }
        }
        if let failure { throw failure }
    }

    /// The name of the statement prepared for `sql` with parameters of `types`, preparing it when
    /// it is not kept yet (and deallocating the least recently used beyond the capacity).
    private func preparedName(_ sql: String, types: [UInt32], connection: OpaquePointer) throws -> String {
        let key = PostgresStatementCache.Key(sql: sql, types: types)
        if let name = cache.name(for: key) { return name }
        let name = cache.newName()
        let result = types.withUnsafeBufferPointer { PQprepare(connection, name, sql, Int32(types.count), $0.baseAddress) }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else { throw PostgresError(result: result, connection: connection, sql: sql) }
        prepareCount += 1
        for evicted in cache.insert(name, for: key) {
            PQclear(PQexec(connection, "DEALLOCATE \(evicted)"))
        }
        return name
    }

    /// The open connection; when it was lost, connected again (with a new session: the prepared
    /// statements are gone) or ``PostgresError/Kind-swift.enum/connectionLost``.
    private func connected() throws -> OpaquePointer {
        guard let connection else { throw PostgresError(kind: .connectionLost, message: "the connection is closed") }
        if PQstatus(connection) == CONNECTION_OK { return connection }
        PQreset(connection)
        guard PQstatus(connection) == CONNECTION_OK else {
            throw PostgresError(
                kind: .connectionLost,
                message: "the connection to the server was lost and cannot be re-opened: "
                    + PostgresError.trimmed(String(cString: PQerrorMessage(connection))))
        }
        cache.removeAll()
        cancelHandle.reset(to: connection)
        try setUpSession()
        return connection
    }
}

@available(*, unavailable, message: "a PostgresConnection belongs to one thread at a time")
extension PostgresConnection: Sendable {}
