import SiftSyntax

/// A raw-value enum (`enum Priority: Int { case low = 1, medium, high }`), stored by raw value.
public struct EnumType: Sendable, Hashable {
    /// One case and its raw value.
    public struct Case: Sendable, Hashable {
        /// The case's name.
        public var name: String
        /// The value stored for it.
        public var rawValue: RawValue
        /// Where it is declared, for notes in diagnostics.
        public var declaration: SourceRange?

        /// A case `name` stored as `rawValue`.
        public init(name: String, rawValue: RawValue, declaration: SourceRange? = nil) {
            self.name = name
            self.rawValue = rawValue
            self.declaration = declaration
        }
    }

    /// An `Int` or `String` raw value.
    public enum RawValue: Sendable, Hashable, CustomStringConvertible {
        /// An integer raw value.
        case int(Int64)
        /// A string raw value.
        case string(String)

        public var description: String {
            switch self {
            case .int(let value): String(value)
            case .string(let value): "\"\(value)\""
            }
        }
    }

    /// The enum's name.
    public var name: String
    /// `.integer(.int)` or `.string`.
    public var rawType: ScalarType
    /// The cases, in declaration order.
    public var cases: [Case]
    /// Where it is declared, for notes in diagnostics.
    public var declaration: SourceRange?
    /// How the model file makes the enum `Comparable`; nil when it does not (a raw-value enum
    /// gets no synthesized `Comparable`: it must declare its own `<`).
    public var comparison: Comparison?

    /// The order of a `Comparable` enum.
    public enum Comparison: Sendable, Hashable {
        /// Its `<` compares raw values (`lhs.rawValue < rhs.rawValue`).
        case rawValues
        /// Its `<` is other code (declared at this range), which Sift does not run.
        case other(SourceRange)
        /// It declares `Comparable` but no `<` (Swift synthesizes none for a raw-value enum).
        case withoutLessThan
    }

    /// An enum `name` with raw type `rawType`, `Comparable` as `comparison` says.
    public init(name: String, rawType: ScalarType, cases: [Case], declaration: SourceRange? = nil, comparison: Comparison? = nil) {
        self.name = name
        self.rawType = rawType
        self.cases = cases
        self.declaration = declaration
        self.comparison = comparison
    }

    /// The raw values in the order Swift sorts the cases when the enum's `<` compares raw values
    /// (by number, or by Swift's `<` on the strings).
    public var rawValuesInOrder: [RawValue] {
        cases.map(\.rawValue).sorted { lhs, rhs in
            switch (lhs, rhs) {
            case (.int(let a), .int(let b)): a < b
            case (.string(let a), .string(let b)): a < b
            case (.int, .string): true
            case (.string, _): false
            }
        }
    }

    /// The case named `name`, if any.
    public func `case`(named name: String) -> Case? { cases.first { $0.name == name } }

    /// The case whose raw value is `value`, if any.
    public func `case`(withRawValue value: RawValue) -> Case? { cases.first { $0.rawValue == value } }
}
