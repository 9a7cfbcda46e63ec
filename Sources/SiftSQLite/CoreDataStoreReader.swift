import Sift

/// Reads a Core Data or SwiftData store's layout (``CoreDataLayout``): its entities from
/// `Z_PRIMARYKEY`, its tables from the catalog, and, for a table shared by sub-entities, which
/// entities hold values in each column (the column belongs to the entity whose rows use it).
enum CoreDataStoreReader {
    /// Whether the catalog is a Core Data store's.
    static func isStore(_ catalog: Catalog) -> Bool {
        CoreDataLayout.isStore(tableNames: catalog.tables.map(\.name))
    }

    /// The store's models, read through `connection`.
    static func schema(_ connection: Connection, catalog: Catalog) throws -> (Schema, [Diagnostic]) {
        let entities = try connection.prepare(#"SELECT "Z_ENT", "Z_NAME", "Z_SUPER" FROM "Z_PRIMARYKEY" ORDER BY "Z_ENT""#).rows()
            .compactMap { row -> CoreDataLayout.Entity? in
                guard let number = row[0].integerValue, case .text(let name) = row[1] else { return nil }
                return CoreDataLayout.Entity(number: number, name: name, parent: row[2].integerValue ?? 0)
            }
        let tables = catalog.tables.filter { $0.kind != .virtual && !CoreDataLayout.metadataTables.contains($0.name) }
            .map(SchemaLoader.tableDescription)
        // Which entities' rows hold a value, and which a NULL, in each column: one scan per table.
        var facts: [String: [String: CoreDataLayout.ColumnFacts]] = [:]
        for description in tables where description.columns.contains(where: { $0.name == "Z_ENT" }) {
            let columns = description.columns.map(\.name).filter { !$0.hasPrefix("Z_") }
            guard !columns.isEmpty else { continue }
            let tests = columns.map(SQLiteIdentifier.quote).map { "max(\($0) IS NOT NULL), max(\($0) IS NULL)" }.joined(separator: ", ")
            let sql = "SELECT \"Z_ENT\", \(tests) FROM \(SQLiteIdentifier.quote(description.name)) GROUP BY \"Z_ENT\""
            var found = Dictionary(uniqueKeysWithValues: columns.map { ($0, CoreDataLayout.ColumnFacts(valued: [], nulled: [])) })
            for row in try connection.prepare(sql).rows() {
                guard let entity = row[0].integerValue else { continue }
                for (index, column) in columns.enumerated() {
                    if row[1 + 2 * index].integerValue == 1 { found[column]?.valued.insert(entity) }
                    if row[2 + 2 * index].integerValue == 1 { found[column]?.nulled.insert(entity) }
                }
            }
            facts[description.name] = found
        }
        return CoreDataLayout.schema(entities: entities, tables: tables, facts: facts)
    }
}
