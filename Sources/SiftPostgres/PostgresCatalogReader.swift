import Sift

/// Reads the tables, views, columns, keys and enums of the schemas on a connection's search path
/// from `pg_catalog`: what ``PostgresSchemaLoader`` turns into models.
struct PostgresCatalogReader {
    /// A column with its PostgreSQL type.
    struct Column {
        var name: String
        var notNull: Bool
        /// `pg_type.typname` (`int4`, `timestamptz`, `_int4` for `integer[]`, an enum's name).
        var typeName: String
        /// `pg_type.typtype`: `b` base, `e` enum, `d` domain, ...
        var typeKind: String
        /// `pg_type.typcategory`: `A` for arrays.
        var typeCategory: String
        /// The type as `format_type` writes it (`character varying(10)`, `integer[]`).
        var formatted: String
    }

    /// A table or view with its columns and constraints.
    struct Table {
        var name: String
        var isView: Bool
        var columns: [Column] = []
        var primaryKey: [String] = []
        var unique: [[String]] = []
        var foreignKeys: [ForeignKeyDescription] = []
    }

    let connection: PostgresConnection

    /// The tables and views of the search path's schemas (the first of a name when two schemas
    /// have one), in name order (code-point order, whatever the database's collation).
    func tables() throws -> [Table] {
        let columnRows = try connection.rows(
            """
            SELECT c.relname::text, c.relkind::text, a.attname::text, a.attnotnull, t.typname::text, t.typtype::text,
              t.typcategory::text, format_type(a.atttypid, a.atttypmod), array_position(current_schemas(false), n.nspname)
            FROM pg_catalog.pg_class c
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
            WHERE n.nspname = ANY (current_schemas(false)) AND c.relkind IN ('r', 'p', 'v', 'm')
            ORDER BY c.relname COLLATE "C", array_position(current_schemas(false), n.nspname), a.attnum
            """)
        var tables: [Table] = []
        var schemaPosition: [String: Int64] = [:]
        for row in columnRows {
            guard let name = row[0].stringValue, let kind = row[1].stringValue, let position = row[8].intValue.map(Int64.init) else { continue }
            if let known = schemaPosition[name], known != position { continue }  // hidden by an earlier schema
            schemaPosition[name] = position
            if tables.last?.name != name { tables.append(Table(name: name, isView: kind == "v" || kind == "m")) }
            tables[tables.count - 1].columns.append(
                Column(
                    name: row[2].stringValue ?? "", notNull: row[3].boolValue ?? false, typeName: row[4].stringValue ?? "",
                    typeKind: row[5].stringValue ?? "", typeCategory: row[6].stringValue ?? "", formatted: row[7].stringValue ?? ""))
        }
        let constraintRows = try connection.rows(
            """
            SELECT con.conname::text, con.contype::text, src.relname::text, sa.attname::text, tgt.relname::text, ta.attname::text
            FROM pg_catalog.pg_constraint con
            JOIN pg_catalog.pg_class src ON src.oid = con.conrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = src.relnamespace
            CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
            JOIN pg_catalog.pg_attribute sa ON sa.attrelid = con.conrelid AND sa.attnum = k.attnum
            LEFT JOIN pg_catalog.pg_class tgt ON tgt.oid = con.confrelid
            LEFT JOIN pg_catalog.pg_attribute ta ON ta.attrelid = con.confrelid AND ta.attnum = con.confkey[k.ord]
            WHERE con.contype IN ('p', 'u', 'f') AND n.nspname = ANY (current_schemas(false))
              AND pg_catalog.pg_table_is_visible(src.oid) AND (con.contype <> 'f' OR pg_catalog.pg_table_is_visible(tgt.oid))
            ORDER BY src.relname COLLATE "C", con.contype, con.conname COLLATE "C", k.ord
            """)
        var index: [String: Int] = [:]
        for (position, table) in tables.enumerated() { index[table.name] = position }
        var lastConstraint: (table: String, name: String)?
        for row in constraintRows {
            guard let constraint = row[0].stringValue, let type = row[1].stringValue, let tableName = row[2].stringValue,
                let column = row[3].stringValue, let position = index[tableName]
            else { continue }
            let continues = lastConstraint?.table == tableName && lastConstraint?.name == constraint
            lastConstraint = (tableName, constraint)
            switch type {
            case "p":
                tables[position].primaryKey.append(column)
            case "u":
                if continues { tables[position].unique[tables[position].unique.count - 1].append(column) } else { tables[position].unique.append([column]) }
            default:
                guard let target = row[4].stringValue, let targetColumn = row[5].stringValue else { continue }
                if continues {
                    tables[position].foreignKeys[tables[position].foreignKeys.count - 1].columns.append(column)
                    tables[position].foreignKeys[tables[position].foreignKeys.count - 1].targetColumns.append(targetColumn)
                } else {
                    tables[position].foreignKeys.append(ForeignKeyDescription(columns: [column], targetTable: target, targetColumns: [targetColumn]))
                }
            }
        }
        // Unique indexes (`CREATE UNIQUE INDEX`) are facts as unique constraints are, when they hold
        // for every row: not partial, on columns only (no expression).
        let indexRows = try connection.rows(
            """
            SELECT c.relname::text, i.indexrelid::bigint, a.attname::text
            FROM pg_catalog.pg_index i
            JOIN pg_catalog.pg_class c ON c.oid = i.indrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
            JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
            WHERE i.indisunique AND NOT i.indisprimary AND i.indpred IS NULL AND i.indexprs IS NULL
              AND n.nspname = ANY (current_schemas(false)) AND pg_catalog.pg_table_is_visible(c.oid)
            ORDER BY c.relname COLLATE "C", i.indexrelid, k.ord
            """)
        var indexColumns: [(table: String, index: Int64, columns: [String])] = []
        for row in indexRows {
            guard let tableName = row[0].stringValue, let indexID = row[1].intValue.map(Int64.init), let column = row[2].stringValue else { continue }
            if let last = indexColumns.last, last.table == tableName, last.index == indexID {
                indexColumns[indexColumns.count - 1].columns.append(column)
            } else {
                indexColumns.append((tableName, indexID, [column]))
            }
        }
        for found in indexColumns {
            guard let position = index[found.table], !tables[position].unique.contains(found.columns) else { continue }
            tables[position].unique.append(found.columns)
        }
        return tables
    }

    /// The enum types (name, labels in their order) of the search path's schemas.
    func enums() throws -> [(name: String, labels: [String])] {
        let rows = try connection.rows(
            """
            SELECT t.typname::text, e.enumlabel::text FROM pg_catalog.pg_enum e
            JOIN pg_catalog.pg_type t ON t.oid = e.enumtypid
            JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
            WHERE n.nspname = ANY (current_schemas(false)) AND pg_catalog.pg_type_is_visible(t.oid)
            ORDER BY t.typname COLLATE "C", e.enumsortorder
            """)
        var enums: [(name: String, labels: [String])] = []
        for row in rows {
            guard let name = row[0].stringValue, let label = row[1].stringValue else { continue }
            if enums.last?.name != name { enums.append((name, [])) }
            enums[enums.count - 1].labels.append(label)
        }
        return enums
    }
}
