/// Rows collected for display: the first rows up to the display limit, and how many there were.
public struct ResultSet: Sendable, Hashable {
    public var columns: [ResultColumn]
    /// The rows shown (at most the display limit).
    public var rows: [ResultRow]
    /// How many rows the query returned in all.
    public var totalRowCount: Int

    public init(columns: [ResultColumn], rows: [ResultRow], totalRowCount: Int? = nil) {
        self.columns = columns
        self.rows = rows
        self.totalRowCount = totalRowCount ?? rows.count
    }

    /// Rows returned but not shown.
    public var hiddenRowCount: Int { totalRowCount - rows.count }

    /// `(3 rows)`, `(1 row)`, `(0 rows)`, preceded by `… N more rows` when some were not shown.
    public var footer: String {
        var out = ""
        if hiddenRowCount > 0 { out += "… \(hiddenRowCount) more row\(hiddenRowCount == 1 ? "" : "s")\n" }
        return out + "(\(totalRowCount) row\(totalRowCount == 1 ? "" : "s"))\n"
    }
}
