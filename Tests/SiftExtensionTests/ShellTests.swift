import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// The sqlite3 command-line shell (Debian's package) loads the extension with `.load PATH` and runs
/// Sift's compiled SQL with its bindings given through the shell's own parameters.
@Suite struct ShellTests {
    /// The sqlite3 shell on PATH (`make deps` installs it).
    static let shell: String? = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map { "\($0)/sqlite3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Every example query: the shell, with the extension loaded, selects the rows (by their first
    /// column, the primary key) that Sift's runtime selects, in the same order.
    @Test func everyExampleQueryRunsInTheShell() throws {
        let shell = try #require(Self.shell, "no sqlite3 on PATH: 'make deps' installs Debian's sqlite3")
        let example = try ExampleFixture.shared()
        let database = try SiftDatabase(path: example.path, modelFile: example.modelFile)
        let queries = try example.compiledQueries(database)
        var script = ".bail on\n.load \(try SiftExtensionFile.path())\n.mode csv\n.headers off\n"
        var expected: [[String]] = []
        for query in queries {
            script += ".parameter clear\n.parameter init\n"
            if !query.bindings.isEmpty {
                let values = query.bindings.enumerated().map { "('?\($0.offset + 1)', \(Self.literal($0.element)))" }
                script += "INSERT INTO temp.sqlite_parameters(key, value) VALUES \(values.joined(separator: ", "));\n"
            }
            script += ".print @@@\n\(query.sql);\n"
            let rows = try database.connection.prepare(query.sql).rows(bindings: query.bindings)
            expected.append(try rows.map { row in try Self.csvText(try #require(row.first)) })
        }
        let output = try Self.run(shell, arguments: [example.path], input: script)
        #expect(output.status == 0, "\(output.standardError)")
        // The records between markers: one block per query.
        var blocks: [[String]] = []
        for record in Self.firstFields(ofCSV: output.standardOutput) {
            if record == "@@@" { blocks.append([]) } else if !blocks.isEmpty { blocks[blocks.count - 1].append(record) }
        }
        #expect(blocks.count == queries.count)
        for (query, (shellRows, siftRows)) in zip(queries, zip(blocks, expected)) {
            let ordered = query.sql.contains("ORDER BY")
            #expect(ordered ? shellRows == siftRows : shellRows.sorted() == siftRows.sorted(), "\(query.text)\n\(query.sql)")
        }
        #expect(expected.filter { !$0.isEmpty }.count > queries.count / 2)
    }

    /// The lines the README shows: `.load` without an entry point, `.parameter set ?N VALUE` for each
    /// binding, then the compiled query.
    @Test func readmeSessionRuns() throws {
        let shell = try #require(Self.shell, "no sqlite3 on PATH: 'make deps' installs Debian's sqlite3")
        let example = try ExampleFixture.shared()
        let database = try SiftDatabase(path: example.path, modelFile: example.modelFile)
        let query = try database.compile(#"User where name.contains(searchString) && age >= minimumAge sort by name"#)
        let parameters: [String: ParameterValue] = ["searchString": .string("kim"), "minimumAge": .int(20)]
        let bindings = try query.bindings(for: parameters, schema: database.schema)
        #expect(bindings.contains(.text("kim")) && bindings.contains(.integer(20)))
        var script = ".load \(try SiftExtensionFile.path())\n"
        for (index, value) in bindings.enumerated() {
            guard case .text(let text) = value, !text.contains("'") else {
                script += ".parameter set ?\(index + 1) \(Self.literal(value))\n"
                continue
            }
            script += ".parameter set ?\(index + 1) '\(text)'\n"
        }
        script += "SELECT name FROM (\(query.sql));\n"
        let output = try Self.run(shell, arguments: [example.path], input: script)
        #expect(output.status == 0, "\(output.standardError)")
        let expected = try database.fetch(query, parameters: parameters).map { row -> String in
            if case .string(let name)? = row["name"] { return name }
            return "?"
        }
        #expect(!expected.isEmpty)
        #expect(output.standardOutput.split(separator: "\n").map(String.init) == expected, "\(script)\n\(output)")
    }

    /// An SQL literal of `value` for the shell's parameter table (text as hex, so any byte survives).
    static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): real.isFinite ? "\(real)" : (real > 0 ? "9e999" : "-9e999")
        case .text(let text): "CAST(X'\(hex(Array(text.utf8)))' AS TEXT)"
        case .blob(let bytes): "X'\(hex(bytes))'"
        }
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

    /// How the shell's CSV mode writes a key column.
    static func csvText(_ value: SQLValue) throws -> String {
        switch value {
        case .integer(let integer): return String(integer)
        case .text(let text): return text
        default: throw ShellFailure(description: "unexpected first column \(value)")
        }
    }

    struct ShellFailure: Error, CustomStringConvertible { var description: String }

    /// The first field of each record of CSV text (RFC 4180 quoting: "" inside quotes is a quote).
    static func firstFields(ofCSV text: String) -> [String] {
        var records: [String] = []
        var field = ""
        var fieldIndex = 0
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { characters.removeFirst(); if fieldIndex == 0 { field.unicodeScalars.append("\"") } } else { quoted = false }
                } else if fieldIndex == 0 {
                    field.unicodeScalars.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fieldIndex += 1
            } else if character == "\n" {
                records.append(field)
                field = ""
                fieldIndex = 0
            } else if character != "\r", fieldIndex == 0 {
                field.unicodeScalars.append(character)
            }
        }
        if !field.isEmpty || fieldIndex > 0 { records.append(field) }
        return records
    }

    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `executable` with `input` on standard input.
    static func run(_ executable: String, arguments: [String], input: String) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let inputFile = try TemporaryFiles.untilExit.directory("sift-shell-input") + "/input"
        try input.write(toFile: inputFile, atomically: true, encoding: .utf8)
        process.standardInput = FileHandle(forReadingAtPath: inputFile)
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errorPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
