import Foundation
import Testing

/// `sift query` with captured values typed by a later use, and a script in SwiftData's
/// `var descriptor` idiom, on the example database; rows checked against SQLite's own answer.
@Suite struct CapturedValueCommandTests {
    let database = "Examples/example.sqlite"

    /// The `id` column of csv output.
    func ids(_ csv: String) -> [Int64] {
        csv.split(separator: "\n").dropFirst().compactMap { Int64($0.prefix { $0 != "," }) }
    }

    @Test func parameterTypedByALaterUseRunsWithParam() throws {
        let query = "#Predicate<User> { searchString.isEmpty || $0.name.contains(searchString) }"
        let result = try CommandRunner.run(["query", database, query, "--param", "searchString=kim", "--mode", "csv"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        // The same rows as the filter alone, whose parameter its own use types.
        let plain = try CommandRunner.run(
            ["query", database, "#Predicate<User> { $0.name.contains(searchString) }", "--param", "searchString=kim", "--mode", "csv"])
        #expect(ids(plain.standardOutput).count > 3)
        #expect(ids(result.standardOutput) == ids(plain.standardOutput))
        let empty = try CommandRunner.run(["query", database, query, "--param", "searchString=", "--mode", "csv"])
        #expect(ids(empty.standardOutput).count == 150)
    }

    @Test func aCapturedValueNamedLikeAMemberIsAParameter() throws {
        let result = try CommandRunner.run(
            ["query", database, "#Predicate<User> { $0.age == age }", "--param", "age=99", "--mode", "csv"])
        #expect(result.status == 0, "\(result.standardError)")
        let literal = try CommandRunner.run(["query", database, "#Predicate<User> { $0.age == 99 }", "--mode", "csv"])
        #expect(!ids(literal.standardOutput).isEmpty)
        #expect(ids(result.standardOutput) == ids(literal.standardOutput))
    }

    @Test func aDescriptorScriptIsOneQuery() throws {
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("sift-descriptor-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: files) }
        try """
        var descriptor = FetchDescriptor<User>(predicate: #Predicate { $0.age > minimumAge })
        descriptor.fetchLimit = 3
        descriptor.fetchOffset = page * 3
        descriptor.sortBy = [SortDescriptor(\\.age, order: .reverse), SortDescriptor(\\.id)]
        let users = try modelContext.fetch(descriptor)
        """.write(to: files, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(
            ["query", database, "--file", files.path, "--param", "minimumAge=30", "--param", "page=1", "--mode", "csv"])
        #expect(result.status == 0, "\(result.standardError)")
        // Ages 99, 99, 98, then 97 ... : the second page of three.
        let all = try CommandRunner.run(
            ["query", database, "FetchDescriptor<User>(predicate: #Predicate { $0.age > 30 }, sortBy: [SortDescriptor(\\.age, order: .reverse), SortDescriptor(\\.id)])", "--mode", "csv"])
        let expected = Array(ids(all.standardOutput).dropFirst(3).prefix(3))
        #expect(expected.count == 3)
        #expect(ids(result.standardOutput) == expected)
    }

    @Test func aDescriptorStatementWithAnErrorIsReportedWhereItIs() throws {
        let result = try CommandRunner.run(
            ["query", database, "var d = FetchDescriptor<User>()\nd.sortBy = [SortDescriptor(\\.name)]\nd.fetchLimt = 3"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("<input>:3:3: error: 'FetchDescriptor' has no property 'fetchLimt'; did you mean 'fetchLimit'?"))
    }
}
