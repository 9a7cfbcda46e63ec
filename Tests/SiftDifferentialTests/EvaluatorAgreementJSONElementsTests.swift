import SiftTestSupport
import Testing

/// The agreement helper compares a `jsonGroupArray`'s elements as a multiset: it must split the
/// array at its own commas only, not at those inside nested arrays, objects or strings.
struct EvaluatorAgreementJSONElementsTests {
    @Test func nestedArraysObjectsAndStringsStayWhole() {
        let text = #"[1,[2,3],{"a":1,"b":[4,5]},"x,]y",null,[]]"#
        let elements = EvaluatorAgreement.jsonElements(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
        #expect(elements == ["1", "[2,3]", #"{"a":1,"b":[4,5]}"#, #""x,]y""#, "null", "[]"])
    }

    @Test func emptyArrayHasNoElements() {
        #expect(EvaluatorAgreement.jsonElements(Array("[]".utf8)).isEmpty)
    }
}
