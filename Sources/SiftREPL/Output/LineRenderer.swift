/// `line` mode: one `name = value` per line, names aligned, a blank line between rows. Values are
/// not cut. Chosen automatically when a grid would be wider than the terminal.
///
/// ```text
/// id   = 1
/// name = Kim
///
/// id   = 2
/// name = Lee
/// ```
enum LineRenderer {
    static func render(_ result: ResultSet, settings: REPLSettings) -> String {
        let names = result.columns.map { CellText.singleLine($0.name) }
        let nameWidth = names.map(CellText.width).max() ?? 0
        var records: [String] = []
        for row in result.rows {
            var record = ""
            for (column, name) in names.enumerated() {
                let value = column < row.count ? row[column].displayText(null: settings.nullValue) : ""
                record += CellText.pad(name, to: nameWidth) + " = " + CellText.singleLine(value) + "\n"
            }
            records.append(record)
        }
        return records.joined(separator: "\n")
    }
}
