import Foundation
import Sift

/// `sift extension-path`: prints the absolute path of Sift's SQLite loadable extension, for
/// `.load "$(sift extension-path)"` and other languages' `load_extension`.
///
/// The extension is looked up where `make release` and `make install` put it: next to the running
/// `sift` (the build directory), then in `../lib` beside its `bin` (an installation prefix).
enum ExtensionPathCommand {
    /// The extension's file name: SQLite derives the entry point `sqlite3_sift_init` from it, so
    /// `.load PATH` needs no entry-point argument.
    static let fileName = "libsift.so"

    /// The usage `sift extension-path --help` prints.
    static let usage = """
        USAGE: sift extension-path

        Prints the absolute path of Sift's SQLite loadable extension (\(fileName)), which gives any
        SQLite connection the SQL functions and collations that Sift's compiled SQL calls. It is
        looked up next to the running sift (where 'make release' builds it), then in ../lib beside
        sift's bin directory (where 'make install' puts it). For example:
          sqlite3 Examples/example.sqlite ".load $(sift extension-path)"
          python3: connection.enable_load_extension(True); connection.load_extension(PATH)
        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandLineArguments(arguments, valued: [], flags: [])
        guard parsed.positional.isEmpty else {
            throw CommandLineArguments.UsageError(message: "'sift extension-path' takes no arguments")
        }
        let candidates = candidatePaths(executable: runningExecutable())
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            print(found)
            return 0
        }
        throw CommandFailure(
            id: .extensionNotBuilt,
            message: "Sift's SQLite extension is not built: no \(candidates.joined(separator: " nor "))\n"
                + "note: build it with 'make release' (it is written next to .build/release/sift), "
                + "or install sift and the extension with 'make install PREFIX=DIR'",
            status: 1)
    }

    /// Where the extension may be for the `sift` at `executable`, in lookup order.
    static func candidatePaths(executable: URL) -> [String] {
        let directory = executable.deletingLastPathComponent()
        return [
            directory.appendingPathComponent(fileName).standardizedFileURL.path,
            directory.deletingLastPathComponent().appendingPathComponent("lib").appendingPathComponent(fileName).standardizedFileURL.path,
        ]
    }

    /// The absolute path of the running binary (symbolic links resolved by the kernel).
    static func runningExecutable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL.resolvingSymlinksInPath()
    }
}

extension DiagnosticID {
    /// `sift extension-path` finds no extension next to sift nor in ../lib.
    static let extensionNotBuilt: DiagnosticID = "extension-not-built"
}
