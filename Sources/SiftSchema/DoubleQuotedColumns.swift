/// A model's column names, each in double quotes with inner quotes doubled (`"id"`, `"say ""hi"""`),
/// one after the other in one byte array: SQL's select list copies them instead of quoting each
/// name for every query.
package struct DoubleQuotedColumns: Sendable, Hashable {
    /// The quoted names' UTF-8, one after the other.
    package private(set) var bytes: [UInt8] = []
    /// Where each quoted name ends in `bytes` (it starts where the one before ends).
    package private(set) var ends: [Int] = []
    /// The whole select list qualified by the table's own name, `"users"."id", "users"."name"`:
    /// a query whose rows are read from the table under its own name (most queries) copies it
    /// in one piece.
    package private(set) var qualifiedByTable: [UInt8] = []

    package init(_ columnNames: [String], table: String) {
        for name in columnNames {
            Self.appendQuoted(name, to: &bytes)
            ends.append(bytes.count)
        }
        var quotedTable: [UInt8] = []
        Self.appendQuoted(table, to: &quotedTable)
        qualifiedByTable.reserveCapacity(bytes.count + ends.count * (quotedTable.count + 3))
        var start = 0
        for (index, end) in ends.enumerated() {
            if index > 0 { qualifiedByTable.append(contentsOf: ", ".utf8) }
            qualifiedByTable.append(contentsOf: quotedTable)
            qualifiedByTable.append(UInt8(ascii: "."))
            qualifiedByTable.append(contentsOf: bytes[start..<end])
            start = end
        }
    }

    private static func appendQuoted(_ name: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in name.utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    package var count: Int { ends.count }
}
