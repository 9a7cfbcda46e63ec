import Foundation
import Sift
import SiftSQLite
import SiftTestSupport

/// The example database (Examples/example.sql, built once per test process into a temporary file),
/// its model file, and the queries of Examples/*.sift with values for their named parameters.
struct ExampleFixture: Sendable {
    let path: String
    let modelFile: String

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static let built: Result<ExampleFixture, any Error> = Result { try ExampleFixture() }

    static func shared() throws -> ExampleFixture { try built.get() }

    private init() throws {
        let script = try String(contentsOf: Self.repository.appendingPathComponent("Examples/example.sql"), encoding: .utf8)
        path = try TemporaryFiles.untilExit.directory("sift-extension-example") + "/example.sqlite"
        try Connection(path: path, mode: .readWriteCreate).execute(script)
        modelFile = Self.repository.appendingPathComponent("Examples/Models.swift").path
    }

    /// The example files whose queries the tests run: every Examples/*.sift.
    static var queryFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Examples").path)) ?? []
        return names.filter { $0.hasSuffix(".sift") }.sorted()
    }

    /// The queries of an Examples/*.sift file: one per line, or a `#Predicate` spanning lines until
    /// its braces close; blank lines and `//` comments skipped.
    static func queries(in file: String) throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent("Examples/\(file)"), encoding: .utf8)
        var queries: [String] = []
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current.isEmpty && (trimmed.isEmpty || trimmed.hasPrefix("//")) { continue }
            current += (current.isEmpty ? "" : "\n") + line
            if current.filter({ $0 == "{" }).count == current.filter({ $0 == "}" }).count {
                queries.append(current)
                current = ""
            }
        }
        return queries
    }

    /// Values for the free identifiers the example queries use.
    static let parameters: [String: ParameterValue] = [
        "searchString": .string("kim"), "minimumAge": .int(20), "userID": .uuid(UUID(uuidString: "43610E2E-DE80-4464-85F6-16092CAF300D")!),
        "startDate": .date(Date(timeIntervalSinceReferenceDate: 0)), "endDate": .date(Date(timeIntervalSinceReferenceDate: 200_000_000)),
        "now": .date(Date(timeIntervalSinceReferenceDate: 817_603_200)), "listTitle": .string("Work"),
        "deadline": .date(Date(timeIntervalSinceReferenceDate: 817_808_400)),
    ]

    /// A compiled example query with the values of its bindings, ready to run on any connection.
    struct Compiled {
        var text: String
        var sql: String
        var bindings: [SQLValue]
    }

    /// Every example query compiled by Sift against the example database refined by the model file.
    func compiledQueries(_ database: SiftDatabase) throws -> [Compiled] {
        var compiled: [Compiled] = []
        guard Self.queryFiles.count >= 2 else { throw CocoaError(.fileNoSuchFile) }
        for file in Self.queryFiles {
            for text in try Self.queries(in: file) {
                let query = try database.compile(text, sourceName: file)
                let values = Self.parameters.filter { name, _ in query.parameters.contains { $0.name == name } }
                compiled.append(Compiled(text: text, sql: query.sql, bindings: try query.bindings(for: values, schema: database.schema)))
            }
        }
        return compiled
    }
}
