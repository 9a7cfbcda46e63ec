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
}
