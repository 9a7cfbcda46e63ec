import SiftSyntax

/// A raw-value enum (`enum Priority: Int { case low = 1, medium, high }`), stored by raw value.
public struct EnumType: Sendable, Hashable {
    /// One case and its raw value.
    public struct Case: Sendable, Hashable {
        public var name: String
        public var rawValue: RawValue
        public var declaration: SourceRange?

        public init(name: String, rawValue: RawValue, declaration: SourceRange? = nil) {
            self.name = name
            self.rawValue = rawValue
            self.declaration = declaration
        }
    }

    /// An `Int` or `String` raw value.
    public enum RawValue: Sendable, Hashable, CustomStringConvertible {
        case int(Int64)
        case string(String)

        public var description: String {
            switch self {
            case .int(let value): String(value)
            case .string(let value): "\"\(value)\""
            }
        }
    }

    public var name: String
    /// `.integer(.int)` or `.string`.
    public var rawType: ScalarType
    public var cases: [Case]
    public var declaration: SourceRange?

    public init(name: String, rawType: ScalarType, cases: [Case], declaration: SourceRange? = nil) {
        self.name = name
        self.rawType = rawType
        self.cases = cases
        self.declaration = declaration
    }

    public func `case`(named name: String) -> Case? { cases.first { $0.name == name } }

    public func `case`(withRawValue value: RawValue) -> Case? { cases.first { $0.rawValue == value } }
}
