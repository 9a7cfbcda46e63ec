import Dispatch
import Foundation
import Sift
import SiftREPL
import SiftSQLite
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Interactive behaviour that transcripts (batch mode) do not show: prompts, the banner,
/// Control-C at the prompt and while a query runs, and history.
@Suite(.serialized) struct SessionTests {
    func makeSession(_ sink: StringSink, watcher: InterruptWatcher = InterruptWatcher(), history: HistoryStore = HistoryStore())
        throws -> (REPLSession, FixtureEngine, String)
    {
        let directory = try TestFiles.makeWorkingDirectory()
        let engine = try TestFiles.makeEngine(in: directory)
        var configuration = REPLConfiguration()
        configuration.workingDirectory = directory
        let session = REPLSession(
            engine: engine, console: REPLConsole(output: sink, error: sink), configuration: configuration,
            settings: REPLSettings(mode: .csv), history: history, interruptWatcher: watcher)
        return (session, engine, directory)
    }

    @Test func promptsShowWhatIsStillOpen() throws {
        let sink = StringSink()
        let (session, _, directory) = try makeSession(sink)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reader = ScriptedLineReader(
            lines: ["#Predicate<Company> {", "  $0.id == 1 && (", "  $0.name == \"Acme\")", "}", "/* note", "*/"],
            isInteractive: true)
        #expect(session.run(reader: reader) == 0)
        #expect(reader.prompts == ["sift> ", " ...{ ", "...{( ", " ...{ ", "sift> ", ".../* ", "sift> "])
        #expect(
            sink.text
                == "sift: fixture.sqlite — 5 models: Company, Interest, Reminder, User, UserInterest\n"
                + "Enter a query (e.g. Company where …), .help for commands, Control-D to quit.\n"
                + "id,name,city\n1,Acme,Seoul\n\n")
    }

    @Test func aFetchScriptAcrossPromptLinesAndOnOneLine() throws {
        let sink = StringSink()
        let (session, _, directory) = try makeSession(sink)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reader = ScriptedLineReader(
            lines: [
                "let request = NSFetchRequest<Company>(entityName: \"Company\")",
                "request.fetchLimit = 1",
                "  request.fetchLimit = 3",
                "let r = NSFetchRequest<Company>(entityName: \"Company\"); r.fetchLimit = 2",
            ],
            isInteractive: true)
        #expect(session.run(reader: reader) == 0)
        #expect(reader.prompts == ["sift> ", "sift> ", "sift> ", "sift> ", "sift> "])
        let outputs = sink.text.components(separatedBy: "id,name,city\n").dropFirst().map { $0.split(separator: "\n").count }
        // Each prompt line runs the request with every statement so far (all rows, then 1, then 3
        // rows); the one-line script is one query with its limit (2 rows), not a query per statement.
        #expect(outputs.count == 4, "\(sink.text)")
        #expect(outputs.dropFirst() == [1, 3, 2], "\(sink.text)")
    }

    @Test func controlCAtThePromptDropsTheUnfinishedQuery() throws {
        let sink = StringSink()
        let (session, _, directory) = try makeSession(sink)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reader = ScriptedLineReader(
            lines: ["#Predicate<Company> {", "\u{03}", "Company where id == 2"], isInteractive: true)
        #expect(session.run(reader: reader) == 0)
        #expect(reader.prompts == ["sift> ", " ...{ ", "sift> ", "sift> "])
        #expect(sink.text.hasSuffix("id,name,city\n2,\"Initech, Inc.\",\n\n"))
    }

    @Test func anInteractiveSessionsExitStatusForgetsEarlierErrors() throws {
        let inputs = ["Company wher id == 1", ".frobnicate", "Company where id == 1"]
        for (interactive, bail, expected) in [(true, false, 0), (false, false, 1), (true, true, 1)] as [(Bool, Bool, Int32)] {
            let sink = StringSink()
            let directory = try TestFiles.makeWorkingDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var configuration = REPLConfiguration()
            configuration.bail = bail
            let session = REPLSession(
                engine: try TestFiles.makeEngine(in: directory), console: REPLConsole(output: sink, error: sink),
                configuration: configuration, settings: REPLSettings(mode: .csv))
            let status = session.run(reader: ScriptedLineReader(lines: inputs, isInteractive: interactive))
            #expect(status == expected, "interactive: \(interactive), bail: \(bail)")
            #expect(session.failureCount == (bail ? 1 : 2))
        }
    }

    @Test func theLimitNoteOfCSVAndJSONGoesToTheErrorStream() throws {
        let output = StringSink()
        let errors = StringSink()
        let directory = try TestFiles.makeWorkingDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = REPLSession(
            engine: try TestFiles.makeEngine(in: directory), console: REPLConsole(output: output, error: errors),
            settings: REPLSettings(mode: .csv))
        let inputs = [".limit 1", "Company where id < 3 sort by id", ".mode json", "Company where id < 3 sort by id"]
        #expect(session.run(reader: ScriptedLineReader(lines: inputs)) == 0)
        #expect(output.text == "id,name,city\n1,Acme,Seoul\n" + "[\n  {\"id\": 1, \"name\": \"Acme\", \"city\": \"Seoul\"}\n]\n")
        #expect(errors.text == String(repeating: "… 1 more row not shown (.limit off shows every row)\n", count: 2))
    }

    @Test func interruptingARunningQueryReturnsToThePrompt() throws {
        let sink = StringSink()
        let watcher = InterruptWatcher()
        let (session, engine, directory) = try makeSession(sink, watcher: watcher)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        engine.replacementSQL = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
        engine.onRunStarted = {
            engine.onRunStarted = nil
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { watcher.interrupt() }
        }
        let reader = ScriptedLineReader(lines: ["Company where id == 1", ".mode json", ".mode"], isInteractive: true)
        let started = DispatchTime.now()
        _ = session.run(reader: reader)
        // A safety bound (a never-ending query must have stopped), far above any machine's speed.
        #expect(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds < 60_000_000_000)
        #expect(sink.text.hasSuffix("interrupted\ncurrent output mode: json\n\n"))
    }

    @Test func sigintReachesTheWatcherThroughTheSignalRelay() throws {
        let watcher = InterruptWatcher()
        watcher.installSignalHandler()
        let connection = try Connection.inMemory()
        watcher.begin(connection.interruptHandle)
        // Sent again until seen: while another test runs `system()`, glibc ignores SIGINT in this
        // whole process for a moment, and a signal sent then is lost (the REPL never calls it).
        let deadline = Date().addingTimeInterval(30)
        while !watcher.isInterrupted, Date() < deadline {
            kill(getpid(), SIGINT)
            usleep(50_000)
        }
        #expect(watcher.end())
        // Between queries a SIGINT does nothing (and does not end the process).
        let handled = watcher.signalsHandled
        let second = Date().addingTimeInterval(30)
        while watcher.signalsHandled == handled, Date() < second {
            kill(getpid(), SIGINT)
            usleep(50_000)
        }
        #expect(watcher.signalsHandled > handled)
        watcher.begin(nil)
        #expect(!watcher.end())
    }

    @Test func historyIsPersistedCappedAndSkipsRepeats() throws {
        let directory = NSTemporaryDirectory() + "sift-history-\(UUID().uuidString)"
        let path = directory + "/state/history"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = HistoryStore(path: path, capacity: 3)
        #expect(store.add("User where age > 1"))
        #expect(!store.add("User where age > 1"))
        #expect(!store.add("   "))
        #expect(store.add("#Predicate<User> {\n  $0.name == \"a\\\\b\"\n}"))
        #expect(store.add(".mode csv"))
        #expect(store.add(".schema"))
        #expect(store.entries == ["#Predicate<User> {\n  $0.name == \"a\\\\b\"\n}", ".mode csv", ".schema"])
        let reloaded = HistoryStore(path: path, capacity: 3)
        #expect(reloaded.entries == store.entries)
        for index in 0..<10 { reloaded.add("Company where id == \(index)") }
        let again = HistoryStore(path: path, capacity: 3)
        #expect(again.entries == ["Company where id == 7", "Company where id == 8", "Company where id == 9"])
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count <= 6)
    }

    @Test func historyPath() {
        #expect(HistoryStore.defaultPath(environment: ["SIFT_HISTORY": "/x/h", "HOME": "/home/a"]) == "/x/h")
        #expect(HistoryStore.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/home/a"]) == "/s/sift/history")
        #expect(HistoryStore.defaultPath(environment: ["HOME": "/home/a"]) == "/home/a/.local/state/sift/history")
        #expect(HistoryStore.defaultPath(environment: [:]) == nil)
    }

    @Test func theTypeCheckOnlyEngineChecksButDoesNotRun() throws {
        let directory = try TestFiles.makeWorkingDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let engine = try TypeCheckOnlyEngine(database: directory + "/fixture.sqlite", modelFile: directory + "/Models.swift")
        let sink = StringSink()
        let session = REPLSession(engine: engine, console: REPLConsole(output: sink, error: sink))
        let status = session.run(reader: ScriptedLineReader(lines: ["Company where id == 1", ".typed Company where id == 1"]))
        #expect(status == 1)
        #expect(
            sink.text == """
                error: this build of sift checks queries but cannot run them yet (no SQL back end); try .typed or .ast
                query Company (concise)
                  filter
                    comparison == : Bool
                      attribute id : Int
                        variable self : Company
                      constant 1 : Int

                """)
    }
}
