import CLibPQ

/// An error from a PostgreSQL server or from libpq: what kind of failure it is, the server's
/// SQLSTATE and message with its detail and hint, and the SQL it happened in.
///
/// Bound values are never part of an error: they may be private, and the description is meant to
/// be shown and logged.
public struct PostgresError: Error, Sendable, Hashable {
    /// What failed, as far as a caller needs to tell failures apart.
    public enum Kind: String, Sendable, Hashable {
        /// No server answered at the address (nothing listens on the socket or port, or the host is unknown).
        case connectionRefused
        /// The server refused the role's credentials (a wrong or missing password, an unknown role).
        case authenticationFailed
        /// The server has no database of that name.
        case unknownDatabase
        /// The connection was lost (the server stopped or the network failed) and could not be re-opened.
        case connectionLost
        /// The statement was cancelled (``PostgresCancelHandle/cancel()``, Control-C).
        case cancelled
        /// The statement ran longer than the connection's time limit (`statement_timeout`).
        case timeout
        /// A write on a read-only connection.
        case readOnly
        /// Any other error the server reported for a statement (see ``PostgresError/sqlState``).
        case statement
        /// A connection could not be opened for another reason (a malformed URI, TLS, too many connections).
        case connectionFailed
        /// A value this module cannot send or read (text with a NUL character).
        case client
    }

    /// What failed.
    public var kind: Kind
    /// The five-character SQLSTATE the server gave (`42P01`), if any.
    public var sqlState: String?
    /// The primary message (`relation "x" does not exist`).
    public var message: String
    /// The server's detail, if any.
    public var detail: String?
    /// The server's hint, if any.
    public var hint: String?
    /// The SQL being prepared or run, if any.
    public var sql: String?

    /// Makes an error from its parts.
    public init(kind: Kind, sqlState: String? = nil, message: String, detail: String? = nil, hint: String? = nil, sql: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.hint = hint
        self.sql = sql
    }

    /// The error a failed result carries (or the connection's, when there is no result).
    init(result: OpaquePointer?, connection: OpaquePointer, sql: String?) {
        func field(_ code: UInt8) -> String? {
            guard let result, let value = PQresultErrorField(result, Int32(code)) else { return nil }
            return String(cString: value)
        }
        let state = field(UInt8(ascii: "C"))
        let primary = field(UInt8(ascii: "M")) ?? Self.trimmed(String(cString: PQerrorMessage(connection)))
        let kind: Kind
        if PQstatus(connection) == CONNECTION_BAD {
            kind = .connectionLost
        } else {
            switch state {
            case "57014": kind = primary.contains("statement timeout") ? .timeout : .cancelled
            case "25006": kind = .readOnly
            default: kind = .statement
            }
        }
        self.init(
            kind: kind, sqlState: state, message: primary.isEmpty ? "the server gave no answer" : primary,
            detail: field(UInt8(ascii: "D")), hint: field(UInt8(ascii: "H")), sql: sql)
    }

    /// The error of a connection that did not open, classified by libpq's message (libpq gives no
    /// SQLSTATE for a failed start-up).
    init(connectionFailure message: String) {
        let text = Self.trimmed(message)
        let kind: Kind
        if text.contains("password authentication failed") || text.contains("no password supplied")
            || text.contains("authentication failed for user") || (text.contains("role \"") && text.contains("does not exist"))
        {
            kind = .authenticationFailed
        } else if text.contains("database \"") && text.contains("does not exist") {
            kind = .unknownDatabase
        } else if text.contains("Connection refused") || text.contains("No such file or directory")
            || text.contains("could not translate host name")
        {
            kind = .connectionRefused
        } else {
            kind = .connectionFailed
        }
        self.init(kind: kind, message: text)
    }

    /// libpq's messages end with a newline, and may hold several lines.
    static func trimmed(_ message: String) -> String {
        var text = message
        while let last = text.last, last.isNewline || last == " " { text.removeLast() }
        return text
    }
}

extension PostgresError: CustomStringConvertible {
    /// `PostgreSQL error 42P01: relation "x" does not exist (detail: ...) (hint: ...) — in: SELECT ...`.
    public var description: String {
        var text = "PostgreSQL error"
        if let sqlState { text += " \(sqlState)" }
        text += ": \(message)"
        if let detail { text += " (detail: \(detail))" }
        if let hint { text += " (hint: \(hint))" }
        if let sql { text += " — in: \(sql)" }
        return text
    }
}
