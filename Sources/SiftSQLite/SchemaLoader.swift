import Sift

/// Loads the schema a query is checked against: from a model file, from an SQLite database
/// (introspection), or from a database refined by a model file.
public enum SchemaLoader {
    /// A loaded schema with every diagnostic found on the way.
    public struct Loaded: Sendable {
        /// The schema.
        public var schema: Schema
        /// Warnings and errors found while loading it.
        public var diagnostics: [Diagnostic]
        /// The model file's source (diagnostics point into it), or an empty source named after the database.
        public var source: SourceFile

        /// A loaded schema from its parts (another runtime's, such as PostgreSQL's).
        public init(schema: Schema, diagnostics: [Diagnostic], source: SourceFile) {
            self.schema = schema
            self.diagnostics = diagnostics
            self.source = source
        }
    }

    /// A schema file that cannot be read.
    public struct LoadError: Error, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        public var description: String { message }
    }

    /// Loads `path`: an SQLite database (recognised by its header) or a model (a Swift model file
    /// or Xcode's data model, see ``readModel(_:)``).
    public static func load(_ path: String) throws -> Loaded {
        if try !isFolder(path), try isDatabase(path) { return try load(database: path, modelFile: nil) }
        return try load(database: nil, modelFile: path)
    }

    /// Loads a database, a model file, or a database refined by a model file.
    public static func load(database: String?, modelFile: String?) throws -> Loaded {
        var modelSchema: (Schema, [Diagnostic], SourceFile)?
        if let modelFile { modelSchema = try readModel(modelFile) }
        guard let database else {
            guard let modelSchema else { throw LoadError(message: "no schema: give a model file or a database") }
            return Loaded(schema: modelSchema.0, diagnostics: modelSchema.1, source: modelSchema.2)
        }
        return try load(connection: try Connection(path: database), databaseName: database, modelFile: modelSchema)
    }

    /// Loads the schema of an open database, refined by a model file when one is given.
    public static func load(connection: Connection, databaseName: String, modelFile: String?) throws -> Loaded {
        var modelSchema: (Schema, [Diagnostic], SourceFile)?
        if let modelFile { modelSchema = try readModel(modelFile) }
        return try load(connection: connection, databaseName: databaseName, modelFile: modelSchema)
    }

    static func load(connection: Connection, databaseName database: String, modelFile modelSchema: (Schema, [Diagnostic], SourceFile)?) throws -> Loaded {
        let catalog = try connection.catalog()
        let isCoreDataStore = CoreDataStoreReader.isStore(catalog)
        let (introspected, introspectionDiagnostics) = try introspect(connection, catalog: catalog)
        let databaseSource = SourceFile(name: database, text: "")
        guard let modelSchema else {
            let note = isCoreDataStore ? [CoreDataLayout.modelNote(store: database)] : []
            let (checked, storedValueDiagnostics) = try StoredValueCheck.check(introspected, connection)
            return Loaded(schema: checked, diagnostics: introspectionDiagnostics + storedValueDiagnostics + note, source: databaseSource)
        }
        if modelSchema.1.hasErrors {
            return Loaded(schema: introspected, diagnostics: modelSchema.1, source: modelSchema.2)
        }
        // A store's columns are named after the model's properties, upper-cased.
        var file = modelSchema.0
        var store = introspected
        var adaptationDiagnostics: [Diagnostic] = []
        if isCoreDataStore { (file, store, adaptationDiagnostics) = CoreDataLayout.adapt(modelSchema.0, to: introspected) }
        var (refined, refinementDiagnostics) = SchemaRefinement.refine(store, with: file)
        // A store's to-one columns are selected under the names the model gives the relationships.
        if isCoreDataStore { refined = CoreDataLayout.withForeignKeyColumns(refined) }
        refinementDiagnostics = adaptationDiagnostics + refinementDiagnostics
        let (checked, storedValueDiagnostics) = try StoredValueCheck.check(refined, connection)
        return Loaded(schema: checked, diagnostics: modelSchema.1 + refinementDiagnostics + storedValueDiagnostics, source: modelSchema.2)
    }

    /// The models introspection finds in an open database: a Core Data store's entities
    /// (as Core Data lays them out), or a model per table.
    public static func introspect(_ connection: Connection) throws -> (Schema, [Diagnostic]) {
        try introspect(connection, catalog: try connection.catalog())
    }

    static func introspect(_ connection: Connection, catalog: Catalog) throws -> (Schema, [Diagnostic]) {
        if CoreDataStoreReader.isStore(catalog) { return try CoreDataStoreReader.schema(connection, catalog: catalog) }
        // Virtual tables are left out, except FTS5 tables: their columns are read, so they can be
        // matched and joined to their content by rowid.
        let tables = catalog.tables.filter { $0.kind != .virtual || isFullText($0) }.map(tableDescription)
        return SchemaInference.schema(from: tables)
    }

    /// The library-neutral description of a catalog table.
    public static func tableDescription(_ table: Catalog.Table) -> TableDescription {
        let columns = table.columns.filter { !$0.isHidden }.map {
            ColumnDescription(name: $0.name, declaredType: $0.declaredType, notNull: $0.notNull)
        }
        let foreignKeys = table.foreignKeys.map {
            ForeignKeyDescription(columns: $0.fromColumns, targetTable: $0.table, targetColumns: $0.toColumns)
        }
        let unique = table.indexes.filter { $0.isUnique && !$0.isPartial }.map { $0.columns.compactMap(\.name) }
        var description = TableDescription(
            name: table.name, columns: columns, primaryKey: table.primaryKey, foreignKeys: foreignKeys,
            uniqueColumnSets: unique, isView: table.isView, withoutRowID: table.withoutRowID)
        description.isFullText = isFullText(table)
        return description
    }

    /// Whether a catalog table is an FTS5 virtual table (`USING fts5(...)` in its SQL).
    static func isFullText(_ table: Catalog.Table) -> Bool {
        guard table.kind == .virtual, let sql = table.sql else { return false }
        let words = sql.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
        guard let using = words.firstIndex(of: "using"), using + 1 < words.count else { return false }
        return words[using + 1] == "fts5"
    }

    /// Whether `path` names a folder (an `.xcdatamodeld` model is one).
    static func isFolder(_ path: String) throws -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { throw LoadError(message: "no such file '\(path)'") }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether the file starts with SQLite's header ("SQLite format 3\0").
    public static func isDatabase(_ path: String) throws -> Bool {
        guard let handle = fopen(path, "rb") else {
            throw LoadError(message: "no such file '\(path)'")
        }
        defer { fclose(handle) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = fread(&header, 1, 16, handle)
        return count == 16 && header == Array("SQLite format 3\0".utf8)
    }

    static func readText(_ path: String) throws -> SourceFile {
        guard let handle = fopen(path, "rb") else { throw LoadError(message: "no such file '\(path)'") }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return SourceFile(name: path, text: String(decoding: bytes, as: UTF8.self))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
