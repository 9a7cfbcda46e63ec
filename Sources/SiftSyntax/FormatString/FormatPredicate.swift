/// A predicate written in Foundation's format-string language (`NSPredicate(format:)`), parsed.
///
/// Ranges point into the query's source: inside the format string's Swift literal, or at the
/// Swift argument a format specifier stands for. The arguments themselves are Swift expressions
/// of the query's ``SyntaxTree``.
///
/// The meaning is Core Data's on a SQLite store, not Swift's: the type checker makes nodes that
/// say so (see the checker's `store` kinds).
public indirect enum FormatCondition: Sendable, Hashable {
    /// `TRUEPREDICATE`, `FALSEPREDICATE`, `NSPredicate(value:)`.
    case constant(Bool, SourceRange)
    /// `lhs op rhs`, possibly quantified (`ANY interests.title == 'x'`).
    case comparison(FormatComparison)
    /// `a AND b AND c` (`&&`), or `NSCompoundPredicate(andPredicateWithSubpredicates:)`.
    case and([FormatCondition], SourceRange)
    /// `a OR b` (`||`), or `NSCompoundPredicate(orPredicateWithSubpredicates:)`.
    case or([FormatCondition], SourceRange)
    /// `NOT a` (`!`), or `NSCompoundPredicate(notPredicateWithSubpredicate:)`.
    case not(FormatCondition, SourceRange)

    /// Where the condition is written.
    public var range: SourceRange {
        switch self {
        case .constant(_, let range), .and(_, let range), .or(_, let range), .not(_, let range): range
        case .comparison(let comparison): comparison.range
        }
    }
}

/// `ANY` (or `SOME`), `ALL`, `NONE` before a comparison.
public enum FormatQuantifier: String, Sendable, Hashable {
    /// Some element satisfies the comparison.
    case any = "ANY"
    /// Every element does (true for an empty collection).
    case all = "ALL"
    /// No element does (true for an empty collection).
    case none = "NONE"
}

/// The operators of a comparison predicate.
public enum FormatOperator: String, Sendable, Hashable {
    /// `==`, `=`.
    case equal = "=="
    /// `!=`, `<>`.
    case notEqual = "!="
    /// `<`.
    case less = "<"
    /// `<=`, `=<`.
    case lessEqual = "<="
    /// `>`.
    case greater = ">"
    /// `>=`, `=>`.
    case greaterEqual = ">="
    /// `BEGINSWITH`.
    case beginsWith = "BEGINSWITH"
    /// `ENDSWITH`.
    case endsWith = "ENDSWITH"
    /// `CONTAINS`: a substring (a string's) or an element (a collection's).
    case contains = "CONTAINS"
    /// `LIKE`: `*` any characters, `?` one, over the whole string.
    case like = "LIKE"
    /// `MATCHES`: an ICU regular expression matching the whole string.
    case matches = "MATCHES"
    /// `IN`: membership in an aggregate, an array argument, or a substring test.
    case `in` = "IN"
    /// `BETWEEN {lower, upper}`: both bounds included.
    case between = "BETWEEN"

    /// Whether it is one of the string operators that take `[c]`, `[d]`, `[cd]`.
    public var isStringOperator: Bool {
        switch self {
        case .beginsWith, .endsWith, .contains, .like, .matches: true
        default: false
        }
    }
}

/// `[c]`, `[d]`, `[n]` after an operator.
public struct FormatStringOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `c`: case-insensitive.
    public static let caseInsensitive = FormatStringOptions(rawValue: 1)
    /// `d`: diacritic-insensitive.
    public static let diacriticInsensitive = FormatStringOptions(rawValue: 2)
    /// `n`: the text is known to be normalized (a hint; it changes no answer).
    public static let normalized = FormatStringOptions(rawValue: 4)

    /// As written after an operator: `[cd]`, or empty.
    public var written: String {
        var letters = ""
        if contains(.caseInsensitive) { letters += "c" }
        if contains(.diacriticInsensitive) { letters += "d" }
        if contains(.normalized) { letters += "n" }
        return letters.isEmpty ? "" : "[\(letters)]"
    }
}

/// A comparison predicate: `[quantifier] lhs op[options] rhs`.
public struct FormatComparison: Sendable, Hashable {
    /// `ANY`, `ALL`, `NONE`, when written.
    public var quantifier: FormatQuantifier?
    /// Where the quantifier is written.
    public var quantifierRange: SourceRange?
    /// The left operand.
    public var lhs: FormatExpression
    /// The operator.
    public var op: FormatOperator
    /// Where the operator (with its options) is written.
    public var operatorRange: SourceRange
    /// `[c]`, `[d]`, `[cd]`, `[n]`.
    public var options: FormatStringOptions
    /// The right operand.
    public var rhs: FormatExpression
    /// The whole comparison.
    public var range: SourceRange

    /// A comparison of these parts.
    public init(
        quantifier: FormatQuantifier?, quantifierRange: SourceRange?, lhs: FormatExpression, op: FormatOperator,
        operatorRange: SourceRange, options: FormatStringOptions, rhs: FormatExpression, range: SourceRange
    ) {
        self.quantifier = quantifier
        self.quantifierRange = quantifierRange
        self.lhs = lhs
        self.op = op
        self.operatorRange = operatorRange
        self.options = options
        self.rhs = rhs
        self.range = range
    }
}

/// A format specifier: `%@`, `%K`, `%d` (`%i`, `%ld`, ...), `%f`.
public enum FormatSpecifier: String, Sendable, Hashable {
    /// `%@`: any object (a string, a number, a date, an array, nil).
    case object = "%@"
    /// `%K`: a key path, given as a string.
    case key = "%K"
    /// `%d`, `%i`, `%ld`, `%lld`, `%u`, `%lu`: an integer.
    case integer = "%d"
    /// `%f`, `%lf`, `%g`, `%e`: a floating-point number.
    case real = "%f"
}

/// A format specifier and the Swift argument it stands for.
public struct FormatArgument: Sendable, Hashable {
    /// Which specifier.
    public var specifier: FormatSpecifier
    /// The specifier as written (`%ld`).
    public var written: String
    /// The argument's position (0 for the first argument after the format).
    public var position: Int
    /// The Swift expression passed for it (a node of the query's syntax tree).
    public var value: Expr

    /// A specifier bound to its argument.
    public init(specifier: FormatSpecifier, written: String, position: Int, value: Expr) {
        self.specifier = specifier
        self.written = written
        self.position = position
        self.value = value
    }
}

/// `@count`, `@sum`, `@avg`, `@min`, `@max` in a key path.
public enum FormatCollectionOperator: String, Sendable, Hashable, CaseIterable {
    /// `@count`: the number of elements.
    case count
    /// `@sum`: the sum of the elements' values.
    case sum
    /// `@avg`: their mean.
    case avg
    /// `@min`: the least.
    case min
    /// `@max`: the greatest.
    case max
}

/// A key path of a format string: `company.name`, `$x.title`, `SELF`, `interests.@count`.
public struct FormatKeyPath: Sendable, Hashable {
    /// `$x` when the path starts at a variable (a `SUBQUERY`'s), else nil (the object filtered).
    public var variable: Identifier?
    /// The names after the root, in order; a collection operator is spelled `@count`.
    public var components: [Identifier]
    /// Where the whole path is written.
    public var range: SourceRange

    /// A key path.
    public init(variable: Identifier?, components: [Identifier], range: SourceRange) {
        self.variable = variable
        self.components = components
        self.range = range
    }
}

/// An expression of a format string: an operand of a comparison.
public struct FormatExpression: Sendable, Hashable {
    /// What it is.
    public indirect enum Kind: Sendable, Hashable {
        /// `name`, `company.name`, `SELF`, `$x.title`, `interests.@count`; from `%K` too.
        case keyPath(FormatKeyPath)
        /// `'text'` or `"text"`.
        case string(String)
        /// `42`, `0x2A`.
        case integer(Int64)
        /// `1.5`, `2e3`.
        case real(Double)
        /// `TRUE`, `YES`, `FALSE`, `NO`.
        case bool(Bool)
        /// `NULL`, `NIL`.
        case null
        /// `%@`, `%d`, `%f` and the Swift argument given for it.
        case argument(FormatArgument)
        /// `$name`: a substitution variable, a named parameter of the query.
        case variable(String)
        /// `{a, b, c}`.
        case aggregate([FormatExpression])
        /// `SUBQUERY(collection, $x, predicate)`: the elements of `collection` that satisfy `predicate`.
        case subquery(collection: FormatExpression, variable: Identifier, predicate: FormatCondition)
        /// `CAST(value, "NSDate")` and friends: a value read as another type.
        case cast(FormatExpression, typeName: String)
        /// `collection[n]`, `[FIRST]`, `[LAST]`, `[SIZE]` (SIZE: -1).
        case index(FormatExpression, FormatIndex)
    }

    /// What it is.
    public var kind: Kind
    /// Where it is written.
    public var range: SourceRange

    /// An expression of `kind` written at `range`.
    public init(_ kind: Kind, at range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A subscript of a collection in a format string.
public enum FormatIndex: Sendable, Hashable {
    /// `[n]`.
    case position(Int64)
    /// `[FIRST]`.
    case first
    /// `[LAST]`.
    case last
    /// `[SIZE]`: the number of elements.
    case size
}

/// A parsed `NSPredicate` with where it was written: the filter of a Core Data query.
public struct FormatFilter: Sendable, Hashable {
    /// The condition.
    public var condition: FormatCondition
    /// The names of the substitution variables (`$name`), in order of first use.
    public var variables: [String]
    /// Where the whole predicate is written (the `NSPredicate(...)` call, or the format string).
    public var range: SourceRange

    /// A filter.
    public init(condition: FormatCondition, variables: [String] = [], range: SourceRange) {
        self.condition = condition
        self.variables = variables
        self.range = range
    }
}

extension FormatCondition {
    /// The number of levels of conditions and operands (the parser bounds it, so measuring it
    /// by recursion is safe): the checker moves tall ones to a large stack.
    public var height: Int {
        switch self {
        case .constant: 1
        case .comparison(let comparison): 1 + max(comparison.lhs.height, comparison.rhs.height)
        case .and(let operands, _), .or(let operands, _): 1 + (operands.map(\.height).max() ?? 0)
        case .not(let inner, _): 1 + inner.height
        }
    }
}

extension FormatExpression {
    /// The number of levels of the expression (a subquery's predicate included).
    public var height: Int {
        switch kind {
        case .keyPath, .string, .integer, .real, .bool, .null, .argument, .variable: 1
        case .aggregate(let elements): 1 + (elements.map(\.height).max() ?? 0)
        case .subquery(let collection, _, let predicate): 1 + max(collection.height, predicate.height)
        case .cast(let inner, _), .index(let inner, _): 1 + inner.height
        }
    }
}
