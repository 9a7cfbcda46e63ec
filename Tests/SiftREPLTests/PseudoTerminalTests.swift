import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Drives the real `sift` binary in a pseudo-terminal under tmux: Tab completion, Up-arrow
/// history and Control-C interrupting a long query, as a person at a terminal sees them.
///
/// Needs tmux and the sqlite3 shell (`make test` installs both), the built `sift`, and the example
/// database (`make examples`). `SIFT_PTY_TESTS=0` turns the suite off (e.g. where no terminal
/// multiplexer can run); `SIFT_BINARY` overrides the binary (default `.build/debug/sift`),
/// `SIFT_REPL_COMMAND` the arguments that open the REPL on a database (default: `sift DB`).
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["SIFT_PTY_TESTS"] != "0"))
struct PseudoTerminalTests {
    static let packageRoot = ((TestFiles.directory as NSString).deletingLastPathComponent as NSString)
        .deletingLastPathComponent
    static var binary: String { ProcessInfo.processInfo.environment["SIFT_BINARY"] ?? packageRoot + "/.build/debug/sift" }

    @Test func theToolsAreThere() {
        #expect(system("command -v tmux >/dev/null") == 0, "tmux is needed (make test installs it)")
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "no sift binary at \(Self.binary)")
        #expect(
            FileManager.default.fileExists(atPath: Self.packageRoot + "/Examples/example.sqlite"),
            "no example database (make examples builds it)")
    }

    @Test func koreanInputReachesTheQuery() throws {
        let terminal = try Tmux.start(database: Self.packageRoot + "/Examples/example.sqlite")
        defer { terminal.stop() }
        try terminal.waitFor { $0.lastPromptLine == "sift>" }
        terminal.send(#"User where name == "박지호""#, "Enter")
        try terminal.waitFor { $0.contains("(1 row)") && $0.contains("지호") }
    }

    @Test func tabCompletesAMemberName() throws {
        let terminal = try Tmux.start(database: Self.packageRoot + "/Examples/example.sqlite")
        defer { terminal.stop() }
        try terminal.waitFor { $0.lastPromptLine == "sift>" }
        terminal.send("#Predicate<User> { $0.interests.contains { $0.tit", "Tab")
        try terminal.waitFor { $0.contains("{ $0.interests.contains { $0.title") }
        terminal.send("C-c", "User where n", "Tab")
        try terminal.waitFor { screen in screen.contains("name") && screen.contains("nickname") }
    }

    @Test func upRecallsHistory() throws {
        let terminal = try Tmux.start(database: Self.packageRoot + "/Examples/example.sqlite")
        defer { terminal.stop() }
        try terminal.waitFor { $0.lastPromptLine == "sift>" }
        terminal.send(".mode csv", "Enter")
        terminal.send(".models", "Enter")
        try terminal.waitFor { $0.contains("UserInterest") }
        terminal.send("Up", "Up")
        try terminal.waitFor { $0.lastPromptLine == "sift> .mode csv" }
    }

    /// Control-C discards what is pending and shows a fresh prompt, wherever it is typed; only
    /// Control-D leaves, with status 0 though a query failed on the way.
    @Test func controlCNeverEndsTheSession() throws {
        let terminal = try Tmux.start(database: Self.packageRoot + "/Examples/example.sqlite")
        defer { terminal.stop() }
        try terminal.waitFor { $0.lastPromptLine == "sift>" }
        // At an empty prompt.
        terminal.send("C-c")
        try terminal.waitFor { $0.promptLines == ["sift> ^C", "sift>"] }
        // With text on the line.
        terminal.send("Company where id == 1", "C-c")
        try terminal.waitFor { $0.promptLines == ["sift> ^C", "sift> Company where id == 1^C", "sift>"] }
        // In a multi-line continuation, on its empty line and with text on it.
        terminal.send("User where (", "Enter")
        try terminal.waitFor { $0.lastLine == "...(" }
        terminal.send("C-c")
        try terminal.waitFor { $0.promptLines.suffix(2) == ["sift> User where (", "sift>"] && $0.contains(" ...( ^C") }
        terminal.send("#Predicate<User> {", "Enter", "$0.age > 20 &&", "C-c")
        try terminal.waitFor { $0.lastPromptLine == "sift>" && $0.contains(" ...{ $0.age > 20 &&^C") }
        // A SIGINT from elsewhere (`kill -INT`) while a line is read does the same.
        let prompts = terminal.screen.promptLines.count
        terminal.send("Company where")
        try terminal.waitFor { $0.lastPromptLine == "sift> Company where" }
        let pid = try #require(terminal.processID)
        kill(pid, SIGINT)
        try terminal.waitFor { $0.promptLines.count == prompts + 1 && $0.lastPromptLine == "sift>" }
        // Nothing of the discarded lines is left: this query runs alone.
        terminal.send("Company where id == 1", "Enter")
        try terminal.waitFor { $0.contains("(1 row)") && $0.lastPromptLine == "sift>" }
        terminal.send("Company where nosuch == 1", "Enter")
        try terminal.waitFor { $0.contains("error:") && $0.lastPromptLine == "sift>" }
        terminal.send("C-d")
        #expect(try terminal.exitStatus(of: pid) == 0)
    }

    @Test func controlCInterruptsALongQuery() throws {
        let directory = NSTemporaryDirectory() + "sift-pty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = directory + "/slow.sqlite"
        #expect(system("sqlite3 '\(database)' < '\(TestFiles.directory)/PseudoTerminal/slow.sql'") == 0)
        let terminal = try Tmux.start(database: database)
        defer { terminal.stop() }
        try terminal.waitFor { $0.lastPromptLine == "sift>" }
        terminal.send("Item where items.contains { child in child.items.contains { $0.value < 0 || child.value < 0 } }", "Enter")
        // The query runs (no new prompt) for minutes unless interrupted. On a busy machine it may
        // take a moment to start: Control-C until it says "interrupted" (at the prompt, Control-C
        // only clears the line, so it cannot fake the message).
        try terminal.waitFor(seconds: 20) { $0.contains("$0.value < 0") }
        var interrupted = false
        for _ in 0..<10 where !interrupted {
            Thread.sleep(forTimeInterval: 0.5)
            terminal.send("C-c")
            interrupted = (try? terminal.waitFor(seconds: 2) { $0.contains("interrupted") }) != nil
        }
        #expect(interrupted)
        try terminal.waitFor(seconds: 10) { $0.contains("interrupted") && $0.lastPromptLine == "sift>" }
        terminal.send(".mode", "Enter")
        try terminal.waitFor { $0.contains("current output mode: box") }
    }
}

/// One tmux session on a private server, running `sift` on a database.
struct Tmux {
    let socket = "sift-test-\(UUID().uuidString.prefix(8))"
    /// The REPL's history file, removed by `stop()`.
    var history: String { NSTemporaryDirectory() + "sift-pty-history-\(socket)" }

    static func start(database: String) throws -> Tmux {
        let tmux = Tmux()
        let history = tmux.history
        let arguments = ProcessInfo.processInfo.environment["SIFT_REPL_COMMAND"].map { $0 + " " } ?? ""
        let command = "env SIFT_HISTORY='\(history)' NO_COLOR=1 '\(PseudoTerminalTests.binary)' \(arguments)'\(database)'"
        try tmux.run(["new-session", "-d", "-s", "repl", "-x", "120", "-y", "40", command], capturing: false)
        // The pane stays after `sift` ends, so that its exit status can be read.
        try tmux.run(["set-option", "-t", "repl", "remain-on-exit", "on"], capturing: false)
        return tmux
    }

    /// Runs `tmux -L SOCKET ARGUMENTS` through the shell (popen: Foundation's `Process` does not
    /// reap the tmux client that forks the server), returning its standard output.
    @discardableResult
    func run(_ arguments: [String], capturing: Bool = true) throws -> String {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let command = "tmux -L \(socket) \(quoted)" + (capturing ? " 2>/dev/null" : " >/dev/null 2>&1")
        guard let pipe = popen(command, "r") else { return "" }
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        pclose(pipe)
        return String(decoding: output, as: UTF8.self)
    }

    /// Sends keys: literal text, or tmux key names (`Tab`, `Enter`, `Up`, `C-c`).
    func send(_ keys: String...) {
        for key in keys { _ = try? run(["send-keys", "-t", "repl", key], capturing: false) }
    }

    var screen: String { (try? run(["capture-pane", "-t", "repl", "-p"])) ?? "" }

    struct Timeout: Error, CustomStringConvertible {
        var screen: String
        var description: String { "timed out; the screen was:\n\(screen)" }
    }

    func waitFor(seconds: Double = 15, _ condition: (String) -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(screen) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Timeout(screen: screen)
    }

    /// The process in the pane (`env` runs `sift` in its place).
    var processID: pid_t? {
        pid_t(((try? run(["display-message", "-p", "-t", "repl", "#{pane_pid}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The exit status of `sift`, once it has ended (nil if it was killed by a signal).
    ///
    /// tmux 3.3 may mark the pane dead (its terminal closed) and never reap the process, leaving
    /// `pane_dead_status` empty; the status is then read from the zombie's `/proc/PID/stat` (its
    /// last field is the status as `waitpid` reports it). `processID` must be taken while `sift` runs.
    func exitStatus(of processID: pid_t, seconds: Double = 15) throws -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let fields = ((try? run(["display-message", "-p", "-t", "repl", "#{pane_dead} #{pane_dead_status}"])) ?? "")
                .split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if fields.first == "1", fields.count > 1, let status = Int32(fields[1]) { return status }
            if let stat = try? String(contentsOfFile: "/proc/\(processID)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            {
                // After the command name: state, then 49 more fields; the last is the exit code.
                let rest = stat[stat.index(after: end)...].split(separator: " ")
                if rest.first == "Z", let code = Int32(rest.last!.trimmingCharacters(in: .whitespacesAndNewlines)) {
                    return code & 0x7f == 0 ? (code >> 8) & 0xff : nil
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Timeout(screen: screen)
    }

    /// Ends the session and its server, and removes the files they leave: the server's socket
    /// (tmux does not remove it on `kill-server`) and the REPL's history.
    func stop() {
        var socketPath = ((try? run(["display-message", "-p", "#{socket_path}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if socketPath.isEmpty {  // the server has already gone: where tmux puts its sockets
            socketPath = (ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp") + "/tmux-\(getuid())/" + socket
        }
        _ = try? run(["kill-server"], capturing: false)
        for path in [socketPath, history] { try? FileManager.default.removeItem(atPath: path) }
    }
}

extension String {
    /// The last line that starts with the prompt, trimmed of trailing spaces.
    var lastPromptLine: String? { promptLines.last }

    /// The lines that start with the prompt, trimmed of trailing spaces.
    var promptLines: [String] {
        split(separator: "\n").filter { $0.hasPrefix("sift>") }.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    /// The last line that is not blank, trimmed of spaces.
    var lastLine: String? {
        split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty }
    }
}
