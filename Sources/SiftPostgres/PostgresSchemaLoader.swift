import Sift
import SiftSQLite

/// Loads the schema of a PostgreSQL database: introspected from `pg_catalog` by the rules SQLite's
/// introspection follows (``SchemaInference``: model, attribute and relationship names, join
/// tables), refined by a model file when one is given.
///
/// PostgreSQL's types give the Swift types and storages (docs/POSTGRESQL.md): `smallint`,
/// `integer`, `bigint` → `Int`; `double precision`, `numeric` → `Double`; `real` → `Float`; `text`, `varchar`,
/// `char` → `String`; `json`, `jsonb` and arrays → `String` of their text (``Storage/textForm``);
/// `boolean` → `Bool`; `bytea` → `Data`; `timestamptz`, `timestamp`, `date` → `Date`
/// (``Storage/timestamp``); `uuid` → `UUID` (``Storage/uuidNative``); an enum type → a raw-value
/// `String` enum of its labels (``Storage/textForm``). NOT NULL makes an attribute non-optional.
/// A column of another type (an interval, a range) is left out, with a warning.
/// Only the schemas of the search path are read (`public` by default); names are kept exactly as
/// stored, so quoted mixed-case names and folded lower-case names both work.
public enum PostgresSchemaLoader {
    /// The models introspection finds, and what it could not turn into attributes.
    public static func introspect(_ connection: PostgresConnection) throws -> (Schema, [Diagnostic]) {
        let reader = PostgresCatalogReader(connection: connection)
        let tables = try reader.tables()
        let enums = try reader.enums()
        var enumNames: [String: String] = [:]
        let enumTypes = enums.map { found in
            let name = typeName(for: found.name)
            enumNames[found.name] = name
            return EnumType(
                name: name, rawType: .string,
                cases: found.labels.map { EnumType.Case(name: Naming.memberName(forColumn: $0), rawValue: .string($0)) })
        }
        var diagnostics: [Diagnostic] = []
        var kept: [String: [String: (ScalarType, Storage)]] = [:]
        let descriptions = tables.map { table in
            var columns: [ColumnDescription] = []
            for column in table.columns {
                guard let typeAndStorage = typeAndStorage(of: column, enumNames: enumNames) else {
                    diagnostics.append(
                        .warning(
                            "unsupported-column-type",
                            "the column '\(column.name)' of '\(table.name)' is of type \(column.formatted), which no Swift attribute type holds; it is left out",
                            at: .point(0)))
                    continue
                }
                kept[table.name, default: [:]][column.name] = typeAndStorage
                columns.append(ColumnDescription(name: column.name, declaredType: column.formatted, notNull: column.notNull))
            }
            return TableDescription(
                name: table.name, columns: columns, primaryKey: table.primaryKey, foreignKeys: table.foreignKeys,
                uniqueColumnSets: table.unique, isView: table.isView)
        }
        let (inferred, inferenceDiagnostics) = SchemaInference.schema(from: descriptions)
        var models: [Model] = []
        for var model in inferred.models {
            let types = kept[model.tableName] ?? [:]
            model.members = model.members.map { member in
                guard case .attribute(var attribute) = member, let (type, storage) = types[attribute.columnName] else { return member }
                attribute.type = type
                attribute.storage = storage
                return .attribute(attribute)
            }
            // PostgreSQL has no rowid: a row of a table without a primary key is told apart by its
            // address, `ctid`, which is stable while a statement runs (ties sort the same way
            // throughout), though an UPDATE or VACUUM FULL moves it: no key to keep between queries.
            if model.primaryKey == ["rowid"] { model.primaryKey = ["ctid"] }
            models.append(model)
        }
        return (Schema(models: models, enums: enumTypes), diagnostics + inferenceDiagnostics)
    }

    /// The schema of an open database, refined by the model file at `modelFile` when given, with
    /// the diagnostics found and the source they point into (the model file, or an empty source
    /// named `databaseName`).
    public static func load(connection: PostgresConnection, databaseName: String, modelFile: String?) throws -> SchemaLoader.ModelRead {
        let (introspected, introspectionDiagnostics) = try introspect(connection)
        guard let modelFile else {
            return (introspected, introspectionDiagnostics, SourceFile(name: databaseName, text: ""))
        }
        let model = try SchemaLoader.readModel(modelFile)
        if model.diagnostics.hasErrors { return (introspected, model.diagnostics, model.source) }
        let (refined, refinementDiagnostics) = SchemaRefinement.refine(introspected, with: model.schema)
        let labelDiagnostics = casesWithoutLabels(refined, introspected: introspected)
        return (keepingDatabaseStorage(refined, introspected: introspected), model.diagnostics + refinementDiagnostics + labelDiagnostics, model.source)
    }

    /// A warning for each case of a model file's enum, given to a column of a PostgreSQL enum type,
    /// whose raw value is none of that type's labels: no row holds it, so `== .case` selects
    /// nothing (compared as text, the server raises no error); the labels are listed.
    static func casesWithoutLabels(_ refined: Schema, introspected: Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var seen: Set<[String]> = []
        for model in introspected.models {
            guard let refinedModel = refined.models.first(where: { $0.tableName == model.tableName }) else { continue }
            for attribute in model.attributes {
                guard case .enumeration(let typeName) = attribute.type, let labels = introspected.enumType(named: typeName)?.cases.map(\.rawValue),
                    let refinedAttribute = refinedModel.attributes.first(where: { $0.columnName == attribute.columnName }),
                    case .enumeration(let swiftName) = refinedAttribute.type, let swiftEnum = refined.enumType(named: swiftName),
                    swiftEnum.rawType == .string, seen.insert([typeName, swiftName]).inserted
                else { continue }
                let listed = labels.map { if case .string(let label) = $0 { "'\(label)'" } else { "\($0)" } }.joined(separator: ", ")
                for unlabelled in swiftEnum.cases where !labels.contains(unlabelled.rawValue) {
                    diagnostics.append(
                        .warning(
                            "enum-case-not-a-label",
                            "the case '\(unlabelled.name)' of '\(swiftName)' is stored as \(unlabelled.rawValue), which is none of the labels of the column '\(attribute.columnName)' of '\(model.tableName)' (\(listed)): no row holds it; give the case one of them as its raw value",
                            at: unlabelled.declaration ?? swiftEnum.declaration ?? .point(0)))
                }
            }
        }
        return diagnostics
    }

    /// A refined schema whose attributes keep the storage of the database's own types (a
    /// `timestamptz`, a `uuid`, a `jsonb`, an enum type): a model file says what a column is in
    /// Swift (`var created: Date`, `var status: Status`), but only the database says how it is
    /// stored, and a model file's default (seconds since 2001, upper-case text) would not be it.
    static func keepingDatabaseStorage(_ refined: Schema, introspected: Schema) -> Schema {
        var native: [String: [String: Storage]] = [:]
        for model in introspected.models {
            for attribute in model.attributes where [.timestamp, .uuidNative, .textForm].contains(attribute.storage) {
                native[model.tableName, default: [:]][attribute.columnName] = attribute.storage
            }
        }
        var schema = refined
        for model in refined.models {
            guard let storages = native[model.tableName] else { continue }
            var model = model
            model.members = model.members.map { member in
                guard case .attribute(var attribute) = member, let storage = storages[attribute.columnName] else { return member }
                let rawType: ScalarType? = {
                    if case .enumeration(let name) = attribute.type { return refined.enumType(named: name)?.rawType }
                    return nil
                }()
                guard storage.fits(attribute.type, enumRawType: rawType) else { return member }
                attribute.storage = storage
                return .attribute(attribute)
            }
            schema.add(model)
        }
        return schema
    }

    /// The Swift type and storage of a column's PostgreSQL type; nil when no attribute type holds it.
    static func typeAndStorage(of column: PostgresCatalogReader.Column, enumNames: [String: String]) -> (ScalarType, Storage)? {
        switch column.typeName {
        case "int2", "int4", "int8": return (.integer(.int), .integer)
        // `numeric` is read as the `Double` nearest to it, and compared as `float8` (the implicit cast).
        case "float8", "numeric": return (.double, .real)
        case "float4": return (.float, .real)
        case "text", "varchar", "bpchar", "name", "citext": return (.string, .text)
        case "json", "jsonb": return (.string, .textForm)
        case "bool": return (.bool, .integer)
        case "bytea": return (.data, .blob)
        case "timestamptz", "timestamp", "date": return (.date, .timestamp)
        case "uuid": return (.uuid, .uuidNative)
        default:
            if column.typeKind == "e", let name = enumNames[column.typeName] { return (.enumeration(name), .textForm) }
            if column.typeCategory == "A" { return (.string, .textForm) }
            return nil
        }
    }

    /// A Swift type name for a PostgreSQL type name: `task_status` → `TaskStatus`.
    static func typeName(for name: String) -> String {
        let words = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first, !first.isNumber else { return "Enum" + joined }
        return joined
    }
}
