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

    static func printed(_ name: String) throws -> String {
        let url = FuzzFiles.fuzzDirectory.appendingPathComponent("findings/\(name)")
        let (schema, diagnostics) = ModelFileReader.read(SourceFile(name: name, text: try String(contentsOf: url, encoding: .utf8)))
        #expect(diagnostics.isEmpty, "the finding's input reads without a diagnostic")
        return SchemaPrinter.print(schema)
    }

    /// A `@Model` class with a foreign key attribute (`var listID: List.ID`) has the to-one
    /// `list`, and its target the inverse to-many `items`. Printed as `var listID: Int` and
    /// `var list: List`, it read back as a declared to-one with no inverse: `List` lost `items`.
    /// The key prints as `List.ID` and the relationship it implies as a comment.
    @Test func modelForeignKeyAttribute() throws {
        let finding = try Self.finding("roundtrip-model-foreign-key-attribute.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        let printed = try Self.printed("roundtrip-model-foreign-key-attribute.swift")
        #expect(printed.contains("    var listID: List.ID\n    // list: List (listID → id)\n"), "\(printed)")
        #expect(printed.contains("    // items: [Item] (through listID)\n"), "\(printed)")
    }

    /// A `@Model` class that a `@Table` join model links to another model (`ReminderTag` with
    /// `reminderID: Reminder.ID`, `tagID: Tag.ID`) has the to-many `tags`, implied by the join
    /// model. Printed as `@Relationship(inverse: \Tag.reminders) var tags: [Tag]`, it did not read
    /// back: "'Tag' has no relationship 'reminders' to be the inverse of 'tags'" (the inverse is
    /// implied by the join model too, not declared). It prints as a comment, as in a `@Table`.
    @Test func modelJoinModelRelationship() throws {
        let finding = try Self.finding("roundtrip-model-join-model-relationship.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        let printed = try Self.printed("roundtrip-model-join-model-relationship.swift")
        #expect(printed.contains("    // tags: [Tag] (through reminderTags.reminderID, reminderTags.tagID)\n"), "\(printed)")
    }

    /// `var $x: Int`, `case $low` and `struct $B` (the lexer reads `$x` as a name) were read as
    /// names that printed back-quoted (`` `$x` ``), which does not read back ("a '`' must enclose a
    /// name"). Swift rejects such declarations ('$' is reserved for synthesized names); so does the
    /// reader, and leaves them out.
    @Test func dollarNames() throws {
        let finding = try Self.finding("roundtrip-dollar-names.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        let url = FuzzFiles.fuzzDirectory.appendingPathComponent("findings/roundtrip-dollar-names.swift")
        let source = SourceFile(name: "Models.swift", text: try String(contentsOf: url, encoding: .utf8))
        let (schema, diagnostics) = ModelFileReader.read(source)
        #expect(diagnostics.map(\.id) == [.reservedName, .reservedName, .reservedName])
        #expect(diagnostics.map { source.text(in: $0.range) } == ["$low", "$B", "$x"])
        #expect(schema.models.map(\.name) == ["A"])
        #expect(schema.model(named: "A")?.members.map(\.name) == ["id", "level"])
        #expect(schema.enumType(named: "Level")?.cases.map(\.name) == ["high"])
    }

    /// A `@Table` shaped as a join table (its key is two foreign keys) with a foreign key to
    /// itself: the to-one `tag` referred to `Tag.id`, a column it does not have, as the foreign
    /// key was linked before the join table's key was settled; once printed with its key declared,
    /// it referred to `reminderID`. Join tables' keys are settled before any foreign key is linked.
    @Test func foreignKeyToJoinTable() throws {
        let finding = try Self.finding("roundtrip-foreign-key-to-join-table.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        let url = FuzzFiles.fuzzDirectory.appendingPathComponent("findings/roundtrip-foreign-key-to-join-table.swift")
        let (schema, _) = ModelFileReader.read(SourceFile(name: "Models.swift", text: try String(contentsOf: url, encoding: .utf8)))
        let tag = try #require(schema.model(named: "Tag"))
        #expect(tag.primaryKey == ["reminderID", "tagID"])
        #expect(tag.relationship(named: "tag")?.link == .foreignKey(column: "tagID", targetColumn: "reminderID"))
    }

    /// A declared to-one (`var owner: Tag?`) before a foreign key attribute (`var tagID: Tag.ID`):
    /// the relationships are in declaration order (`owner`, then `tag` from `tagID`), but the
    /// printed attributes come first, so reading the print found `tag` first and printed it
    /// between them. The comments of implied relationships follow the declared ones.
    @Test func declaredRelationshipBeforeForeignKey() throws {
        let finding = try Self.finding("roundtrip-declared-relationship-before-foreign-key.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        let printed = try Self.printed("roundtrip-declared-relationship-before-foreign-key.swift")
        #expect(printed.contains("    var tagID: Tag.ID\n    var owner: Tag?\n    // tag: Tag (tagID → id)\n"), "\(printed)")
    }

    /// Types and enum cases named after keywords (`` enum `var` ``, `` case `let` ``,
    /// `` @Model final class `class` ``) printed without back-quotes (`struct class {`), which does
    /// not parse; member names were already quoted. Every name the printer writes is quoted so.
    @Test func keywordTypeNames() throws {
        let finding = try Self.finding("roundtrip-keyword-type-names.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        let printed = try Self.printed("roundtrip-keyword-type-names.swift")
        for expected in [
            "enum `var`: String {\n    case `let`, b\n}", "@Model final class `class` {", "    var v: `var`\n",
            "@Relationship(inverse: \\`struct`.owners) var items: [`struct`] = []", "    var ownerID: `class`.ID\n",
        ] {
            #expect(printed.contains(expected), "\(expected) in \(printed)")
        }
    }

    /// Strings printed between quotes as they are: a raw value `a\b"c` printed as `"a\b"c"`,
    /// which does not read back ("invalid escape sequence"); table and column names the same. A
    /// column name with a line break in a comment (`// list: List (list⏎ID → id)`) left the rest
    /// of the line as code. Strings print as Swift string literals, and such names in comments too.
    @Test func escapedStrings() throws {
        let finding = try Self.finding("roundtrip-escaped-strings.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        let printed = try Self.printed("roundtrip-escaped-strings.swift")
        for expected in [
            #"case todo, done = "a\\b\"c""#, #"@Table("odd\"lists") struct List {"#, #"@Column("back\\slash") var x: Int"#,
            #"@Column("list\nID") var listID: List.ID"#, #"    // list: List ("list\nID" → id)"#,
        ] {
            #expect(printed.contains(expected), "\(expected) in \(printed)")
        }
    }

    /// A `@Table` without a key whose foreign keys are three, one to a model the file does not
    /// declare (an error, and an `Int` column), was keyed by the rowid; printed, it has two foreign
    /// keys and read back as a join table keyed by them. Only foreign keys to declared models count
    /// (a join table's two keys refer to declared models).
    @Test func joinTableUnknownForeignKey() throws {
        let finding = try Self.finding("roundtrip-join-table-unknown-foreign-key.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        let url = FuzzFiles.fuzzDirectory.appendingPathComponent("findings/roundtrip-join-table-unknown-foreign-key.swift")
        let (schema, diagnostics) = ModelFileReader.read(SourceFile(name: "Models.swift", text: try String(contentsOf: url, encoding: .utf8)))
        #expect(diagnostics.hasErrors, "'Tag' is not declared")
        // Its two foreign keys to declared models make it a join table, as its printed form reads.
        #expect(schema.model(named: "Reminder")?.primaryKey == ["remindersListID", "reminderID"])
    }

    /// A relationship whose written inverse does not exist, named as the inverse by the target's
    /// relationship, must survive printing (otherwise the printed file says "'Interest' has no
    /// relationship 'users' to be the inverse of 'interests'"): it is kept as if no inverse were written.
    @Test func inverseNamedByAWrongInverse() throws {
        let finding = try Self.finding("roundtrip-inverse-named-by-wrong-inverse.swift")
        #expect(finding == nil, "\(finding.map(String.init(describing:)) ?? "")")
        let url = FuzzFiles.fuzzDirectory.appendingPathComponent("findings/roundtrip-inverse-named-by-wrong-inverse.swift")
        let (schema, diagnostics) = ModelFileReader.read(SourceFile(name: "Models.swift", text: try String(contentsOf: url, encoding: .utf8)))
        #expect(diagnostics.filter { $0.severity == .error }.map(\.message) == ["'User' has no relationship 'company' to be the inverse of 'users'"])
        #expect(schema.model(named: "Interest")?.member(named: "users") != nil)
    }
}
