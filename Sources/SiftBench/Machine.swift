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
            build: build)
    }

    var summary: String {
        "machine: \(architecture), \(activeCores) cores\(activeCores == cores ? "" : " active of \(cores)"), \(system); \(build) build"
    }
}
