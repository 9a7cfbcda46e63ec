import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

/// Cases a code review found where the SQL and Swift disagreed (or worse); each must stay fixed.
@Suite("Review regressions")
struct ReviewRegressionTests {
    let temporaryFiles = TemporaryFiles()
    let database: SiftDatabase

    init() throws {
        database = try TrapFixture.open(in: temporaryFiles)
    }

    func ids(_ text: String, _ parameters: [String: ParameterValue] = [:]) throws -> [Int64] {
        try TrapFixture.ids(text, in: database, parameters: parameters).sorted()
    }

    @Test func datesOfDifferentStoragesMeetAsInstants() throws {
        let cutoff = try #require(DateEncoding.parse("2026-01-01"))
        // dueDate is ISO-8601 text, birth REAL seconds since 2001: coalesced, they compare as instants.
        #expect(try ids(#"#Predicate<Person> { ($0.dueDate ?? $0.birth) > cutoff }"#, ["cutoff": .date(cutoff)]) == [2, 3])
        let due = try #require(DateEncoding.parse("2026-03-14 09:30:00.000"))
        #expect(try ids(#"#Predicate<Person> { [$0.birth, $0.dueDate ?? $0.birth].contains(due) }"#, ["due": .date(due)]) == [2])
    }

    /// A range whose bound is a date bound by `if let` (found by differential seed 1014333): the
    /// parameter took the plain storage (REAL seconds) against the ISO-8601 text, so every row
    /// looked like `lower > upper`, a trap. Bounds of different storages meet as instants.
    @Test func aRangeBoundByIfLetComparesDatesInTheColumnsStorage() throws {
        let start = try #require(DateEncoding.parse("2026-01-01"))
        // Person 4's due date (2025-12-31) is before `start`: `start ... day` traps, the row is not selected.
        #expect(
            try ids(#"#Predicate<Person> { if let day = $0.dueDate { (start ... day).contains(start) } else { false } }"#, ["start": .date(start)])
                == [2, 3])
        let end = try #require(DateEncoding.parse("2026-03-14 09:30:00.000"))
        #expect(
            try ids(#"#Predicate<Person> { if let day = $0.dueDate { (start ... end).contains(day) } else { false } }"#, ["start": .date(start), "end": .date(end)])
                == [2])
        // `birth` is REAL seconds since 2001, `day` ISO-8601 text.
        #expect(
            try ids(#"#Predicate<Person> { if let day = $0.dueDate { ($0.birth ... day).contains(start) } else { false } }"#, ["start": .date(start)])
                == [2, 3])
    }

    /// Dates from an array parameter meet an ISO-8601 column as instants: JSON holds them as
    /// seconds since 2001, and they were compared with the column's text as they were.
    @Test func datesOfAnArrayParameterMeetAColumnAsInstants() throws {
        let due = try #require(DateEncoding.parse("2026-03-14 09:30:00.000"))
        let start = try #require(DateEncoding.parse("2026-01-01"))
        func ids(_ text: String, _ dates: [Date], _ others: [String: ParameterValue] = [:]) throws -> [Int64] {
            let query = try database.compile(text, parameterTypes: ["dates": .array(.date)])
            let parameters = others.merging(["dates": .array(dates.map(ParameterValue.date))]) { first, _ in first }
            return try database.fetch(query, parameters: parameters).map { row in
                if case .int(let id)? = row["id"] { return id }
                return -1
            }.sorted()
        }
        #expect(try ids(#"#Predicate<Person> { p in dates.contains { d in d == p.dueDate } }"#, [due]) == [2])
        #expect(try ids(#"#Predicate<Person> { p in dates.contains { d in p.dueDate.map { $0 > d } ?? false } }"#, [start]) == [2, 3])
        // Within start ... due: the persons without a due date (`end` then) and person 2 (due at
        // `end`); person 3 is due a millisecond later and person 4 before `start`.
        let inRange = try ids(
            #"#Predicate<Person> { p in dates.contains { d in (d ... end).contains(p.dueDate ?? end) } }"#, [start], ["end": .date(due)])
        #expect(inRange == [1, 2, 5, 6, 7, 8], "\(inRange)")
    }

    @Test func aTrapInAComputedArrayTrapsTheRowForEveryOperation() throws {
        // age × 10¹⁸ overflows for |age| ≥ 10: only the people aged 0 and -7 are left.
        #expect(try ids(#"#Predicate<Person> { [$0.age * 1000000000000000000, 1].count == 2 }"#) == [4, 5])
        #expect(try ids(#"#Predicate<Person> { ![$0.age * 1000000000000000000, 1].isEmpty }"#) == [4, 5])
    }

    @Test func aNegativeLimitFromAParameterIsAnError() throws {
        let query = try database.compile("Person limit n")
        #expect(throws: ParameterError.self) { try database.fetch(query, parameters: ["n": .int(-1)]) }
        #expect(try database.fetch(query, parameters: ["n": .int(2)]).count == 2)
    }

    @Test func aSequenceChosenByATernaryIsRejected() {
        #expect(throws: CompileError.self) { try database.compile("#Predicate<Person> { ($0.age > 20 ? [1] : [2]).contains($0.age) }") }
        #expect(throws: CompileError.self) { try database.compile("#Predicate<Person> { ($0.company?.people ?? []).isEmpty }") }
    }

    @Test func thePrefixUpperBoundIsTheNextString() {
        #expect(prefixUpperBound("ab") == .text("ac"))
        #expect(prefixUpperBound("a\u{10FFFF}") == .text("b"))
        #expect(prefixUpperBound("\u{D7FF}") == .text("\u{E000}"))
        #expect(prefixUpperBound("\u{10FFFF}") == .blob([0xFF]))
    }

    @Test func aDateOutOfRangeDoesNotCrash() {
        #expect(DateEncoding.iso8601(Date(timeIntervalSince1970: 1e20)) == "1e+20")
        #expect(ISO8601Display.string(from: Date(timeIntervalSince1970: -1e300)).contains("e+300"))
    }
}

/// Long chains of clauses make SQL that SQLite accepts (its expression trees stop at depth 1,000).
@Suite("Long predicates")
struct LongPredicateTests {
    let temporaryFiles = TemporaryFiles()

    @Test(arguments: [" && ", " || "])
    func tenThousandClausesPrepareAndRun(separator: String) throws {
        let database = try TrapFixture.open(in: temporaryFiles)
        let clauses = (0..<10_000).map { "$0.age != \($0 + 1_000)" }.joined(separator: separator)
        let query = try database.compile("#Predicate<Person> { \(clauses) }")
        let rows = try database.fetch(query)
        #expect(rows.count == 8)
    }
}

@Suite("Deeply nested predicates")
struct DeepNestingTests {
    let temporaryFiles = TemporaryFiles()

    @Test func nestingSQLiteCannotReadIsAClearError() throws {
        let database = try TrapFixture.open(in: temporaryFiles)
        var predicate = "$0.age > 0"
        for index in 0..<120 { predicate = "(\(predicate) \(index % 2 == 0 ? "||" : "&&") $0.age != \(index))" }
        let error = try #require(throws: CompileError.self) { try database.compile("#Predicate<Person> { \(predicate) }") }
        #expect(error.diagnostics.first?.id == "sql-too-deep")
        var shallow = "$0.age > 0"
        for index in 0..<40 { shallow = "(\(shallow) \(index % 2 == 0 ? "||" : "&&") $0.age != \(index))" }
        // The same predicate in Swift, over the fixture's ages.
        let ages: [Int] = [20, 30, 40, -7, 0, 65, 18, 21]
        let expected = ages.filter { age in
            var value = age > 0
            for index in 0..<40 { value = index % 2 == 0 ? (value || age != index) : (value && age != index) }
            return value
        }.count
        #expect(try database.fetch(try database.compile("#Predicate<Person> { \(shallow) }")).count == expected)
    }
}
