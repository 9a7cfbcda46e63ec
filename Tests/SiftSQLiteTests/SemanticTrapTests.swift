import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// One test per row of the semantic-trap table: the SQL Sift writes, run on real SQLite, selects
/// exactly the rows Swift would select in memory. Every query also runs on the same rows laid out
/// as Core Data stores them, and must select the same rows in the same order there.
@Suite("Semantic traps on SQLite")
struct SemanticTrapTests {
    let temporaryFiles = TemporaryFiles()
    let database: SiftDatabase
    let coreData: SiftDatabase

    init() throws {
        database = try TrapFixture.open(in: temporaryFiles)
        coreData = try TrapFixture.open(in: temporaryFiles, coreData: true)
    }

    func ids(_ text: String, _ parameters: [String: ParameterValue] = [:]) throws -> [Int64] {
        let found = try TrapFixture.ids(text, in: database, parameters: parameters).sorted()
        let inCoreData = try TrapFixture.ids(text, in: coreData, parameters: parameters).sorted()
        #expect(inCoreData == found, "the Core Data layout selects other rows for \(text)")
        return found
    }

    /// The ids in result order (of a sorted query), the same on both layouts.
    func orderedIDs(_ text: String, _ parameters: [String: ParameterValue] = [:]) throws -> [Int64] {
        let found = try TrapFixture.ids(text, in: database, parameters: parameters)
        let inCoreData = try TrapFixture.ids(text, in: coreData, parameters: parameters)
        #expect(inCoreData == found, "the Core Data layout selects other rows for \(text)")
        return found
    }

    @Test("1: nil != \"kim\" is true")
    func nullableNotEqual() throws {
        #expect(try ids(#"#Predicate<Person> { $0.nickname != "kim" }"#) == [1, 3, 4, 5, 6, 7, 8])
    }

    @Test("2: !(company?.name == \"Acme\") keeps people without a company")
    func negatedOptionalChain() throws {
        #expect(try ids(#"#Predicate<Person> { !($0.company?.name == "Acme") }"#) == [2, 3, 4, 5, 7, 8])
    }

    @Test("3: == is canonical equivalence")
    func canonicalEquivalence() throws {
        #expect(try ids(#"#Predicate<Person> { $0.name == "caf\u{E9}" }"#) == [3, 4])
        #expect(try ids(#"#Predicate<Person> { $0.name == "cafe\u{301}" }"#) == [3, 4])
    }

    @Test("4: contains works on characters, not bytes")
    func containsIsGraphemeAware() throws {
        #expect(try ids(#"#Predicate<Person> { $0.name.contains("e") }"#) == [])
        #expect(try ids(#"#Predicate<Person> { $0.name.contains("é") }"#) == [3, 4])
    }

    @Test("5: contains is case-sensitive")
    func containsIsCaseSensitive() throws {
        #expect(try ids(#"#Predicate<Person> { $0.name.contains("kim") }"#) == [1])
    }

    @Test("6: LIKE wildcards never leak")
    func wildcardsAreLiteral() throws {
        #expect(try ids(#"#Predicate<Person> { $0.interests.contains { $0.title.contains("k_m") } }"#) == [5])
        #expect(try ids(#"#Predicate<Person> { $0.name.hasPrefix("50%") }"#) == [8])
        #expect(try ids(#"#Predicate<Person> { $0.name.contains("%") }"#) == [8])
        #expect(try ids(#"#Predicate<Person> { $0.name.contains("_") }"#) == [])
    }

    @Test("7: localizedStandardContains folds case and diacritics")
    func localizedStandardContains() throws {
        #expect(try ids(#"#Predicate<Person> { $0.name.localizedStandardContains("zoe") }"#) == [6, 7])
        #expect(try ids(#"#Predicate<Person> { $0.name.localizedStandardContains("CAFE") }"#) == [3, 4])
    }

    @Test("8: contains { } on an empty relationship is false")
    func anyOnEmpty() throws {
        #expect(try ids(#"#Predicate<Person> { $0.interests.contains { $0.title == "reading" } }"#) == [1, 6])
        #expect(try ids(#"#Predicate<Person> { $0.interests.contains { _ in true } }"#) == [1, 2, 3, 5, 6])
    }

    @Test("9: allSatisfy on an empty relationship is true")
    func allOnEmpty() throws {
        #expect(try ids(#"#Predicate<Person> { $0.interests.allSatisfy { $0.title.hasPrefix("h") } }"#) == [4, 7, 8])
    }

    @Test("10: filter { }.count counts matching elements once")
    func filterCount() throws {
        #expect(try ids(#"#Predicate<Person> { $0.interests.filter { $0.title.lowercased() == "hiking" }.count >= 2 }"#) == [3])
        #expect(try ids(#"#Predicate<Person> { $0.interests.count == 2 }"#) == [1, 3])
    }

    @Test("11: integer division and remainder truncate as Swift does")
    func integerDivision() throws {
        #expect(try ids(#"#Predicate<Person> { $0.age / 2 == -3 }"#) == [4])
        #expect(try ids(#"#Predicate<Person> { $0.age % 3 == -1 }"#) == [4])
    }

    @Test("11: a division by zero leaves the row out, even under !")
    func divisionByZero() throws {
        #expect(try ids(#"#Predicate<Person> { 100 / $0.age > 1 }"#) == [1, 2, 3, 7, 8])
        #expect(try ids(#"#Predicate<Person> { !(100 / $0.age > 1) }"#) == [4, 6])
        #expect(try ids(#"#Predicate<Person> { $0.age == 0 || 100 / $0.age > 1 }"#) == [1, 2, 3, 5, 7, 8])
    }

    @Test("12: Int overflow leaves the row out instead of turning into a Double")
    func overflow() throws {
        #expect(try ids(#"#Predicate<Person> { $0.age + big > 0 }"#, ["big": .int(Int64.max - 20)]) == [1, 4, 5, 7])
        #expect(try ids(#"#Predicate<Person> { !($0.age + big > 0) }"#, ["big": .int(Int64.max - 20)]) == [])
    }

    @Test("13: dates compare as points in time in each storage")
    func dates() throws {
        let reference = Date(timeIntervalSinceReferenceDate: 5)
        #expect(try ids(#"#Predicate<Person> { $0.birth > cutoff }"#, ["cutoff": .date(reference)]) == [3, 4, 5])
        let due = try #require(DateEncoding.parse("2026-03-14 09:30:00.000"))
        #expect(try ids(#"#Predicate<Person> { $0.dueDate == cutoff }"#, ["cutoff": .date(due)]) == [2])
        #expect(try ids(#"#Predicate<Person> { ($0.dueDate ?? cutoff) > cutoff }"#, ["cutoff": .date(due)]) == [3])
    }

    @Test("14: nil sorts first forward and last in reverse")
    func sortNils() throws {
        let forward = try orderedIDs(#"FetchDescriptor<Person>(sortBy: [SortDescriptor(\.nickname), SortDescriptor(\.id)])"#)
        #expect(forward == [1, 4, 6, 7, 8, 5, 3, 2])
        let reverse = try orderedIDs(#"FetchDescriptor<Person>(sortBy: [SortDescriptor(\.nickname, order: .reverse), SortDescriptor(\.id)])"#)
        #expect(reverse == [2, 3, 5, 1, 4, 6, 7, 8])
    }

    @Test("15: strings sort by Swift's <, canonically equivalent strings together")
    func stringSort() throws {
        let sorted = try orderedIDs(#"FetchDescriptor<Person>(sortBy: [SortDescriptor(\.name), SortDescriptor(\.id)])"#)
        #expect(sorted == [8, 2, 7, 6, 3, 4, 1, 5])
    }

    @Test("16: constant operands fold; an empty array contains nothing")
    func folding() throws {
        #expect(try ids(#"#Predicate<Person> { true && $0.age > 30 }"#) == [3, 6])
        #expect(try ids(#"#Predicate<Person> { false || $0.age > 30 }"#) == [3, 6])
        #expect(try ids(#"#Predicate<Person> { $0.age > 30 || true }"#) == [1, 2, 3, 4, 5, 6, 7, 8])
        let query = try database.compile(#"#Predicate<Person> { true && $0.age > 30 }"#)
        #expect(!query.sql.contains("TRUE"))
    }

    @Test("17: a range with bounds out of order is an error at compile time")
    func emptyRange() throws {
        #expect(throws: CompileError.self) { try database.compile(#"#Predicate<Person> { (30...20).contains($0.age) }"#) }
        #expect(throws: CompileError.self) { try coreData.compile(#"#Predicate<Person> { (30...20).contains($0.age) }"#) }
        #expect(try ids(#"#Predicate<Person> { (18...21).contains($0.age) }"#) == [1, 7, 8])
        #expect(try ids(#"#Predicate<Person> { (18..<21).contains($0.age) }"#) == [1, 7])
    }

    @Test("17: a range built from parameters in the wrong order leaves every row out")
    func parameterRange() throws {
        #expect(try ids(#"#Predicate<Person> { !(low...high).contains($0.age) }"#, ["low": .int(30), "high": .int(20)]) == [])
    }
}
