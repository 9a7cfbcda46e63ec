import Foundation
import Sift
import SiftSQLite

/// The `sift` command: dispatches to a subcommand and returns the exit status.
enum SiftCommandLine {
    static func run(_ arguments: [String]) -> Int32 {
        let json = wantsJSON(arguments)
        do {
            guard let first = arguments.first else { return try ReplCommand.run([]) }
            if let help = try helpRequest(arguments) {
                print(help)
                return 0
            }
            switch first {
            case "--version":
                print("sift \(Help.version)")
                return 0
            case "parse":
                return try ParseCommand.run(Array(arguments.dropFirst()))
            case "check":
                return try CheckCommand.run(Array(arguments.dropFirst()))
            case "schema":
                return try SchemaCommand.run(Array(arguments.dropFirst()))
            case "compile":
                return try CompileCommand.run(Array(arguments.dropFirst()))
            case "query":
                return try QueryCommand.run(Array(arguments.dropFirst()))
            case "repl":
                return try ReplCommand.run(Array(arguments.dropFirst()))
            case "extension-path":
                return try ExtensionPathCommand.run(Array(arguments.dropFirst()))
            case "install-functions":
                return try InstallFunctionsCommand.run(Array(arguments.dropFirst()))
            case "--schema", "--bail", "--no-color", "--write":
                return try ReplCommand.run(arguments)
            default:
                if first.hasPrefix("-") { throw CommandLineArguments.UsageError(message: "unknown option '\(first)'") }
                // `sift people.sqlite`: a database to open in the REPL.
                if first.contains(".") || first.contains("/") || FileManager.default.fileExists(atPath: first) {
                    return try ReplCommand.run(arguments)
                }
                let suggestion = Suggestions.closest(to: first, among: commands).first
                throw CommandLineArguments.UsageError(message: "unknown command '\(first)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
        } catch {
            let failure = commandFailure(error)
            if json {
                print(JSONDiagnostics.failureReport(failure.diagnostics).text)
            } else {
                let renderer = DiagnosticRenderer(colors: useColors(arguments))
                for item in failure.diagnostics {
                    if let source = item.source {
                        standardError(renderer.render([item.diagnostic], in: source))
                    } else {
                        standardError("error: \(item.diagnostic.message)\n")
                    }
                }
                if failure.status == 2 {
                    standardError("Usage: sift [DATABASE] | sift parse|check|schema|compile|query|repl ... (see 'sift --help')\n")
                }
            }
            return failure.status
        }
    }

    /// The subcommands, for suggestions and `sift help COMMAND`.
    static let commands = ["parse", "check", "schema", "compile", "query", "repl", "extension-path", "install-functions", "help"]

    /// The help text `-h`, `--help` or `help` asks for, if it does: `sift --help`, `sift help
    /// [COMMAND]`, or `-h`/`--help` among a command's options (before `--`).
    static func helpRequest(_ arguments: [String]) throws -> String? {
        guard let first = arguments.first else { return nil }
        if first == "-h" || first == "--help" { return Help.usage }
        if first == "help" {
            let topics = arguments.dropFirst().filter { $0 != "-h" && $0 != "--help" }
            if arguments.count > 1, topics.isEmpty { return Help.usage(of: "help") }
            guard let topic = topics.first else { return Help.usage }
            guard topics.count == 1, let usage = Help.usage(of: topic) else {
                let suggestion = Suggestions.closest(to: topic, among: commands).first
                throw CommandLineArguments.UsageError(
                    message: "'sift help' takes one COMMAND; '\(topics.joined(separator: " "))' is not one" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
            return usage
        }
        let options = arguments.dropFirst().prefix { $0 != "--" }
        guard options.contains("-h") || options.contains("--help"), let usage = Help.usage(of: first) else { return nil }
        return usage
    }

    /// Whether the command line asks for JSON output: `compile --json`, `query --json` or
    /// `query --mode json` (before `--`). Decided before the options are parsed, so that a usage
    /// error is reported as JSON too.
    static func wantsJSON(_ arguments: [String]) -> Bool {
        guard let command = arguments.first, ["compile", "query"].contains(command) else { return false }
        let options = Array(arguments.dropFirst().prefix { $0 != "--" })
        if options.contains("--json") { return true }
        guard command == "query" else { return false }
        if options.contains("--mode=json") { return true }
        return zip(options, options.dropFirst()).contains { $0 == "--mode" && $1 == "json" }
    }

    /// What to report for an error a command threw.
    static func commandFailure(_ error: any Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure:
            return failure
        case let usage as CommandLineArguments.UsageError:
            return CommandFailure(id: .usage, message: usage.message, status: 2)
        case let input as InputError:
            return CommandFailure(id: input.id, message: input.message, status: 1)
        case let compile as CompileError:
            return CommandFailure(SourcedDiagnostic.all(compile.diagnostics, in: compile.source))
        case let parameter as ParameterError:
            return CommandFailure(id: .badParameterValue, message: parameter.message, status: 1)
        default:
            return CommandFailure(id: .databaseError, message: "\(error)", status: 1)
        }
    }
}

/// An input that cannot be read: a missing file, an unreadable database.
struct InputError: Error {
    var message: String
    /// The stable id of its diagnostic under `--json`.
    var id: DiagnosticID
}

/// Writes to standard error.
func standardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

/// Whether diagnostics should be coloured: only on a terminal, never with NO_COLOR or --no-color.
func useColors(_ arguments: CommandLineArguments) -> Bool {
    useColors(noColorFlag: arguments.flags.contains("--no-color"))
}

/// Whether diagnostics should be coloured, from the unparsed command line.
func useColors(_ arguments: [String]) -> Bool {
    useColors(noColorFlag: arguments.prefix { $0 != "--" }.contains("--no-color"))
}

private func useColors(noColorFlag: Bool) -> Bool {
    if noColorFlag { return false }
    if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
    return isatty(STDERR_FILENO) != 0
}

/// The query text of a subcommand: its positional TEXT, `--file FILE`, or standard input.
func readQueryText(_ arguments: CommandLineArguments, positional: [String]) throws -> SourceFile {
    if let path = arguments.value("--file") {
        guard positional.isEmpty else { throw CommandLineArguments.UsageError(message: "give either TEXT or --file, not both") }
        return try readSourceFile(path)
    }
    if positional.count > 1 {
        throw CommandLineArguments.UsageError(message: "expected one query TEXT; quote it, e.g. sift parse '#Predicate<User> { $0.age > 20 }'")
    }
    if let text = positional.first, text != "-" { return SourceFile(name: "<input>", text: text) }
    let data = FileHandle.standardInput.readDataToEndOfFile()
    return SourceFile(name: "<stdin>", text: String(decoding: data, as: UTF8.self))
}

/// Reads a text file, with a clear error when it cannot be read.
func readSourceFile(_ path: String) throws -> SourceFile {
    try checkReadableFile(path)
    guard let data = FileManager.default.contents(atPath: path) else {
        throw CommandFailure(id: .unreadableFile, message: "cannot read '\(path)'", status: 1)
    }
    return SourceFile(name: path, text: String(decoding: data, as: UTF8.self))
}

/// Throws the failure of a file that is missing or that cannot be read (a directory, no
/// permission), so that it is not taken for an empty model file. Xcode's data model is a folder
/// (`Model.xcdatamodeld`, `Model.xcdatamodel`): the schema loader reads it, and says what is wrong.
func checkReadableFile(_ path: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw CommandFailure(id: .noSuchFile, message: "no such file '\(path)'", status: 1)
    }
    let folderExtension = URL(fileURLWithPath: path).pathExtension
    if isDirectory.boolValue, folderExtension == "xcdatamodeld" || folderExtension == "xcdatamodel" { return }
    if isDirectory.boolValue {
        throw CommandFailure(id: .unreadableFile, message: "'\(path)' is a directory, not a file", status: 1)
    }
    guard FileManager.default.isReadableFile(atPath: path) else {
        throw CommandFailure(id: .unreadableFile, message: "cannot read '\(path)': permission denied", status: 1)
    }
}
