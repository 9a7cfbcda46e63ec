import Foundation

/// The Sift SQLite extension under test, under the name users load it by.
///
/// `SIFT_EXTENSION=PATH` tests that file (e.g. the release build's .build/release/libsift.so);
/// otherwise the build's own product (libSiftExtension.so next to the test runner, a debug build
/// under `swift test`) is linked as `libsift.so` in a temporary directory, so that SQLite derives
/// the entry point `sqlite3_sift_init` from the name as it does for users.
public enum SiftExtensionFile {
    /// The path to load.
    public static func path() throws -> String { try located.get() }

    /// The directory of the products `swift build` wrote (the one holding the test runner).
    public static var productsDirectory: URL {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: runner).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Why the extension cannot be found.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    private static let located: Result<String, any Error> = Result {
        if let path = ProcessInfo.processInfo.environment["SIFT_EXTENSION"], !path.isEmpty { return path }
        let built = productsDirectory.appendingPathComponent("libSiftExtension.so").path
        guard FileManager.default.fileExists(atPath: built) else {
            throw Missing(description: "\(built) is not built: run 'swift build --build-tests' (or 'make test')")
        }
        let link = try TemporaryFiles.untilExit.directory("sift-extension") + "/libsift.so"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: built)
        return link
    }
}
