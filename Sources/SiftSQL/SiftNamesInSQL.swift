/// The names of Sift's registered SQL functions and collations that an SQL text uses, read from
/// the text itself: what a connection other than Sift's must have (the loadable extension) to run
/// it.
///
/// Every identifier that comes from a schema is quoted in Sift's SQL and every value is a
/// placeholder, so a bare word `sift_…` followed by `(` is a call Sift wrote, and the name after
/// `COLLATE` is a collation. Quoted identifiers and string literals are skipped whole, so a column
/// named `sift_nfc` is never taken for a call.
enum SiftNamesInSQL {
    /// The function and collation names, in order of first use, without repeats.
    static func names(in sql: String) -> [String] {
        var names: [String] = []
        func record(_ name: String) { if !names.contains(name) { names.append(name) } }
        let bytes = Array(sql.utf8)
        var index = 0
        var afterCollate = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "[") {
                let (content, end) = quoted(bytes, from: index)
                if afterCollate, content.hasPrefix("sift_") { record(content) }
                afterCollate = false
                index = end
            } else if isWordByte(byte) {
                var end = index
                while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
                let word = String(decoding: bytes[index..<end], as: UTF8.self)
                var next = end
                while next < bytes.count, isSpace(bytes[next]) { next += 1 }
                if word.hasPrefix("sift_"), afterCollate || (next < bytes.count && bytes[next] == UInt8(ascii: "(")) { record(word) }
                afterCollate = word.uppercased() == "COLLATE"
                index = end
            } else {
                if !isSpace(byte) { afterCollate = false }
                index += 1
            }
        }
        return names
    }

    /// The text of the quoted token starting at `start` (doubled closing quotes undone) and the
    /// index after it.
    private static func quoted(_ bytes: [UInt8], from start: Int) -> (String, Int) {
        let close = bytes[start] == UInt8(ascii: "[") ? UInt8(ascii: "]") : bytes[start]
        var content: [UInt8] = []
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == close {
                if close != UInt8(ascii: "]"), index + 1 < bytes.count, bytes[index + 1] == close {
                    content.append(close)
                    index += 2
                    continue
                }
                return (String(decoding: content, as: UTF8.self), index + 1)
            }
            content.append(bytes[index])
            index += 1
        }
        return (String(decoding: content, as: UTF8.self), index)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || byte >= 0x80
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}

extension CompiledQuery {
    /// The names of Sift's SQL functions and collations the SQL calls, in order of first use:
    /// empty when it runs on any SQLite connection, else what a connection must register (Sift's
    /// runtime does; elsewhere, load Sift's SQLite extension).
    public var siftFunctionNames: [String] { SiftNamesInSQL.names(in: sql) }
}
