import Foundation
import Sift
import SiftREPL
import SiftSQLite

/// Paths of the test files, found from this file's path (no bundle resources).
enum TestFiles {
    static let directory = (#filePath as NSString).deletingLastPathComponent
    static let fixture = directory + "/Fixture"
    static let transcripts = directory + "/Transcripts"

    /// A fresh folder holding `fixture.sqlite` (built from fixture.sql), `Models.swift` and the
    /// other fixture files; the working directory of one test.
    static func makeWorkingDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "sift-repl-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture) where name != "fixture.sql" {
            let target = name == "Models.swift.txt" ? "Models.swift" : name
            try FileManager.default.copyItem(atPath: fixture + "/" + name, toPath: path + "/" + target)
        }
        let sql = try String(contentsOfFile: fixture + "/fixture.sql", encoding: .utf8)
        let connection = try Connection(path: path + "/fixture.sqlite", mode: .readWriteCreate)
        try connection.execute(sql)
        return path
    }

    /// The test double: the real checker and a tiny lowering, with hooks to stall or replace a run.
    static func makeEngine(in directory: String) throws -> FixtureEngine {
        try FixtureEngine(database: directory + "/fixture.sqlite", modelFile: directory + "/Models.swift")
    }

    /// The engine `sift` uses: transcripts run the whole stack, from text to rows.
    static func makeDatabaseEngine(in directory: String) throws -> DatabaseEngine {
        try DatabaseEngine(path: directory + "/fixture.sqlite", modelFile: directory + "/Models.swift")
    }
}

/// A clock that advances one millisecond per reading, so `.timer` output is exact.
final class SteppingClock: @unchecked Sendable {
    private var now: UInt64 = 0
    func read() -> UInt64 {
        now += 1_000_000
        return now
    }
}

/// One transcript file: a header (what it shows, and options), then `> ` input lines and the
/// exact output expected (standard output and standard error interleaved as written).
///
/// ```text
/// Errors do not stop the script.
/// exit: 1
/// ---
/// > User where agee > 1
/// <stdin>:1:12: error: ...
/// === file out.csv
/// expected content of out.csv in the working directory
/// ```
/// Header options: `exit: N` (expected status, default 0), `width: N` (terminal width),
/// `bail: on`, `engine: fixture` (the test double that can fail to lower or to run, instead of the
/// real ``DatabaseEngine``). Lines starting with `> ` (or a lone `>`) are input; `=== file NAME` starts the
/// expected content of a file the script writes.
struct Transcript {
    var name: String
    var header: [String] = []
    var inputs: [String] = []
    var expectedOutput = ""
    var expectedFiles: [(name: String, content: String)] = []
    var expectedExit: Int32 = 0
    var width: Int?
    var bail = false
    var usesFixtureEngine = false

    init(name: String, text: String) {
        self.name = name
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let separator = lines.firstIndex(of: "---") ?? -1
        header = Array(lines[..<max(0, separator)])
        for line in header {
            if line.hasPrefix("exit: ") { expectedExit = Int32(line.dropFirst(6)) ?? 0 }
            if line.hasPrefix("width: ") { width = Int(line.dropFirst(7)) }
            if line == "bail: on" { bail = true }
            if line == "engine: fixture" { usesFixtureEngine = true }
        }
        var output: [String] = []
        var file: (String, [String])?
        for line in lines[(separator + 1)...] {
            if line.hasPrefix("=== file ") {
                if let (name, content) = file { expectedFiles.append((name, Self.joined(content))) }
                file = (String(line.dropFirst(9)), [])
            } else if file != nil {
                file!.1.append(line)
            } else if line == ">" {
                inputs.append("")
            } else if line.hasPrefix("> ") {
                inputs.append(String(line.dropFirst(2)))
            } else {
                output.append(line)
            }
        }
        if let (name, content) = file { expectedFiles.append((name, Self.joined(content))) }
        expectedOutput = Self.joined(output)
    }

    static func joined(_ lines: [String]) -> String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

    /// Every transcript file, by name.
    static func all() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: TestFiles.transcripts)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
    }

    static func load(_ name: String) throws -> Transcript {
        Transcript(name: name, text: try String(contentsOfFile: TestFiles.transcripts + "/" + name, encoding: .utf8))
    }

    /// What running the inputs produced.
    struct Result {
        var output: String
        var exitStatus: Int32
        var files: [String: String]
    }

    func run() throws -> Result {
        let directory = try TestFiles.makeWorkingDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let engine: any QueryEngine =
            usesFixtureEngine ? try TestFiles.makeEngine(in: directory) : try TestFiles.makeDatabaseEngine(in: directory)
        let sink = StringSink()
        var configuration = REPLConfiguration()
        configuration.workingDirectory = directory
        configuration.bail = bail
        let clock = SteppingClock()
        configuration.clock = { clock.read() }
        let width = self.width
        configuration.terminalWidth = { width }
        let session = REPLSession(engine: engine, console: REPLConsole(output: sink, error: sink), configuration: configuration)
        let status = session.run(reader: ScriptedLineReader(lines: inputs))
        var files: [String: String] = [:]
        for (name, _) in expectedFiles {
            files[name] = (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? "<missing>"
        }
        // Paths into the test's temporary folder are shown relative to it, as a user there sees them.
        let output = sink.text.replacingOccurrences(of: directory + "/", with: "")
        return Result(output: output, exitStatus: status, files: files)
    }

    /// The transcript text that `result` would make (for recording new transcripts).
    func recorded(_ result: Result) -> String {
        var out = header.map { $0 + "\n" }.joined()
        out += "---\n"
        out += inputs.map { $0.isEmpty ? ">\n" : "> \($0)\n" }.joined()
        out += result.output
        for (name, _) in expectedFiles { out += "=== file \(name)\n" + (result.files[name] ?? "") }
        return out
    }
}
