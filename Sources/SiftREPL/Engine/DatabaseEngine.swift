import Foundation
import Sift
import SiftPostgres
import SiftSQLite

/// The engine `sift` uses: queries compiled to SQL by ``SiftDatabase`` and run on SQLite.
public final class DatabaseEngine: QueryEngine {
    public private(set) var database: SiftDatabase
    public private(set) var location: String
    /// The model file that refines the database's schema, reused by ``reopen(path:writable:)``.
    public private(set) var modelFile: String?

    /// Opens `path` (read-only unless `writable`), refined by `modelFile` when given.
    public init(path: String, modelFile: String?, writable: Bool = false) throws {
        database = try SiftDatabase(path: path, modelFile: modelFile, mode: writable ? .readWrite : .readOnly)
        location = path
        self.modelFile = modelFile
    }

    public var schema: Schema { database.schema }

    /// Warnings found while loading the schema, and the source they point into.
    public var loadDiagnostics: [Diagnostic] { database.schemaDiagnostics }
    public var loadSource: SourceFile { database.schemaSource }

    public var interruptHandle: InterruptHandle? { database.connection.interruptHandle }

    public func compile(_ source: SourceFile, parameters: [String: ParameterValue]) -> EngineCompilation {
        let parameterTypes = parameters.compactMapValues(\.literalType)
        let compiler = Compiler(schema: schema, options: .init(parameterTypes: parameterTypes))
        let front = compiler.check(source)
        var compilation = EngineCompilation(front)
        guard let checked = front.checked else { return compilation }
        let collations = database.collationDiagnostics(checked)
        if !collations.isEmpty {
            compilation.diagnostics += collations
            return compilation
        }
        let compiled = database.compile(checked)
        if !compiled.portabilityDiagnostics.isEmpty {
            // Refused as portable SQL: the diagnostics say which construct needs Sift's functions.
            compilation.diagnostics += compiled.portabilityDiagnostics
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
        try database.forEachRow(compiled, parameters: compilation.parameterValues) { row in
            try onRow(row.values)
        }
    }

    public func queryPlan(_ compilation: EngineCompilation) throws -> [QueryPlanRow] {
        guard let compiled = compilation.compiled else { throw EngineUnavailable.sqlLowering }
        return try database.queryPlan(compiled, parameters: compilation.parameterValues)
    }

    public func reopen(path: String, writable: Bool) throws {
        try refuseURI(path)
        let opened = try SiftDatabase(path: path, modelFile: modelFile, mode: writable ? .readWrite : .readOnly)
        opened.connection.setTimeLimit(timeLimit)
        opened.loweringOptions.portable = database.loweringOptions.portable
        database = opened
        location = path
    }

    public func reopen(path: String, modelFile: String, writable: Bool) throws {
        try refuseURI(path)
        let opened = try SiftDatabase(path: path, modelFile: modelFile, mode: writable ? .readWrite : .readOnly)
        opened.connection.setTimeLimit(timeLimit)
        database = opened
        location = path
        self.modelFile = modelFile
    }

    /// The time limit set with ``setTimeLimit(_:)``, kept across ``reopen(path:writable:)``.
    private var timeLimit: Double?

    public func setTimeLimit(_ seconds: Double?) {
        timeLimit = seconds
        database.connection.setTimeLimit(seconds)
    }

    public func reload() throws {
        try reopen(path: location, writable: !database.connection.isReadOnly)
    }

    public var portable: Bool { database.loweringOptions.portable }

    public func setPortable(_ portable: Bool) throws {
        database.loweringOptions.portable = portable
    }

    /// This engine opens SQLite files; a PostgreSQL URI is a ``PostgresEngine``'s (the REPL's
    /// `.open` switches engines).
    private func refuseURI(_ path: String) throws {
        if PostgresURI.isURI(path) {
            throw CommandError("'\(PostgresURI.redacted(path))' is a PostgreSQL database: open it with a PostgresEngine (the REPL's .open does)")
        }
    }
}
