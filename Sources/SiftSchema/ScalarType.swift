/// The type of a stored attribute, as Swift sees it (before optionality).
public enum ScalarType: Sendable, Hashable, CustomStringConvertible {
    /// `Bool`.
    case bool
    /// One of Swift's integer types.
    case integer(IntegerKind)
    /// `Double`.
    case double
    /// `Float`.
    case float
    /// `String`.
    case string
    /// Foundation's `Date`.
    case date
    /// Foundation's `UUID`.
    case uuid
    /// Foundation's `Data`.
    case data
    /// Foundation's `URL`.
    case url
    /// A raw-value enum declared in the schema, by name.
    indirect case enumeration(String)  // boxed: the type is then one word, in every attribute

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
        case .enumeration(let name): name
        }
    }

    /// The scalar type named by a Swift type name (`Int`, `Int16`, `Date`, ...), if it is one.
    public init?(swiftName name: String) {
        switch name {
        case "Bool": self = .bool
        case "Double", "CGFloat", "TimeInterval", "Float64": self = .double
        case "Float", "Float32": self = .float
        case "String", "Substring", "Character": self = .string
        case "Date": self = .date
        case "UUID": self = .uuid
        case "Data": self = .data
        case "URL": self = .url
        default:
            guard let kind = IntegerKind(rawValue: name) else { return nil }
            self = .integer(kind)
        }
    }

    /// Whether values of this type can be ordered (`<`) and sorted.
    public var isComparable: Bool {
        switch self {
        case .bool, .uuid, .data, .url: false
        case .integer, .double, .float, .string, .date: true
        case .enumeration: false
        }
    }
}

/// Swift's integer types. They are distinct types: an `Int16` does not mix with an `Int`.
public enum IntegerKind: String, Sendable, Hashable, CaseIterable {
    /// `Int`
    case int = "Int"
    /// `Int8`
    case int8 = "Int8"
    /// `Int16`
    case int16 = "Int16"
    /// `Int32`
    case int32 = "Int32"
    /// `Int64`
    case int64 = "Int64"
    /// `UInt`
    case uint = "UInt"
    /// `UInt8`
    case uint8 = "UInt8"
    /// `UInt16`
    case uint16 = "UInt16"
    /// `UInt32`
    case uint32 = "UInt32"
    /// `UInt64`
    case uint64 = "UInt64"

    /// The smallest and largest values, as Int64/UInt64 magnitudes allow.
    public var isSigned: Bool {
        switch self {
        case .int, .int8, .int16, .int32, .int64: true
        case .uint, .uint8, .uint16, .uint32, .uint64: false
        }
    }

    /// The number of bits (64 for `Int` and `UInt`).
    public var bitWidth: Int {
        switch self {
        case .int, .int64, .uint, .uint64: 64
        case .int32, .uint32: 32
        case .int16, .uint16: 16
        case .int8, .uint8: 8
        }
    }

    /// Whether a value fits this type.
    public func contains(_ value: Int64) -> Bool {
        if isSigned {
            if bitWidth == 64 { return true }
            let limit = Int64(1) << (bitWidth - 1)
            return value >= -limit && value < limit
        }
        if value < 0 { return false }
        if bitWidth == 64 { return true }
        return value < (Int64(1) << bitWidth)
    }
}
