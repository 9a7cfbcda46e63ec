/// Receives the rows of one query as they come and writes them in the current mode: CSV and
/// JSON row by row, grids and `line` mode once complete, with the row-count footer. Every mode
/// shows at most the display limit's rows and counts the rest: grids and `line` mode in their
/// footer, CSV and JSON in a note on a separate stream (their output stays valid CSV or JSON).
public final class ResultPrinter {
    private let columns: [ResultColumn]
    private let settings: REPLSettings
    private let sink: any TextSink
    private let terminalWidth: Int?
    private var shown: [ResultRow] = []
    private var total = 0
    private var json: JSONWriter?
    private let csv: CSVWriter?
    /// Where CSV and JSON say how many rows the display limit left out.
    private let notes: any TextSink

    init(columns: [ResultColumn], settings: REPLSettings, sink: any TextSink, notes: any TextSink, terminalWidth: Int?) {
        self.columns = columns
        self.settings = settings
        self.sink = sink
        self.notes = notes
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
        guard settings.displayLimit.map({ total <= $0 }) ?? true else { return }
        if let csv {
            sink.write(csv.row(row))
        } else if json != nil {
            sink.write(json!.row(row))
        } else {
            shown.append(row)
        }
    }

    /// Writes what is still pending; `interrupted` leaves out the footer of a partial result.
    func finish() {
        if json != nil || csv != nil {
            if let json { sink.write(json.end()) }
            let hidden = total - min(total, settings.displayLimit ?? total)
            if hidden > 0 {
                notes.write("… \(hidden) more row\(hidden == 1 ? "" : "s") not shown (.limit off shows every row)\n")
            }
            return
        }
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
