import Foundation
import SiftPostgres

/// `.open`, `.read`, `.once` and `.output`: databases, scripts and where output goes.
extension REPLSession {
    func open(_ invocation: CommandInvocation) throws {
        var words = invocation.words
        let writable = words.contains("--write")
        words.removeAll { $0 == "--write" }
        // `--schema MODEL`: a Swift model file or Xcode's data model refining the database.
        var modelFile: String?
        if let flag = words.firstIndex(of: "--schema") {
            guard flag + 1 < words.count else { throw CommandError("usage: .open FILE [--schema MODEL] [--write]") }
            modelFile = resolve(words[flag + 1])
            guard FileManager.default.fileExists(atPath: modelFile!) else { throw CommandError("no such file '\(words[flag + 1])'") }
            words.removeSubrange(flag...(flag + 1))
        }
        guard words.count == 1 else { throw CommandError("usage: .open FILE [--schema MODEL] [--write]") }
        // A PostgreSQL connection URI is passed on as it is.
        let isURI = PostgresURI.isURI(words[0])
        let path = isURI ? words[0] : resolve(words[0])
        guard isURI || FileManager.default.fileExists(atPath: path) else { throw CommandError("no such file '\(words[0])'") }
        if let modelFile {
            try engine.reopen(path: path, modelFile: modelFile, writable: writable)
        } else {
            try engine.reopen(path: path, writable: writable)
        }
        resultSink.write(
            "opened \(PostgresURI.redacted(words[0]))\(writable ? "" : " (read-only)"): " + Self.count(engine.schema.models.count, "model") + "\n")
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
