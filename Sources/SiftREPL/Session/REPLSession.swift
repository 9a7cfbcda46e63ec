import Foundation
import Sift
import SiftPostgres
import SiftSQLite

/// The read–eval loop: reads lines from a ``LineReader``, joins multi-line queries, runs dot-commands
/// and queries through a ``QueryEngine``, and prints results and errors. A failing query or command
/// never ends the session (unless `bail` is set). The exit status of a batch (a file or a pipe) says
/// whether any failed; an interactive session's does not depend on its past errors.
public final class REPLSession {
    /// The engine queries run on: `.open` replaces it to go from a SQLite file to a PostgreSQL
    /// server and back.
    public internal(set) var engine: any QueryEngine
    /// The `.timeout` set, in seconds, kept for an engine `.open` switches to.
    var timeLimit: Double?
    public var settings: REPLSettings
    public internal(set) var parameters: [String: ParameterValue] = [:]
    public let history: HistoryStore
    public let configuration: REPLConfiguration
    let console: REPLConsole
    let interruptWatcher: InterruptWatcher

    /// Output redirected by `.output FILE` and `.once FILE`.
    var outputFile: (any TextSink)?
    var onceFile: (any TextSink)?
    /// Set by `.once`; the redirection ends after the next input.
    var onceArmed = false
    /// Queries and commands that failed so far.
    public internal(set) var failureCount = 0
    var quitRequested = false
    /// How deeply `.read` files are nested.
    var readDepth = 0
    /// The last query run (the default QUERY of `.ast`, `.typed`, `.sql` and `.plan`).
    var lastQuery: String?
    /// A `var descriptor = FetchDescriptor...` entered and the statements that set its properties since.
    var descriptorScript: DescriptorScript?
    /// The reader of the innermost input, for history.
    private var currentReader: (any LineReader)?

    public init(
        engine: any QueryEngine, console: REPLConsole, configuration: REPLConfiguration = REPLConfiguration(),
        settings: REPLSettings = REPLSettings(), history: HistoryStore = HistoryStore(),
        interruptWatcher: InterruptWatcher = InterruptWatcher()
    ) {
        self.engine = engine
        self.console = console
        self.configuration = configuration
        self.settings = settings
        self.history = history
        self.interruptWatcher = interruptWatcher
    }

    /// Runs until the input ends or `.quit`; returns the exit status. For a batch: 0, or 1 when
    /// any query or command failed. For an interactive session (as sqlite3's shell): 0, whatever
    /// failed along the way, unless `bail` ended the session at a failure (1).
    public func run(reader: any LineReader, sourceName: String? = nil) -> Int32 {
        if reader.isInteractive, configuration.showsBanner { console.output.write(banner) }
        process(reader, sourceName: sourceName ?? (reader.isInteractive ? "<input>" : "<stdin>"))
        if reader.isInteractive { console.output.write("\n") }
        outputFile = nil
        onceFile = nil
        guard failureCount > 0 else { return 0 }
        return !reader.isInteractive || configuration.bail ? 1 : 0
    }

    /// The greeting of an interactive session.
    var banner: String {
        let names = engine.schema.modelNames.sorted()
        let shown = names.count > 8 ? names.prefix(8).joined(separator: ", ") + ", …" : names.joined(separator: ", ")
        return "sift: \(engine.location) — \(names.count) model\(names.count == 1 ? "" : "s"): \(shown)\n"
            + "Enter a query (e.g. \(names.first ?? "User") where …), .help for commands, Control-D to quit.\n"
    }

    // MARK: The loop

    /// Reads and runs every input of `reader`; `.read` calls it again for a file.
    func process(_ reader: any LineReader, sourceName: String) {
        let outerReader = currentReader
        currentReader = reader
        defer { currentReader = outerReader }
        var pending = PendingInput()
        var lineNumber = 0
        while !quitRequested {
            let result = reader.readLine(prompt: pending.prompt, pendingInput: pending.text)
            switch result {
            case .endOfInput:
                // An unfinished query at the end of a file or pipe runs, so the parser says what
                // is missing; at a terminal, Control-D in the middle of a query just leaves.
                if !pending.isEmpty, !reader.isInteractive {
                    runQuery(pending.text, firstLine: pending.firstLineNumber, sourceName: sourceName)
                }
                return
            case .interrupted:
                pending.clear()
            case .line(let line):
                lineNumber += 1
                if pending.isEmpty, line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix(".") {
                    record(line)
                    runCommand(line)
                } else {
                    pending.append(line, lineNumber: lineNumber)
                    guard pending.isComplete else { continue }
                    let input = pending
                    pending.clear()
                    if PendingInput.isBlank(input.text) { continue }
                    record(input.text)
                    let firstLine = reader.isInteractive ? 1 : input.firstLineNumber
                    for query in QuerySplitter.split(input.text) {
                        if let hint = BareWordHint.hint(for: query, schema: engine.schema) {
                            fail(hint)
                        } else {
                            runQuery(query, firstLine: firstLine, sourceName: sourceName)
                        }
                        if configuration.bail, failureCount > 0 { break }
                    }
                }
                if configuration.bail, failureCount > 0 { quitRequested = true }
            }
        }
    }

    private func record(_ entry: String) {
        guard readDepth == 0 else { return }
        if history.add(entry) { currentReader?.addHistory(entry) }
    }

    func quit() { quitRequested = true }

    // MARK: Dot-commands

    func runCommand(_ line: String) {
        let invocation = CommandInvocation(line)
        let wasOnce = onceArmed
        defer { if wasOnce { endOnce() } }
        guard let command = DotCommand.named(invocation.name) else {
            let suggestion = Suggestions.closest(to: invocation.name, among: DotCommand.all.map(\.name)).first
            fail(
                "unknown command '.\(invocation.name)'" + (suggestion.map { "; did you mean '.\($0)'?" } ?? "; see .help"))
            return
        }
        do {
            try command.run(self, invocation)
        } catch {
            fail("\(error)")
        }
    }

    private func endOnce() {
        onceArmed = false
        onceFile = nil
    }

    // MARK: Queries

    /// Compiles and runs one query, printing its rows or its errors.
    func runQuery(_ input: String, firstLine: Int, sourceName: String) {
        let wasOnce = onceArmed
        defer { if wasOnce { endOnce() } }
        let (text, nextScript) = DescriptorScript.resolve(input, after: descriptorScript)
        lastQuery = text
        // The descriptor's earlier statements go on the lines above the input's.
        let firstLine = max(1, firstLine - (text.utf8.count(where: { $0 == UInt8(ascii: "\n") }) - input.utf8.count(where: { $0 == UInt8(ascii: "\n") })))
        let source = SourceFile(name: sourceName, text: String(repeating: "\n", count: max(0, firstLine - 1)) + text)
        let compileStart = configuration.clock()
        let compilation = engine.compile(source, parameters: parameters)
        let compileEnd = configuration.clock()
        // A statement with an error is not kept: the descriptor stays as it was.
        if !compilation.hasErrors { descriptorScript = nextScript }
        guard let checked = runnable(compilation) else { return }
        let printer = ResultPrinter(
            columns: compilation.columns, settings: settings, sink: resultSink, notes: console.error,
            terminalWidth: configuration.terminalWidth())
        interruptWatcher.begin(cancel: engine.cancelRunningQuery)
        let runStart = configuration.clock()
        do {
            try engine.run(compilation) { row in printer.add(row) }
        } catch {
            if interruptWatcher.end() {
                failureCount += 1
                console.error.write("interrupted\n")
            } else if let error = error as? FullTextQueryError {
                failureCount += 1
                console.error.write(DiagnosticRenderer(colors: configuration.colors).render(error.diagnostics, in: compilation.source))
            } else {
                fail(Self.describe(error))
            }
            return
        }
        let runEnd = configuration.clock()
        interruptWatcher.end()
        _ = checked
        printer.finish()
        if settings.timer {
            resultSink.write(
                "Time: compile \(Self.milliseconds(compileEnd - compileStart)), run \(Self.milliseconds(runEnd - runStart))\n")
        }
    }

    /// The checked query when `compilation` can run: no errors and a value for every parameter.
    /// Otherwise prints why and counts a failure.
    func runnable(_ compilation: EngineCompilation) -> CheckedQuery? {
        let renderer = DiagnosticRenderer(colors: configuration.colors)
        if !compilation.diagnostics.isEmpty {
            console.error.write(renderer.render(compilation.diagnostics, in: compilation.source))
        }
        guard let checked = compilation.checked, !compilation.hasErrors else {
            if compilation.diagnostics.isEmpty { fail("the query could not be compiled") } else { failureCount += 1 }
            return nil
        }
        let missing = checked.parameters.filter { parameters[$0.name] == nil }.map { parameter in
            Diagnostic.error(
                "repl-missing-parameter",
                "no value for the parameter '\(parameter.name)' (\(parameter.type)); set one with '.param set \(parameter.name) VALUE'",
                at: parameter.firstUse)
        }
        if !missing.isEmpty {
            console.error.write(renderer.render(missing, in: compilation.source))
            failureCount += 1
            return nil
        }
        return checked
    }

    // MARK: Output

    /// Where results and command output go: `.once`, else `.output`, else standard output.
    var resultSink: any TextSink { onceFile ?? outputFile ?? console.output }

    /// Prints an error message and counts a failure.
    func fail(_ message: String) {
        failureCount += 1
        let label = configuration.colors ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        console.error.write("\(label) \(message)\n")
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? SQLiteError {
            var text = error.message.isEmpty ? "\(error)" : "SQLite: \(error.message)"
            if error.code == .schema || error.message.hasPrefix("no such table") || error.message.hasPrefix("no such column") {
                // The models were read before the database changed.
                text += "\nnote: the database's schema may have changed since it was read; '.reload' reads it again"
            }
            return text
        }
        if let error = error as? PostgresError, error.kind == .timeout {
            // The server's cancellation, as SQLite's interruption is shown: the SQL adds nothing.
            return "PostgreSQL: interrupted: the statement ran past its time limit (.timeout)"
        }
        if let error = error as? PostgresError, error.sqlState == "42P01" || error.sqlState == "42703" {
            // An undefined table or column: the models were read before the database changed.
            return "\(error)\nnote: the database's schema may have changed since it was read; '.reload' reads it again"
        }
        return "\(error)"
    }

    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let value = Double(nanoseconds) / 1_000_000
        return String(format: "%.3f ms", value)
    }

    /// A path as the user wrote it, made absolute against the working directory.
    func resolve(_ path: String) -> String {
        var expanded = path
        if expanded == "~" || expanded.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            expanded = home + expanded.dropFirst()
        }
        if expanded.hasPrefix("/") { return expanded }
        let base = configuration.workingDirectory ?? FileManager.default.currentDirectoryPath
        return base + "/" + expanded
    }
}
