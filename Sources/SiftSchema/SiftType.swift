/// The type of a checked expression, following Swift's type system for the values a predicate uses.
///
/// A plain value of eight bytes, with no reference in it: copying or destroying a type costs
/// nothing, and a typed node holding one is as cheap to copy as its other fields (a recursive
/// enum would box its composite cases: a retain at every copy, a release at every destroy). The
/// bits hold a base type (a scalar, or a model or enum by its interned ``TypeName``) and up to ten
/// wrappers around it (optional, array, range);
/// deeper types keep their inner part in a process-wide table, so any depth is one value still.
///
/// Match on ``kind``, which has a case per type constructor: `switch type.kind { case
/// .optional(let wrapped): ... }`. The constructors keep the spelling of the cases:
/// `.optional(.string)`, `.model(name)`, `.array(element)`.
public struct SiftType: Sendable, Hashable, CustomStringConvertible, BitwiseCopyable {
    /// The fields ``Layout`` names: the base (``Base``), its name or deep-table index, the number
    /// of wrappers, and the wrappers, two bits each, innermost first.
    @usableFromInline let bits: UInt64

    @inlinable init(bits: UInt64) { self.bits = bits }

    /// What a type is, one constructor at a time: the view to match on.
    public enum Kind: Sendable, Hashable {
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
        /// A raw-value enum of the schema.
        case enumeration(TypeName)
        /// An object of a model (a row).
        case model(TypeName)
        /// `T?`.
        case optional(SiftType)
        /// A sequence: a to-many relationship, an array literal or parameter, the result of `filter`.
        case array(SiftType)
        /// `ClosedRange<T>` (`a...b`) or `Range<T>` (`a..<b`).
        case range(SiftType, closed: Bool)
        /// Foundation's `ComparisonResult`, from `caseInsensitiveCompare` and friends.
        case comparisonResult
        /// The type of `nil` before context gives it one.
        case nilLiteral
        /// The type of an expression that already has an error; it matches anything silently.
        case error
    }

    /// `Bool`.
    @inlinable public static var bool: SiftType { SiftType(bits: Base.bool.rawValue) }
    /// An integer type.
    @inlinable public static func integer(_ kind: IntegerKind) -> SiftType { SiftType(bits: Base.integer(kind)) }
    /// `Double`.
    @inlinable public static var double: SiftType { SiftType(bits: Base.double.rawValue) }
    /// `Float`.
    @inlinable public static var float: SiftType { SiftType(bits: Base.float.rawValue) }
    /// `String`.
    @inlinable public static var string: SiftType { SiftType(bits: Base.string.rawValue) }
    /// `Date`.
    @inlinable public static var date: SiftType { SiftType(bits: Base.date.rawValue) }
    /// `UUID`.
    @inlinable public static var uuid: SiftType { SiftType(bits: Base.uuid.rawValue) }
    /// `Data`.
    @inlinable public static var data: SiftType { SiftType(bits: Base.data.rawValue) }
    /// `URL`.
    @inlinable public static var url: SiftType { SiftType(bits: Base.url.rawValue) }
    /// A raw-value enum of the schema.
    public static func enumeration(_ name: TypeName) -> SiftType {
        name.isRepresentable ? SiftType(base: .enumeration, payload: name.id) : .error
    }
    /// A raw-value enum of the schema, by name (interned: prefer the schema's type, made once).
    public static func enumeration(_ name: String) -> SiftType { .enumeration(TypeName(name)) }
    /// An object of a model (a row).
    public static func model(_ name: TypeName) -> SiftType {
        name.isRepresentable ? SiftType(base: .model, payload: name.id) : .error
    }
    /// An object of a model, by name (interned: prefer ``Model/type``, made once with the model).
    public static func model(_ name: String) -> SiftType { .model(TypeName(name)) }
    /// `wrapped?`.
    @inlinable public static func optional(_ wrapped: SiftType) -> SiftType { wrapped.wrapped(in: Wrapper.optional) }
    /// `[element]`.
    @inlinable public static func array(_ element: SiftType) -> SiftType { element.wrapped(in: Wrapper.array) }
    /// `ClosedRange<bound>` when `closed`, else `Range<bound>`.
    @inlinable public static func range(_ bound: SiftType, closed: Bool) -> SiftType {
        bound.wrapped(in: closed ? Wrapper.closedRange : Wrapper.halfOpenRange)
    }
    /// Foundation's `ComparisonResult`.
    @inlinable public static var comparisonResult: SiftType { SiftType(bits: Base.comparisonResult.rawValue) }
    /// The type of `nil` before context gives it one.
    @inlinable public static var nilLiteral: SiftType { SiftType(bits: Base.nilLiteral.rawValue) }
    /// The type of an expression that had an error: it matches anything, so one error is reported once.
    @inlinable public static var error: SiftType { SiftType(bits: Base.error.rawValue) }

    /// `Int`.
    @inlinable public static var int: SiftType { .integer(.int) }

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

    // Always inlined: at a `switch` the decoding folds into the cases matched, where a call would
    // decode the whole type at every `switch`.
    /// The outermost constructor of the type.
    @inlinable @inline(__always) public var kind: Kind {
        let count = wrapperCount
        if count > 0 {
            let shift = Layout.wrapperShift(count - 1)
            let inner = SiftType(
                bits: bits & ~(Layout.wrapperMask << shift) & ~(Layout.countMask << Layout.countShift)
                    | (count - 1) << Layout.countShift)
            return Self.kind(wrapper: (bits >> shift) & Layout.wrapperMask, around: inner)
        }
        let payload = self.payload
        switch bits & Layout.baseMask {
        case Base.bool.rawValue: return .bool
        case Base.double.rawValue: return .double
        case Base.float.rawValue: return .float
        case Base.string.rawValue: return .string
        case Base.date.rawValue: return .date
        case Base.uuid.rawValue: return .uuid
        case Base.data.rawValue: return .data
        case Base.url.rawValue: return .url
        case Base.enumeration.rawValue: return .enumeration(TypeName(id: payload))
        case Base.model.rawValue: return .model(TypeName(id: payload))
        case Base.comparisonResult.rawValue: return .comparisonResult
        case Base.nilLiteral.rawValue: return .nilLiteral
        case Base.error.rawValue: return .error
        case Base.deep.rawValue: return Self.deepKind(payload)
        case let code:
            assert(code >= Base.firstInteger && code < Base.double.rawValue, "no base has the code \(code)")
            return .integer(Base.integerKind(code))
        }
    }

    public var description: String {
        switch kind {
        case .bool: "Bool"
        case .integer(let kind): kind.rawValue
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .date: "Date"
        case .uuid: "UUID"
        case .data: "Data"
        case .url: "URL"
        case .enumeration(let name), .model(let name): name.string
        case .optional(let wrapped):
            switch wrapped.kind {
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

    /// Whether it is `T?`.
    @inlinable public var isOptional: Bool {
        let count = wrapperCount
        if count > 0 { return (bits >> Layout.wrapperShift(count - 1)) & Layout.wrapperMask == Wrapper.optional }
        return bits & Layout.baseMask == Base.deep.rawValue && Self.deepWrapper(payload) == Wrapper.optional
    }

    @inlinable public static func == (lhs: SiftType, rhs: SiftType) -> Bool { lhs.bits == rhs.bits }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(bits) }

    /// `self == .error`.
    @inlinable public var isError: Bool { self == .error }
    /// `self == .nilLiteral`.
    @inlinable public var isNilLiteral: Bool { self == .nilLiteral }
    /// `self == .bool`.
    @inlinable public var isBool: Bool { self == .bool }
    /// `self == .string`.
    @inlinable public var isString: Bool { self == .string }

    /// The type inside any number of optionals.
    public var unwrapped: SiftType {
        var type = self
        while case .optional(let wrapped) = type.kind { type = wrapped }
        return type
    }

    /// The type with one level of optional removed, if optional.
    public var wrappedIfOptional: SiftType {
        if case .optional(let wrapped) = kind { return wrapped }
        return self
    }

    /// `T?`, without making `T??` out of an optional (Swift's optional chaining flattens).
    public var optionalFlattened: SiftType { isOptional || isError ? self : .optional(self) }

    /// Whether it is an integer or floating-point type.
    public var isNumeric: Bool {
        switch kind {
        case .integer, .double, .float: true
        default: false
        }
    }

    /// Whether it is one of the integer types.
    @inlinable public var isInteger: Bool { bits >= Base.firstInteger && bits < Base.double.rawValue }

    /// Which integer type the type is, if it is one.
    @inlinable public var integerKind: IntegerKind? { isInteger ? Base.integerKind(bits) : nil }

    /// Whether it is `Double` or `Float`.
    public var isFloatingPoint: Bool { self == .double || self == .float }

    /// Whether `<` and friends apply (Swift's `Comparable`).
    public var isComparable: Bool {
        switch kind {
        case .integer, .double, .float, .string, .date: true
        case .error: true
        default: false
        }
    }

    /// Whether `==` applies (Swift's `Equatable`, as #Predicate supports it).
    public var isEquatable: Bool {
        switch kind {
        case .model, .range, .nilLiteral: false
        case .optional(let wrapped): wrapped.isEquatable
        case .array(let element): element.isEquatable
        default: true
        }
    }

    /// The element type of a sequence (`[T]` or a range of `T`).
    public var sequenceElement: SiftType? {
        switch kind {
        case .array(let element): element
        case .range(let bound, _): bound
        default: nil
        }
    }

    // MARK: The packing

    /// Where each field of ``bits`` lies. The fields fill the 64 bits exactly: 8 for the base, 32
    /// for its payload (a ``TypeName`` or a ``DeepTypeTable`` index, both `UInt32`), 4 for the
    /// wrapper count, and two per wrapper for the `maximumInlineWrappers` wrappers above them.
    @usableFromInline enum Layout {
        /// The base's code, ``Base``: bits 0–7.
        @usableFromInline static var baseMask: UInt64 { 0xFF }
        /// The base's payload, a name's or deep-table entry's index: bits 8–39.
        @usableFromInline static var payloadShift: UInt64 { 8 }
        /// The number of wrappers in the bits: bits 40–43.
        @usableFromInline static var countShift: UInt64 { 40 }
        @usableFromInline static var countMask: UInt64 { 0xF }
        /// The wrappers, innermost first: bits 44–63, two each.
        @usableFromInline static var firstWrapperShift: UInt64 { 44 }
        @usableFromInline static var wrapperWidth: UInt64 { 2 }
        @usableFromInline static var wrapperMask: UInt64 { 0b11 }

        /// Where the wrapper at `position` (0 the innermost) starts.
        @inlinable static func wrapperShift(_ position: UInt64) -> UInt64 { firstWrapperShift + wrapperWidth * position }
    }

    /// The base of a type (``Layout/baseMask``): the integer kinds take the codes from `firstInteger` on.
    @usableFromInline enum Base: UInt64 {
        case bool = 0
        case double = 11, float, string, date, uuid, data, url, enumeration, model, comparisonResult, nilLiteral, error
        /// The inner part of a type too deep for the wrapper bits: its payload indexes ``DeepTypeTable``.
        case deep

        @usableFromInline static var firstInteger: UInt64 { 1 }

        @inlinable static func integer(_ kind: IntegerKind) -> UInt64 {
            switch kind {
            case .int: 1
            case .int8: 2
            case .int16: 3
            case .int32: 4
            case .int64: 5
            case .uint: 6
            case .uint8: 7
            case .uint16: 8
            case .uint32: 9
            case .uint64: 10
            }
        }

        /// The integer kind of a base code from `firstInteger` up to `double` (excluded).
        @inlinable static func integerKind(_ code: UInt64) -> IntegerKind {
            switch code {
            case 1: .int
            case 2: .int8
            case 3: .int16
            case 4: .int32
            case 5: .int64
            case 6: .uint
            case 7: .uint8
            case 8: .uint16
            case 9: .uint32
            default: .uint64
            }
        }
    }

    /// The two-bit codes of the wrappers.
    @usableFromInline enum Wrapper {
        @usableFromInline static var optional: UInt64 { 0 }
        @usableFromInline static var array: UInt64 { 1 }
        @usableFromInline static var closedRange: UInt64 { 2 }
        @usableFromInline static var halfOpenRange: UInt64 { 3 }
    }

    /// As many wrappers as fit above ``Layout/firstWrapperShift``.
    @usableFromInline static var maximumInlineWrappers: UInt64 { (64 - Layout.firstWrapperShift) / Layout.wrapperWidth }

    private init(base: Base, payload: UInt32 = 0) {
        bits = base.rawValue | UInt64(payload) << Layout.payloadShift
    }

    @inlinable var wrapperCount: UInt64 { (bits >> Layout.countShift) & Layout.countMask }

    /// The base's payload (meaningful for a model, an enum or a deep type).
    @inlinable var payload: UInt32 { UInt32(truncatingIfNeeded: bits >> Layout.payloadShift) }

    /// The outermost constructor of a type whose inner part is in the table.
    @usableFromInline static func deepKind(_ index: UInt32) -> Kind {
        let (wrapper, inner) = DeepTypeTable.shared.entry(index)
        return kind(wrapper: wrapper, around: inner)
    }

    /// The outermost wrapper of a type whose inner part is in the table.
    @usableFromInline static func deepWrapper(_ index: UInt32) -> UInt64 {
        DeepTypeTable.shared.entry(index).wrapper
    }

    /// The type with one more wrapper outside: in the bits while they have room, else the whole
    /// type becomes a base of its own, in the table.
    @inlinable func wrapped(in wrapper: UInt64) -> SiftType {
        let count = wrapperCount
        if count < Self.maximumInlineWrappers {
            return SiftType(
                bits: bits & ~(Layout.countMask << Layout.countShift) | (count + 1) << Layout.countShift
                    | wrapper << Layout.wrapperShift(count))
        }
        return wrappedDeep(in: wrapper)
    }

    /// The type with one more wrapper outside, when the bits have no room for it: ``error`` when
    /// the table is full and does not have it yet.
    @usableFromInline func wrappedDeep(in wrapper: UInt64) -> SiftType {
        wrappedDeep(in: wrapper, table: .shared)
    }

    func wrappedDeep(in wrapper: UInt64, table: DeepTypeTable) -> SiftType {
        guard let index = table.index(of: wrapper, around: self) else { return .error }
        return SiftType(base: .deep, payload: index)
    }

    @inlinable static func kind(wrapper: UInt64, around inner: SiftType) -> Kind {
        switch wrapper {
        case Wrapper.optional: .optional(inner)
        case Wrapper.array: .array(inner)
        case Wrapper.closedRange: .range(inner, closed: true)
        default: .range(inner, closed: false)
        }
    }
}
