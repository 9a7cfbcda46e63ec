/// Receives the rows of one query as they come and writes them in the current mode: CSV and
/// JSON row by row (every row), grids and `line` mode once complete (up to the display limit,
/// counting the rest), with the row-count footer.
public final class ResultPrinter {
    private let columns: [ResultColumn]
    private let settings: REPLSettings
    private let sink: any TextSink
    private let terminalWidth: Int?
    private var shown: [ResultRow] = []
    private var total = 0
    private var json: JSONWriter?
    private let csv: CSVWriter?

    init(columns: [ResultColumn], settings: REPLSettings, sink: any TextSink, terminalWidth: Int?) {
        self.columns = columns
        self.settings = settings
        self.sink = sink
        self.terminalWidth = terminalWidth
        switch settings.mode {
        case .csv:
            csv = CSVWriter(settings: settings)
            sink.write(csv!.header(columns))
        case .json:
            csv = nil
            json = JSONWriter(columns: columns)
        default:
            csv = nil
        }
    }

    func add(_ row: ResultRow) {
        total += 1
        if let csv {
            sink.write(csv.row(row))
        } else if json != nil {
            sink.write(json!.row(row))
        } else if settings.displayLimit.map({ shown.count < $0 }) ?? true {
            shown.append(row)
        }
    }

    /// Writes what is still pending; `interrupted` leaves out the footer of a partial result.
    func finish() {
        if let json {
            sink.write(json.end())
            return
        }
        if csv != nil { return }
        sink.write(Self.render(ResultSet(columns: columns, rows: shown, totalRowCount: total), settings: settings, terminalWidth: terminalWidth))
    }

    /// A complete result in any mode, as the REPL prints it (used by `sift query` too). In `box`
    /// and `table` mode, a grid wider than `terminalWidth` is shown in `line` mode instead.
    public static func render(_ result: ResultSet, settings: REPLSettings, terminalWidth: Int?) -> String {
        switch settings.mode {
        case .box, .table:
            let layout = GridLayout(result, settings: settings)
            if let terminalWidth, layout.totalWidth > terminalWidth, !result.rows.isEmpty {
                return lines(result, settings: settings)
            }
            let grid =
                settings.mode == .box
                ? BoxRenderer.render(layout, headers: settings.headers)
                : TableRenderer.render(layout, headers: settings.headers)
            return grid + result.footer
        case .line:
            return lines(result, settings: settings)
        case .csv:
            let writer = CSVWriter(settings: settings)
            return writer.header(result.columns) + result.rows.map(writer.row).joined()
        case .json:
            var writer = JSONWriter(columns: result.columns)
            return result.rows.map { writer.row($0) }.joined() + writer.end()
        }
    }

    /// `line` mode, then a blank line and the footer.
    private static func lines(_ result: ResultSet, settings: REPLSettings) -> String {
        let body = LineRenderer.render(result, settings: settings)
        return body + (body.isEmpty ? "" : "\n") + result.footer
    }
}
