/// The type of a checked expression, following Swift's type system for the values a predicate uses.
public enum SiftType: Sendable, Hashable, CustomStringConvertible {
    case bool
    case integer(IntegerKind)
    case double
    case float
    case string
    case date
    case uuid
    case data
    case url
    // The two cases with a name are boxed too: a type is then one word, and a typed node 32 bytes
    // instead of 48 (copying nodes costs more than the box made when such a type is written).
    /// A raw-value enum of the schema.
    indirect case enumeration(String)
    /// An object of a model (a row).
    indirect case model(String)
    indirect case optional(SiftType)
    /// A sequence: a to-many relationship, an array literal or parameter, the result of `filter`.
    indirect case array(SiftType)
    /// `ClosedRange<T>` (`a...b`) or `Range<T>` (`a..<b`).
    indirect case range(SiftType, closed: Bool)
    /// Foundation's `ComparisonResult`, from `caseInsensitiveCompare` and friends.
    case comparisonResult
    /// The type of `nil` before context gives it one.
    case nilLiteral
    /// The type of an expression that already has an error; it matches anything silently.
    case error

    public static let int = SiftType.integer(.int)

    /// The checker's type for a stored attribute type.
    public init(_ scalar: ScalarType) {
        switch scalar {
        case .bool: self = .bool
        case .integer(let kind): self = .integer(kind)
        case .double: self = .double
        case .float: self = .float
        case .string: self = .string
        case .date: self = .date
        case .uuid: self = .uuid
        case .data: self = .data
        case .url: self = .url
        case .enumeration(let name): self = .enumeration(name)
        }
    }

    public var description: String {
        switch self {
        case .bool: "Bool"
        case .integer(let kind): kind.rawValue
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .date: "Date"
        case .uuid: "UUID"
        case .data: "Data"
        case .url: "URL"
        case .enumeration(let name), .model(let name): name
        case .optional(let wrapped):
            switch wrapped {
            case .range: "(\(wrapped))?"
            default: "\(wrapped)?"
            }
        case .array(let element): "[\(element)]"
        case .range(let bound, let closed): closed ? "ClosedRange<\(bound)>" : "Range<\(bound)>"
        case .comparisonResult: "ComparisonResult"
        case .nilLiteral: "nil"
        case .error: "<<error type>>"
        }
    }

    public var isOptional: Bool { if case .optional = self { true } else { false } }

    // Tests of one case without a payload, matched rather than compared: `==` copies both sides'
    // payloads to compare them, several times per comparison checked or lowered.
    /// `self == .error`.
    public var isError: Bool { if case .error = self { true } else { false } }
    /// `self == .nilLiteral`.
    public var isNilLiteral: Bool { if case .nilLiteral = self { true } else { false } }
    /// `self == .bool`.
    public var isBool: Bool { if case .bool = self { true } else { false } }
    /// `self == .string`.
    public var isString: Bool { if case .string = self { true } else { false } }

    /// The type inside any number of optionals.
    public var unwrapped: SiftType {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// The type with one level of optional removed, if optional.
    public var wrappedIfOptional: SiftType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// `T?`, without making `T??` out of an optional (Swift's optional chaining flattens).
    public var optionalFlattened: SiftType { isOptional || isError ? self : .optional(self) }

    public var isNumeric: Bool {
        switch self {
        case .integer, .double, .float: true
        default: false
        }
    }

    public var isInteger: Bool { if case .integer = self { true } else { false } }

    public var isFloatingPoint: Bool {
        switch self {
        case .double, .float: true
        default: false
        }
    }

    /// Whether `<` and friends apply (Swift's `Comparable`).
    public var isComparable: Bool {
        switch self {
        case .integer, .double, .float, .string, .date: true
        case .error: true
        default: false
        }
    }

    /// Whether `==` applies (Swift's `Equatable`, as #Predicate supports it).
    public var isEquatable: Bool {
        switch self {
        case .model, .range, .nilLiteral: false
        case .optional(let wrapped): wrapped.isEquatable
        case .array(let element): element.isEquatable
        default: true
        }
    }

    /// The element type of a sequence (`[T]` or a range of `T`).
    public var sequenceElement: SiftType? {
        switch self {
        case .array(let element): element
        case .range(let bound, _): bound
        default: nil
        }
    }
}
