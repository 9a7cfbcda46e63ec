import Sift

/// Quoting of SQL identifiers (table, column, index and collation names).
public enum SQLiteIdentifier {
    /// `name` as a double-quoted SQL identifier, inner double quotes doubled:
    /// `order items` → `"order items"`, `a"b` → `"a""b"`. Always quotes, so keywords and
    /// odd characters are safe. Works on Unicode scalars (SQLite's view), so a quote followed by
    /// a combining mark is doubled too. The same quoting as ``SiftSQL/SQLiteDialect``'s.
    public static func quote(_ name: String) -> String {
        SQLiteDialect().quote(identifier: name)
    }
}
