/// A dot-command that failed: the message says what was wrong and what would work.
public struct CommandError: Error, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
