import Foundation
import SiftSchema

/// The in-memory value of an attribute or of an expression, as Swift would hold it.
///
/// Optionals are flat: a present value is the value itself and `nil` is ``null``. Only a `nil`
/// inside a nested optional (`Optional<Optional<T>>.some(nil)`, from `map` or promotion of an
/// optional) needs ``some(_:)``, so `==` tells `.some(nil)` from `nil` as Swift does.
///
/// `==` is Swift's for each payload: `String` by canonical equivalence, `Double` by IEEE 754
/// (NaN is unequal to itself), `Date` by time, enum cases by enum and raw value.
public enum Value: Sendable, Hashable {
    /// `nil`.
    case null
    /// A `nil` wrapped in one more optional level (`.some(nil)`); only ever wraps ``null`` or another `some`.
    indirect case some(Value)
    /// A `Bool`.
    case bool(Bool)
    /// Any integer type (the expression's type says which).
    case int(Int64)
    /// An unsigned integer above `Int64.max` (`UInt`, `UInt64`); smaller values are ``int(_:)``.
    case uint(UInt64)
    /// A `Double`, or a `Float` (rounded to `Float` precision).
    case double(Double)
    /// A `String`.
    case string(String)
    /// A `Date`.
    case date(Date)
    /// A `UUID`.
    case uuid(UUID)
    /// A `Data`.
    case data(Data)
    /// A `URL`.
    case url(URL)
    /// A case of a raw-value enum of the schema.
    case enumCase(EnumValue)
    /// Foundation's `ComparisonResult` raw value: -1, 0 or 1.
    case comparisonResult(Int)
    /// An object of a model.
    case object(ObjectReference)
    /// A sequence of objects: a to-many relationship or a filtered one.
    case objects([ObjectReference])
    /// An array of values (an array literal or parameter, or a filtered one).
    case array([Value])
    /// `lower...upper` (closed) or `lower..<upper`.
    indirect case range(lower: Value, upper: Value, closed: Bool)

    /// The integer `value` if it fits `Int64` or `UInt64`, in canonical form.
    public static func integer(_ value: Int128) -> Value? {
        if let small = Int64(exactly: value) { return .int(small) }
        if let large = UInt64(exactly: value) { return .uint(large) }
        return nil
    }

    /// Whether this is `nil` (at the outermost level).
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The integer payload widened, for ``int(_:)`` and ``uint(_:)``.
    public var integerValue: Int128? {
        switch self {
        case .int(let value): Int128(value)
        case .uint(let value): Int128(value)
        default: nil
        }
    }

    /// The `Bool`, if it is one.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
}

/// A case of a raw-value enum: equal to another when the enum and the raw value are the same.
public struct EnumValue: Sendable, Hashable, CustomStringConvertible {
    /// The enum's name.
    public var enumName: String
    /// The case's name.
    public var caseName: String
    /// The stored raw value.
    public var rawValue: EnumType.RawValue

    /// A case of enum `enumName`.
    public init(enumName: String, caseName: String, rawValue: EnumType.RawValue) {
        self.enumName = enumName
        self.caseName = caseName
        self.rawValue = rawValue
    }

    public static func == (lhs: EnumValue, rhs: EnumValue) -> Bool {
        lhs.enumName == rhs.enumName && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(enumName)
        hasher.combine(rawValue)
    }

    public var description: String { ".\(caseName)" }
}

extension Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}

extension Value: CustomStringConvertible {
    /// Swift-like spelling: `nil`, `42`, `"text"`, `.high`, `[1, 2]`.
    public var description: String {
        switch self {
        case .null: "nil"
        case .some(let inner): "Optional(\(inner))"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .uint(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): String(reflecting: value)
        case .date(let value): "Date(\(value.timeIntervalSinceReferenceDate))"
        case .uuid(let value): value.uuidString
        case .data(let value): "Data(\(value.count) bytes)"
        case .url(let value): value.absoluteString
        case .enumCase(let value): value.description
        case .comparisonResult(let value):
            value < 0 ? ".orderedAscending" : value == 0 ? ".orderedSame" : ".orderedDescending"
        case .object(let reference): reference.description
        case .objects(let references): "[" + references.map(\.description).joined(separator: ", ") + "]"
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .range(let lower, let upper, let closed): "\(lower)\(closed ? "..." : "..<")\(upper)"
        }
    }
}
