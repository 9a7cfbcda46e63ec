import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// A run binds each value straight into the cached statement (UUIDs stored as text from the
/// stack), without clearing the old values first, and keeps how the last query decodes its rows.
@Suite struct StatementBindingTests {
    let temporaryFiles = TemporaryFiles()

    /// One UUID column per storage, each holding the same three identifiers (in files removed
    /// when `files` is released).
    static func database(in files: TemporaryFiles) throws -> SiftDatabase {
        let path = files.path("sift-binding", suffix: ".sqlite")
        var inserts: [String] = []
        for (index, uuid) in identifiers.enumerated() {
            let bytes = withUnsafeBytes(of: uuid.uuid) { $0.map { String(format: "%02x", $0) }.joined() }
            inserts.append("(\(index + 1), '\(uuid.uuidString)', '\(uuid.uuidString.lowercased())', x'\(bytes)', 'name \(index + 1)')")
        }
        try Connection(path: path, mode: .readWriteCreate).execute(
            """
            CREATE TABLE things (id INTEGER PRIMARY KEY, upper TEXT, lower TEXT, bytes BLOB, name TEXT NOT NULL);
            INSERT INTO things VALUES \(inserts.joined(separator: ", "));
            CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL, weight REAL NOT NULL);
            INSERT INTO tags VALUES (1, 'red', 0.5), (2, 'green', 1.5), (3, 'blue', 2.5);
            """)
        let models = files.path("sift-binding", suffix: ".swift")
        try """
            @Table("things") struct Thing {
                let id: Int
                var upper: UUID
                @Column(as: UUID.LowercasedRepresentation.self) var lower: UUID
                @Column(as: UUID.BytesRepresentation.self) var bytes: UUID
                var name: String
            }
            @Table("tags") struct Tag {
                let id: Int
                var label: String
                var weight: Double
            }
            """.write(toFile: models, atomically: true, encoding: .utf8)
        return try SiftDatabase(path: path, modelFile: models)
    }

    static let identifiers = (0..<3).map { _ in UUID() }

    @Test(arguments: ["upper", "lower", "bytes"])
    func uuidParametersFindTheirRowsInEveryStorage(column: String) throws {
        let database = try Self.database(in: temporaryFiles)
        let query = try database.compile("Thing where \(column) == wanted", parameterTypes: ["wanted": .uuid])
        // Again and again on one cached statement, each run with another value.
        for round in 0..<3 {
            for (index, uuid) in Self.identifiers.enumerated() {
                let rows = try database.fetch(query, parameters: ["wanted": .uuid(uuid)])
                #expect(rows.map { $0["id"] } == [.int(Int64(index + 1))], "round \(round), \(column)")
                #expect(rows.first?[column] == .uuid(uuid))
            }
            #expect(try database.fetch(query, parameters: ["wanted": .uuid(UUID())]).isEmpty)
            // A UUID given as text is encoded as the same storage.
            let text = Self.identifiers[1].uuidString.lowercased()
            #expect(try database.fetch(query, parameters: ["wanted": .string(text)]).map { $0["id"] } == [.int(2)])
        }
    }

    /// Two queries over different models alternating: each run decodes its own columns (the
    /// kept plan is the last query's only), and constants and parameters are bound on every run.
    @Test func alternatingQueriesDecodeTheirOwnRows() throws {
        let database = try Self.database(in: temporaryFiles)
        let things = try database.compile("Thing where upper == wanted && name != \"none\"", parameterTypes: ["wanted": .uuid])
        let tags = try database.compile(
            "FetchDescriptor<Tag>(predicate: #Predicate { $0.id >= low }, sortBy: [SortDescriptor(\\.id, order: .reverse)])",
            parameterTypes: ["low": .int])
        for round in 0..<4 {
            let uuid = Self.identifiers[round % 3]
            let found = try database.fetch(things, parameters: ["wanted": .uuid(uuid)])
            #expect(found.map { $0["upper"] } == [.uuid(uuid)])
            #expect(found.first?.names == ["id", "upper", "lower", "bytes", "name"])
            #expect(found.first?["bytes"] == .uuid(uuid))
            let low = round % 3 + 1
            let listed = try database.fetch(tags, parameters: ["low": .int(Int64(low))])
            #expect(listed.map { $0["id"] } == (low...3).reversed().map { .int(Int64($0)) })
            #expect(listed.first?.names == ["id", "label", "weight"])
            #expect(listed.first?["weight"] == .double(2.5))
        }
    }

    /// A value that cannot be encoded throws, and the next run (same statement) is unaffected by
    /// the values bound before the error.
    @Test func aFailedBindingLeavesTheStatementUsable() throws {
        let database = try Self.database(in: temporaryFiles)
        let query = try database.compile("Thing where upper == wanted && id >= low", parameterTypes: ["wanted": .uuid, "low": .int])
        let uuid = Self.identifiers[0]
        #expect(try database.fetch(query, parameters: ["wanted": .uuid(uuid), "low": .int(1)]).count == 1)
        #expect(throws: ParameterError.self) { try database.fetch(query, parameters: ["wanted": .uuid(uuid)]) }
        #expect(throws: ParameterError.self) { try database.fetch(query, parameters: ["wanted": .string("not a uuid"), "low": .int(1)]) }
        #expect(try database.fetch(query, parameters: ["wanted": .uuid(uuid), "low": .int(2)]).isEmpty)
        #expect(try database.fetch(query, parameters: ["wanted": .uuid(uuid), "low": .int(0)]).count == 1)
    }

    /// Values given in the order of `query.parameters` bind as the same values given by name:
    /// a parameter used twice, one bound in two encodings (a prefix's range), constants between.
    @Test func positionalValuesBindAsNamedValuesDo() throws {
        let database = try Self.database(in: temporaryFiles)
        let query = try database.compile(
            "Tag where (label.hasPrefix(start) || id == low) && weight >= 0.5 && id >= low && id < high", parameterTypes: ["start": .string, "low": .int, "high": .int])
        #expect(query.parameters.map(\.name) == ["start", "low", "high"])
        #expect(query.parameters[0].positions.count == 2)
        for (start, low, high) in [("r", 1, 4), ("g", 1, 3), ("b", 3, 4), ("x", 2, 3), ("", 0, 9)] {
            let values: [ParameterValue] = [.string(start), .int(Int64(low)), .int(Int64(high))]
            let named = try database.fetch(query, parameters: query.namedParameters(values))
            let positional = try database.fetch(query, values: values)
            #expect(positional == named, "\(values)")
            #expect(positional.map { $0["id"] } == (try database.connection.prepare(
                "SELECT id FROM tags WHERE (label GLOB ?1 || '*' OR id = ?2) AND id >= ?2 AND id < ?3 ORDER BY id"
            ).rows(bindings: [.text(start), .integer(Int64(low)), .integer(Int64(high))]).map { row in row.first.flatMap { if case .integer(let id) = $0 { DecodedValue.int(id) } else { nil } } }))
        }
    }

    /// Values by name are found whether the caller gives a few (scanned) or many (looked up),
    /// with names the query does not use among them; a missing one is an error that names it.
    @Test(arguments: [0, 1, 3, 8])
    func namedValuesAreFoundAmongFewOrMany(unused: Int) throws {
        let database = try Self.database(in: temporaryFiles)
        let query = try database.compile("Tag where id >= low && id < high && label != skip", parameterTypes: ["low": .int, "high": .int, "skip": .string])
        var values: [String: ParameterValue] = ["high": .int(4), "skip": .string("green"), "low": .int(1)]
        for index in 0..<unused { values["unused\(index)"] = .int(Int64(index)) }
        #expect(try database.fetch(query, parameters: values).map { $0["id"] } == [.int(1), .int(3)], "\(values.count) values")
        values["low"] = nil
        let missing = #expect(throws: ParameterError.self) { try database.fetch(query, parameters: values) }
        #expect(missing?.message == "no value for the parameter 'low' (Int)")
    }

    /// A wrong number of positional values, or a value of the wrong type, is an error that names
    /// the parameters; nothing runs.
    @Test func wrongPositionalValuesAreErrors() throws {
        let database = try Self.database(in: temporaryFiles)
        let query = try database.compile("Tag where id >= low && label != name", parameterTypes: ["low": .int, "name": .string])
        let tooFew = #expect(throws: ParameterError.self) { try database.fetch(query, values: [.int(1)]) }
        #expect(tooFew?.message == "the query has 2 parameter(s) ('low', 'name') but 1 value(s) were given")
        #expect(throws: ParameterError.self) { try database.fetch(query, values: [.int(1), .string("x"), .int(2)]) }
        #expect(throws: ParameterError.self) { try database.fetch(query, values: [.string("x"), .int(1)]) }
        #expect(try database.fetch(query, values: [.int(2), .string("red")]).map { $0["id"] } == [.int(2), .int(3)])
    }

    /// The same compiled query run again from inside its own loop over rows: each run has its
    /// own statement, so the outer loop sees every row once (sharing the cached statement reset
    /// the outer run, which started over with the inner run's values and never ended).
    @Test func aQueryRunFromInsideItsOwnLoopDoesNotRestartIt() throws {
        let database = try Self.database(in: temporaryFiles)
        let query = try database.compile("Tag where id >= low sort by id", parameterTypes: ["low": .int])
        var outer: [DecodedValue?] = []
        var inner: [[DecodedValue?]] = []
        try database.forEachRow(query, parameters: ["low": .int(1)]) { row in
            outer.append(row["id"])
            if outer.count > 10 { return }  // a restarting loop would go on for ever
            inner.append(try database.fetch(query, values: [.int(3)]).map { $0["id"] })
        }
        #expect(outer == [.int(1), .int(2), .int(3)])
        #expect(inner == Array(repeating: [.int(3)], count: 3))
        #expect(try database.fetch(query, values: [.int(2)]).map { $0["id"] } == [.int(2), .int(3)])
    }
}
