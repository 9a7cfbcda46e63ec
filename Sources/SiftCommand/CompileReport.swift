import Sift

/// The JSON `sift compile --json` prints for a query that compiled: one member per line below,
/// so a new field is one line (and its function). README's table documents each.
enum CompileReport {
    static func json(_ compiled: CompiledQuery, dialect: CompileDialect = .sqlite, schema: Schema, diagnostics: [SourcedDiagnostic]) -> JSON {
        .object([
            ("version", .number(String(JSONDiagnostics.formatVersion))),
            ("dialect", .string(dialect.rawValue)),
            ("sql", .string(compiled.sql)),
            ("functions", .array(functions(of: compiled, dialect: dialect).map(JSON.string))),
            ("bindings", .array(compiled.bindings.map { binding($0, of: compiled, schema: schema) })),
            ("parameters", .array(compiled.parameters.map(parameter))),
            ("columns", .array(compiled.columns.map(column))),
            ("assumptions", .array(compiled.assumptions.map { .string($0.description) })),
            ("diagnostics", JSONDiagnostics.array(diagnostics)),
        ])
    }

    /// The functions and collations of Sift's the SQL calls: SQLite's registered `sift_...`, or
    /// in PostgreSQL those of the schema `sift`.
    static func functions(of compiled: CompiledQuery, dialect: CompileDialect) -> [String] {
        guard dialect == .postgresql else { return compiled.siftFunctionNames }
        return PostgreSQLFunctions.calledFunctions(in: compiled.sql)
            + SiftCollation.all.map { PostgreSQLFunctions.schema + "." + $0.postgreSQLName }.filter { name in
                let parts = name.split(separator: ".")
                return compiled.sql.contains("\"\(parts[0])\".\"\(parts[1])\"")
            }
    }

    /// A placeholder: a constant's value and SQL type, or the parameter it binds with its Swift
    /// type and the storage its value must be encoded in.
    static func binding(_ slot: BindingSlot, of compiled: CompiledQuery, schema: Schema) -> JSON {
        switch slot {
        case .constant(let value):
            return .object([("value", jsonValue(value)), ("storage", .string(BindingStorage.name(of: value)))])
        case .parameter(let name, let encoding):
            let type = compiled.parameters.first { $0.name == name }?.type ?? .error
            return .object(
                [("parameter", .string(name)), ("type", .string(type.description))]
                    + BindingStorage.json(type: type, encoding: encoding, schema: schema))
        }
    }

    /// A named (or captured) parameter: its name, Swift type and the placeholders it fills.
    static func parameter(_ parameter: CompiledParameter) -> JSON {
        .object([
            ("name", .string(parameter.name)), ("type", .string(parameter.type.description)),
            ("positions", .array(parameter.positions.map { .number(String($0)) })),
        ])
    }

    /// A result column: the model's member, the SQL result column, its Swift type and storage.
    static func column(_ attribute: Attribute) -> JSON {
        .object([
            ("name", .string(attribute.name)), ("column", .string(attribute.columnName)),
            ("type", .string(attribute.typeDescription)), ("storage", .string(attribute.storage.rawValue)),
        ])
    }

    /// A constant as JSON: numbers, strings, null, and a BLOB as `{"blob":"hex"}`.
    static func jsonValue(_ value: SQLValue) -> JSON {
        switch value {
        case .null: .null
        case .integer(let integer): .number(String(integer))
        case .real(let real): real.isFinite ? .number(String(real)) : .string(String(real))
        case .text(let text): .string(text)
        case .blob(let bytes): .object([("blob", .string(bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()))])
        }
    }
}
