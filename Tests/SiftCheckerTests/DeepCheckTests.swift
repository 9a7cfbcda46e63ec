import Foundation
import Sift
import SiftTestSupport
import Testing

/// Checking and lowering the deepest trees the parser accepts, on a thread with a small stack.
@Suite struct DeepCheckTests {
    @Test func deepArithmeticChecksAndLowersOnASmallStack() throws {
        let schema = try Fixtures.exampleModels.get()
        let text = "#Predicate<User> { " + Array(repeating: "$0.age", count: 500).joined(separator: " + ") + " > 1 }"
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var sql = ""
        let thread = Thread {
            let compilation = Compiler(schema: schema).check(text)
            if let checked = compilation.checked {
                sql = SQLLowering.lower(checked, schema: schema).sql
                _ = TypedTreePrinter.print(checked)
            }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(sql.contains("sift_iadd"))
    }
}
