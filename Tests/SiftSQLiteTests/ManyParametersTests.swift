import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// A query's named parameters are found by comparing names while there are a few, and through
/// an index once there are more than eight: both ways give the same parameters, in order of first
/// use, the same placeholders (one per name and encoding, shared by every use), and the same rows.
@Suite struct ManyParametersTests {
    let temporaryFiles = TemporaryFiles()

    /// `count` parameters `p0`, `p1`, ... each used twice, and `s` bound in two encodings (a
    /// prefix and its upper bound) after them.
    static func text(_ count: Int) -> String {
        let clauses = (0..<count).map { "(id != p\($0) || id != p\($0))" }
        return "Tag where " + (clauses + ["(label.hasPrefix(s) || label == s)"]).joined(separator: " && ")
    }

    @Test(arguments: [1, 3, 8, 9, 12, 40])
    func parametersKeepOnePlaceholderPerNameAndEncoding(count: Int) throws {
        let database = try StatementBindingTests.database(in: temporaryFiles)
        var types: [String: SiftType] = ["s": .string]
        for index in 0..<count { types["p\(index)"] = .int }
        let query = try database.compile(Self.text(count), parameterTypes: types)
        // In order of first use; each p once (both uses share it), s twice (two encodings).
        #expect(query.parameters.map(\.name) == (0..<count).map { "p\($0)" } + ["s"])
        for (index, parameter) in query.parameters.dropLast().enumerated() {
            #expect(parameter.positions == [index + 1], "p\(index)")
            #expect(Self.uses(of: index + 1, in: query.sql) == 2, "p\(index): \(query.sql)")
        }
        #expect(query.parameters.last?.positions.count == 2)
        #expect(query.bindings.count == count + 2)
        // Rows: tags whose id is none of the p values and whose label starts with s.
        for (excluded, prefix) in [([1], "r"), ([2], ""), ([3, 1], "b"), ([], "g"), ([2], "gr")] {
            var values: [String: ParameterValue] = ["s": .string(prefix)]
            for index in 0..<count { values["p\(index)"] = .int(Int64(excluded.isEmpty ? 99 : excluded[index % excluded.count])) }
            let labels = [(1, "red"), (2, "green"), (3, "blue")]
            let expected = labels.filter { id, label in
                !(0..<count).contains { values["p\($0)"] == .int(Int64(id)) } && label.hasPrefix(prefix)
            }.map { DecodedValue.int(Int64($0.0)) }
            #expect(try database.fetch(query, parameters: values).map { $0["id"] } == expected, "\(excluded) \(prefix)")
        }
    }

    /// A parameter used as two types is an error among many parameters as among a few.
    @Test(arguments: [2, 12])
    func aParameterUsedAsTwoTypesIsAnErrorAmongMany(count: Int) throws {
        let database = try StatementBindingTests.database(in: temporaryFiles)
        let clauses = (0..<count).map { "id != p\($0)" } + ["label == p\(count - 1)"]
        let compilation = Compiler(schema: database.schema).check("Tag where " + clauses.joined(separator: " && "))
        #expect(compilation.diagnostics.map(\.id) == [.parameterTypeConflict], "\(compilation.diagnostics)")
    }

    /// How many times the placeholder `?number` is in `sql` (not counting `?number0` and the like).
    static func uses(of number: Int, in sql: String) -> Int {
        let placeholder = Array("?\(number)".utf8)
        let bytes = Array(sql.utf8)
        var count = 0
        var index = 0
        while index + placeholder.count <= bytes.count {
            if Array(bytes[index..<index + placeholder.count]) == placeholder,
                index + placeholder.count == bytes.count || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + placeholder.count])
            {
                count += 1
            }
            index += 1
        }
        return count
    }
}
