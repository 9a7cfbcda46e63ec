import Sift
import SiftTestSupport
import Testing

/// The SQL of the comparisons the lowering writes by a shorter path than its general one (a
/// number compared with a constant, a comparison with `nil`, a call of one of Sift's functions):
/// inline snapshots, exact, with their bindings. What the SQL means is checked against the
/// evaluator by the differential suite; these pin what it is.
@Suite struct ComparisonShortcutTests {
    static let models = """
        @Model final class Shop {
            var size: Int
            var big: UInt64
            var rating: Float
            var label: String?
            var owner: Owner?
        }

        @Model final class Owner {
            var age: Int
            var name: String
            var shops: [Shop] = []
        }
        """

    /// The `WHERE` clause of a query over the example models (or `models`), on one line, and its bindings.
    static func whereClause(_ text: String, schemaText: String? = nil, dialect: any SQLDialect = SQLiteDialect()) throws -> (sql: String, bindings: [BindingSlot]) {
        let schema: Schema
        if let schemaText {
            let (read, diagnostics) = Fixtures.modelSchema(schemaText, name: "shops.models")
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            schema = read
        } else {
            schema = try Fixtures.exampleModels.get()
        }
        let checked = try #require(Compiler(schema: schema).check(text).checked)
        let compiled = SQLLowering.lower(checked, schema: schema, dialect: dialect, options: .init(readableLayout: false))
        let parts = compiled.sql.components(separatedBy: " WHERE ")
        try #require(parts.count == 2, "no WHERE in \(compiled.sql)")
        return (parts[1], compiled.bindings)
    }

    @Test func numberComparedWithConstant() throws {
        let greater = try Self.whereClause("#Predicate<User> { $0.age > 20 }")
        #expect(greater.sql == #""users"."age" > ?1"#)
        #expect(greater.bindings == [.constant(.integer(20))])
        let real = try Self.whereClause("#Predicate<User> { $0.score <= 2.5 && $0.age != -3 }")
        #expect(real.sql == #""users"."score" <= ?1 AND "users"."age" <> ?2"#)
        #expect(real.bindings == [.constant(.real(2.5)), .constant(.integer(-3))])
        // A Float constant is bound rounded to Float, as Swift holds it.
        let float = try Self.whereClause("#Predicate<Shop> { $0.rating == 0.1 }", schemaText: Self.models)
        #expect(float.sql == #""shops"."rating" = ?1"#)
        #expect(float.bindings == [.constant(.real(Double(Float(0.1))))])
        // An Int beyond Int64 is bound as a real.
        let huge = try Self.whereClause("#Predicate<Shop> { $0.big < 18446744073709551615 }", schemaText: Self.models)
        #expect(huge.sql == #""shops"."big" < ?1"#)
        #expect(huge.bindings == [.constant(.real(18446744073709551615.0))])
    }

    /// Inside `if let`, the bound row's number compared with a constant (the join decides what a
    /// missing row gives).
    @Test func numberOfABoundRowComparedWithConstant() throws {
        let inner = try Self.whereClause(
            "#Predicate<Shop> { shop in if let owner = shop.owner { owner.age == 40 } else { false } }", schemaText: Self.models)
        #expect(inner.sql == #""owner"."id" IS NOT NULL AND "owner"."age" = ?1"#)
        #expect(inner.bindings == [.constant(.integer(40))])
        let outer = try Self.whereClause(
            "#Predicate<Shop> { shop in if let owner = shop.owner { owner.age == 40 } else { true } }", schemaText: Self.models)
        #expect(outer.sql == #""owner"."id" IS NULL OR "owner"."age" = ?1"#)
    }

    @Test func comparisonWithNilReadsTheBareValue() throws {
        let isNil = try Self.whereClause("#Predicate<User> { $0.nickname == nil }")
        #expect(isNil.sql == #""users"."nickname" IS NULL"#)
        #expect(isNil.bindings.isEmpty)
        let notNil = try Self.whereClause("#Predicate<User> { nil != $0.nickname && $0.age == 40 }")
        #expect(notNil.sql == #""users"."nickname" IS NOT NULL AND "users"."age" = ?1"#)
        let toOne = try Self.whereClause("#Predicate<User> { $0.company?.founded == nil }")
        #expect(toOne.sql == #""company"."founded" IS NULL"#)
        let label = try Self.whereClause("#Predicate<Shop> { $0.label != nil }", schemaText: Self.models)
        #expect(label.sql == #""shops"."label" IS NOT NULL"#)
    }

    /// The text column compared with `nil` is not a candidate for facts about its text's form:
    /// the SQL does not depend on it.
    @Test func comparisonWithNilAsksNoFacts() throws {
        let schema = try Fixtures.exampleModels.get()
        let checked = try #require(Compiler(schema: schema).check("#Predicate<User> { $0.nickname == nil }").checked)
        #expect(SQLLowering.lower(checked, schema: schema).nfcCandidates.isEmpty)
    }

    @Test func callsOfSiftFunctions() throws {
        let two = try Self.whereClause(#"#Predicate<User> { $0.name.hasSuffix("é") && $0.name.lowercased() == "x" }"#)
        #expect(two.sql == #"sift_has_suffix("users"."name", ?1) AND sift_nfc(sift_lower("users"."name")) = ?2"#)
        #expect(two.bindings == [.constant(.text("é")), .constant(.text("x"))])
        let length = try Self.whereClause("#Predicate<User> { $0.name.count == 3 }")
        #expect(length.sql == #"sift_length("users"."name") = ?1"#)
        // Another dialect gets the same call through its own `call`.
        let other = try Self.whereClause("#Predicate<User> { $0.name.count == 3 }", dialect: BracketDialect())
        #expect(other.sql == #"sift_length([users].[name]) = $1"#)
    }
}

/// Another dialect writes a comparison with `nil` through its own null-safe equality.
@Suite struct NilComparisonDialectTests {
    @Test func otherDialectsWriteTheirOwnNullSafeEquality() throws {
        let isNil = try ComparisonShortcutTests.whereClause("#Predicate<User> { $0.nickname == nil }", dialect: BracketDialect(distinctFrom: true))
        #expect(isNil.sql == "[users].[nickname] IS NOT DISTINCT FROM NULL")
        let notNil = try ComparisonShortcutTests.whereClause("#Predicate<User> { nil != $0.nickname }", dialect: BracketDialect(distinctFrom: true))
        #expect(notNil.sql == "[users].[nickname] IS DISTINCT FROM NULL")
    }
}
