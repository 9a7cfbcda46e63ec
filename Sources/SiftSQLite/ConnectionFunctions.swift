import CSQLite
import Sift

/// A shortcut for an SQL function: answers a call straight from SQLite's argument values (setting
/// the result on the context) and returns true, or returns false to let the function's body answer.
typealias FunctionShortcut = @Sendable (_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>) -> Bool

/// Keeps a Swift SQL function alive for SQLite (retained until SQLite destroys the function).
private final class FunctionBox: Sendable {
    let body: @Sendable ([SQLValue]) throws -> SQLValue
    let shortcut: FunctionShortcut?
    init(_ body: @escaping @Sendable ([SQLValue]) throws -> SQLValue, shortcut: FunctionShortcut?) {
        self.body = body
        self.shortcut = shortcut
    }
}

/// Keeps a Swift collation alive for SQLite.
private final class CollationBox: Sendable {
    let compare: @Sendable (String, String) -> Int
    init(_ compare: @escaping @Sendable (String, String) -> Int) { self.compare = compare }
}

extension Connection {
    /// Registers (or replaces) the SQL function `name` taking `argumentCount` arguments (nil: any
    /// number). An error thrown by `body` makes the SQL statement fail with `SQLITE_ERROR` and the
    /// error's message (an `SQLiteError`'s `message`, otherwise its description).
    ///
    /// Mark a function `deterministic` (same arguments, same result) so SQLite may use it in
    /// indexes, generated columns and constant folding.
    public func createFunction(
        name: String, argumentCount: Int? = nil, deterministic: Bool = true,
        _ body: @escaping @Sendable ([SQLValue]) throws -> SQLValue
    ) throws {
        try createFunction(name: name, argumentCount: argumentCount, deterministic: deterministic, shortcut: nil, body)
    }

    /// Registers a function whose `shortcut` answers the calls it can without decoding the
    /// arguments into Swift values; `body` answers the others.
    func createFunction(
        name: String, argumentCount: Int?, deterministic: Bool, shortcut: FunctionShortcut?,
        _ body: @escaping @Sendable ([SQLValue]) throws -> SQLValue
    ) throws {
        let box = Unmanaged.passRetained(FunctionBox(body, shortcut: shortcut)).toOpaque()
        let flags = SQLITE_UTF8 | (deterministic ? SQLITE_DETERMINISTIC : 0)
        // On failure SQLite calls the destructor itself, which releases the box.
        let resultCode = sqlite3_create_function_v2(
            handle.database, name, Int32(argumentCount ?? -1), flags, box,
            { context, count, arguments in
                let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                if let shortcut = box.shortcut, let arguments, shortcut(context, arguments) { return }
                let values = (0..<Int(count)).map { SQLValue(argument: arguments![$0]) }
                do {
                    try box.body(values).setResult(of: context)
                } catch let error as SQLiteError {
                    sqlite3_result_error(context, error.message, -1)
                } catch {
                    sqlite3_result_error(context, String(describing: error), -1)
                }
            },
            nil, nil,
            { box in Unmanaged<FunctionBox>.fromOpaque(box!).release() })
        if resultCode != SQLITE_OK {
            throw handle.error(resultCode: resultCode, sql: nil)
        }
    }

    /// Registers (or replaces) the collation `name`, usable as `COLLATE name` in queries, indexes and
    /// column definitions. `compare` returns a negative number, zero or a positive number when the
    /// first string sorts before, equal to or after the second; it must be a consistent order.
    public func createCollation(name: String, _ compare: @escaping @Sendable (String, String) -> Int) throws {
        let box = Unmanaged.passRetained(CollationBox(compare)).toOpaque()
        let resultCode = sqlite3_create_collation_v2(
            handle.database, name, SQLITE_UTF8, box,
            { box, leftCount, left, rightCount, right in
                let collation = Unmanaged<CollationBox>.fromOpaque(box!).takeUnretainedValue()
                let leftText = SQLValue.decodeText(
                    left?.assumingMemoryBound(to: UInt8.self), count: Int(leftCount))
                let rightText = SQLValue.decodeText(
                    right?.assumingMemoryBound(to: UInt8.self), count: Int(rightCount))
                let order = collation.compare(leftText, rightText)
                return order < 0 ? -1 : (order > 0 ? 1 : 0)
            },
            { box in Unmanaged<CollationBox>.fromOpaque(box!).release() })
        if resultCode != SQLITE_OK {
            // Unlike functions, a failed sqlite3_create_collation_v2 does not call the destructor.
            Unmanaged<CollationBox>.fromOpaque(box).release()
            throw handle.error(resultCode: resultCode, sql: nil)
        }
    }
}
