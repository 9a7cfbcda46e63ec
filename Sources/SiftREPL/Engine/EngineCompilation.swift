import Sift
import SiftSQLite

/// What an engine made of one query: the syntax, the typed query, the SQL with its bindings and
/// the columns it returns, or the diagnostics that stopped it.
public struct EngineCompilation: Sendable {
    public var source: SourceFile
    /// The parsed query, when parsing produced one.
    public var syntax: Query?
    /// The typed query, when checking succeeded.
    public var checked: CheckedQuery?
    /// The SQL, when lowering succeeded; `nil` for an engine that only type-checks.
    public var sql: String?
    /// The values bound to the SQL's parameters, in order (`?1`, `?2`, ...).
    public var bindings: [SQLBinding]
    /// The columns each result row has, in order.
    public var columns: [ResultColumn]
    /// Parse, check and lowering diagnostics (errors, warnings, notes).
    public var diagnostics: [Diagnostic]
    /// The compiled query, for an engine that lowers to SQL.
    public var compiled: CompiledQuery?
    /// The parameter values the bindings were made from.
    public var parameterValues: [String: ParameterValue] = [:]

    public init(
        source: SourceFile, syntax: Query? = nil, checked: CheckedQuery? = nil, sql: String? = nil,
        bindings: [SQLBinding] = [], columns: [ResultColumn] = [], diagnostics: [Diagnostic] = []
    ) {
        self.source = source
        self.syntax = syntax
        self.checked = checked
        self.sql = sql
        self.bindings = bindings
        self.columns = columns
        self.diagnostics = diagnostics
    }

    /// The front end's result, before lowering: no SQL yet; columns are the model's attributes.
    public init(_ compilation: Compilation) {
        self.init(
            source: compilation.source, syntax: compilation.syntax, checked: compilation.checked,
            columns: compilation.checked.map(ResultColumn.columns(of:)) ?? [],
            diagnostics: compilation.diagnostics)
    }

    /// Whether any diagnostic is an error (then it cannot run).
    public var hasErrors: Bool { diagnostics.hasErrors || checked == nil }
}

/// A value bound to one SQL parameter, and the named parameter it came from, if any.
public struct SQLBinding: Sendable, Hashable {
    public var value: SQLValue
    /// The Sift named parameter (`searchString`) whose value this is; `nil` for a literal.
    public var parameterName: String?

    public init(_ value: SQLValue, parameterName: String? = nil) {
        self.value = value
        self.parameterName = parameterName
    }
}

/// One column of a result: its name (an attribute name) and the Swift spelling of its type.
public struct ResultColumn: Sendable, Hashable {
    public var name: String
    /// `Int`, `String?`, `Date`, `Priority?`: shown by nothing yet, kept for tools.
    public var typeDescription: String

    public init(name: String, typeDescription: String) {
        self.name = name
        self.typeDescription = typeDescription
    }

    /// The columns a checked query returns: the ones it selects, or its model's attributes.
    public static func columns(of query: CheckedQuery) -> [ResultColumn] {
        guard query.selection != nil || query.measure != nil else { return attributes(of: query.model) }
        return query.resultColumns.map { ResultColumn(name: $0.name, typeDescription: $0.type.description) }
    }

    /// One column per attribute of a model, in declaration order.
    public static func attributes(of model: Model) -> [ResultColumn] {
        model.attributes.map { ResultColumn(name: $0.name, typeDescription: $0.typeDescription) }
    }
}
