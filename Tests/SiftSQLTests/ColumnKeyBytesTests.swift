import Sift
import Testing

/// The facts about text columns name them `table.column` by their bytes: two columns whose names
/// are canonically equivalent but spelled differently (`é`, `e` + U+0301) are two columns to
/// SQLite, and a query on one must name that one, not the other.
@Suite struct ColumnKeyBytesTests {
    static let models = """
        @Model final class T {
            @Attribute(originalName: "caf\u{E9}") var a: String
            @Attribute(originalName: "cafe\u{301}") var b: String
        }
        """

    static func candidates(_ query: String) throws -> [[UInt8]] {
        let (schema, _) = ModelFileReader.read(SourceFile(name: "Models.swift", text: models))
        let checked = try #require(Compiler(schema: schema).check(query).checked)
        let compiled = SQLLowering.lower(checked, schema: schema)
        return compiled.nfcCandidates.map { Array($0.utf8) }
    }

    @Test func eachSpellingIsItsOwnColumn() throws {
        let (schema, _) = ModelFileReader.read(SourceFile(name: "Models.swift", text: Self.models))
        let table = try #require(schema.model(named: "T")).tableName
        #expect(try Self.candidates("#Predicate<T> { $0.b == \"x\" }") == [Array("\(table).cafe\u{301}".utf8)])
        #expect(try Self.candidates("#Predicate<T> { $0.a == \"x\" }") == [Array("\(table).caf\u{E9}".utf8)])
    }
}
