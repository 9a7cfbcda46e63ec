import Sift

/// Steps through the rows of a statement one at a time, without collecting them.
///
/// ```swift
/// let cursor = try statement.cursor(bindings: [42])
/// while let row = try cursor.next() { print(row) }
/// ```
/// The statement is reset when the rows run out or a step fails. Not thread-safe.
public final class RowCursor {
    /// The statement being stepped.
    public let statement: Statement
    private var isFinished = false

    init(statement: Statement) {
        self.statement = statement
    }

    /// The next row, or nil once the statement has finished.
    public func next() throws -> [SQLValue]? {
        guard !isFinished else { return nil }
        do {
            if try statement.step() { return statement.row() }
        } catch {
            finish()
            throw error
        }
        finish()
        return nil
    }

    /// Stops early and resets the statement (releasing its read lock).
    public func finish() {
        guard !isFinished else { return }
        isFinished = true
        statement.reset()
    }
}

@available(*, unavailable, message: "a RowCursor belongs to its connection's thread")
extension RowCursor: Sendable {}
