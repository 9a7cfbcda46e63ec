import Foundation
@testable import SiftSyntax
import Testing

/// Nesting and tree height are bounded: deep inputs give one diagnostic, never a stack overflow.
@Suite struct DepthLimitTests {
    static func errors(_ text: String) -> [String] {
        Parser.parseQuery(SourceFile(text: text)).diagnostics.filter { $0.severity == .error }.map(\.id.rawValue)
    }

    /// Runs `body` on a thread with a 512 KiB stack (smaller than any default) and waits.
    static func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
    }

    @Test func tenThousandNestedParentheses() {
        let text = "#Predicate<User> { " + String(repeating: "(", count: 10_000) + "$0.a" + String(repeating: ")", count: 10_000) + " }"
        #expect(Self.errors(text) == ["nesting-too-deep"])
    }

    @Test func nestingDiagnosticIsRenderedOnce() {
        let text = "#Predicate<User> { " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + " }"
        let source = SourceFile(text: text)
        let rendered = DiagnosticRenderer().render(Parser.parseQuery(source).diagnostics, in: source)
        #expect(rendered.hasPrefix("<input>:1:"))
        #expect(rendered.contains("error: expression is nested too deeply (more than 256 levels); simplify it\n"))
        #expect(rendered.components(separatedBy: "error:").count == 2)
    }

    @Test func nestingJustBelowTheLimitIsFine() {
        let text = "#Predicate<User> { " + String(repeating: "(", count: 200) + "$0.a" + String(repeating: ")", count: 200) + " }"
        #expect(Self.errors(text) == [])
    }

    @Test func tenThousandPrefixBangs() {
        #expect(Self.errors("#Predicate<User> { " + String(repeating: "!", count: 10_000) + "$0.a }") == ["nesting-too-deep"])
    }

    @Test func tenThousandNestedClosures() {
        let text = "#Predicate<User> { " + String(repeating: "{ ", count: 10_000) + "1" + String(repeating: " }", count: 10_000) + " }"
        #expect(Self.errors(text) == ["nesting-too-deep"])
    }

    @Test func tenThousandNestedArrays() {
        let text = "User where " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(Self.errors(text) == ["nesting-too-deep"])
    }

    @Test func tenThousandNestedCalls() {
        let text = "User where " + String(repeating: "f(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(Self.errors(text) == ["nesting-too-deep"])
    }

    @Test func tenThousandElseIfs() {
        let text = "User where " + String(repeating: "if a { 1 } else ", count: 10_000) + "{ 2 }"
        #expect(Self.errors(text) == ["nesting-too-deep"])
    }

    @Test func tenThousandTernaries() {
        let text = "User where " + String(repeating: "a ? 1 : ", count: 10_000) + "2"
        #expect(Self.errors(text) == ["nesting-too-deep"])
    }

    @Test func tenThousandNestedArrayTypes() {
        let text = "class A { var x: " + String(repeating: "[", count: 10_000) + "Int" + String(repeating: "]", count: 10_000) + " }"
        let errors = Parser.parseModelFile(SourceFile(text: text)).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id.rawValue) == ["nesting-too-deep"])
    }

    @Test func longAdditionChainIsBoundedByTreeHeight() {
        let text = "User where " + Array(repeating: "1", count: 10_000).joined(separator: " + ") + " > 0"
        #expect(Self.errors(text) == ["expression-too-deep"])
    }

    @Test func longMemberChainIsBoundedByTreeHeight() {
        let text = "User where a" + String(repeating: ".b", count: 5_000)
        #expect(Self.errors(text) == ["expression-too-deep"])
    }

    @Test func additionChainBelowTheHeightLimitIsFine() {
        let text = "User where " + Array(repeating: "1", count: 500).joined(separator: " + ") + " > 0"
        #expect(Self.errors(text) == [])
    }

    /// Queries compare by their trees' nodes: the same text twice is equal, and one digit changed
    /// deep inside (same shape, same ranges, same node indices) is not.
    @Test func deepestAcceptedTreesCompareByTheirNodes() {
        let ones = Array(repeating: "1", count: 500)
        let text = "User where " + ones.joined(separator: " + ")
        let changed = "User where " + (["2"] + ones.dropFirst()).joined(separator: " + ")
        let query = Parser.parseQuery(SourceFile(text: text)).value
        #expect(query == Parser.parseQuery(SourceFile(text: text)).value)
        #expect(query != Parser.parseQuery(SourceFile(text: changed)).value)
    }

    @Test func hundredThousandAndClausesAreFlat() throws {
        let text = "User where " + Array(repeating: "a > 1", count: 100_000).joined(separator: " && ")
        let started = ContinuousClock.now
        let parsed = Parser.parseQuery(SourceFile(text: text))
        let elapsed = ContinuousClock.now - started
        #expect(parsed.diagnostics.isEmpty)
        guard case .implicit(let filter)? = parsed.value?.filter, case .logical(let logical) = parsed.tree[filter] else {
            Issue.record("not a flat logical chain")
            return
        }
        #expect(logical.operands.count == 100_000)
        #expect(elapsed < .seconds(5))
    }

    @Test func mixedAndOrChainsStayShallow() {
        let clause = "(a || b) && c"
        let text = "User where " + Array(repeating: clause, count: 20_000).joined(separator: " || ")
        #expect(Self.errors(text) == [])
    }

    @Test func deepInputsOnASmallStackThread() {
        Self.onSmallStack {
            let inputs = [
                "#Predicate<User> { " + String(repeating: "(", count: 10_000) + "$0.a" + String(repeating: ")", count: 10_000) + " }",
                "#Predicate<User> { " + String(repeating: "!", count: 10_000) + "$0.a }",
                "#Predicate<User> { " + String(repeating: "{ ", count: 10_000) + "1" + String(repeating: " }", count: 10_000) + " }",
                "User where " + String(repeating: "-", count: 10_000) + "1",
                "User where " + String(repeating: "a ?? ", count: 10_000) + "b",
                "User where " + Array(repeating: "1", count: 10_000).joined(separator: " * "),
            ]
            for text in inputs {
                let parsed = Parser.parseQuery(SourceFile(text: text))
                // Printing walks the bounded tree recursively too.
                if let query = parsed.value { _ = TreePrinter.print(query) }
            }
        }
    }

    @Test func deepestAcceptedTreeOnASmallStackThread() {
        Self.onSmallStack {
            // Just below both limits: parsing and printing recurse through the tree.
            let parens = "#Predicate<User> { " + String(repeating: "(", count: 250) + "$0.a" + String(repeating: ")", count: 250) + " }"
            let chain = "User where " + Array(repeating: "1", count: 500).joined(separator: " + ")
            for text in [parens, chain] {
                let parsed = Parser.parseQuery(SourceFile(text: text))
                precondition(!parsed.hasErrors)
                _ = TreePrinter.print(parsed.value!)
            }
        }
    }
}

/// The parser's estimate of its own recursion, which decides when to move to a large stack.
@Suite struct RecursionEstimateTests {
    func estimate(_ text: String) -> Int { Parser(SourceFile(text: text)).estimatedRecursionDepth() }

    @Test func comparisonsDoNotHideNesting() {
        let comparisons = (0..<300).map { _ in "$0.a > 1" }.joined(separator: " && ")
        let nested = String(repeating: "(", count: 250) + "$0.a" + String(repeating: ")", count: 250)
        #expect(estimate("#Predicate<User> { \(comparisons) && \(nested) }") >= 250)
    }

    @Test func negationsJoinedByAndDoNotAddUp() {
        let negations = (0..<40).map { "!a\($0)" }.joined(separator: " && ")
        #expect(estimate("User where \(negations)") < Parser.largeStackThreshold)
    }

    @Test func chainsOfPrefixOperatorsAndCoalescingAddUp() {
        #expect(estimate("User where " + String(repeating: "!", count: 40) + "a") >= 40)
        #expect(estimate("User where " + (0..<40).map { "a\($0)" }.joined(separator: " ?? ") + " == 1") >= 39)
    }

    /// The count of tokens that can open a level bounds the estimate, so an input with few of them
    /// skips it: every example query and the deep inputs above.
    @Test func deepeningTokensBoundTheEstimate() throws {
        let comparisons = (0..<300).map { _ in "$0.a > 1" }.joined(separator: " && ")
        var texts = [
            "#Predicate<User> { \(comparisons) && " + String(repeating: "(", count: 250) + "$0.a" + String(repeating: ")", count: 250) + " }",
            "User where " + String(repeating: "!", count: 40) + "a",
            "User where " + (0..<40).map { "a\($0)" }.joined(separator: " ?? ") + " == 1",
            "User where " + (0..<40).map { "-a\($0)" }.joined(separator: " + "),
            "#Predicate<User> { " + String(repeating: "if $0.a { ", count: 20) + "true" + String(repeating: " } else { false }", count: 20) + " }",
            "#Predicate<User> { " + String(repeating: "$0.a ? ", count: 30) + "1" + String(repeating: " : 2", count: 30) + " == 1 }",
        ]
        for script in ["people.sift", "reminders.sift"] {
            let url = GrammarTests.examplesDirectory.appendingPathComponent(script)
            let file = SourceFile(name: script, text: try String(contentsOf: url, encoding: .utf8))
            texts += Parser.parseScript(file).value.map { file.text(in: $0.range) }
        }
        #expect(texts.count > 40)
        for text in texts {
            let parser = Parser(SourceFile(text: text))
            #expect(parser.deepeningTokenCount() >= parser.estimatedRecursionDepth(), "\(text)")
        }
    }

    @Test func deepInputAfterManyComparisonsParsesOnASmallStack() {
        DepthLimitTests.onSmallStack {
            let comparisons = (0..<300).map { _ in "$0.a > 1" }.joined(separator: " && ")
            let nested = String(repeating: "(", count: 250) + "$0.a" + String(repeating: ")", count: 250)
            let parsed = Parser.parseQuery(SourceFile(text: "#Predicate<User> { \(comparisons) && \(nested) }"))
            #expect(!parsed.hasErrors)
        }
    }
}
