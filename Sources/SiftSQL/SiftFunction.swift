import Foundation

/// The SQL functions Sift registers on every connection, with their Swift implementations.
///
/// SQLite's own `=`, `instr`, `lower` and `LIKE` compare bytes and fold ASCII only; these
/// functions give Swift's answers instead (canonical equivalence, grapheme clusters, full Unicode
/// case folding) and Swift's checked integer arithmetic. Each returns NULL on NULL input, and the
/// arithmetic ones return NULL where Swift would trap (overflow, division by zero): Sift's
/// documented choice is that a row whose predicate traps is not selected.
public enum SiftFunction: String, Sendable, Hashable, CaseIterable {
    /// NFC normalisation, so canonically equivalent strings compare equal.
    case nfc
    /// NFD normalisation (canonical decomposition): how the runtime learns that a column holds
    /// each text in NFC or NFD.
    case nfd
    /// `String.contains(_:)` as `#Predicate` evaluates it: the standard library's search by
    /// characters (grapheme-aware, canonical equivalence, NUL is an ordinary character, an empty
    /// needle is found), not Foundation's `NSString` search.
    case contains
    /// Swift's `hasPrefix`.
    case hasPrefix = "has_prefix"
    /// Swift's `hasSuffix`.
    case hasSuffix = "has_suffix"
    /// Foundation's `localizedStandardContains`: case- and diacritic-insensitive.
    case localizedStandardContains = "localized_standard_contains"
    /// `caseInsensitiveCompare` as -1, 0, 1.
    case caseInsensitiveCompare = "case_insensitive_compare"
    /// `localizedCompare` as -1, 0, 1.
    case localizedCompare = "localized_compare"
    /// `localizedCaseInsensitiveCompare` as -1, 0, 1.
    case localizedCaseInsensitiveCompare = "localized_case_insensitive_compare"
    /// `localizedStandardCompare` as -1, 0, 1.
    case localizedStandardCompare = "localized_standard_compare"
    /// Swift's `lowercased()` (full Unicode).
    case lowercased = "lower"
    /// Swift's `uppercased()` (full Unicode).
    case uppercased = "upper"
    /// Swift's `String.count`: the number of characters (grapheme clusters).
    case length
    /// Checked `Int` arithmetic: NULL where Swift traps.
    case add = "iadd"
    /// Checked `Int` subtraction.
    case subtract = "isub"
    /// Checked `Int` multiplication.
    case multiply = "imul"
    /// Checked `Int` division (NULL for a zero divisor).
    case divide = "idiv"
    /// Checked `Int` remainder (NULL for a zero divisor).
    case remainder = "irem"
    /// Checked `Int` negation.
    case negate = "ineg"
    /// `Double` division as IEEE 754 (±infinity for a zero divisor; SQLite's `/` gives NULL), and
    /// NaN as ``notANumber``.
    case divideReal = "fdiv"
    /// `Double` `+`, `-`, `*` where the result may be NaN (`inf - inf`, `inf * 0`, a NaN operand):
    /// IEEE 754, NaN as ``notANumber`` (SQLite's operators give NULL, or read the marker as 0).
    case addReal = "fadd"
    /// `Double` `-` (see ``addReal``).
    case subtractReal = "fsub"
    /// `Double` `*` (see ``addReal``).
    case multiplyReal = "fmul"
    /// `-x` of a `Double`: IEEE negation (-0.0 of 0.0, which SQL's `0 - x` loses; NaN stays NaN).
    case negateReal = "fneg"
    /// Compares two `Double`s as Swift does: -1, 0 or 1, and 2 when either is NaN (unordered:
    /// every comparison false, `!=` true).
    case compareReal = "fcmp"
    /// `[a, b, ...].max()` / `.min()` of `Double`s any of which may be NaN, as Swift computes it:
    /// the first element, replaced by each later one it is `<` (max) or that is `<` it (min).
    case maximumReal = "fmax"
    /// `[a, b, ...].min()` (see ``maximumReal``).
    case minimumReal = "fmin"
    /// `Int(x)` from a Double: truncation, NULL where Swift traps (NaN, out of range).
    case doubleToInt = "double_to_int"
    /// `Float(x)`: rounds a Double to single precision.
    case toFloat = "to_float"
    /// A sized integer conversion check (`Int8(x)`): the value, or NULL when it does not fit.
    case fitInteger = "fit_integer"
    /// Seconds since 2001-01-01 of a date stored as ISO-8601 text (NULL when it is not one), as
    /// `Date` holds it: dates of different storages are compared in this currency.
    case referenceSeconds = "reference_seconds"
    /// An `NSPredicate` string option applied to a text, as Core Data compares with `[c]`, `[d]`,
    /// `[cd]`: the second argument's bits are 1 (fold case) and 2 (strip diacritics).
    case coreDataFold = "ns_fold"
    /// `BEGINSWITH` of a format string: (text, prefix, option bits); a non-empty prefix of the
    /// bytes (after folding as the options say).
    case coreDataBeginsWith = "ns_begins_with"
    /// `ENDSWITH`: (text, suffix, option bits).
    case coreDataEndsWith = "ns_ends_with"
    /// `CONTAINS` on strings: (text, substring, option bits).
    case coreDataContains = "ns_contains"
    /// `LIKE`: (text, pattern, option bits); `*` any characters, `?` one, `\\` escapes, the
    /// whole string.
    case coreDataLike = "ns_like"
    /// `MATCHES`: (text, ICU regular expression, option bits) over the whole string.
    case coreDataMatches = "ns_matches"
    /// `groupConcat(x, separator: s, sortedBy: k)`: the texts of a JSON array of `[key, text]`
    /// pairs joined with the separator, in Swift's order of the keys, ties by the texts.
    case sortedConcat = "sorted_concat"
    /// A `Double` (second argument 0) or `Float` (1) as JSON number text, exactly as Swift's
    /// `description` writes it (`0.1`, `1e+20`, `-0.0`); NULL for infinity and NaN, which JSON
    /// has no number for. With 2, a `Double` sort key of ``sortedConcat``: infinity too (`inf`,
    /// `-inf`).
    case jsonNumber = "json_number"

    /// The name registered on the connection.
    public var sqlName: String { "sift_" + rawValue }

    /// NaN as Sift carries it through SQL: SQLite stores NaN as NULL (which means nil, or a trap),
    /// so the functions above give and take this BLOB, the bits of a quiet NaN, instead.
    public static let notANumber = SQLValue.blob([0x7F, 0xF8, 0, 0, 0, 0, 0, 0])

    /// A `Double` argument: a REAL, an INTEGER (a REAL column may hold one), or ``notANumber``.
    static func real(_ value: SQLValue) -> Double? {
        switch value {
        case .real(let real): real
        case .integer(let integer): Double(integer)
        case notANumber: .nan
        default: nil
        }
    }

    /// A `Double` result: NaN as ``notANumber``.
    static func realResult(_ value: Double) -> SQLValue { value.isNaN ? notANumber : .real(value) }

    /// The number of arguments (-1: any number).
    public var arity: Int {
        switch self {
        case .nfc, .nfd, .lowercased, .uppercased, .length, .negate, .negateReal, .doubleToInt, .toFloat, .referenceSeconds: 1
        case .maximumReal, .minimumReal: -1  // any number
        case .coreDataBeginsWith, .coreDataEndsWith, .coreDataContains, .coreDataLike, .coreDataMatches, .sortedConcat: 3
        default: 2
        }
    }

    /// Evaluates the function, as the runtime's registered implementation does.
    public func evaluate(_ arguments: [SQLValue]) -> SQLValue {
        if arguments.contains(.null) { return .null }
        switch self {
        case .nfc:
            guard case .text(let text) = arguments[0] else { return arguments[0] }
            return .text(text.precomposedForSift)
        case .nfd:
            guard case .text(let text) = arguments[0] else { return arguments[0] }
            return .text(text.decomposedForSift)
        case .contains, .hasPrefix, .hasSuffix, .localizedStandardContains:
            guard case .text(let haystack) = arguments[0], case .text(let needle) = arguments[1] else { return .null }
            let result: Bool
            switch self {
            case .contains: result = haystack.firstRange(of: needle) != nil  // by Characters; "" is found
            case .hasPrefix: result = haystack.hasPrefix(needle)
            case .hasSuffix: result = haystack.hasSuffix(needle)
            default: result = haystack.localizedStandardContains(needle)
            }
            return .integer(result ? 1 : 0)
        case .caseInsensitiveCompare, .localizedCompare, .localizedCaseInsensitiveCompare, .localizedStandardCompare:
            guard case .text(let lhs) = arguments[0], case .text(let rhs) = arguments[1] else { return .null }
            let order: ComparisonResult
            switch self {
            case .caseInsensitiveCompare: order = lhs.caseInsensitiveCompare(rhs)
            case .localizedCompare: order = lhs.localizedCompare(rhs)
            case .localizedCaseInsensitiveCompare: order = lhs.localizedCaseInsensitiveCompare(rhs)
            default: order = lhs.localizedStandardCompare(rhs)
            }
            return .integer(Int64(order.rawValue))
        case .lowercased, .uppercased:
            guard case .text(let text) = arguments[0] else { return .null }
            return .text(self == .lowercased ? text.lowercased() : text.uppercased())
        case .length:
            guard case .text(let text) = arguments[0] else { return .null }
            return .integer(Int64(text.count))
        case .add, .subtract, .multiply, .divide, .remainder:
            guard case .integer(let lhs) = arguments[0], case .integer(let rhs) = arguments[1] else { return .null }
            let result: (Int64, Bool)
            switch self {
            case .add: result = lhs.addingReportingOverflow(rhs)
            case .subtract: result = lhs.subtractingReportingOverflow(rhs)
            case .multiply: result = lhs.multipliedReportingOverflow(by: rhs)
            case .divide: if rhs == 0 { return .null }; result = lhs.dividedReportingOverflow(by: rhs)
            default: if rhs == 0 { return .null }; result = lhs.remainderReportingOverflow(dividingBy: rhs)
            }
            return result.1 ? .null : .integer(result.0)
        case .negate:
            guard case .integer(let value) = arguments[0], value != .min else { return .null }
            return .integer(-value)
        case .divideReal, .addReal, .subtractReal, .multiplyReal, .compareReal:
            guard let lhs = Self.real(arguments[0]), let rhs = Self.real(arguments[1]) else { return .null }
            switch self {
            case .divideReal: return Self.realResult(lhs / rhs)
            case .addReal: return Self.realResult(lhs + rhs)
            case .subtractReal: return Self.realResult(lhs - rhs)
            case .multiplyReal: return Self.realResult(lhs * rhs)
            default: return .integer(lhs < rhs ? -1 : lhs == rhs ? 0 : lhs > rhs ? 1 : 2)
            }
        case .negateReal:
            guard let value = Self.real(arguments[0]) else { return .null }
            return Self.realResult(-value)
        case .maximumReal, .minimumReal:
            let values = arguments.compactMap(Self.real)
            guard values.count == arguments.count, var result = values.first else { return .null }
            for value in values.dropFirst() where self == .maximumReal ? result < value : value < result { result = value }
            return Self.realResult(result)
        case .doubleToInt:
            let value: Double
            switch arguments[0] {
            case .real(let real): value = real
            case .integer(let integer): return .integer(integer)
            default: return .null
            }
            // Int64's range is [-2^63, 2^63): -2^63 itself converts (Swift's Int(Double) does not trap on it).
            guard value.isFinite, value >= -0x1p63, value < 0x1p63 else { return .null }
            return .integer(Int64(value))
        case .toFloat:
            guard let value = Self.real(arguments[0]) else { return .null }
            return Self.realResult(Double(Float(value)))
        case .coreDataFold:
            guard case .text(let text) = arguments[0], case .integer(let bits) = arguments[1] else { return .null }
            return .text(CoreDataStrings.fold(text, bits: bits))
        case .coreDataBeginsWith, .coreDataEndsWith, .coreDataContains, .coreDataLike, .coreDataMatches:
            guard case .text(let text) = arguments[0], case .text(let other) = arguments[1], case .integer(let bits) = arguments[2] else {
                return .null
            }
            let result: Bool?
            switch self {
            case .coreDataBeginsWith: result = CoreDataStrings.beginsWith(text, other, bits: bits)
            case .coreDataEndsWith: result = CoreDataStrings.endsWith(text, other, bits: bits)
            case .coreDataContains: result = CoreDataStrings.contains(text, other, bits: bits)
            case .coreDataLike: result = CoreDataStrings.like(text, other, bits: bits)
            default: result = CoreDataStrings.matches(text, other, bits: bits)
            }
            return result.map { .integer($0 ? 1 : 0) } ?? .null
        case .referenceSeconds:
            guard case .text(let text) = arguments[0], let seconds = ISODateText.referenceSeconds(text) else { return .null }
            return .real(seconds)
        case .sortedConcat:
            guard case .text(let pairs) = arguments[0], case .text(let separator) = arguments[1], case .integer(let mode) = arguments[2] else {
                return .null
            }
            return SortedConcatenation.evaluate(pairs: pairs, separator: separator, mode: mode)
        case .jsonNumber:
            guard case .integer(let kind) = arguments[1] else { return .null }
            let value: Double
            switch arguments[0] {
            case .real(let real): value = real
            case .integer(let integer): value = Double(integer)
            default: return .null
            }
            if kind == 2 { return value.isNaN ? .null : .text(value.description) }
            return JSONNumberText.text(of: value, isFloat: kind == 1).map(SQLValue.text) ?? .null
        case .fitInteger:
            guard case .integer(let value) = arguments[0], case .integer(let bits) = arguments[1] else { return .null }
            let signed = bits > 0
            // `magnitude`, not `abs`: any SQL may call this function (the loadable extension), and
            // abs(Int64.min) traps.
            let width = bits.magnitude
            if width >= 64 { return signed || value >= 0 ? .integer(value) : .null }
            if signed {
                let limit = Int64(1) << (width - 1)
                return value >= -limit && value < limit ? .integer(value) : .null
            }
            return value >= 0 && value < (Int64(1) << width) ? .integer(value) : .null
        }
    }
}

/// The collations Sift registers for string sort orders other than Swift's `<`.
public struct SiftCollation: Sendable, Hashable {
    /// The string order.
    public var comparator: StringComparatorCollation

    /// The collation of `comparator`.
    public init(_ comparator: StringComparatorCollation) { self.comparator = comparator }

    /// Every collation Sift registers.
    /// (The loadable extension registers them by position: new ones go at the end.)
    public static let all: [SiftCollation] = [.init(.localizedStandard), .init(.localized), .init(.caseInsensitive)]

    /// The collation's name in SQL.
    public var sqlName: String {
        switch comparator {
        case .localizedStandard: "sift_localized_standard"
        case .localized: "sift_localized"
        case .caseInsensitive: "sift_case_insensitive"
        }
    }

    /// Compares two strings as Foundation's `String.StandardComparator` (or `caseInsensitiveCompare`) does.
    public func compare(_ lhs: String, _ rhs: String) -> Int {
        switch comparator {
        case .localizedStandard: lhs.localizedStandardCompare(rhs).rawValue
        case .localized: lhs.localizedCompare(rhs).rawValue
        case .caseInsensitive: CoreDataStrings.caseInsensitiveOrder(lhs, rhs)
        }
    }
}
