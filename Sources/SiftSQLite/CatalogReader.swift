extension Connection {
    /// Reads the catalog of the main schema: every table, virtual table and view with its
    /// columns, primary key, foreign keys and indexes.
    ///
    /// Names are passed to SQLite's pragma table-valued functions as bound values, so any
    /// identifier (spaces, quotes, keywords) works. Fails if a view cannot be compiled.
    public func catalog() throws -> Catalog {
        try CatalogReader(connection: self).read()
    }
}

/// Reads a `Catalog`, preparing each pragma query once per catalog (outside the statement cache).
private struct CatalogReader {
    let connection: Connection
    let columnsQuery: Statement
    let foreignKeysQuery: Statement
    let indexListQuery: Statement
    let indexColumnsQuery: Statement

    init(connection: Connection) throws {
        self.connection = connection
        columnsQuery = try connection.prepare(
            """
            SELECT name, type, "notnull", dflt_value, pk, hidden
            FROM pragma_table_xinfo(?1, 'main') ORDER BY cid
            """)
        foreignKeysQuery = try connection.prepare(
            """
            SELECT id, "table", "from", "to", on_update, on_delete
            FROM pragma_foreign_key_list(?1, 'main') ORDER BY id, seq
            """)
        indexListQuery = try connection.prepare(
            """
            SELECT name, "unique", origin, partial FROM pragma_index_list(?1, 'main') ORDER BY name
            """)
        indexColumnsQuery = try connection.prepare(
            """
            SELECT cid, name, "desc", coll FROM pragma_index_xinfo(?1, 'main')
            WHERE key = 1 ORDER BY seqno
            """)
    }

    func read() throws -> Catalog {
        let objects = try connection.prepare(
            """
            SELECT s.name, s.type, s.sql, l.type, l.wr, l.strict
            FROM sqlite_schema AS s
            JOIN pragma_table_list AS l ON l.schema = 'main' AND l.name = s.name
            WHERE s.type IN ('table', 'view') AND s.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
              AND l.type <> 'shadow'
            ORDER BY s.name
            """
        ).rows()
        var tables: [Catalog.Table] = []
        for object in objects {
            let name = object[0].textValue ?? ""
            let listType = object[3].textValue ?? ""
            let kind: Catalog.Table.Kind =
                object[1].textValue == "view" ? .view : (listType == "virtual" ? .virtual : .table)
            let columns = try catalogColumns(of: name)
            let primaryKey = Self.primaryKey(of: columns)
            tables.append(
                Catalog.Table(
                    name: name, kind: kind,
                    isStrict: object[5].integerValue == 1,
                    withoutRowID: object[4].integerValue == 1,
                    columns: columns, primaryKey: primaryKey,
                    foreignKeys: kind == .table ? try catalogForeignKeys(of: name) : [],
                    indexes: kind == .table ? try catalogIndexes(of: name) : [],
                    sql: object[2].textValue))
        }
        return Catalog(tables: tables)
    }

    private func catalogColumns(of table: String) throws -> [Catalog.Column] {
        let rows = try columnsQuery.rows(bindings: [.text(table)])
        return rows.map { row in
            let position = Int(row[4].integerValue ?? 0)
            return Catalog.Column(
                name: row[0].textValue ?? "",
                declaredType: row[1].textValue ?? "",
                notNull: row[2].integerValue == 1,
                defaultSQL: row[3].textValue,
                primaryKeyPosition: position > 0 ? position : nil,
                generation: Catalog.Column.Generation(rawValue: Int(row[5].integerValue ?? 0)) ?? .none)
        }
    }

    private static func primaryKey(of columns: [Catalog.Column]) -> [String] {
        columns.filter { $0.primaryKeyPosition != nil }
            .sorted { $0.primaryKeyPosition! < $1.primaryKeyPosition! }
            .map(\.name)
    }

    private func catalogForeignKeys(of table: String) throws -> [Catalog.ForeignKey] {
        let rows = try foreignKeysQuery.rows(bindings: [.text(table)])
        var keys: [Catalog.ForeignKey] = []
        var targetsWithoutColumns: Set<Int> = []
        for row in rows {
            let id = Int(row[0].integerValue ?? 0)
            if keys.last?.id != id {
                keys.append(
                    Catalog.ForeignKey(
                        id: id, fromColumns: [], table: row[1].textValue ?? "", toColumns: [],
                        onDelete: Catalog.ForeignKey.Action(rawValue: row[5].textValue ?? "") ?? .noAction,
                        onUpdate: Catalog.ForeignKey.Action(rawValue: row[4].textValue ?? "") ?? .noAction))
            }
            keys[keys.count - 1].fromColumns.append(row[2].textValue ?? "")
            if let target = row[3].textValue {
                keys[keys.count - 1].toColumns.append(target)
            } else {
                targetsWithoutColumns.insert(id)
            }
        }
        // `REFERENCES parent` without a column list means the parent's primary key.
        for index in keys.indices where targetsWithoutColumns.contains(keys[index].id) {
            keys[index].toColumns = Self.primaryKey(of: try catalogColumns(of: keys[index].table))
        }
        return keys
    }

    private func catalogIndexes(of table: String) throws -> [Catalog.Index] {
        let list = try indexListQuery.rows(bindings: [.text(table)])
        return try list.map { row in
            let name = row[0].textValue ?? ""
            let columns = try indexColumnsQuery.rows(bindings: [.text(name)])
            return Catalog.Index(
                name: name,
                isUnique: row[1].integerValue == 1,
                origin: Catalog.Index.Origin(rawValue: row[2].textValue ?? "") ?? .createIndex,
                isPartial: row[3].integerValue == 1,
                columns: columns.map { column in
                    Catalog.Index.Column(
                        name: column[1].textValue ?? (column[0].integerValue == -1 ? "rowid" : nil),
                        isDescending: column[2].integerValue == 1,
                        collation: column[3].textValue ?? "BINARY")
                })
        }
    }
}
