import SiftLargeStack
@testable import SiftSyntax
import Testing

/// `LargeStack` runs work on another thread and hands back its result or its error.
@Suite struct LargeStackTests {
    struct Failure: Error, Equatable { let code: Int }

    /// Recursion deep enough to need more than a default secondary thread's stack.
    static func depth(_ n: Int) -> Int { n == 0 ? 0 : 1 + depth(n - 1) }

    @Test func returnsTheResultOfDeepRecursion() {
        #expect(LargeStack.run { Self.depth(100_000) } == 100_000)
    }

    @Test func rethrowsTheErrorOnTheCallingThread() {
        #expect(throws: Failure(code: 7)) {
            try LargeStack.run { () throws -> Int in throw Failure(code: 7) }
        }
    }

    @Test func aThrowingBodyThatSucceedsReturnsItsValue() throws {
        #expect(try LargeStack.run { () throws -> String in "done" } == "done")
    }
}
