import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the terminal the REPL runs in.
public enum Terminal {
    /// Whether a file descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) != 0 }

    /// The width of the terminal on standard output in columns, or `nil` when it is not one.
    public static func width() -> Int? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether colours are wanted: on a terminal, unless `NO_COLOR` is set or `--no-color` given.
    public static func wantsColors(descriptor: Int32 = 1, noColorFlag: Bool = false) -> Bool {
        if noColorFlag { return false }
        if let value = ProcessInfo.processInfo.environment["NO_COLOR"], !value.isEmpty { return false }
        return isTerminal(descriptor)
    }
}
