import Foundation
import Sift
@testable import SiftFuzzCompiler
import SiftTestSupport
import Testing

/// Random token soup inside format strings and their Swift wrappers goes through every phase and
/// printer of the fuzz harness without a crash or a hang, and every diagnostic points inside
/// the source.
@Suite struct FormatStringRobustnessTests {
    static let pieces = [
        "age", "name", "company", ".", "..", "@count", "@avg", "@", "$x", "$", "%@", "%K", "%d", "%f", "%%", "%", "%ld", "%q", "==", "=", "!=",
        "<>", "<", "=<", "=>", ">", "&&", "||", "!", "AND", "or", "NOT", "ANY", "ALL", "NONE", "SOME", "IN", "BETWEEN", "LIKE", "MATCHES",
        "CONTAINS", "BEGINSWITH", "ENDSWITH", "[c]", "[cd]", "[", "]", "[x]", "{", "}", "(", ")", ",", "'", "\\\"", "\\\\", "'kim'", "\\\"é\\\"",
        "SUBQUERY(", "SUBQUERY(interests, $i, ", "CAST(", "\\\"NSDate\\\"", "TRUEPREDICATE", "NIL", "SELF", "#size", "#", "1", "-2.5e3", "0x",
        "0xZZ", "9999999999999999999999", "interests", "title", " ", "\\n", "\\u{301}", "é", "김", "\\0", "FIRST", "[SIZE]", "[2]", "FUNCTION(",
    ]

    @Test func randomFormatStringsNeverCrash() throws {
        var random = SplitMix64(seed: 2026)
        let schema = CompilerHarness.schemas[0]
        for _ in 0..<4_000 {
            let format = (0..<random.int(in: 0...12)).map { _ in random.pick(Self.pieces) }.joined(separator: random.chance(1, in: 3) ? "" : " ")
            let arguments = (0..<random.int(in: 0...3)).map { _ in random.pick(["\"age\"", "20", "2.5", "true", "nil", "x", "[1, 2]", "\"a.b\"", "-3", "f(1)"]) }
            let tail = arguments.map { ", " + $0 }.joined()
            for text in [
                "User \"\(format)\"\(tail)", "NSPredicate(format: \"\(format)\"\(tail))", "User #\"\(format)\"#\(tail)",
                "NSCompoundPredicate(andPredicateWithSubpredicates: [NSPredicate(format: \"\(format)\"\(tail)), NSPredicate(value: true)])",
            ] {
                let compilation = CompilerHarness.run(text: text, schema: schema)
                let length = compilation.source.bytes.count
                for diagnostic in compilation.diagnostics {
                    #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= length, "\(text.debugDescription): \(diagnostic)")
                }
            }
        }
    }

    @Test func deepNestingIsRefusedNotACrash() throws {
        let schema = CompilerHarness.schemas[0]
        // `NOT (` is two levels of the parser's 200.
        for depth in [50, 99, 101, 5_000] {
            let text = "User \"" + String(repeating: "NOT (", count: depth) + "age > 1" + String(repeating: ")", count: depth) + "\""
            let compilation = CompilerHarness.run(text: text, schema: schema)
            #expect(depth < 100 ? !compilation.hasErrors : compilation.hasErrors, "depth \(depth)")
        }
    }
}
