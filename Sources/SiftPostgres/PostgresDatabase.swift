import Sift
import SiftSQLite

/// A PostgreSQL database opened for Sift queries: a connection, and its schema (introspected from
/// `pg_catalog`, optionally refined by a model file). Queries compile to PostgreSQL's SQL
/// (``PostgreSQLDialect``) and run as prepared statements with every value bound.
///
/// ```swift
/// let db = try PostgresDatabase(uri: "postgresql://app@/shop?host=/run/postgresql", modelFile: "Models.swift")
/// let query = try db.compile("#Predicate<User> { $0.age > minimum }")
/// for user in try db.fetch(query, parameters: ["minimum": .int(20)]) { print(user["name"] ?? .null) }
/// ```
///
/// Read-only unless opened ``PostgresConnection/Mode-swift.enum/readWrite``. A query that calls
/// Sift's functions needs them installed in the database's schema `sift` (`sift install-functions URI`).
/// Belongs to one thread at a time, like its ``PostgresConnection``.
public final class PostgresDatabase {
    /// The connection queries run on.
    public let connection: PostgresConnection
    /// The schema queries are checked against.
    public let schema: Schema
    /// Warnings found while loading the schema.
    public let schemaDiagnostics: [Diagnostic]
    /// The model file's source (for rendering schema diagnostics), or an empty source named after the URI.
    public let schemaSource: SourceFile
    /// How queries are lowered; the facts the database's constraints declare (``declaredFacts``)
    /// are added when each compiles.
    public var loweringOptions = SQLLowering.Options() {
        didSet { mergedLoweringOptions = nil }
    }
    /// What the database's constraints guarantee about its data, read when it is opened: intact
    /// references (validated foreign keys) and the normal forms of text columns (`CHECK (c IS NFC
    /// NORMALIZED)`). The server enforces them, so the SQL relies on them without checking. Also
    /// what the catalog says of text columns' collations (which columns order by a locale, where
    /// `hasPrefix` reads no range) and indexes (which columns lead none: a change there changes
    /// only the speed). Open the database again after changing a column's collation.
    public let declaredFacts: SQLLowering.Facts
    /// The URI without its password, as messages name the database.
    let redactedURI: String
    /// PostgreSQL's limit of bound values in one statement.
    public static let maximumBindings = 65535

    /// Connects to `uri` (read-only unless `mode` says otherwise) and loads its schema, refined by
    /// `modelFile` when given.
    public init(uri: String, modelFile: String? = nil, mode: PostgresConnection.Mode = .readOnly) throws {
        connection = try PostgresConnection(uri: uri, mode: mode)
        redactedURI = PostgresURI.redacted(uri)
        let loaded = try PostgresSchemaLoader.load(connection: connection, databaseName: redactedURI, modelFile: modelFile)
        if loaded.diagnostics.hasErrors { throw CompileError(diagnostics: loaded.diagnostics, source: loaded.source) }
        schema = loaded.schema
        schemaDiagnostics = loaded.diagnostics
        schemaSource = loaded.source
        declaredFacts = try PostgresDeclaredFacts.read(connection: connection)
    }

    /// ``loweringOptions`` with ``declaredFacts`` added: what ``compile(_:parameterTypes:)`` uses.
    /// Merged once, and again only after ``loweringOptions`` changes (the facts are fixed when the
    /// database opens), not on every compile.
    public var effectiveLoweringOptions: SQLLowering.Options {
        if let merged = mergedLoweringOptions { return merged }
        var options = loweringOptions
        options.facts.nfcColumns.formUnion(declaredFacts.nfcColumns)
        options.facts.nfcOrNFDColumns.formUnion(declaredFacts.nfcOrNFDColumns.subtracting(options.facts.nfcColumns))
        options.facts.intactReferences.formUnion(declaredFacts.intactReferences)
        options.facts.localeOrderedColumns.formUnion(declaredFacts.localeOrderedColumns)
        options.facts.unindexedColumns.formUnion(declaredFacts.unindexedColumns)
        mergedLoweringOptions = options
        return options
    }

    /// ``effectiveLoweringOptions`` of the current ``loweringOptions``; nil until asked after a change.
    private var mergedLoweringOptions: SQLLowering.Options?

    /// Compiles query text to PostgreSQL's SQL against the schema; throws ``CompileError`` with the diagnostics.
    public func compile(_ text: String, sourceName: String = "<input>", parameterTypes: [String: SiftType] = [:]) throws -> CompiledQuery {
        try compile(SourceFile(name: sourceName, text: text), parameterTypes: parameterTypes)
    }

    /// Compiles a source to PostgreSQL's SQL against the schema.
    public func compile(_ source: SourceFile, parameterTypes: [String: SiftType] = [:]) throws -> CompiledQuery {
        let compilation = Compiler(schema: schema, options: .init(parameterTypes: parameterTypes)).check(source)
        guard let checked = compilation.checked else { throw CompileError(diagnostics: compilation.diagnostics, source: source) }
        let compiled = compile(checked)
        let refusals = compiled.dialectDiagnostics + compiled.portabilityDiagnostics
        if !refusals.isEmpty { throw CompileError(diagnostics: compilation.diagnostics + refusals, source: source) }
        let refused = try runDiagnostics(compiled, checked: checked)
        if !refused.isEmpty { throw CompileError(diagnostics: refused, source: source) }
        return compiled
    }

    /// The errors that keep `compiled` (lowered from `checked`) from running on this database:
    /// more values than one statement binds, and Sift's functions it calls that the database lacks
    /// (`sift-functions-missing`, naming them and `sift install-functions URI`). Empty when it may run;
    /// throws when the server cannot say which functions it has.
    public func runDiagnostics(_ compiled: CompiledQuery, checked: CheckedQuery) throws -> [Diagnostic] {
        let range = checked.filter?.range ?? .point(0)
        if compiled.bindings.count > Self.maximumBindings {
            return [
                .error(
                    "too-many-values",
                    "this query binds \(compiled.bindings.count) values, more than PostgreSQL allows in one statement (\(Self.maximumBindings)); pass long lists as an array parameter or split the query",
                    at: range)
            ]
        }
        let required = PostgresSiftFunctions.required(by: compiled.sql)
        guard !required.isEmpty else { return [] }
        let installed = try installedSiftFunctions(refreshingUnless: required)
        let missing = required.filter { !installed.contains($0) }
        guard !missing.isEmpty else { return [] }
        let message = PostgresSiftFunctions.missingMessage(missing, schemaExists: !installed.isEmpty, uri: redactedURI)
        return [.error("sift-functions-missing", message, at: range)]
    }

    /// Lowers a checked query to PostgreSQL's SQL.
    public func compile(_ checked: CheckedQuery) -> CompiledQuery {
        SQLLowering.lower(checked, schema: schema, dialect: PostgreSQLDialect(), options: effectiveLoweringOptions)
    }

    /// Installs (or replaces) Sift's functions in this database's schema `sift`, in one
    /// transaction (``PostgresSiftFunctions/install(on:)``); the database must be open
    /// ``PostgresConnection/Mode-swift.enum/readWrite``.
    public func installFunctions() throws {
        try PostgresSiftFunctions.install(on: connection)
        siftFunctions = nil
    }

    /// Connects to `uri` for writing, installs Sift's functions there and closes the connection:
    /// what `sift install-functions URI` does. Returns the functions and collations then in the
    /// schema `sift`.
    @discardableResult
    public static func installFunctions(uri: String) throws -> Set<String> {
        let connection = try PostgresConnection(uri: uri, mode: .readWrite)
        defer { connection.close() }
        try PostgresSiftFunctions.install(on: connection)
        return try PostgresSiftFunctions.installed(on: connection)
    }

    private var siftFunctions: Set<String>?

    /// The functions and collations of the schema `sift` (asked again when one of `required` is
    /// not among those last found: they may have been installed since).
    private func installedSiftFunctions(refreshingUnless required: [String]) throws -> Set<String> {
        if let siftFunctions, required.allSatisfy(siftFunctions.contains) { return siftFunctions }
        let found = try PostgresSiftFunctions.installed(on: connection)
        siftFunctions = found
        return found
    }

    /// Runs a compiled query and returns its rows.
    public func fetch(_ query: CompiledQuery, parameters: [String: ParameterValue] = [:]) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(query, parameters: parameters) { rows.append($0) }
        return rows
    }

    /// Runs a compiled query, handing each row to `body` as it arrives from the server.
    public func forEachRow(_ query: CompiledQuery, parameters: [String: ParameterValue] = [:], _ body: (Row) throws -> Void) throws {
        try run(query, try query.bindings(for: parameters, schema: schema), body)
    }

    /// Runs a compiled query with its parameters' values in the order of `query.parameters`.
    public func forEachRow(_ query: CompiledQuery, values: [ParameterValue], _ body: (Row) throws -> Void) throws {
        var collected = CollectedValues()
        try query.encodeBindings(positional: values, schema: schema, into: &collected)
        try run(query, collected.values, body)
    }

    /// Runs a compiled query with positional values and returns its rows.
    public func fetch(_ query: CompiledQuery, values: [ParameterValue]) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(query, values: values) { rows.append($0) }
        return rows
    }

    private func run(_ query: CompiledQuery, _ bindings: [SQLValue], _ body: (Row) throws -> Void) throws {
        let names = query.columnNames
        do {
            try connection.forEachRow(query.sql, bindings.map(PostgresValue.untyped), attributes: query.columns, schema: schema) { values in
                try body(Row(names: names, values: values))
            }
        } catch var error as PostgresError where error.isMissingSiftObject {
            // A query compiled elsewhere (or functions dropped since): say what to do.
            error.hint = PostgresSiftFunctions.missingHint
            throw error
        }
    }

    /// PostgreSQL's plan of a compiled query (`EXPLAIN`), one line per row, its parameters bound
    /// (NULL where no value is given).
    public func queryPlan(_ query: CompiledQuery, parameters: [String: ParameterValue] = [:]) throws -> [String] {
        let bindings = (try? query.bindings(for: parameters, schema: schema)) ?? query.bindings.map { _ in .null }
        return try connection.rows("EXPLAIN " + query.sql, bindings.map(PostgresValue.untyped)).compactMap { $0.first?.stringValue }
    }
}

/// Collects a query's bound values in placeholder order.
private struct CollectedValues: SQLValueSink {
    var values: [SQLValue] = []
    mutating func put(_ value: SQLValue, at position: Int) { values.append(value) }
    mutating func putText(utf8: UnsafeBufferPointer<UInt8>, at position: Int) { values.append(.text(String(decoding: utf8, as: UTF8.self))) }
}

/// Connection URIs as they may be shown.
public enum PostgresURI {
    /// Whether `text` is a libpq connection URI (`postgres://` or `postgresql://`).
    public static func isURI(_ text: String) -> Bool { text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") }

    /// The URI without its password (`postgresql://user:secret@host/db` → `postgresql://user@host/db`,
    /// and a `password=` parameter removed), for messages and prompts.
    public static func redacted(_ uri: String) -> String {
        guard isURI(uri), let scheme = uri.range(of: "://") else { return uri }
        var rest = String(uri[scheme.upperBound...])
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
            rest.removeSubrange(colon..<at)
        }
        if let query = rest.firstIndex(of: "?") {
            let parameters = rest[rest.index(after: query)...].split(separator: "&").filter { !$0.hasPrefix("password=") }
            rest = String(rest[..<query]) + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        }
        return String(uri[..<scheme.upperBound]) + rest
    }
}
