import Foundation
import Sift
import SiftSQLite
import Testing

/// What a format string selects on the example database, against what the same condition means
/// in a `#Predicate`: the points where Core Data's meaning differs from Swift's, each checked on
/// SQLite and on the evaluator (through the differential runner: both must agree first).
@Suite struct CoreDataMeaningTests {
    let runner: DifferentialRunner

    init() throws { runner = try DifferentialRunner(world: try ExampleWorld.shared()) }

    /// The ids `text` selects, after checking that SQLite and the evaluator agree on them.
    func ids(_ text: String, parameters: ParameterSet = ParameterSet(sql: [:], evaluator: [:])) throws -> Set<Int64> {
        let verdict = runner.check(text, parameters: parameters, useFacts: false, ordered: false)
        switch verdict {
        case .agree: break
        case .compileError(let message): Issue.record("\(text) does not compile: \(message)")
        case .disagree(let disagreement): Issue.record("SQLite and the evaluator disagree:\n\(disagreement.report())")
        }
        let compiled = try runner.database.compile(text, parameterTypes: ParameterSet.types)
        return Set(try runner.database.fetch(compiled, parameters: parameters.sql).compactMap { row -> Int64? in
            if case .int(let id)? = row["id"] { return id }
            return nil
        })
    }

    @Test func equalityComparesStoredBytesNotCanonicalEquivalence() throws {
        let swift = try ids(#"User where name == "Jos\u{E9}""#)
        let precomposed = try ids(#"User "name == %@", "Jos\u{E9}""#)
        let decomposed = try ids(#"User "name == %@", "Jose\u{301}""#)
        #expect(!precomposed.isEmpty && !decomposed.isEmpty)
        #expect(precomposed.isDisjoint(with: decomposed))
        #expect(swift == precomposed.union(decomposed))
    }

    @Test func caseAndDiacriticOptionsFold() throws {
        let exact = try ids(#"User "name == 'kim'""#)
        let folded = try ids(#"User "name ==[c] 'kim'""#)
        #expect(exact.isStrictSubset(of: folded))
        #expect(try ids(#"User "name ==[c] 'KIM'""#) == folded)
        let diacritics = try ids(#"User "name ==[cd] 'jose'""#)
        #expect(diacritics.isSuperset(of: try ids(#"User "name == %@", "Jos\u{E9}""#)))
        #expect(diacritics.isSuperset(of: try ids(#"User "name == %@", "Jose\u{301}""#)))
    }

    @Test func comparisonsWithNilAreUnknown() throws {
        let all = try ids(#"User "TRUEPREDICATE""#)
        let withNickname = try ids(#"User "nickname != nil""#)
        #expect(withNickname.isStrictSubset(of: all))
        // A row without a nickname is in neither `!= 'x'` nor `NOT (== 'x')`: SQL's NULL.
        #expect(try ids(#"User "nickname != 'no such nickname'""#) == withNickname)
        #expect(try ids(#"User "NOT (nickname == 'no such nickname')""#) == withNickname)
        // In Swift, nil != "x" is true.
        #expect(try ids(#"User where nickname != "no such nickname""#) == all)
    }

    @Test func emptyNeedlesAreNotFound() throws {
        #expect(try ids(#"User "name CONTAINS ''""#).isEmpty)
        #expect(try ids(#"User "name BEGINSWITH ''""#).isEmpty)
        #expect(try ids(#"User where name.contains("")"#) == (try ids(#"User "TRUEPREDICATE""#)))
    }

    @Test func allAndNoneOverEmptyCollectionsAreTrue() throws {
        let none = try ids(#"User "interests.@count == 0""#)
        #expect(!none.isEmpty)
        #expect(none.isSubset(of: try ids(#"User "ALL interests.title == 'no such title'""#)))
        #expect(none.isSubset(of: try ids(#"User "NONE interests.title == 'no such title'""#)))
        #expect(none.isDisjoint(with: try ids(#"User "ANY interests.title != 'no such title'""#)))
    }

    @Test func likeAndMatchesTakeTheWholeString() throws {
        let kim = try ids(#"User "name == 'Kim'""#)
        #expect(try ids(#"User "name LIKE 'Kim'""#) == kim)
        #expect(try ids(#"User "name MATCHES 'Kim'""#) == kim)
        #expect(try ids(#"User "name LIKE 'K?m'""#).isSuperset(of: kim))
        // `%` and `_` are plain characters (SQLite's LIKE would read them as wildcards).
        #expect(try ids(#"User "name LIKE '%'""#).isEmpty)
        #expect(try ids(#"User "name LIKE[c] 'kim*'""#) == (try ids(#"User "name BEGINSWITH[c] 'kim'""#)))
    }
}
