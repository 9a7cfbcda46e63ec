import Sift

extension Connection {
    /// Registers Sift's SQL functions and collations (``SiftSQL/SiftFunction``, ``SiftSQL/SiftCollation``), which
    /// compiled queries call for Swift's string and arithmetic semantics.
    public func registerSiftFunctions() throws {
        for function in SiftFunction.allCases {
            try createFunction(
                name: function.sqlName, argumentCount: function.arity, deterministic: true, shortcut: TextFunctionShortcuts.shortcut(for: function)
            ) { arguments in
                SQLiteValue(function.evaluate(arguments.map(SQLValue.init)))
            }
        }
        for collation in SiftCollation.all {
            try createCollation(name: collation.sqlName) { collation.compare($0, $1) }
        }
    }
}

extension SQLValue {
    /// The library-neutral value of an SQLite value.
    public init(_ value: SQLiteValue) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(integer)
        case .real(let real): self = .real(real)
        case .text(let text): self = .text(text)
        case .blob(let bytes): self = .blob(bytes)
        }
    }
}

extension SQLiteValue {
    /// The SQLite value of a library-neutral value.
    public init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(integer)
        case .real(let real): self = .real(real)
        case .text(let text): self = .text(text)
        case .blob(let bytes): self = .blob(bytes)
        }
    }
}
