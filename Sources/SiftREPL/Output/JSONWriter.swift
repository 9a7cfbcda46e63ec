import Sift
import SiftSQLite
/// `json` mode: an array of objects keyed by column name, one object per line, written row by
/// row. Numbers and Booleans are JSON numbers and Booleans, `nil` is `null`, dates are ISO-8601
/// strings, data is base64.
///
/// ```json
/// [
///   {"id": 1, "name": "Kim", "nickname": null},
///   {"id": 2, "name": "Lee", "nickname": "lee"}
/// ]
/// ```
struct JSONWriter {
    var columns: [ResultColumn]
    private var rowsWritten = 0

    init(columns: [ResultColumn]) {
        self.columns = columns
    }

    mutating func row(_ values: ResultRow) -> String {
        var object = "{"
        for (column, value) in values.enumerated() {
            if column > 0 { object += ", " }
            let name = column < columns.count ? columns[column].name : "column\(column + 1)"
            object += Self.string(name) + ": " + Self.value(value)
        }
        object += "}"
        defer { rowsWritten += 1 }
        return (rowsWritten == 0 ? "[\n  " : ",\n  ") + object
    }

    func end() -> String { rowsWritten == 0 ? "[]\n" : "\n]\n" }

    static func value(_ value: DecodedValue) -> String {
        switch value {
        case .null, .undecodable(.null): "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number), .undecodable(.integer(let number)): String(number)
        case .double(let number), .undecodable(.real(let number)): number.isFinite ? String(number) : "null"
        case .data(let bytes), .undecodable(.blob(let bytes)): string(base64(bytes))
        default: string(value.displayText(null: ""))
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String { JSONText.quote(text) }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 0x3F] : "=")
            }
            index += 3
        }
        return out
    }
}
