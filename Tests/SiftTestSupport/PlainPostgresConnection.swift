import CLibPQ
import Foundation

/// A connection opened with libpq's own calls (not Sift's runtime), to set up test databases and read
/// them back as any other client would: every value comes back as PostgreSQL's text form.
public final class PlainPostgresConnection {
    private let connection: OpaquePointer

    /// Connects to `uri` (a libpq connection string or URI).
    public init(uri: String) throws {
        guard let connection = PQconnectdb(uri) else { throw FixtureError("PQconnectdb: out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw FixtureError("cannot connect to \(uri): \(message)")
        }
        self.connection = connection
        // Notices (such as "table does not exist, skipping") would go to standard error.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit { PQfinish(connection) }

    /// Runs an SQL script: several statements separated by semicolons, without parameters.
    public func execute(_ script: String) throws {
        let result = PQexec(connection, script)
        defer { PQclear(result) }
        try check(result, script)
    }

    /// Runs `sql` with `parameters` ($1, $2, ... in PostgreSQL's text form, nil for NULL) and
    /// returns every row, each value in its text form (nil for NULL).
    public func rows(_ sql: String, parameters: [String?] = []) throws -> [[String?]] {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let result = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
            PQexecParams(connection, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
        }
        defer { PQclear(result) }
        try check(result, sql)
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    private func check(_ result: OpaquePointer?, _ sql: String) throws {
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw FixtureError("PostgreSQL refused \(sql.prefix(200)): \(String(cString: PQerrorMessage(connection)))")
        }
    }
}
