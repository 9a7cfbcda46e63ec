import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Python's sqlite3 module loads the extension (`enable_load_extension`, `load_extension`) and runs
/// every example query with its bindings, returning Sift's rows.
///
/// Only a Python built with loadable-extension support can: Debian 12's own python3 package
/// (/usr/bin/python3) is; pyenv's default builds are not (their `sqlite3.Connection` has no
/// `enable_load_extension`). The test uses the python3 on PATH when it can, else /usr/bin/python3,
/// and is skipped, with that reason in the test output, when neither can.
@Suite struct PythonTests {
    /// The first python3 (on PATH, then Debian's) that can load SQLite extensions.
    static let python: String? = {
        let onPath = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/python3" } ?? []
        let check = "import sqlite3; sqlite3.connect(':memory:').enable_load_extension(True)"
        for candidate in onPath + ["/usr/bin/python3"] where FileManager.default.isExecutableFile(atPath: candidate) {
            if let output = try? ShellTests.run(candidate, arguments: ["-c", check], input: ""), output.status == 0 { return candidate }
        }
        return nil
    }()

    /// Runs the queries given as JSON (`[{"sql": ..., "bindings": [...]}]`) and prints every row,
    /// each value tagged with its storage class.
    static let script = """
        import json, sqlite3, sys
        database, extension, queries = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
        connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        connection.enable_load_extension(True)
        connection.load_extension(extension)
        def binding(value):
            if isinstance(value, dict) and "real" in value: return float(value["real"])
            if isinstance(value, dict) and "blob" in value: return bytes.fromhex(value["blob"])
            return value
        def tagged(value):
            if value is None: return None
            if isinstance(value, int): return {"integer": str(value)}
            if isinstance(value, float): return {"real": repr(value)}
            if isinstance(value, bytes): return {"blob": value.hex()}
            return {"text": value}
        results = []
        for query in queries:
            rows = connection.execute(query["sql"], [binding(value) for value in query["bindings"]]).fetchall()
            results.append([[tagged(value) for value in row] for row in rows])
        json.dump(results, sys.stdout)
        """

    @Test(
        .enabled(
            if: python != nil,
            "no python3 here can load SQLite extensions: neither the one on PATH nor /usr/bin/python3 has sqlite3.Connection.enable_load_extension (Debian 12's python3 package has it; a python3 built from source needs --enable-loadable-sqlite-extensions)"
        ))
    func everyExampleQueryRunsInPython() throws {
        let python = try #require(Self.python)
        print("PythonTests: loading the extension with \(python)")
        let example = try ExampleFixture.shared()
        let database = try SiftDatabase(path: example.path, modelFile: example.modelFile)
        let queries = try example.compiledQueries(database)
        let input: [[String: Any]] = queries.map { query in
            [
                "sql": query.sql,
                "bindings": query.bindings.map { value -> Any in
                    switch value {
                    case .null: NSNull()
                    case .integer(let integer): NSNumber(value: integer)
                    case .real(let real): ["real": "\(real)"]
                    case .text(let text): text
                    case .blob(let bytes): ["blob": ShellTests.hex(bytes)]
                    }
                },
            ]
        }
        let directory = try TemporaryFiles.untilExit.directory("sift-python")
        let queriesFile = directory + "/queries.json"
        try JSONSerialization.data(withJSONObject: input).write(to: URL(fileURLWithPath: queriesFile))
        let scriptFile = directory + "/run.py"
        try Self.script.write(toFile: scriptFile, atomically: true, encoding: .utf8)
        let output = try ShellTests.run(python, arguments: [scriptFile, example.path, try SiftExtensionFile.path(), queriesFile], input: "")
        #expect(output.status == 0, "\(output.standardError)")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[[Any]]])
        #expect(results.count == queries.count)
        for (query, rows) in zip(queries, results) {
            let expected = try database.connection.prepare(query.sql).rows(bindings: query.bindings)
                .map { $0.map { $0 as SQLValue? } }
            #expect(rows.map { $0.map(Self.value) } == expected, "\(query.text)\n\(query.sql)")
        }
    }

    /// A value as the script tagged it.
    static func value(_ tagged: Any) -> SQLValue? {
        guard let tagged = tagged as? [String: String], let (kind, payload) = tagged.first else { return tagged is NSNull ? .null : nil }
        switch kind {
        case "integer": return Int64(payload).map(SQLValue.integer)
        case "real": return Double(payload).map(SQLValue.real)
        case "text": return .text(payload)
        case "blob":
            var bytes: [UInt8] = []
            var digits = payload[...]
            while digits.count >= 2, let byte = UInt8(digits.prefix(2), radix: 16) {
                bytes.append(byte)
                digits = digits.dropFirst(2)
            }
            return .blob(bytes)
        default: return nil
        }
    }
}
