import Sift

/// Compares what each attribute's storage expects with what its column holds, on a sample of
/// rows, so that a disagreement never gives a quietly wrong answer (a `TIMESTAMP` column read as
/// ISO-8601 text while it holds seconds: every date comparison would be false).
///
/// - An attribute found by introspection whose sampled values are all of another SQLite type is
///   read as what is stored (`Double` for REAL, `Int` for INTEGER, `String` for TEXT, `Data` for
///   BLOB), with a warning that says how to declare it in a model file.
/// - An attribute a model file declares keeps its declaration, with a warning that says what
///   Sift assumed and how to declare the storage the column holds.
enum StoredValueCheck {
    /// The rows sampled per table.
    static let sampleRows = 256

    /// The SQLite types a value of a storage may have (NULL aside).
    static func expectedTypes(_ storage: Storage) -> Set<String> {
        switch storage {
        case .integer: ["integer"]
        case .real, .dateReferenceSeconds, .dateUnixSeconds: ["real", "integer"]
        // A database type's storages are PostgreSQL's; SQLite holds their text at best.
        case .text, .dateISO8601, .uuidUppercaseText, .uuidLowercaseText, .timestamp, .uuidNative, .textForm: ["text"]
        case .blob, .uuidBlob: ["blob"]
        }
    }

    /// `schema` with introspected attributes read as what their columns hold, and the warnings.
    static func check(_ schema: Schema, _ connection: Connection) throws -> (Schema, [Diagnostic]) {
        var result = schema
        var diagnostics: [Diagnostic] = []
        var sampled: [String: [String: Set<String>]] = [:]  // table → column → SQLite types
        for model in schema.models where model.hasTable {
            let columns = model.attributes.map(\.columnName).filter { $0 != "rowid" }
            if sampled[model.tableName] == nil {
                sampled[model.tableName] = try sample(table: model.tableName, columns: columns, connection)
            }
            let types = sampled[model.tableName] ?? [:]
            var changed = model
            var didChange = false
            for (index, member) in model.members.enumerated() {
                guard case .attribute(let attribute) = member, let stored = types[attribute.columnName], !stored.isEmpty else { continue }
                let expected = expectedTypes(attribute.storage)
                guard !stored.isSubset(of: expected) else { continue }
                let found = stored.sorted().map { $0.uppercased() }.joined(separator: " and ")
                let place = "'\(model.tableName).\(attribute.columnName)'"
                // INTEGER and REAL values are numbers alike: read as Double.
                let kind = stored == ["integer", "real"] ? "real" : stored.count == 1 ? stored.first : nil
                if attribute.declaration == nil, let only = kind, let (type, storage) = natural(only) {
                    var retyped = attribute
                    retyped.type = type
                    retyped.storage = storage
                    changed.members[index] = .attribute(retyped)
                    didChange = true
                    diagnostics.append(
                        .warning(
                            .storedTypeMismatch,
                            "the column \(place) is declared '\(declaredType(model, attribute, connection))' but holds \(found) values: '\(model.name).\(attribute.name)' is read as '\(type)'"
                                + remedy(for: attribute, holding: only, model: model),
                            at: model.declaration ?? .point(0)))
                } else {
                    diagnostics.append(
                        .warning(
                            .storedTypeMismatch,
                            "'\(model.name).\(attribute.name)' is read as \(describe(attribute.storage)), but the column \(place) holds \(found) values; comparisons with it may not match the stored values"
                                + (kind.map { remedy(for: attribute, holding: $0, model: model) } ?? ""),
                            at: attribute.declaration ?? model.declaration ?? .point(0)))
                }
            }
            if didChange { result.add(changed) }
        }
        return (result, diagnostics)
    }

    /// The SQLite types found in the first ``sampleRows`` rows of each column (NULLs left out).
    static func sample(table: String, columns: [String], _ connection: Connection) throws -> [String: Set<String>] {
        guard !columns.isEmpty else { return [:] }
        let list = columns.map { "typeof(\(SQLiteIdentifier.quote($0)))" }.joined(separator: ", ")
        let sql = "SELECT \(list) FROM \(SQLiteIdentifier.quote(table)) LIMIT \(sampleRows)"
        guard let rows = try? connection.prepare(sql).rows() else { return [:] }
        var types: [String: Set<String>] = [:]
        for row in rows {
            for (index, column) in columns.enumerated() where index < row.count {
                if case .text(let type) = row[index], type != "null" { types[column, default: []].insert(type) }
            }
        }
        return types
    }

    /// What a value of one SQLite type reads as, kept as stored.
    static func natural(_ sqliteType: String) -> (ScalarType, Storage)? {
        switch sqliteType {
        case "integer": (.integer(.int), .integer)
        case "real": (.double, .real)
        case "text": (.string, .text)
        case "blob": (.data, .blob)
        default: nil
        }
    }

    static func describe(_ storage: Storage) -> String {
        switch storage {
        case .integer: "an INTEGER"
        case .real: "a REAL number"
        case .text: "TEXT"
        case .blob: "a BLOB"
        case .dateReferenceSeconds: "seconds since 2001 (a number)"
        case .dateUnixSeconds: "seconds since 1970 (a number)"
        case .dateISO8601: "ISO-8601 text"
        case .uuidUppercaseText, .uuidLowercaseText: "UUID text"
        case .uuidBlob: "a UUID's 16 bytes (a BLOB)"
        case .timestamp: "a timestamp of the database"
        case .uuidNative: "a uuid of the database"
        case .textForm: "the text of a value of the database"
        }
    }

    /// How to declare what the column holds, in a model file.
    static func remedy(for attribute: Attribute, holding sqliteType: String, model: Model) -> String {
        let declaration = "var \(attribute.name)"
        switch (attribute.type, sqliteType) {
        case (.date, "real"), (.date, "integer"):
            return "; declare its storage in a model file: '@Storage(.referenceDate) \(declaration): Date' for seconds since 2001 or '@Storage(.unixTime) \(declaration): Date' for seconds since 1970"
        case (.date, "text"):
            return "; declare its storage in a model file: '@Storage(.iso8601) \(declaration): Date'"
        case (.uuid, "blob"):
            return "; declare its storage in a model file: '@Storage(.bytes) \(declaration): UUID'"
        case (.uuid, "text"):
            return "; declare its storage in a model file: '@Storage(.uppercaseText) \(declaration): UUID'"
        case (_, "text"):
            return "; declare it in a model file as '\(declaration): String'"
        case (_, "real"):
            return "; declare it in a model file as '\(declaration): Double'"
        case (_, "integer"):
            return "; declare it in a model file as '\(declaration): Int'"
        default:
            return "; declare it in a model file as '\(declaration): Data'"
        }
    }

    static func declaredType(_ model: Model, _ attribute: Attribute, _ connection: Connection) -> String {
        let sql = "SELECT \"type\" FROM pragma_table_info(?1) WHERE \"name\" = ?2"
        let rows = try? connection.prepare(sql).rows(bindings: [.text(model.tableName), .text(attribute.columnName)])
        if case .text(let type)? = rows?.first?.first { return type }
        return ""
    }
}
