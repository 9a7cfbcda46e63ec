import Foundation
import Sift
@testable import SiftFuzzModelFile
import Testing

/// What the model-file fuzzer found wrong with printing a schema and reading it back
/// (`Fuzz/findings/`), now fixed: each finding's input prints and reads back the same.
@Suite struct RoundTripFindingTests {
    static func finding(_ name: String) throws -> ModelFileHarness.RoundTripFinding? {
        let url = FuzzFiles.fuzzDirectory.appendingPathComponent("findings/\(name)")
        return ModelFileHarness.run(try FuzzFiles.bytes(url))
    }

    /// `enum Level: Int { }` reads without an error, and prints as `enum Level: Int {\n    case \n}`,
    /// which does not parse ("expected a case name"): `SchemaPrinter.print` writes the `case`
    /// keyword whatever the number of cases.
    @Test func enumWithoutCases() throws {
        let source = SourceFile(name: "Models.swift", text: "enum Level: Int { }\n")
        let (schema, diagnostics) = ModelFileReader.read(source)
        #expect(!diagnostics.hasErrors)
        let finding = try Self.finding("roundtrip-enum-without-cases.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        #expect(!SchemaPrinter.print(schema).contains("case \n"))
    }

    /// A `@Table` struct with an object-typed to-one property (`var company: Company?`) has the
    /// relationship `company` (stored in `companyID`), but prints it only as a comment
    /// (`// company: Company? (companyID → id)`) with no `companyID` attribute, so the printed
    /// schema reads back without the relationship.
    @Test func tableStructObjectRelationship() throws {
        let finding = try Self.finding("roundtrip-table-struct-object-relationship.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
    }

    /// A `@Table` struct's foreign key to a `@Model` class (`var listID: List.ID`) gives the class
    /// the inverse to-many `items`; it prints as `@Relationship(inverse: \Item.list) var items: [Item]`,
    /// and reading that back fails: "'Item' has no relationship 'list' to be the inverse of 'items'"
    /// (the reader resolves the explicit inverse without the relationship the foreign key implies).
    @Test func modelInverseOfTableForeignKey() throws {
        let text = try String(
            contentsOf: FuzzFiles.fuzzDirectory.appendingPathComponent("findings/roundtrip-model-inverse-of-table-foreign-key.swift"),
            encoding: .utf8)
        let (_, diagnostics) = ModelFileReader.read(SourceFile(name: "Models.swift", text: text))
        #expect(diagnostics.isEmpty, "the original reads without a diagnostic")
        let finding = try Self.finding("roundtrip-model-inverse-of-table-foreign-key.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
    }
}
