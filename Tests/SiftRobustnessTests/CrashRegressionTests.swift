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

    /// Inputs of bugs not fixed yet, by file name, each also with its own disabled test: when the
    /// bug is fixed, remove the name here and enable that test. (None open now.)
    static let open: Set<String> = []

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

    /// Was a crash: `SQLLowering.lower` recursed on the caller's stack (a ~30 KB debug frame per
    /// level) and overflowed at about 250 levels; deep trees are now lowered on a large stack.
    @Test(arguments: ["compiler-lowering-deep-addition.sift", "compiler-lowering-deep-concatenation.sift"])
    func deepArithmeticLowers(_ name: String) throws {
        let bytes = try FuzzFiles.bytes(FuzzFiles.fuzzDirectory.appendingPathComponent("crashes/\(name)"))
        let (text, schema) = CompilerHarness.decode(bytes)
        let compilation = CompilerHarness.run(text: text, schema: schema)
        // Within the checker's 512-level limit, so it checks (and now lowers without crashing).
        #expect(compilation.checked != nil, "\(name): \(compilation.diagnostics)")
    }
}
