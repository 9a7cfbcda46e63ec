import Foundation
import Sift
import SiftREPL
import Testing

/// Tab inside an `NSPredicate` format string completes the model's key paths.
@Suite struct FormatStringCompletionTests {
    let completer = Completer(schema: CompleterTests.schema)

    func candidates(_ text: String) -> [String] { completer.complete(text).candidates }

    @Test func keysOfTheConciseModel() {
        #expect(candidates(#"User "ag"#) == ["age"])
        #expect(candidates(#"User "age > 20 AND nick"#) == ["nickname"])
        #expect(candidates(#"User "name BEGINS"#) == ["BEGINSWITH"])
    }

    @Test func keysThroughRelationships() {
        #expect(candidates(#"User "company.na"#) == ["name"])
        #expect(candidates(#"User "ANY interests.ti"#) == ["title"])
        #expect(candidates(#"User "interests.@"#) == ["@count"])
    }

    @Test func keysOfTheFetchRequestsModel() {
        #expect(candidates(#"NSPredicate(format: "nick"#) == ["nickname"])
        #expect(candidates("let request = NSFetchRequest<Interest>(entityName: \"Interest\")\nrequest.predicate = NSPredicate(format: \"ti") == ["title"])
    }

    @Test func notInsideOtherStrings() {
        // A string argument of a Swift method is not a format string.
        #expect(candidates(#"User where name.contains("ag"#) == [])
        // A SUBQUERY variable's keys are not known here: nothing, not the model's keys.
        #expect(candidates(#"User "SUBQUERY(interests, $i, $i.ti"#) == [])
        // After the format string is closed, the concise clauses again.
        #expect(!candidates(#"User "age > 20" "#).contains("age"))
    }
}
