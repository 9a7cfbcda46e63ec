#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Somewhere text goes: standard output, a file, or a string for tests.
public protocol TextSink: AnyObject {
    func write(_ text: String)
}

/// Writes to a file descriptor with `write(2)`, unbuffered, retrying short writes.
public final class FileDescriptorSink: TextSink, Sendable {
    public let descriptor: Int32
    private let closesOnDeinit: Bool

    public init(descriptor: Int32, closesOnDeinit: Bool = false) {
        self.descriptor = descriptor
        self.closesOnDeinit = closesOnDeinit
    }

    /// Creates (or truncates) `path` for writing.
    public static func create(path: String) throws -> FileDescriptorSink {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandError("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
        return FileDescriptorSink(descriptor: descriptor, closesOnDeinit: true)
    }

    public static let standardOutput = FileDescriptorSink(descriptor: 1)
    public static let standardError = FileDescriptorSink(descriptor: 2)

    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }

    deinit {
        if closesOnDeinit { close(descriptor) }
    }
}

/// Collects text in memory (transcript tests).
public final class StringSink: TextSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
}

/// Standard output and standard error of a session.
public struct REPLConsole {
    public var output: any TextSink
    public var error: any TextSink

    public init(output: any TextSink, error: any TextSink) {
        self.output = output
        self.error = error
    }

    /// The process's standard output and standard error.
    public static var standard: REPLConsole {
        REPLConsole(output: FileDescriptorSink.standardOutput, error: FileDescriptorSink.standardError)
    }
}
