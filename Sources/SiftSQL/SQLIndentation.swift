/// The readable layout's indentation of a sub-select's text.
enum SQLIndentation {
    /// `sql` with each of its lines (empty ones too) indented by two spaces: the body of
    /// `FROM (...)`, `EXISTS (...)` or a named sub-query, one level in.
    static func indentingLines(_ sql: String) -> String {
        var sql = sql
        return sql.withUTF8 { utf8 in
            var newlines = 0
            for byte in utf8 where byte == UInt8(ascii: "\n") { newlines += 1 }
            return String(unsafeUninitializedCapacity: utf8.count + 2 * (newlines + 1)) { buffer in
                var written = 0
                buffer[0] = UInt8(ascii: " ")
                buffer[1] = UInt8(ascii: " ")
                written = 2
                for byte in utf8 {
                    buffer[written] = byte
                    written += 1
                    if byte == UInt8(ascii: "\n") {
                        buffer[written] = UInt8(ascii: " ")
                        buffer[written + 1] = UInt8(ascii: " ")
                        written += 2
                    }
                }
                return written
            }
        }
    }
}
