/// A fact about the data that a compiled query's SQL relies on to give Swift's answers: when the
/// data changes so that it no longer holds, the query must be compiled again.
public enum DataAssumption: Sendable, Hashable, CustomStringConvertible {
    /// Every text of the column (`table.column`) is in NFC: compared by bytes as Swift compares by characters.
    case nfcText(column: String)
    /// Every text of the column is in NFC or in NFD.
    case nfcOrNFDText(column: String)
    /// Every text of the column is ASCII without NUL or carriage return: each byte is a character.
    case asciiText(column: String)
    /// Every non-NULL value of the foreign key refers to an existing row.
    case intactReference(ForeignKeyReference)

    /// A sentence for people and tools: "column users.name holds only ASCII text ...".
    public var description: String {
        switch self {
        case .nfcText(let column): "column \(column) holds only NFC-normalized text"
        case .nfcOrNFDText(let column): "column \(column) holds each text in NFC or in NFD"
        case .asciiText(let column): "column \(column) holds only ASCII text, without NUL or carriage return"
        case .intactReference(let reference):
            reference.nullIsDangling
                ? "every \(reference.table).\(reference.column) refers to an existing \(reference.targetTable).\(reference.targetColumn)"
                : "every non-NULL \(reference.table).\(reference.column) refers to an existing \(reference.targetTable).\(reference.targetColumn)"
        }
    }
}
