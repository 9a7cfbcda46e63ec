/// What the dot-commands change: output mode, headers, timer, NULL text and the display limit.
public struct REPLSettings: Sendable, Hashable {
    public var mode: OutputMode
    /// Column names in `box`, `table` and `csv` (`.headers on|off`).
    public var headers = true
    /// Show compile and run times after each query (`.timer on|off`).
    public var timer = false
    /// How `nil` is shown in `box`, `table`, `line` and `csv` (`.nullvalue TEXT`); JSON always says `null`.
    public var nullValue = ""
    /// At most this many rows are shown in every mode, then "… N more rows" (`.limit N`; `nil`
    /// for no limit). CSV and JSON say it on the error stream, so their output stays CSV or JSON.
    public var displayLimit: Int? = 1_000
    /// The widest a grid cell gets before it is cut with `…`, in terminal columns.
    public var maximumCellWidth = 40

    public init(mode: OutputMode = .box) {
        self.mode = mode
    }
}
