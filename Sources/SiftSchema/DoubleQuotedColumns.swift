/// A model's column names, each in double quotes with inner quotes doubled (`"id"`, `"say ""hi"""`),
/// one after the other in one byte array: SQL's select list copies them instead of quoting each
/// name for every query.
package struct DoubleQuotedColumns: Sendable, Hashable {
    /// The quoted names' UTF-8, one after the other.
    package private(set) var bytes: [UInt8] = []
    /// Where each quoted name ends in `bytes` (it starts where the one before ends).
    package private(set) var ends: [Int] = []

    package init(_ columnNames: [String]) {
        for name in columnNames {
            bytes.append(UInt8(ascii: "\""))
            for byte in name.utf8 {
                bytes.append(byte)
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            }
            bytes.append(UInt8(ascii: "\""))
            ends.append(bytes.count)
        }
    }

    package var count: Int { ends.count }
}
