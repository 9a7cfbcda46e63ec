import Sift

/// Sift's functions in a PostgreSQL database (the schema `sift` of ``PostgreSQLFunctions``):
/// installing them, and finding which of those a statement calls are missing.
public enum PostgresSiftFunctions {
    /// A lock key of the installation, so that two installations at once wait for each other
    /// instead of failing on a function replaced concurrently.
    static let installationLock: Int64 = 0x5369_6674_4675_6E63

    /// Installs (or replaces) Sift's functions and collations in the schema `sift`, in one
    /// transaction: either all of them are installed, or none changes. Running it again replaces
    /// the functions. `connection` must be open ``PostgresConnection/Mode-swift.enum/readWrite``
    /// and its role needs the right to create a schema (or own `sift`).
    public static func install(on connection: PostgresConnection) throws {
        guard connection.mode == .readWrite else {
            throw PostgresError(
                kind: .readOnly,
                message:
                    "installing Sift's functions writes to the database, and this connection is read-only; open it with mode .readWrite (the command 'sift install-functions URI' does)")
        }
        do {
            try connection.execute(
                "BEGIN; SELECT pg_advisory_xact_lock(\(installationLock));\n" + PostgreSQLFunctions.installScript + "\nCOMMIT;")
        } catch var error as PostgresError {
            // A failed statement leaves the explicit transaction open and aborted.
            try? connection.execute("ROLLBACK")
            // The script is Sift's own and long: the error says what was being done instead of quoting it.
            error.sql = nil
            error.message = "cannot install Sift's functions: " + error.message
            if error.sqlState == "42501" {
                error.hint = [error.hint, "the role needs the right to create the schema 'sift' in this database (GRANT CREATE ON DATABASE) or to own it"]
                    .compactMap { $0 }.joined(separator: "; ")
            }
            throw error
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The functions and collations of the schema `sift` the database has, qualified (`sift.contains`).
    public static func installed(on connection: PostgresConnection) throws -> Set<String> {
        let rows = try connection.rows(
            """
            SELECT p.proname FROM pg_catalog.pg_proc AS p JOIN pg_catalog.pg_namespace AS n ON n.oid = p.pronamespace WHERE n.nspname = $1
            UNION SELECT c.collname FROM pg_catalog.pg_collation AS c JOIN pg_catalog.pg_namespace AS n ON n.oid = c.collnamespace WHERE n.nspname = $1
            """, [.text(PostgreSQLFunctions.schema)])
        return Set(rows.compactMap { $0.first?.stringValue.map { PostgreSQLFunctions.schema + "." + $0 } })
    }

    /// The functions and collations of the schema `sift` that `sql` (PostgreSQL's SQL of a Sift
    /// query) uses, qualified, in order of first use.
    public static func required(by sql: String) -> [String] {
        var names = PostgreSQLFunctions.calledFunctions(in: sql)
        let prefix = "\"\(PostgreSQLFunctions.schema)\".\""
        var rest = Substring(sql)
        while let range = rest.range(of: prefix) {
            let nameEnd = rest[range.upperBound...].firstIndex(of: "\"") ?? rest.endIndex
            let name = PostgreSQLFunctions.schema + "." + rest[range.upperBound..<nameEnd]
            if !names.contains(name) { names.append(name) }
            rest = rest[nameEnd...]
        }
        return names
    }

    /// The message of a query that needs `missing` (of the schema `sift`) on a database without them.
    static func missingMessage(_ missing: [String], schemaExists: Bool, uri: String = "URI") -> String {
        let list = missing.joined(separator: ", ")
        if !schemaExists {
            return "this query calls Sift's functions (\(list)), which are not installed in this database; install them with 'sift install-functions \(uri)' (or PostgresDatabase.installFunctions()), or write the query with PostgreSQL's built-in operations only"
        }
        return "this query needs \(list), which this database's schema '\(PostgreSQLFunctions.schema)' lacks (installed by an older Sift, or dropped since); install them again with 'sift install-functions \(uri)'"
    }

    /// The hint added to the server's "does not exist" error for an object of the schema `sift`.
    static let missingHint = "Sift's functions are not installed in this database, or are of an older Sift: run 'sift install-functions URI'"
}

extension PostgresError {
    /// Whether the server found no function, collation or schema of Sift's (`function
    /// sift.contains(text, text) does not exist`, `schema "sift" does not exist`).
    var isMissingSiftObject: Bool {
        guard let sqlState, ["42883", "42704", "3F000"].contains(sqlState) else { return false }
        let schema = PostgreSQLFunctions.schema
        return message.contains(schema + ".") || message.contains("\"\(schema)\"")
    }
}
