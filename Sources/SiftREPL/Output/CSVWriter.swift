/// `csv` mode: RFC 4180 fields (quoted when they hold a comma, a quote, a line break or
/// surrounding spaces; quotes doubled), one record per line, written row by row.
struct CSVWriter {
    var settings: REPLSettings

    func header(_ columns: [ResultColumn]) -> String {
        settings.headers ? columns.map { field($0.name) }.joined(separator: ",") + "\n" : ""
    }

    func row(_ values: ResultRow) -> String {
        values.map { $0 == .null ? field(settings.nullValue) : field($0.displayText(null: "")) }
            .joined(separator: ",") + "\n"
    }

    func field(_ text: String) -> String {
        let needsQuotes =
            text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
