import Dispatch

/// How a session behaves, set once by whoever starts it.
public struct REPLConfiguration {
    /// ANSI colours in diagnostics and messages (only on a terminal, never with `NO_COLOR`).
    public var colors = false
    /// Stop at the first failing query or command (`--bail`).
    public var bail = false
    /// Print the banner when interactive.
    public var showsBanner = true
    /// The terminal's width, asked before each result; `nil` when output is not a terminal
    /// (then grids are never switched to `line` mode).
    public var terminalWidth: () -> Int? = { nil }
    /// The folder relative paths of `.open`, `.read`, `.once` and `.output` start from; `nil`
    /// for the process's current directory.
    public var workingDirectory: String?
    /// A monotonic clock in nanoseconds, for `.timer`.
    public var clock: () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }

    public init() {}
}
