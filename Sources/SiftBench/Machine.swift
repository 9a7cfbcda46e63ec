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
            build: build, swiftRuntime: runtimeIsShared ? "shared" : "static")
    }

    /// Whether this process loaded the Swift runtime as a shared library (its memory map names
    /// `libswiftCore`), rather than carrying it inside (`--static-swift-stdlib`).
    static var runtimeIsShared: Bool {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return false }
        return maps.contains("libswiftCore")
    }

    var summary: String {
        "machine: \(architecture), \(activeCores) cores\(activeCores == cores ? "" : " active of \(cores)"), \(system); \(build) build, Swift runtime \(swiftRuntime)"
    }
}
