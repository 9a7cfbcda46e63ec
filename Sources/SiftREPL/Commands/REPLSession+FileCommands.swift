import Foundation
import Sift
import SiftPostgres
import SiftSQLite

/// `.open`, `.read`, `.once` and `.output`: databases, scripts and where output goes.
extension REPLSession {
    func open(_ invocation: CommandInvocation) throws {
        var words = invocation.words
        let writable = words.contains("--write")
        words.removeAll { $0 == "--write" }
        // `--schema MODEL`: a Swift model file or Xcode's data model refining the database.
        var modelFile: String?
        if let flag = words.firstIndex(of: "--schema") {
            guard flag + 1 < words.count else { throw CommandError("usage: .open FILE|URI [--schema MODEL] [--write]") }
            modelFile = resolve(words[flag + 1])
            guard FileManager.default.fileExists(atPath: modelFile!) else { throw CommandError("no such file '\(words[flag + 1])'") }
            words.removeSubrange(flag...(flag + 1))
        }
        guard words.count == 1 else { throw CommandError("usage: .open FILE|URI [--schema MODEL] [--write]") }
        // A PostgreSQL connection URI is passed on as it is.
        let isURI = PostgresURI.isURI(words[0])
        let path = isURI ? words[0] : resolve(words[0])
        guard isURI || FileManager.default.fileExists(atPath: path) else { throw CommandError("no such file '\(words[0])'") }
        if isURI != (engine is PostgresEngine) {
            try switchEngine(to: path, isURI: isURI, modelFile: modelFile, writable: writable)
        } else {
            do {
                if let modelFile {
                    try engine.reopen(path: path, modelFile: modelFile, writable: writable)
                } else {
                    try engine.reopen(path: path, writable: writable)
                }
            } catch let error where isURI {
                // A server that refuses: the session stays connected where it was.
                throw CommandError("cannot open \(PostgresURI.redacted(path)): \(Self.openFailure(error)); still on \(engine.location)")
            }
        }
        resultSink.write(
            "opened \(PostgresURI.redacted(words[0]))\(writable ? "" : " (read-only)"): " + Self.count(engine.schema.models.count, "model") + "\n")
    }

    /// Opens a database of the other engine (a PostgreSQL URI in a session on SQLite, a file in a
    /// session on PostgreSQL), refined by `modelFile` or else by the current engine's model file, with
    /// the session's time limit and portable setting; the session's parameters, settings and history
    /// stay. When it cannot be opened, the session stays on the database it had.
    private func switchEngine(to path: String, isURI: Bool, modelFile: String?, writable: Bool) throws {
        let model = modelFile ?? (engine as? DatabaseEngine)?.modelFile ?? (engine as? PostgresEngine)?.modelFile
        let opened: any QueryEngine
        do {
            opened = isURI ? try PostgresEngine(uri: path, modelFile: model, writable: writable) : try DatabaseEngine(path: path, modelFile: model, writable: writable)
        } catch {
            throw CommandError("cannot open \(PostgresURI.redacted(path)): \(Self.openFailure(error)); still on \(engine.location)")
        }
        opened.setTimeLimit(timeLimit)
        if engine.portable { try? opened.setPortable(true) }
        engine = opened
    }

    /// What a failed `.open` says: the server's or SQLite's message, or the diagnostics' first.
    private static func openFailure(_ error: any Error) -> String {
        if let compile = error as? CompileError, let first = compile.diagnostics.first { return first.message }
        if let command = error as? CommandError { return command.message }
        return "\(error)"
    }

    /// `.reload`: the database's schema, read again (tables or columns changed meanwhile).
    func reload(_ invocation: CommandInvocation) throws {
        guard invocation.words.isEmpty else { throw CommandError("usage: .reload") }
        try engine.reload()
        resultSink.write("reloaded: " + Self.count(engine.schema.models.count, "model") + "\n")
    }

    func read(_ invocation: CommandInvocation) throws {
        guard invocation.words.count == 1 else { throw CommandError("usage: .read FILE") }
        let path = invocation.words[0]
        guard readDepth < 16 else { throw CommandError(".read is nested too deeply (a file reads itself?)") }
        guard let data = FileManager.default.contents(atPath: resolve(path)) else {
            throw CommandError("cannot read '\(path)'")
        }
        readDepth += 1
        defer { readDepth -= 1 }
        process(ScriptedLineReader(text: String(decoding: data, as: UTF8.self)), sourceName: path)
    }

    func once(_ invocation: CommandInvocation) throws {
        guard invocation.words.count == 1 else { throw CommandError("usage: .once FILE") }
        onceFile = try FileDescriptorSink.create(path: resolve(invocation.words[0]))
        onceArmed = true
    }

    func output(_ invocation: CommandInvocation) throws {
        switch invocation.words.count {
        case 0: outputFile = nil
        case 1:
            outputFile = nil
            let name = invocation.words[0]
            if name != "stdout" && name != "-" { outputFile = try FileDescriptorSink.create(path: resolve(name)) }
        default: throw CommandError("usage: .output [FILE]")
        }
    }
}
