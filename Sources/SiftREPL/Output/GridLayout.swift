/// The cells of a grid (box or table mode) with their column widths and alignment: the part
/// both grid styles share.
struct GridLayout {
    var headers: [String]
    var rows: [[String]]
    var widths: [Int]
    /// Numbers are right-aligned: a column whose values (ignoring nil) are all numbers.
    var rightAligned: [Bool]

    init(_ result: ResultSet, settings: REPLSettings) {
        let limit = max(1, settings.maximumCellWidth)
        let headers = result.columns.map { CellText.truncate(CellText.singleLine($0.name), toWidth: limit) }
        let rows = result.rows.map { row in
            row.map { CellText.truncate(CellText.singleLine($0.displayText(null: settings.nullValue)), toWidth: limit) }
        }
        self.headers = headers
        self.rows = rows
        rightAligned = result.columns.indices.map { column in
            let values = result.rows.compactMap { column < $0.count ? $0[column] : nil }.filter { $0 != .null }
            return !values.isEmpty && values.allSatisfy(\.isNumeric)
        }
        widths = result.columns.indices.map { column in
            var width = settings.headers ? CellText.width(headers[column]) : 0
            for row in rows where column < row.count { width = max(width, CellText.width(row[column])) }
            return max(width, 1)
        }
    }

    /// The width of one drawn row: cells, one space either side, and a border between and around.
    var totalWidth: Int { widths.reduce(0, +) + widths.count * 3 + 1 }

    /// One line of cells between the given vertical borders.
    func line(_ cells: [String], vertical: String) -> String {
        var out = vertical
        for (column, width) in widths.enumerated() {
            let cell = column < cells.count ? cells[column] : ""
            out += " " + CellText.pad(cell, to: width, rightAligned: rightAligned[column]) + " " + vertical
        }
        return out + "\n"
    }

    /// A horizontal rule: `left`, then `fill` over each column joined by `junction`, then `right`.
    func rule(left: String, fill: String, junction: String, right: String) -> String {
        left + widths.map { String(repeating: fill, count: $0 + 2) }.joined(separator: junction) + right + "\n"
    }
}
