import Foundation
import Sift
import SiftPostgres
import SiftSQLite

/// The schema of `--schema FILE`, given once (a model file or an SQLite database) or twice (a
/// database refined by a model file, in either order: the combination `sift query DATABASE
/// --schema MODELS` makes).
enum SchemaOption {
    /// Loads the schema the paths name; throws a usage error for a combination that is not one
    /// database and one model file, and a failure for a file that cannot be read.
    static func load(_ paths: [String], command: String) throws -> SchemaLoader.Loaded {
        guard !paths.isEmpty else {
            throw CommandLineArguments.UsageError(
                message: "'sift \(command)' needs '--schema FILE' (a model file or an SQLite database, or both: '--schema DATABASE --schema MODELS')")
        }
        guard paths.count <= 2 else {
            throw CommandLineArguments.UsageError(message: "'--schema' is given \(paths.count) times; give a database, a model file, or one of each")
        }
        var databases: [String] = []
        var modelFiles: [String] = []
        var uris: [String] = []
        for path in paths {
            if PostgresURI.isURI(path) {
                uris.append(path)
                continue
            }
            try checkReadableFile(path)
            if try SchemaLoader.isDatabase(path) { databases.append(path) } else { modelFiles.append(path) }
        }
        if databases.count > 1 {
            throw CommandLineArguments.UsageError(message: "'--schema' names two databases; give one database and, to refine it, one model file")
        }
        if modelFiles.count > 1 {
            throw CommandLineArguments.UsageError(message: "'--schema' names two model files; put the models in one file, or give a database and one model file")
        }
        if let uri = uris.first {
            guard uris.count + databases.count == 1 else {
                throw CommandLineArguments.UsageError(message: "'--schema' names two databases; give one database and, to refine it, one model file")
            }
            // A PostgreSQL server's schema (introspected from pg_catalog), refined by the model file.
            let connection = try PostgresConnection(uri: uri)
            let loaded = try PostgresSchemaLoader.load(connection: connection, databaseName: PostgresURI.redacted(uri), modelFile: modelFiles.first)
            return SchemaLoader.Loaded(schema: loaded.schema, diagnostics: loaded.diagnostics, source: loaded.source)
        }
        return try SchemaLoader.load(database: databases.first, modelFile: modelFiles.first)
    }
}
