import Sift
import SiftSQLite

/// The REPL's seam with SQL: everything that needs a database goes through an engine.
///
/// The REPL parses dot-commands, reads lines, completes and renders; an engine compiles query text
/// to SQL, runs it and turns stored values into display-ready ``DecodedValue``s. The REPL calls an
/// engine from one thread only (the one running the session), except ``interruptHandle``, which a
/// signal watcher uses from another thread.
public protocol QueryEngine: AnyObject {
    /// The models queries are checked against: `.schema`, `.models` and completion read it.
    var schema: Schema { get }

    /// What is open, for the banner and `.open`: usually the database path.
    var location: String { get }

    /// Stops the query running on the engine's connection when Control-C is pressed; `nil` when
    /// nothing can be interrupted.
    var interruptHandle: InterruptHandle? { get }

    /// Stops the query running on the engine's connection, from another thread (Control-C): by
    /// default through ``interruptHandle``; `nil` when nothing can be stopped.
    var cancelRunningQuery: (@Sendable () -> Void)? { get }

    /// Parses, type-checks and lowers `source`; never throws (problems are diagnostics).
    ///
    /// `parameters` are the values set with `.param set`: each one's ``ParameterValue/literalType`` is the
    /// declared type of the named parameter of that name, and its value is bound wherever the
    /// query uses it (in the compilation's ``EngineCompilation/bindings``). A parameter the query
    /// uses that has no value must still compile (bind NULL): the REPL sees it in
    /// ``EngineCompilation/checked`` and asks for a value instead of running.
    func compile(_ source: SourceFile, parameters: [String: ParameterValue]) -> EngineCompilation

    /// Runs a compilation that has no errors, calling `onRow` once per row in order, each row
    /// holding one value per ``EngineCompilation/columns`` entry. Throws database errors, and an
    /// error of any kind when the query is interrupted (the REPL knows it interrupted it).
    func run(_ compilation: EngineCompilation, onRow: (ResultRow) throws -> Void) throws

    /// SQLite's `EXPLAIN QUERY PLAN` for a compilation without errors (with its bindings bound).
    func queryPlan(_ compilation: EngineCompilation) throws -> [QueryPlanRow]

    /// Opens another database (read-only unless `writable`) and reloads the schema from it.
    /// On failure the engine keeps what it had open.
    func reopen(path: String, writable: Bool) throws

    /// Opens another database refined by the model at `modelFile` (a Swift model file or Xcode's
    /// data model), which later reopens keep. On failure the engine keeps what it had open.
    func reopen(path: String, modelFile: String, writable: Bool) throws

    /// Stops any query that runs longer than `seconds` (nil: no limit).
    func setTimeLimit(_ seconds: Double?)

    /// Reads the schema of the open database again (after it changed), keeping the connection's
    /// mode.
    func reload() throws

    /// Whether queries are lowered to portable SQL (SQLite's built-in functions only), refused
    /// with a diagnostic where that has no exact form; false for an engine that cannot.
    var portable: Bool { get }

    /// Lowers the next queries to portable SQL or not; throws when the engine cannot.
    func setPortable(_ portable: Bool) throws
    /// The sign of the SQL's placeholders (`?` in `?1`, `$` in `$1`), as `.sql` lists the bindings.
    var placeholderSign: String { get }
}

extension QueryEngine {
    public var cancelRunningQuery: (@Sendable () -> Void)? {
        guard let handle = interruptHandle else { return nil }
        return { @Sendable in handle.interrupt() }
    }
    public func setTimeLimit(_ seconds: Double?) {}
    public func reopen(path: String, modelFile: String, writable: Bool) throws {
        throw EngineUnavailable.modelFile
    }
    public var portable: Bool { false }
    public func setPortable(_ portable: Bool) throws {
        if portable { throw CommandError("portable SQL needs a database: open one with .open FILE") }
    }
    public func reload() throws { try reopen(path: location, writable: false) }
    /// SQLite's: `?1`.
    public var placeholderSign: String { "?" }
}

/// One result row: one value per column of the compilation.
public typealias ResultRow = [DecodedValue]
