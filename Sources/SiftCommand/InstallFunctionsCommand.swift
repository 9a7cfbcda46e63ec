import Sift
import SiftPostgres

/// `sift install-functions URI`: installs Sift's functions (the schema `sift`) in a PostgreSQL
/// database, in one transaction, on a connection of its own opened for writing.
enum InstallFunctionsCommand {
    /// The usage `sift install-functions --help` prints.
    static let usage = """
        USAGE: sift install-functions URI

        Installs Sift's functions and collations in the schema 'sift' of the PostgreSQL database at
        URI (postgres:// or postgresql://), which PostgreSQL's SQL of some queries calls where
        PostgreSQL has no exact built-in form (docs/POSTGRESQL.md). The command opens its own
        connection for writing (other commands and the REPL are read-only by default), and installs
        everything in one transaction: all or nothing. Running it again replaces the functions (after
        upgrading Sift, for example). The role needs the right to create the schema 'sift' (or to own
        it). The same script is SQL/postgresql-functions.sql, for psql -f.
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valued: [], flags: ["--no-color"])
        guard parsed.positional.count == 1, let uri = parsed.positional.first else {
            throw CommandLineArguments.UsageError(
                message: "'sift install-functions' takes one PostgreSQL URI, e.g. sift install-functions postgresql://me@/shop?host=/run/postgresql")
        }
        guard PostgresURI.isURI(uri) else {
            throw CommandLineArguments.UsageError(
                message: "'\(uri)' is not a PostgreSQL URI (postgres:// or postgresql://); SQLite needs no installation: Sift registers its functions on each connection, and other hosts load 'sift extension-path'")
        }
        let installed = try PostgresDatabase.installFunctions(uri: uri)
        print("installed Sift's functions in schema '\(PostgreSQLFunctions.schema)' of \(PostgresURI.redacted(uri)) (\(installed.count) functions and collations)")
        return 0
    }
}
