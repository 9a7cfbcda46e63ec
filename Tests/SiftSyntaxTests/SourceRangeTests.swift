import SiftSyntax
import Testing

/// Source ranges keep their offsets in 32 bits: they read back as written, order their ends,
/// and clamp offsets no input reaches (past 2 GiB) instead of trapping.
@Suite struct SourceRangeTests {
    @Test func offsetsReadBackAsWritten() {
        var range = SourceRange(start: 3, end: 10)
        #expect(range.start == 3 && range.end == 10 && range.length == 7)
        range.end = 8_388_608  // the longest query Sift reads
        #expect(range.end == 8_388_608 && range.description == "3..<8388608")
        #expect(SourceRange(start: 9, end: 2) == .point(9))
        #expect(SourceRange(start: 4, end: 6).union(.point(1)) == SourceRange(start: 1, end: 6))
    }

    @Test func offsetsPastTwoGibibytesAreClamped() {
        let far = SourceRange(start: Int(Int32.max) - 1, end: Int.max)
        #expect(far.start == Int(Int32.max) - 1 && far.end == Int(Int32.max))
        var negative = SourceRange.point(0)
        negative.start = Int.min
        #expect(negative.start == Int(Int32.min))
    }
}
