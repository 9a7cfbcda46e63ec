import Foundation
import Testing

/// `sift extension-path` finds the loadable extension where `make release` (next to sift) and
/// `make install` (../lib beside sift's bin) put it, and says how to build it when it is missing.
@Suite struct ExtensionPathCommandTests {
    /// A directory with a copy of the built `sift` at `bin` (a path relative to it) and, when
    /// `extensionAt` is given, the built extension linked there as libsift.so.
    static func layout(bin: String, extensionAt: String?) throws -> (root: URL, sift: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sift-extension-path-\(UUID().uuidString)")
        let sift = root.appendingPathComponent(bin).appendingPathComponent("sift")
        try FileManager.default.createDirectory(at: sift.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A hard link where it can be: a copy is written through a descriptor that a process
        // forked meanwhile by a test running beside this one may hold until it executes, and
        // executing a file open for writing fails ("Text file busy").
        let built = CommandRunner.productsDirectory.appendingPathComponent("sift")
        do {
            try FileManager.default.linkItem(at: built, to: sift)
        } catch {
            try FileManager.default.copyItem(at: built, to: sift)
        }
        if let extensionAt {
            let directory = root.appendingPathComponent(extensionAt)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: directory.appendingPathComponent("libsift.so"),
                withDestinationURL: CommandRunner.productsDirectory.appendingPathComponent("libSiftExtension.so"))
        }
        return (root, sift)
    }

    static func run(_ sift: URL, _ arguments: [String]) throws -> CommandRunner.Output {
        // A copied binary may still be busy for a moment (see `layout`): try again a few times.
        for attempt in 1... {
            do {
                return try CommandRunner.run(arguments, executable: sift.path)
            } catch let error as NSError where attempt < 20 && Self.isTextFileBusy(error) {
                usleep(50_000)
            }
        }
        fatalError("unreachable")
    }

    static func isTextFileBusy(_ error: NSError) -> Bool {
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        return (error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY))
            || (underlying?.domain == NSPOSIXErrorDomain && underlying?.code == Int(ETXTBSY))
    }

    @Test func findsTheExtensionNextToSift() throws {
        let (root, sift) = try Self.layout(bin: "release", extensionAt: "release")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try Self.run(sift, ["extension-path"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput == root.appendingPathComponent("release/libsift.so").path + "\n")
    }

    @Test func findsTheInstalledExtensionInLib() throws {
        let (root, sift) = try Self.layout(bin: "prefix/bin", extensionAt: "prefix/lib")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try Self.run(sift, ["extension-path"])
        #expect(output.status == 0, "\(output.standardError)")
        let path = root.appendingPathComponent("prefix/lib/libsift.so").path
        #expect(output.standardOutput == path + "\n")
        // The printed path is what `.load "$(sift extension-path)"` gives the sqlite3 shell.
        let shell = try #require(ShellLocation.sqlite3, "no sqlite3 on PATH: 'make deps' installs it")
        let loaded = try CommandRunner.run([":memory:", ".load \(path)", "SELECT sift_lower('ÄÖ'), sift_iadd(9223372036854775807, 1) IS NULL"], executable: shell)
        #expect(loaded.standardOutput == "äö|1\n", "\(loaded.standardError)")
    }

    @Test func aMissingExtensionSaysHowToBuildIt() throws {
        let (root, sift) = try Self.layout(bin: "bin", extensionAt: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try Self.run(sift, ["extension-path"])
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.contains(root.appendingPathComponent("bin/libsift.so").path))
        #expect(output.standardError.contains(root.appendingPathComponent("lib/libsift.so").path))
        #expect(output.standardError.contains("make release"))
    }

    @Test func helpAndUsage() throws {
        let help = try CommandRunner.run(["extension-path", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: sift extension-path"))
        #expect(help.standardOutput.contains("make release"))
        #expect(try CommandRunner.run(["--help"]).standardOutput.contains("sift extension-path"))
        let extra = try CommandRunner.run(["extension-path", "somewhere"])
        #expect(extra.status == 2)
        #expect(extra.standardError.contains("takes no arguments"))
    }
}

/// Where the sqlite3 shell is.
enum ShellLocation {
    static let sqlite3: String? = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
        .map { "\($0)/sqlite3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
