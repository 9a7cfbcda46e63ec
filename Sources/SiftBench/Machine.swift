import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine the figures were measured on.
struct Machine: Codable {
    /// `uname -m`: `x86_64`, `arm64`, `aarch64`.
    var architecture: String
    /// `uname -s` and `-r`.
    var system: String
    var activeCores: Int
    var cores: Int
    var build: String
    /// `static` (in the binary, as `make` builds the release binaries) or `shared`: how the Swift
    /// runtime is linked changes the cost of every call into it (retain, release, allocation).
    var swiftRuntime: String

    static func current() -> Machine {
        var names = utsname()
        uname(&names)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        return Machine(
            architecture: field(names.machine), system: "\(field(names.sysname)) \(field(names.release))",
            activeCores: ProcessInfo.processInfo.activeProcessorCount, cores: ProcessInfo.processInfo.processorCount,
            build: build, swiftRuntime: runtimeLinking)
    }

    /// `shared` when this process loaded the Swift runtime as a shared library (its memory map
    /// names `libswiftCore`), `static` when it carries it inside (`--static-swift-stdlib`),
    /// `unknown` without a memory map to read. The map is read to its end: procfs reports a size
    /// of 0, and a read by that size stops after the first page, before the shared libraries.
    static var runtimeLinking: String {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return "unknown" }
        defer { try? handle.close() }
        let maps = handle.readDataToEndOfFile()
        guard !maps.isEmpty else { return "unknown" }
        return maps.range(of: Data("libswiftCore".utf8)) != nil ? "shared" : "static"
    }

    var summary: String {
        "machine: \(architecture), \(activeCores) cores\(activeCores == cores ? "" : " active of \(cores)"), \(system); \(build) build, Swift runtime \(swiftRuntime)"
    }
}
