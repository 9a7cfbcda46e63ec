/// How query results are printed (`.mode MODE`).
public enum OutputMode: String, Sendable, Hashable, CaseIterable {
    /// Unicode box drawing, aligned by display width (the default on a terminal).
    case box
    /// ASCII `+---+` borders (the default when output is not a terminal).
    case table
    /// One `name = value` per line, a blank line between rows.
    case line
    /// Comma-separated values with RFC 4180 quoting.
    case csv
    /// A JSON array of objects keyed by attribute name.
    case json

    /// What `.help mode` and `.mode` say about it.
    public var summary: String {
        switch self {
        case .box: "Unicode box-drawing grid"
        case .table: "ASCII grid"
        case .line: "one 'name = value' per line"
        case .csv: "comma-separated values (RFC 4180)"
        case .json: "a JSON array of objects"
        }
    }
}
