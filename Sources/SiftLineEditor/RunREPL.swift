import SiftREPL

/// How `sift` starts the REPL (from its command line).
public struct REPLOptions: Sendable {
    /// `--bail`: stop at the first failing query or command.
    public var bail = false
    /// `--no-color` (colours are also off when `NO_COLOR` is set or output is not a terminal).
    public var noColor = false
    /// Where history is kept; `nil` keeps it in memory only. Default: `$SIFT_HISTORY`, else
    /// `$XDG_STATE_HOME/sift/history`, else `~/.local/state/sift/history`.
    public var historyPath: String? = HistoryStore.defaultPath()

    public init(bail: Bool = false, noColor: Bool = false) {
        self.bail = bail
        self.noColor = noColor
    }
}

/// Runs the REPL on standard input and output with `engine` and returns the exit status: 0, or 1
/// when a query or command failed in a batch (standard input not a terminal) or ended a `--bail`
/// session. Errors earlier in an interactive session do not change it.
///
/// On a terminal: libedit line editing, history, Tab completion, a banner and prompts, box
/// output, Control-C interrupting a running query. Otherwise (`sift DB < queries.sift`): no
/// prompt, no colours, every line processed, table output.
public func runREPL(engine: any QueryEngine, options: REPLOptions = REPLOptions()) -> Int32 {
    let interactive = Terminal.isTerminal(0)
    let outputIsTerminal = Terminal.isTerminal(1)
    var configuration = REPLConfiguration()
    configuration.bail = options.bail
    configuration.colors = Terminal.wantsColors(descriptor: 1, noColorFlag: options.noColor)
    configuration.terminalWidth = outputIsTerminal ? { Terminal.width() } : { nil }
    let settings = REPLSettings(mode: outputIsTerminal ? .box : .table)
    let history = interactive ? options.historyPath.map { HistoryStore(path: $0) } ?? HistoryStore() : HistoryStore()
    let watcher = InterruptWatcher()
    let session = REPLSession(
        engine: engine, console: .standard, configuration: configuration, settings: settings, history: history,
        interruptWatcher: watcher)
    guard interactive, let reader = EditLineReader(historyEntries: history.entries) else {
        return session.run(reader: StandardInputLineReader())
    }
    reader.complete = { [unowned session] line, pending in
        Completer(schema: session.engine.schema, parameterTypes: session.parameters.compactMapValues(\.literalType))
            .complete(line, pendingInput: pending)
    }
    watcher.installSignalHandler()
    return session.run(reader: reader)
}
