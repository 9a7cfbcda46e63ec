import Sift
import SiftSQLite

/// An engine that checks queries but cannot run them yet: what `sift` uses until the SQL
/// lowering is wired in. Every REPL feature that needs no SQL works (`.ast`, `.typed`,
/// `.schema`, completion, parameters); running, `.sql` and `.plan` report that they are missing.
public final class TypeCheckOnlyEngine: QueryEngine {
    public private(set) var schema: Schema
    public private(set) var location: String
    /// The model file that refines the database's schema, reused by ``reopen(path:writable:)``.
    public private(set) var modelFile: String?
    /// Diagnostics found while loading the schema (shown by the REPL at start).
    public private(set) var loadDiagnostics: [Diagnostic]
    public private(set) var loadSource: SourceFile

    /// Loads the schema of `database` (introspection), refined by `modelFile` when given.
    public init(database: String?, modelFile: String?) throws {
        let loaded = try SchemaLoader.load(database: database, modelFile: modelFile)
        schema = loaded.schema
        loadDiagnostics = loaded.diagnostics
        loadSource = loaded.source
        location = database ?? modelFile ?? "<no database>"
        self.modelFile = modelFile
    }

    /// An engine over an already loaded schema.
    public init(schema: Schema, location: String = "<schema>") {
        self.schema = schema
        self.location = location
        self.modelFile = nil
        self.loadDiagnostics = []
        self.loadSource = SourceFile(name: location, text: "")
    }

    public var interruptHandle: InterruptHandle? { nil }

    public func compile(_ source: SourceFile, parameters: [String: ParameterValue]) -> EngineCompilation {
        let options = TypeChecker.Options(parameterTypes: parameters.compactMapValues(\.literalType))
        return EngineCompilation(Compiler(schema: schema, options: options).check(source))
    }

    public func run(_ compilation: EngineCompilation, onRow: (ResultRow) throws -> Void) throws {
        throw EngineUnavailable.sqlLowering
    }

    public func queryPlan(_ compilation: EngineCompilation) throws -> [QueryPlanRow] {
        throw EngineUnavailable.sqlLowering
    }

    public func reopen(path: String, writable: Bool) throws {
        let loaded = try SchemaLoader.load(database: path, modelFile: modelFile)
        schema = loaded.schema
        loadDiagnostics = loaded.diagnostics
        loadSource = loaded.source
        location = path
    }

    public func reopen(path: String, modelFile: String, writable: Bool) throws {
        let loaded = try SchemaLoader.load(database: path, modelFile: modelFile)
        schema = loaded.schema
        loadDiagnostics = loaded.diagnostics
        loadSource = loaded.source
        location = path
        self.modelFile = modelFile
    }
}

/// A feature the engine in use does not have.
public enum EngineUnavailable: Error, CustomStringConvertible {
    /// No SQL back end: queries can be checked but not run.
    case sqlLowering
    /// The engine opens no model file.
    case modelFile

    public var description: String {
        switch self {
        case .sqlLowering:
            "this build of sift checks queries but cannot run them yet (no SQL back end); try .typed or .ast"
        case .modelFile:
            "this engine reads no model file; open the database without '--schema'"
        }
    }
}
