/// Quoting of SQL identifiers (table, column, index and collation names).
public enum SQLiteIdentifier {
    /// `name` as a double-quoted SQL identifier, inner double quotes doubled:
    /// `order items` → `"order items"`, `a"b` → `"a""b"`. Always quotes, so keywords and
    /// odd characters are safe.
    public static func quote(_ name: String) -> String {
        var quoted = "\""
        quoted.reserveCapacity(name.utf8.count + 2)
        for character in name {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        quoted += "\""
        return quoted
    }
}
