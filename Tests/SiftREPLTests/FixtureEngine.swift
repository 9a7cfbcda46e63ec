import Foundation
import Sift
import SiftREPL
import SiftSQLite

/// The REPL tests' engine: the real checker, then a deliberately tiny hand-written lowering
/// (comparisons, `&&`, `||`, `!`, `contains`/`hasPrefix`, `== nil`, sorts on attributes, a
/// constant limit) run on a real SQLite file, with rows converted to display values by attribute
/// type. Anything else is a diagnostic "the test engine cannot lower this". It stands in for
/// the lead's lowering so the REPL can be tested end to end.
final class FixtureEngine: QueryEngine {
    private(set) var schema: Schema
    private(set) var location: String
    private var connection: Connection
    let modelFile: String
    /// When set, `run` executes this SQL instead (a query that never ends, for interrupts).
    var replacementSQL: String?
    /// Called once `run` has started stepping (the interrupt test waits for it).
    var onRunStarted: (() -> Void)?

    init(database: String, modelFile: String) throws {
        let loaded = try SchemaLoader.load(database: database, modelFile: modelFile)
        schema = loaded.schema
        connection = try Connection(path: database)
        location = (database as NSString).lastPathComponent
        self.modelFile = modelFile
    }

    var interruptHandle: InterruptHandle? { connection.interruptHandle }

    func compile(_ source: SourceFile, parameters: [String: ParameterValue]) -> EngineCompilation {
        let options = TypeChecker.Options(parameterTypes: parameters.compactMapValues(\.literalType))
        var compilation = EngineCompilation(Compiler(schema: schema, options: options).check(source))
        guard let checked = compilation.checked, !compilation.hasErrors else { return compilation }
        var lowering = Lowering(query: checked, parameters: parameters)
        let columns = checked.model.attributes.map { SQLiteIdentifier.quote($0.columnName) }.joined(separator: ", ")
        var sql = "SELECT \(columns) FROM \(SQLiteIdentifier.quote(checked.model.tableName))"
        if let filter = checked.filter {
            guard let condition = lowering.lower(filter) else {
                compilation.diagnostics.append(
                    .error("test-engine", "the test engine cannot lower this expression", at: lowering.failure ?? filter.range))
                compilation.checked = nil
                return compilation
            }
            sql += " WHERE \(condition)"
        }
        let keys = checked.sort.filter(\.path.isEmpty).compactMap { key in
            key.attribute.map { SQLiteIdentifier.quote($0.columnName) + (key.order == .reverse ? " DESC" : "") }
        }
        if !keys.isEmpty { sql += " ORDER BY " + keys.joined(separator: ", ") }
        if let limit = checked.limit, case .constant(.int(let count)) = checked[limit] { sql += " LIMIT \(count)" }
        compilation.sql = sql
        compilation.bindings = lowering.bindings
        return compilation
    }

    func run(_ compilation: EngineCompilation, onRow: (ResultRow) throws -> Void) throws {
        guard let checked = compilation.checked, let sql = compilation.sql else { throw EngineUnavailable.sqlLowering }
        if let replacementSQL {
            let statement = try connection.prepare(replacementSQL)
            onRunStarted?()
            while try statement.step() {}
            return
        }
        let cursor = try connection.prepare(sql).cursor(bindings: compilation.bindings.map(\.value))
        let attributes = checked.model.attributes
        while let row = try cursor.next() {
            try onRow(zip(attributes, row).map { display($1, as: $0) })
        }
    }

    func queryPlan(_ compilation: EngineCompilation) throws -> [QueryPlanRow] {
        guard let sql = compilation.sql else { throw EngineUnavailable.sqlLowering }
        return try connection.queryPlan(sql, bindings: compilation.bindings.map(\.value))
    }

    func reopen(path: String, writable: Bool) throws {
        let loaded = try SchemaLoader.load(database: path, modelFile: modelFile)
        connection = try Connection(path: path, mode: writable ? .readWrite : .readOnly)
        schema = loaded.schema
        location = (path as NSString).lastPathComponent
    }

    /// A stored value as the attribute's Swift value.
    func display(_ value: SQLValue, as attribute: Attribute) -> DecodedValue {
        if value.isNull { return .null }
        switch attribute.type {
        case .bool: return .bool(value.integerValue.map { $0 != 0 } ?? false)
        case .integer: return value.integerValue.map(DecodedValue.int) ?? .string(value.description)
        case .double, .float: return .double(value.realValue ?? value.integerValue.map(Double.init) ?? .nan)
        case .date:
            switch attribute.storage {
            case .dateISO8601: return value.textValue.flatMap(ISODate.parse).map(DecodedValue.date) ?? .null
            case .dateUnixSeconds: return .date(Date(timeIntervalSince1970: value.realValue ?? 0))
            default: return .date(Date(timeIntervalSinceReferenceDate: value.realValue ?? value.integerValue.map(Double.init) ?? 0))
            }
        case .uuid: return value.textValue.flatMap(UUID.init(uuidString:)).map(DecodedValue.uuid) ?? .null
        case .data: return .data(value.blobValue ?? [])
        case .enumeration(let name):
            let raw: EnumType.RawValue? = value.integerValue.map { .int($0) } ?? value.textValue.map { .string($0) }
            if let raw, let found = schema.enumType(named: name)?.case(withRawValue: raw) {
                return .enumCase(name: found.name, rawValue: raw.description)
            }
            return .string(value.description)
        default: return value.textValue.map(DecodedValue.string) ?? .string(value.description)
        }
    }

    /// The tiny lowering.
    struct Lowering {
        let query: CheckedQuery
        let parameters: [String: ParameterValue]
        var bindings: [SQLBinding] = []
        var failure: SourceRange?

        init(query: CheckedQuery, parameters: [String: ParameterValue]) {
            self.query = query
            self.parameters = parameters
        }

        mutating func bind(_ value: SQLValue, name: String? = nil) -> String {
            bindings.append(SQLBinding(value, parameterName: name))
            return "?\(bindings.count)"
        }

        mutating func lower(_ expr: TypedExpr) -> String? {
            switch query[expr] {
            case .constant(let constant):
                switch constant {
                case .null: return "NULL"
                case .bool(let flag): return bind(.integer(flag ? 1 : 0))
                case .int(let number): return bind(.integer(number))
                case .double(let number): return bind(.real(number))
                case .string(let text): return bind(.text(text))
                case .enumCase(_, _, .int(let raw)): return bind(.integer(raw))
                case .enumCase(_, _, .string(let raw)): return bind(.text(raw))
                default: break
                }
            case .parameter(let name):
                // A parameter without a value is bound as NULL; the REPL refuses to run it.
                switch parameters[name] ?? .null {
                case .null: return bind(.null, name: name)
                case .bool(let flag): return bind(.integer(flag ? 1 : 0), name: name)
                case .int(let number): return bind(.integer(number), name: name)
                case .double(let number): return bind(.real(number), name: name)
                case .string(let text): return bind(.text(text), name: name)
                case .date(let date): return bind(.real(date.timeIntervalSinceReferenceDate), name: name)
                case .uuid(let uuid): return bind(.text(uuid.uuidString), name: name)
                case .data(let bytes): return bind(.blob(bytes), name: name)
                case .array: break
                }
            case .attribute(let base, let attribute):
                if case .variable(let id) = query[base], id == query.root { return SQLiteIdentifier.quote(attribute.columnName) }
            case .injectOptional(let inner):
                return lower(inner)
            case .not(let inner):
                return lower(inner).map { "NOT (\($0))" }
            case .comparison(let op, let lhs, let rhs):
                if case .constant(.null) = query[rhs] {
                    return lower(lhs).map { $0 + (op == .equal ? " IS NULL" : " IS NOT NULL") }
                }
                guard let left = lower(lhs), let right = lower(rhs) else { return nil }
                let sqlOperator = op == .equal ? "=" : op == .notEqual ? "<>" : op.rawValue
                return "\(left) \(sqlOperator) \(right)"
            case .logical(let operands, let op):
                var parts: [String] = []
                for operand in operands {
                    guard let part = lower(operand) else { return nil }
                    parts.append(part)
                }
                return "(" + parts.joined(separator: op == .and ? " AND " : " OR ") + ")"
            case .stringTest(.contains, let haystack, let needle):
                guard let left = lower(haystack), let right = lower(needle) else { return nil }
                return "instr(\(left), \(right)) > 0"
            case .stringTest(.localizedStandardContains, let haystack, let needle):
                // Lowered to a function this connection does not have: an error at run time.
                guard let left = lower(haystack), let right = lower(needle) else { return nil }
                return "sift_unregistered_function(\(left), \(right))"
            case .stringTest(.hasPrefix, let text, let prefix):
                guard let left = lower(text), let right = lower(prefix) else { return nil }
                return "substr(\(left), 1, length(\(right))) = \(right)"
            default:
                break
            }
            if failure == nil { failure = expr.range }
            return nil
        }
    }
}
