import Foundation
import Sift

/// The `sift` command: dispatches to a subcommand and returns the exit status.
enum SiftCommandLine {
    static func run(_ arguments: [String]) -> Int32 {
        do {
            guard let first = arguments.first else { return try ReplCommand.run([]) }
            switch first {
            case "-h", "--help", "help":
                print(Help.usage)
                return 0
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
            case "--schema", "--bail", "--no-color", "--write":
                return try ReplCommand.run(arguments)
            default:
                let commands = ["parse", "check", "schema", "compile", "query", "repl", "help"]
                if first.hasPrefix("-") { return usageError("unknown option '\(first)'") }
                // `sift people.sqlite`: a database to open in the REPL.
                if first.contains(".") || first.contains("/") || FileManager.default.fileExists(atPath: first) {
                    return try ReplCommand.run(arguments)
                }
                let suggestion = Suggestions.closest(to: first, among: commands).first
                return usageError("unknown command '\(first)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
        } catch let error as CommandLineArguments.UsageError {
            return usageError(error.message)
        } catch let error as InputError {
            standardError("error: \(error.message)\n")
            return 1
        } catch {
            standardError("error: \(error)\n")
            return 1
        }
    }

    static func usageError(_ message: String) -> Int32 {
        standardError("error: \(message)\nUsage: sift [DATABASE] | sift parse|check|schema|compile|query|repl ... (see 'sift --help')\n")
        return 2
    }
}

/// An input that cannot be read: a missing file, an unreadable database.
struct InputError: Error {
    var message: String
}

/// Writes to standard error.
func standardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}

/// Whether diagnostics should be coloured: only on a terminal, never with NO_COLOR or --no-color.
func useColors(_ arguments: CommandLineArguments) -> Bool {
    if arguments.flags.contains("--no-color") { return false }
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
    guard let data = FileManager.default.contents(atPath: path) else {
        throw InputError(message: FileManager.default.fileExists(atPath: path) ? "cannot read '\(path)'" : "no such file '\(path)'")
    }
    return SourceFile(name: path, text: String(decoding: data, as: UTF8.self))
}
