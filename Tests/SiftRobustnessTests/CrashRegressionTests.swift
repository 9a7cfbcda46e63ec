import Foundation
import Sift
@testable import SiftFuzzCompiler
@testable import SiftFuzzModelFile
import Testing

/// Every input the fuzzers crashed on (`Fuzz/crashes/`): it must not crash, and it must either
/// check or give an error diagnostic. `compiler-*` files are compiler-target inputs (a first byte
/// of 0x80 or more selects the generator mode: `sift-fuzz-compiler --print FILE` shows the text);
/// `model-file-*` files are model files.
@Suite struct CrashRegressionTests {
    static func crashes(_ prefix: String) -> [String] {
        FuzzFiles.files(in: "crashes").map(\.lastPathComponent).filter { $0.hasPrefix(prefix) }
    }

    /// Inputs of bugs not fixed yet, by file name, each also with its own disabled test below:
    /// when the bug is fixed, remove the name here and enable that test.
    static let open: Set<String> = [
        "compiler-lowering-deep-addition.sift", "compiler-lowering-deep-concatenation.sift",
    ]

    @Test(arguments: crashes("compiler-").filter { !open.contains($0) })
    func compilerInput(_ name: String) throws {
        let bytes = try FuzzFiles.bytes(FuzzFiles.fuzzDirectory.appendingPathComponent("crashes/\(name)"))
        let (text, schema) = CompilerHarness.decode(bytes)
        let compilation = CompilerHarness.run(text: text, schema: schema)
        #expect(compilation.checked != nil || compilation.hasErrors, "\(name): neither checked nor an error")
    }

    @Test(arguments: crashes("model-file-").filter { !open.contains($0) })
    func modelFileInput(_ name: String) throws {
        let bytes = try FuzzFiles.bytes(FuzzFiles.fuzzDirectory.appendingPathComponent("crashes/\(name)"))
        _ = ModelFileHarness.run(bytes)
    }

    /// Bug: `SQLLowering.lower` recurses on the caller's stack (`LoweringContext.lowerValue` ↔
    /// `lowerArithmetic`, Sources/SiftSQL/Lowering+Expressions.swift:77 and :418), while the parser
    /// and the checker switch to a large stack (`LargeStack`). The checker accepts up to 512
    /// levels, but a debug build overflows the 8 MB main-thread stack at about 250 (`$0.age + ...`,
    /// 250 terms: a ~30 KB frame per `lowerValue`), and a release build at 510 levels on a 1 MB stack
    /// (a 512 KB secondary thread on Darwin would fail much sooner). Enable when the lowering runs
    /// on a large stack too (and remove the names from ``open``).
    @Test(
        .disabled("bug: SQLLowering overflows the stack on a 250-term addition chain (Lowering+Expressions.swift:77/418)"),
        arguments: ["compiler-lowering-deep-addition.sift", "compiler-lowering-deep-concatenation.sift"])
    func deepArithmeticLowers(_ name: String) throws {
        let bytes = try FuzzFiles.bytes(FuzzFiles.fuzzDirectory.appendingPathComponent("crashes/\(name)"))
        let (text, schema) = CompilerHarness.decode(bytes)
        let compilation = CompilerHarness.run(text: text, schema: schema)
        // Within the checker's 512-level limit, so it checks (and now lowers without crashing).
        #expect(compilation.checked != nil, "\(name): \(compilation.diagnostics)")
    }
}
