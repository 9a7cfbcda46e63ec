import Sift
import SiftPostgres
import SiftSQLite

/// `sift compile --portable`: SQL that calls only SQLite's built-in functions, using the facts a
/// database's data proves (learned from the database given as the schema; a model file proves none).
enum PortableCompilation {
    /// Lowers `checked` portably: against a database (refined by the model file given with it),
    /// with the facts learned from its data.
    static func lower(_ checked: CheckedQuery, schema: Schema, schemaPaths: [String], options: SQLLowering.Options) throws -> CompiledQuery {
        var options = options
        options.portable = true
        // A PostgreSQL server's data proves no fact about SQLite's storage: its schema alone is used.
        guard let databasePath = try schemaPaths.first(where: { try !PostgresURI.isURI($0) && SchemaLoader.isDatabase($0) }) else {
            return SQLLowering.lower(checked, schema: schema, options: options)
        }
        let database = try SiftDatabase(path: databasePath, modelFile: schemaPaths.first { $0 != databasePath })
        database.loweringOptions = options
        return database.compile(checked)
    }

    /// Prints, after the SQL, the facts about the data it assumes (nothing when it assumes none).
    static func printAssumptions(of compiled: CompiledQuery) {
        let assumptions = compiled.assumptions
        guard !assumptions.isEmpty else { return }
        print("-- assumes (compile again when the data changes so that one no longer holds):")
        for assumption in assumptions { print("--   \(assumption)") }
    }
}
