import Sift

extension Connection {
    /// Registers Sift's SQL functions and collations (``SiftSQL/SiftFunction``, ``SiftSQL/SiftCollation``), which
    /// compiled queries call for Swift's string and arithmetic semantics.
    public func registerSiftFunctions() throws {
        for function in SiftFunction.allCases {
            try createFunction(
                name: function.sqlName, argumentCount: function.arity, deterministic: true, shortcut: TextFunctionShortcuts.shortcut(for: function)
            ) { arguments in
                function.evaluate(arguments)
            }
        }
        // A selected value Swift would trap on: the statement fails rather than show NULL.
        try createFunction(name: siftTrapFunctionName, argumentCount: 0, deterministic: false) { _ in
            throw SQLiteError(code: .error, message: siftTrapMessage)
        }
        for collation in SiftCollation.all {
            try createCollation(name: collation.sqlName) { collation.compare($0, $1) }
        }
    }
}
