import Sift

/// What a PostgreSQL database's own constraints guarantee about its data, as lowering facts
/// (``SQLLowering/Facts``): the server enforces them on every write, by every client, so the SQL may
/// rely on them for as long as they exist (SQLite's runtime learns such facts by reading the data
/// and checks them before each run; here nothing needs checking).
///
/// - A validated, non-deferrable single-column foreign key makes its reference intact: every
///   non-NULL key has its target row (and, on a `NOT NULL` column, every key). A deferrable one
///   may dangle inside a transaction, so it states nothing.
/// - A validated check constraint `CHECK (c IS NFC NORMALIZED)` (or `IS NORMALIZED`) makes `c` an
///   NFC column: `==`, `<`, sorting and `hasPrefix` compare it bare, with its index.
///   `CHECK (c IS NFC NORMALIZED OR c IS NFD NORMALIZED)` makes it an NFC-or-NFD column: `==` binds
///   both forms of the value.
/// - A text column whose collation is a locale's (not `C`, `POSIX` or `C.UTF-8`, which order by
///   code point) is locale-ordered: `hasPrefix` reads no index range of it.
/// - A text column of a table (or materialized view) without children that leads none of its
///   indexes is unindexed: `hasPrefix` finds its candidates with `starts_with`, one test per row,
///   not a range of two.
///   An index created later only makes such a query slower than it could be, never different.
enum PostgresDeclaredFacts {
    static func read(connection: PostgresConnection) throws -> SQLLowering.Facts {
        var facts = SQLLowering.Facts()
        let foreignKeys = try connection.rows(
            """
            SELECT src.relname::text, sa.attname::text, sa.attnotnull, tgt.relname::text, ta.attname::text
            FROM pg_catalog.pg_constraint con
            JOIN pg_catalog.pg_class src ON src.oid = con.conrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = src.relnamespace
            JOIN pg_catalog.pg_attribute sa ON sa.attrelid = con.conrelid AND sa.attnum = con.conkey[1]
            JOIN pg_catalog.pg_class tgt ON tgt.oid = con.confrelid
            JOIN pg_catalog.pg_attribute ta ON ta.attrelid = con.confrelid AND ta.attnum = con.confkey[1]
            WHERE con.contype = 'f' AND con.convalidated AND NOT con.condeferrable AND cardinality(con.conkey) = 1
              AND n.nspname = ANY (current_schemas(false))
              AND pg_catalog.pg_table_is_visible(src.oid) AND pg_catalog.pg_table_is_visible(tgt.oid)
            """)
        for row in foreignKeys {
            guard let table = row[0].stringValue, let column = row[1].stringValue, let notNull = row[2].boolValue,
                let target = row[3].stringValue, let targetColumn = row[4].stringValue
            else { continue }
            facts.intactReferences.insert(ForeignKeyReference(table: table, column: column, targetTable: target, targetColumn: targetColumn))
            if notNull {
                facts.intactReferences.insert(
                    ForeignKeyReference(table: table, column: column, targetTable: target, targetColumn: targetColumn, nullIsDangling: true))
            }
        }
        let checks = try connection.rows(
            """
            SELECT src.relname::text, sa.attname::text, quote_ident(sa.attname), pg_get_expr(con.conbin, con.conrelid)
            FROM pg_catalog.pg_constraint con
            JOIN pg_catalog.pg_class src ON src.oid = con.conrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = src.relnamespace
            JOIN pg_catalog.pg_attribute sa ON sa.attrelid = con.conrelid AND sa.attnum = con.conkey[1]
            WHERE con.contype = 'c' AND con.convalidated AND cardinality(con.conkey) = 1
              AND n.nspname = ANY (current_schemas(false)) AND pg_catalog.pg_table_is_visible(src.oid)
            """)
        for row in checks {
            guard let table = row[0].stringValue, let column = row[1].stringValue, let quoted = row[2].stringValue,
                let expression = row[3].stringValue
            else { continue }
            switch normalFormRule(expression, column: quoted) {
            case .nfc?: facts.nfcColumns.insert("\(table).\(column)")
            case .nfcOrNFD?: facts.nfcOrNFDColumns.insert("\(table).\(column)")
            case nil: break
            }
        }
        facts.localeOrderedColumns = try localeOrderedColumns(connection: connection)
        facts.unindexedColumns = try unindexedColumns(connection: connection)
        return facts
    }

    /// `table.column` of the visible tables' and materialized views' text columns (collatable
    /// ones) that are not the first column of any index. Views, foreign tables and the parents of
    /// partitions or inheriting tables are left out: the planner may carry a range through them to
    /// an index of their sources or children.
    static func unindexedColumns(connection: PostgresConnection) throws -> Set<String> {
        let rows = try connection.rows(
            """
            SELECT c.relname::text, a.attname::text
            FROM pg_catalog.pg_attribute a
            JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE a.attnum > 0 AND NOT a.attisdropped AND a.attcollation <> 0 AND c.relkind IN ('r', 'm') AND NOT c.relhassubclass
              AND n.nspname = ANY (current_schemas(false)) AND pg_catalog.pg_table_is_visible(c.oid)
              AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_index i WHERE i.indrelid = c.oid AND i.indkey[0] = a.attnum)
            """)
        var columns: Set<String> = []
        for row in rows {
            guard let table = row[0].stringValue, let column = row[1].stringValue else { continue }
            columns.insert("\(table).\(column)")
        }
        return columns
    }

    /// Collations ordering texts by code point (UTF-8 bytes): libc's `C`, `POSIX` and `C.UTF-8`.
    static let codePointCollations: Set<String> = ["C", "POSIX", "C.UTF-8", "C.utf8"]

    /// `table.column` of the visible tables' text columns whose collation is a locale's: an ICU
    /// collation, a libc locale other than ``codePointCollations``, or the database's default
    /// when that is one (PostgreSQL 15 and later may make the default an ICU one).
    static func localeOrderedColumns(connection: PostgresConnection) throws -> Set<String> {
        let version = try connection.rows("SELECT current_setting('server_version_num')::int").first?.first?.intValue ?? 0
        let provider = version >= 150000 ? "datlocprovider::text" : "'c'"
        let database = try connection.rows(
            "SELECT datcollate::text, \(provider) FROM pg_catalog.pg_database WHERE datname = current_database()")
        let defaultOrdersByCodePoint =
            database.first.map { $0[1].stringValue == "c" && codePointCollations.contains($0[0].stringValue ?? "") } ?? false
        let columns = try connection.rows(
            """
            SELECT c.relname::text, a.attname::text, coll.collprovider::text, coll.collcollate::text
            FROM pg_catalog.pg_attribute a
            JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_catalog.pg_collation coll ON coll.oid = a.attcollation
            WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
              AND n.nspname = ANY (current_schemas(false)) AND pg_catalog.pg_table_is_visible(c.oid)
            """)
        var ordered: Set<String> = []
        for row in columns {
            guard let table = row[0].stringValue, let column = row[1].stringValue else { continue }
            let ordersByCodePoint =
                switch row[2].stringValue {
                case "d": defaultOrdersByCodePoint
                case "c": codePointCollations.contains(row[3].stringValue ?? "")
                default: false
                }
            if !ordersByCodePoint { ordered.insert("\(table).\(column)") }
        }
        return ordered
    }

    enum NormalFormRule { case nfc, nfcOrNFD }

    /// The rule a check constraint's expression (as `pg_get_expr` writes it) states about the
    /// column `quoted` (as `quote_ident` writes it), if it is one of the two that facts describe.
    static func normalFormRule(_ expression: String, column quoted: String) -> NormalFormRule? {
        let nfc = "(\(quoted) IS NFC NORMALIZED)"
        let nfd = "(\(quoted) IS NFD NORMALIZED)"
        switch expression {
        case nfc, "(\(quoted) IS NORMALIZED)": return .nfc
        case "(\(nfc) OR \(nfd))", "(\(nfd) OR \(nfc))": return .nfcOrNFD
        default: return nil
        }
    }
}
