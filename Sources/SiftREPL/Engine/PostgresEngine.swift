import Foundation
import Sift
import SiftPostgres
import SiftSQLite

/// The engine for a PostgreSQL server (`sift postgresql://...`): queries compiled to PostgreSQL's
/// SQL by ``PostgresDatabase`` and run there. Control-C cancels the running statement
/// (`PQcancel`); a lost server is an error of the query, and the next query connects again.
public final class PostgresEngine: QueryEngine {
    /// The database queries run on.
    public private(set) var database: PostgresDatabase
    /// The URI, without its password.
    public private(set) var location: String
    /// The model file that refines the database's schema, reused by ``reopen(path:writable:)``.
    public private(set) var modelFile: String?
    private var writable: Bool
    private var timeLimit: Double?

    /// Connects to `uri` (read-only unless `writable`), refined by `modelFile` when given.
    public init(uri: String, modelFile: String?, writable: Bool = false) throws {
        database = try PostgresDatabase(uri: uri, modelFile: modelFile, mode: writable ? .readWrite : .readOnly)
        location = PostgresURI.redacted(uri)
        self.modelFile = modelFile
        self.writable = writable
    }

    public var schema: Schema { database.schema }

    /// Warnings found while loading the schema, and the source they point into.
    public var loadDiagnostics: [Diagnostic] { database.schemaDiagnostics }
    public var loadSource: SourceFile { database.schemaSource }

    public var interruptHandle: InterruptHandle? { nil }

    /// PostgreSQL's: `$1`.
    public var placeholderSign: String { "$" }

    public var cancelRunningQuery: (@Sendable () -> Void)? {
        let handle = database.connection.cancelHandle
        return { @Sendable in handle.cancel() }
    }

    public func compile(_ source: SourceFile, parameters: [String: ParameterValue]) -> EngineCompilation {
        let parameterTypes = parameters.compactMapValues(\.literalType)
        let front = Compiler(schema: schema, options: .init(parameterTypes: parameterTypes)).check(source)
        var compilation = EngineCompilation(front)
        guard let checked = front.checked else { return compilation }
        let compiled = database.compile(checked)
        var refusals = compiled.dialectDiagnostics + compiled.portabilityDiagnostics
        // A server that cannot list its functions now (a lost connection) fails the run instead.
        if refusals.isEmpty { refusals = (try? database.runDiagnostics(compiled, checked: checked)) ?? [] }
        if !refusals.isEmpty {
            compilation.diagnostics += refusals
            return compilation
        }
        compilation.compiled = compiled
        compilation.sql = compiled.sql
        compilation.parameterValues = parameters
        let types = Dictionary(uniqueKeysWithValues: compiled.parameters.map { ($0.name, $0.type) })
        // A parameter without a value binds NULL: the REPL asks for it instead of running.
        compilation.bindings = compiled.bindings.map { slot in
            switch slot {
            case .constant(let value):
                return SQLBinding(value)
            case .parameter(let name, let encoding):
                guard let value = parameters[name], let type = types[name],
                    let encoded = try? ParameterEncoder.encode(value, name: name, type: type, encoding: encoding, schema: schema)
                else { return SQLBinding(.null, parameterName: name) }
                return SQLBinding(encoded, parameterName: name)
            }
        }
        return compilation
    }

    public func run(_ compilation: EngineCompilation, onRow: (ResultRow) throws -> Void) throws {
        guard let compiled = compilation.compiled else { throw EngineUnavailable.sqlLowering }
        try database.forEachRow(compiled, parameters: compilation.parameterValues) { try onRow($0.values) }
    }

    /// PostgreSQL's `EXPLAIN`, one plan row per line.
    public func queryPlan(_ compilation: EngineCompilation) throws -> [QueryPlanRow] {
        guard let compiled = compilation.compiled else { throw EngineUnavailable.sqlLowering }
        return try database.queryPlan(compiled, parameters: compilation.parameterValues).enumerated().map {
            QueryPlanRow(id: $0.offset + 1, parent: 0, detail: $0.element)
        }
    }

    public func reopen(path: String, writable: Bool) throws {
        try open(path, modelFile: modelFile, writable: writable)
    }

    public func reopen(path: String, modelFile: String, writable: Bool) throws {
        try open(path, modelFile: modelFile, writable: writable)
    }

    private func open(_ uri: String, modelFile: String?, writable: Bool) throws {
        guard PostgresURI.isURI(uri) else {
            throw CommandError("'\(uri)' is not a PostgreSQL URI: open a SQLite file with a DatabaseEngine (the REPL's .open does)")
        }
        let opened = try PostgresDatabase(uri: uri, modelFile: modelFile, mode: writable ? .readWrite : .readOnly)
        try opened.connection.setTimeLimit(timeLimit)
        opened.loweringOptions.portable = database.loweringOptions.portable
        database = opened
        location = PostgresURI.redacted(uri)
        self.modelFile = modelFile
        self.writable = writable
    }

    /// Sets `statement_timeout`; a connection that cannot take it (a lost server) keeps the value
    /// for its next session.
    public func setTimeLimit(_ seconds: Double?) {
        timeLimit = seconds
        try? database.connection.setTimeLimit(seconds)
    }

    public func reload() throws {
        let opened = try PostgresDatabase(uri: database.connection.uri, modelFile: modelFile, mode: writable ? .readWrite : .readOnly)
        try opened.connection.setTimeLimit(timeLimit)
        opened.loweringOptions.portable = database.loweringOptions.portable
        database = opened
    }

    /// Whether queries are refused where they need Sift's functions in the schema `sift`
    /// (PostgreSQL's portable SQL: its built-in functions only).
    public var portable: Bool { database.loweringOptions.portable }

    public func setPortable(_ portable: Bool) throws {
        database.loweringOptions.portable = portable
    }
}
