import Foundation
import Sift

/// Loads every object of a schema's models from an SQLite database into a `Dataset`, for the
/// in-memory evaluator.
///
/// - Objects of each model are read in primary key (or rowid) order, which becomes dataset order;
///   of a table shared by several models (Core Data's entity inheritance), only the rows whose
///   entity column names one of the model's entities.
/// - Attributes are decoded by their `Storage` (see `DatasetValueDecoder`): dates from
///   reference seconds, Unix seconds or ISO-8601 text, UUIDs from text or 16-byte blobs, `Bool`
///   from 0/1, enums by raw value.
/// - Links: `.foreignKey` (this row's column holds the target's column), `.inverseForeignKey`
///   (target rows whose column holds this row's column), `.joinTable` (pairs of keys).
/// - Any value that does not decode, a foreign key with no target row, a NULL required to-one,
///   or a to-one with several targets makes loading throw a ``DatasetLoadError`` that names the
///   table, the row, the column and the value. Nothing is guessed or silently set to nil.
public enum DatasetLoader {
    /// Opens the database at `path` read-only and loads it.
    public static func load(path: String, schema: Schema) throws -> Dataset {
        try load(from: Connection(path: path), schema: schema)
    }

    /// Loads every model's rows through `connection`.
    public static func load(from connection: Connection, schema: Schema) throws -> Dataset {
        var dataset = Dataset(schema: schema)
        var rowsByModel: [String: DatasetRows] = [:]
        // A model without a table (a sub-query's row type) has no objects.
        for model in schema.models where model.hasTable {
            rowsByModel[model.name] = try loadObjects(of: model, columns: keyColumns(of: model, in: schema), connection, &dataset)
        }
        for model in schema.models where model.hasTable {
            for relationship in model.relationships {
                try loadLinks(relationship, of: model, rowsByModel, connection, &dataset)
            }
        }
        return dataset
    }

    // MARK: Objects

    /// Columns a model's rows need besides attributes: keys that relationships (from or to it) match on.
    static func keyColumns(of model: Model, in schema: Schema) -> [String] {
        var columns = model.primaryKey
        for relationship in model.relationships {
            switch relationship.link {
            case .foreignKey(let column, _): columns.append(column)
            case .inverseForeignKey(_, let sourceColumn): columns.append(sourceColumn)
            case .joinTable(let join): columns.append(join.sourceKey)
            }
        }
        for other in schema.models {
            for relationship in other.relationships where relationship.target == model.name {
                switch relationship.link {
                case .foreignKey(_, let targetColumn): columns.append(targetColumn)
                case .inverseForeignKey(let targetColumn, _):
                    columns.append(targetColumn)
                    if let order = relationship.orderColumn { columns.append(order) }
                case .joinTable(let join): columns.append(join.targetKey)
                }
            }
        }
        return columns
    }

    static func loadObjects(of model: Model, columns keyColumns: [String], _ connection: Connection, _ dataset: inout Dataset) throws -> DatasetRows {
        var columns: [String] = []
        let selection = model.entitySelection
        for name in model.primaryKey + model.attributes.map(\.columnName) + keyColumns + (selection.map { [$0.column] } ?? [])
        where !columns.contains(name) {
            columns.append(name)
        }
        let position = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let list = columns.map(SQLiteIdentifier.quote).joined(separator: ", ")
        let order = model.primaryKey.map(SQLiteIdentifier.quote).joined(separator: ", ")
        let sql = "SELECT \(list) FROM \(SQLiteIdentifier.quote(model.tableName)) ORDER BY \(order)"
        let rows = try connection.prepare(sql).rows()
        var loaded = DatasetRows(position: position)
        for row in rows {
            // A shared table's other entities' rows are not this model's objects.
            if let selection {
                guard case .integer(let entity) = row[position[selection.column]!], selection.values.contains(entity) else { continue }
            }
            let identity = ObjectIdentity(model.primaryKey.map { DatasetKey.value(row[position[$0]!]) })
            var attributes: [String: Value] = [:]
            for attribute in model.attributes {
                let stored = row[position[attribute.columnName]!]
                do {
                    attributes[attribute.name] = try DatasetValueDecoder.decode(stored, attribute, schema: dataset.schema)
                } catch {
                    throw DatasetLoadError(
                        table: model.tableName, row: identity, column: attribute.columnName, storedValue: stored, reason: error.reason)
                }
            }
            do {
                loaded.references.append(try dataset.insert(model.name, identity: identity, attributes))
            } catch {
                throw DatasetLoadError(table: model.tableName, row: identity, reason: String(describing: error))
            }
            loaded.rows.append(row)
        }
        return loaded
    }

    // MARK: Links

    /// The rows of an ordered to-many in Core Data's order, that of its own fetch
    /// (`ORDER BY Z_FOK_<INVERSE>` in SQLite): by their position, a row without one (NULL)
    /// first, and ties in dataset (`Z_PK`) order, as the SQL lowering orders them too.
    static func orderedElements(_ rows: [Int], by position: (Int) -> SQLValue) -> [Int] {
        let keyed = rows.enumerated().map { offset, row -> (Int64?, Int, Int) in
            if case .integer(let value) = position(row) { return (value, offset, row) }
            return (nil, offset, row)
        }
        return keyed.sorted { a, b in
            switch (a.0, b.0) {
            case (let x?, let y?): return x != y ? x < y : a.1 < b.1
            case (.some, nil): return false
            case (nil, .some): return true
            case (nil, nil): return a.1 < b.1
            }
        }.map(\.2)
    }

    static func loadLinks(
        _ relationship: Relationship, of model: Model, _ rowsByModel: [String: DatasetRows], _ connection: Connection,
        _ dataset: inout Dataset
    ) throws {
        guard let sources = rowsByModel[model.name], let targets = rowsByModel[relationship.target],
            let targetModel = dataset.schema.model(named: relationship.target)
        else { return }
        var linked: [[ObjectReference]] = Array(repeating: [], count: sources.rows.count)
        switch relationship.link {
        case .foreignKey(let column, let targetColumn):
            let index = targets.index(on: targetColumn)
            for (row, values) in sources.rows.enumerated() {
                let stored = values[sources.position[column]!]
                guard let key = DatasetKey(stored) else { continue }
                guard let found = index[key] else {
                    throw DatasetLoadError(
                        table: model.tableName, row: sources.references[row].identity, column: column, storedValue: stored,
                        reason: "no row of \(targetModel.tableName) has \(targetColumn) = \(stored)")
                }
                linked[row] = found.map { targets.references[$0] }
            }
        case .inverseForeignKey(let targetColumn, let sourceColumn):
            let index = targets.index(on: targetColumn)
            for (row, values) in sources.rows.enumerated() {
                guard let key = DatasetKey(values[sources.position[sourceColumn]!]) else { continue }
                var found = index[key] ?? []
                if let order = relationship.orderColumn, let position = targets.position[order] {
                    found = orderedElements(found, by: { targets.rows[$0][position] })
                }
                linked[row] = found.map { targets.references[$0] }
            }
        case .joinTable(let join):
            let sourceIndex = sources.index(on: join.sourceKey)
            let targetIndex = targets.index(on: join.targetKey)
            let sql = "SELECT \(SQLiteIdentifier.quote(join.sourceColumn)), \(SQLiteIdentifier.quote(join.targetColumn)) FROM \(SQLiteIdentifier.quote(join.table))"
            for pair in try connection.prepare(sql).rows() {
                guard let sourceKey = DatasetKey(pair[0]), let targetKey = DatasetKey(pair[1]) else { continue }
                guard let sourceRows = sourceIndex[sourceKey] else {
                    // A sub-entity inherits its parent's links: those of its siblings' rows are not its own.
                    if model.entitySelection != nil { continue }
                    throw DatasetLoadError(
                        table: join.table, column: join.sourceColumn, storedValue: pair[0],
                        reason: "no row of \(model.tableName) has \(join.sourceKey) = \(pair[0])")
                }
                guard let targetRows = targetIndex[targetKey] else {
                    throw DatasetLoadError(
                        table: join.table, column: join.targetColumn, storedValue: pair[1],
                        reason: "no row of \(targetModel.tableName) has \(join.targetKey) = \(pair[1])")
                }
                for row in sourceRows { linked[row] += targetRows.map { targets.references[$0] } }
            }
        }
        for (row, found) in linked.enumerated() {
            let source = sources.references[row]
            if case .toOne(let isOptional) = relationship.cardinality {
                if found.count > 1 {
                    throw DatasetLoadError(
                        table: model.tableName, row: source.identity,
                        reason: "the to-one relationship '\(relationship.name)' finds \(found.count) rows of \(targetModel.tableName)")
                }
                if found.isEmpty, !isOptional {
                    throw DatasetLoadError(
                        table: model.tableName, row: source.identity,
                        reason: "the non-optional relationship '\(relationship.name)' has no row of \(targetModel.tableName)")
                }
            }
            try dataset.setTargets(relationship.name, of: source, to: found)
        }
    }
}

/// The rows read for one model: raw column values by position, and the objects they became.
struct DatasetRows {
    var position: [String: Int]
    var rows: [[SQLValue]] = []
    var references: [ObjectReference] = []

    /// Row positions by the value of a column (NULLs are not indexed).
    func index(on column: String) -> [DatasetKey: [Int]] {
        var index: [DatasetKey: [Int]] = [:]
        guard let position = position[column] else { return index }
        for (row, values) in rows.enumerated() {
            if let key = DatasetKey(values[position]) { index[key, default: []].append(row) }
        }
        return index
    }
}

/// A column value used to match rows, normalised as SQLite compares keys: a whole REAL equals
/// the INTEGER of the same value. NULL matches nothing.
struct DatasetKey: Hashable {
    let value: SQLValue

    init?(_ stored: SQLValue) {
        switch stored {
        case .null: return nil
        case .real(let real):
            if let integer = Int64(exactly: real) { value = .integer(integer) } else { value = stored }
        default: value = stored
        }
    }

    /// A stored key as an identity component.
    static func value(_ stored: SQLValue) -> Value {
        switch stored {
        case .null: .null
        case .integer(let value): .int(value)
        case .real(let value): .double(value)
        case .text(let value): .string(value)
        case .blob(let bytes): .data(Data(bytes))
        }
    }
}
