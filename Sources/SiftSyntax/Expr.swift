/// A name as written in the source, with its range.
public struct Identifier: Sendable, Hashable, CustomStringConvertible {
    /// The name without back-quotes.
    public var name: String
    /// Where the name is in the source (back-quotes included).
    public var range: SourceRange

    /// A name and where it is.
    public init(_ name: String, at range: SourceRange) {
        self.name = name
        self.range = range
    }

    public var description: String { name }
}

/// An expression of the predicate language: its node in the ``SyntaxTree`` of the text it was
/// parsed from, and its source range. Read the node with `tree[expr]`.
///
/// Two expressions are equal when they name the same node (index and range): compare the trees
/// themselves (``SyntaxTree`` is `Equatable` by its nodes) to compare what two texts parse to.
///
/// The tree is what the user wrote: parentheses are kept (``ExprKind/paren(_:)``), and names
/// are not yet resolved (the type checker decides whether `age` is a member, a closure parameter
/// or a free identifier that becomes a named parameter).
public struct Expr: Sendable, Hashable {
    /// Where the node is in its tree's ``SyntaxTree/kinds``.
    public let index: Int32
    /// Where the expression is in the source.
    public var range: SourceRange

    init(index: Int32, range: SourceRange) {
        self.index = index
        self.range = range
    }
}

/// The kinds of expression. A child is an ``Expr``: an index into the same ``SyntaxTree``.
public enum ExprKind: Sendable, Hashable {
    /// `42`, `0x2A`, `1_000`: the digits as written (without `_`) and the radix. The type checker
    /// gives the literal its type from context and reports overflow.
    case integerLiteral(IntegerLiteral)
    /// `1.5`, `2e10`: the text as written (without `_`).
    case floatLiteral(FloatLiteral)
    /// A string literal, with escapes decoded.
    case stringLiteral(String)
    /// `true` or `false`.
    case booleanLiteral(Bool)
    /// `nil`.
    case nilLiteral
    /// `["a", "b"]`.
    case arrayLiteral([Expr])
    /// A plain name: a closure parameter, a member (in the concise form), a type name such as
    /// `Double`, or a free identifier (a captured variable in Swift) that becomes a named parameter.
    case identifier(Identifier)
    /// `$0`, `$1`.
    case anonymousParameter(Int)
    /// `.reverse`, `.high`: a member of a type known from context.
    case implicitMember(Identifier)
    /// `\User.name`, `\.company?.name`.
    case keyPath(KeyPath)
    /// `base.name`.
    case member(Expr, Identifier)
    /// `base?` inside an optional chain: `$0.company?.name` is
    /// `optionalChain(member(bindOptional(member($0, company)), name))`, as in Swift's own tree.
    case bindOptional(Expr)
    /// The whole postfix chain that contains a ``bindOptional(_:)``; its value is optional.
    case optionalChain(Expr)
    /// `base!`.
    case forceUnwrap(Expr)
    /// `callee(arguments) { trailing closure }`. (Boxed, as the macro expansion: the largest
    /// payloads, kept out of every node's size.)
    indirect case call(Call)
    /// `base[arguments]`.
    case subscriptAccess(Expr, [Argument])
    /// `{ $0.age > 20 }` or `{ user in user.age > 20 }`.
    case closure(Closure)
    /// `#Predicate<User> { ... }`.
    indirect case macroExpansion(MacroExpansion)
    /// `!x`, `-x`.
    case prefix(PrefixExpr)
    /// `a + b`, `a == b`, `a ?? b`, `a ..< b`, ...
    case binary(BinaryExpr)
    /// A chain of `&&` or of `||`, flattened: `a && b && c` has three operands.
    case logical(LogicalExpr)
    /// `condition ? a : b`.
    case ternary(condition: Expr, then: Expr, else: Expr)
    /// `if let c = $0.company { c.name == "Acme" } else { false }` (Swift's if-expression).
    case ifExpr(IfExpr)
    /// `(expr)`.
    case paren(Expr)
    /// `count(Reminder where remindersListID == list.id)`, `exists(...)` inside an expression of
    /// the concise form: the number of the query's rows, or whether it has one. (Boxed: a query is
    /// a reference and a few words.)
    indirect case measuredQuery(Query)
    /// `(a, b.desc())`: a tuple, read only where a query builder takes one (`.order { ... }`).
    case tuple([Expr])
    /// A place where the parser reported an error and recovered; later phases skip it silently.
    case error
}

/// An integer literal as written.
public struct IntegerLiteral: Sendable, Hashable {
    /// The digits, kept only when the magnitude does not spell them (another radix, leading zeros,
    /// a value beyond `UInt64`): a decimal literal such as `20` is its magnitude alone, and making
    /// a string of its digits for every literal would be an allocation each. (First: so placed, the
    /// literal takes no more room than when it held its digits.)
    private let writtenDigits: String?
    /// 10, 16, 8 or 2.
    public let radix: Int
    /// The value, or `nil` when it does not fit in a `UInt64` magnitude.
    public let magnitude: UInt64?

    /// The digits without prefix and without `_` separators (`"2A"` for `0x2A`).
    public var digits: String { writtenDigits ?? magnitude.map { String($0) } ?? "" }

    /// A literal of `digits` (no prefix, no `_`) in `radix`.
    public init(digits: String, radix: Int) {
        let magnitude = UInt64(digits, radix: radix)
        let canonical = radix == 10 && magnitude.map { String($0) == digits } == true
        self.init(writtenDigits: canonical ? nil : digits, radix: radix, magnitude: magnitude)
    }

    /// A literal whose magnitude the parser computed while it checked the digits; `writtenDigits`
    /// is nil exactly when they are the magnitude's decimal spelling.
    init(writtenDigits: String?, radix: Int, magnitude: UInt64?) {
        self.writtenDigits = writtenDigits
        self.radix = radix
        self.magnitude = magnitude
    }
}

/// A floating-point literal as written.
public struct FloatLiteral: Sendable, Hashable {
    /// The text without `_` separators, e.g. `"1.5e3"` or `"0x1p4"`.
    public var text: String

    /// A literal written `text` (without `_` separators).
    public init(text: String) { self.text = text }

    /// The value, as Swift would read the literal.
    public var value: Double? { Self.shortDecimalValue(text) ?? Double(text) }

    /// The value of a short decimal such as `99.8` or `50.0` (digits, a point, digits; at most 15
    /// digits in all), without the general conversion (several times slower): its digits as an
    /// integer below 2^53 and its power of ten (at most 10^15) are both exact doubles, so the one
    /// division is correctly rounded, as the general conversion is. nil for any other literal.
    static func shortDecimalValue(_ text: String) -> Double? {
        var digits: UInt64 = 0
        var count = 0
        var fractionDigits = -1
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits = digits * 10 + UInt64(byte - UInt8(ascii: "0"))
                count += 1
                if count > 15 { return nil }
                if fractionDigits >= 0 { fractionDigits += 1 }
            case UInt8(ascii: ".") where fractionDigits < 0:
                fractionDigits = 0
            default:
                return nil
            }
        }
        guard count > 0, fractionDigits > 0 else { return nil }
        return Double(digits) / powersOfTen[fractionDigits]
    }

    /// 10^0 ... 10^15, each exact in a Double.
    private static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { product, _ in product * 10 } }
}

/// `\Root.a?.b` or `\.a.b`.
public struct KeyPath: Sendable, Hashable {
    /// The root type, when written (`User` in `\User.name`).
    public var root: TypeSyntax?
    /// The `.name` components, in order.
    public var components: [KeyPathComponent]
    /// From `\` to the end of the last component.
    public var range: SourceRange

    /// A key path of `components` from `root`.
    public init(root: TypeSyntax?, components: [KeyPathComponent], range: SourceRange) {
        self.root = root
        self.components = components
        self.range = range
    }
}

/// One `.name` of a key path, possibly followed by `?` or `!`.
public struct KeyPathComponent: Sendable, Hashable {
    /// The member's name.
    public var name: Identifier
    /// Followed by `?` (`\.company?.name`).
    public var isOptionalChained: Bool
    /// Followed by `!`.
    public var isForceUnwrapped: Bool

    /// A component naming `name`, with `?` or `!` after it.
    public init(name: Identifier, isOptionalChained: Bool = false, isForceUnwrapped: Bool = false) {
        self.name = name
        self.isOptionalChained = isOptionalChained
        self.isForceUnwrapped = isForceUnwrapped
    }
}

/// One argument of a call: `label: value` or just `value`.
public struct Argument: Sendable, Hashable {
    /// The label, for `label: value`.
    public var label: Identifier?
    /// The argument's value.
    public var value: Expr
    /// From the label (or value) to the end of the value.
    public var range: SourceRange

    /// An argument, labelled or not.
    public init(label: Identifier?, value: Expr, range: SourceRange) {
        self.label = label
        self.value = value
        self.range = range
    }
}

/// A call: `x.contains("k")`, `x.contains { ... }`, `Double($0.age)`.
public struct Call: Sendable, Hashable {
    /// What is called: a member such as `x.contains`, or a type such as `Double`.
    public var callee: Expr
    /// The arguments in parentheses (empty for `x.contains { ... }` without parentheses).
    public var arguments: [Argument]
    /// From `(` to `)`, when the call has parentheses.
    public var argumentListRange: SourceRange?
    /// A closure written after the call: `x.contains { $0.title == "a" }`.
    public var trailingClosure: Closure?

    /// A call of `callee` with its arguments and trailing closure.
    public init(callee: Expr, arguments: [Argument], argumentListRange: SourceRange?, trailingClosure: Closure?) {
        self.callee = callee
        self.arguments = arguments
        self.argumentListRange = argumentListRange
        self.trailingClosure = trailingClosure
    }
}

/// A closure: `{ $0.age > 20 }`, `{ user in user.age > 20 }`, `{ (u: User) in return u.age > 20 }`.
public struct Closure: Sendable, Hashable {
    /// The named parameters, or `nil` for a closure that uses `$0`, `$1`.
    public var parameters: [ClosureParameter]?
    /// The single expression the closure returns.
    public var body: Expr
    /// The body was written `return expr`.
    public var hasReturn: Bool
    /// From `{` to `}`.
    public var range: SourceRange

    /// A closure with `parameters` (nil for `$0`-style) returning `body`.
    public init(parameters: [ClosureParameter]?, body: Expr, hasReturn: Bool, range: SourceRange) {
        self.parameters = parameters
        self.body = body
        self.hasReturn = hasReturn
        self.range = range
    }
}

/// A named closure parameter, with an optional type annotation.
public struct ClosureParameter: Sendable, Hashable {
    /// The parameter's name.
    public var name: Identifier
    /// The type annotation, when written (`(u: User) in`).
    public var type: TypeSyntax?

    /// A parameter named `name`, of type `type` when annotated.
    public init(name: Identifier, type: TypeSyntax?) {
        self.name = name
        self.type = type
    }
}

/// `#Name<Generic>(arguments) { trailing closure }`, e.g. `#Predicate<User> { $0.age > 20 }`.
public struct MacroExpansion: Sendable, Hashable {
    /// The macro's name, without `#` (`Predicate`).
    public var name: Identifier
    /// The generic arguments (`User` in `#Predicate<User>`).
    public var genericArguments: [TypeSyntax]
    /// The arguments in parentheses.
    public var arguments: [Argument]
    /// The closure written after the expansion.
    public var trailingClosure: Closure?

    /// An expansion of macro `name`.
    public init(name: Identifier, genericArguments: [TypeSyntax], arguments: [Argument], trailingClosure: Closure?) {
        self.name = name
        self.genericArguments = genericArguments
        self.arguments = arguments
        self.trailingClosure = trailingClosure
    }
}

/// The prefix operators.
public enum PrefixOperator: String, Sendable, Hashable, CaseIterable {
    /// `!x`: logical not.
    case not = "!"
    /// `-x`: negation.
    case negate = "-"
    /// `~x`: an integer's bits inverted (read inside a query builder's closures only).
    case bitwiseNot = "~"
}

/// `!x`, `-x`.
public struct PrefixExpr: Sendable, Hashable {
    /// The operator.
    public var op: PrefixOperator
    /// Where the operator is.
    public var operatorRange: SourceRange
    /// The expression the operator applies to.
    public var operand: Expr

    /// `op` applied to `operand`.
    public init(op: PrefixOperator, operatorRange: SourceRange, operand: Expr) {
        self.op = op
        self.operatorRange = operatorRange
        self.operand = operand
    }
}

/// The binary operators other than `&&` and `||`, by Swift precedence group.
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
    // ComparisonPrecedence (non-associative)
    /// `==`
    case equal = "=="
    /// `!=`
    case notEqual = "!="
    /// `<`
    case less = "<"
    /// `<=`
    case lessEqual = "<="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterEqual = ">="
    // NilCoalescingPrecedence (right-associative)
    /// `??`
    case nilCoalescing = "??"
    // RangeFormationPrecedence (non-associative)
    /// `...`
    case closedRange = "..."
    /// `..<`
    case halfOpenRange = "..<"
    // AdditionPrecedence (left-associative)
    /// `+`
    case add = "+"
    /// `-`
    case subtract = "-"
    // MultiplicationPrecedence (left-associative)
    /// `*`
    case multiply = "*"
    /// `/`
    case divide = "/"
    /// `%`
    case remainder = "%"
    // Read inside a query builder's closures only (StructuredQueries' operators on integers);
    // elsewhere `&` and `|` are reported as misspellings of `&&` and `||`.
    /// `&` (MultiplicationPrecedence)
    case bitwiseAnd = "&"
    /// `|` (AdditionPrecedence)
    case bitwiseOr = "|"
    /// `<<` (BitwiseShiftPrecedence)
    case shiftLeft = "<<"
    /// `>>` (BitwiseShiftPrecedence)
    case shiftRight = ">>"
}

/// `lhs op rhs`.
public struct BinaryExpr: Sendable, Hashable {
    /// The operator.
    public var op: BinaryOperator
    /// Where the operator is.
    public var operatorRange: SourceRange
    /// The left operand.
    public var lhs: Expr
    /// The right operand.
    public var rhs: Expr

    /// `lhs op rhs`.
    public init(op: BinaryOperator, operatorRange: SourceRange, lhs: Expr, rhs: Expr) {
        self.op = op
        self.operatorRange = operatorRange
        self.lhs = lhs
        self.rhs = rhs
    }
}

/// `&&` and `||`.
public enum LogicalOperator: String, Sendable, Hashable, CaseIterable {
    /// `&&`
    case and = "&&"
    /// `||`
    case or = "||"
}

/// A flattened chain `a && b && c` (or of `||`), so long chains do not make deep trees.
public struct LogicalExpr: Sendable, Hashable {
    /// `&&` or `||`.
    public var op: LogicalOperator
    /// Two or more operands, in source order.
    public var operands: [Expr]

    /// A chain of `operands` joined by `op`.
    public init(op: LogicalOperator, operands: [Expr]) {
        self.op = op
        self.operands = operands
    }
}

/// `if conditions { then } else { else }`, Swift's if-expression.
public struct IfExpr: Sendable, Hashable {
    /// The conditions, separated by commas; all must hold.
    public var conditions: [Condition]
    /// The value when the conditions hold.
    public var then: Expr
    /// The else branch; an `else if` is an ``ExprKind/ifExpr(_:)`` here.
    public var elseBranch: Expr

    /// `if conditions { then } else { elseBranch }`.
    public init(conditions: [Condition], then: Expr, elseBranch: Expr) {
        self.conditions = conditions
        self.then = then
        self.elseBranch = elseBranch
    }
}

/// One condition of an `if`: a Boolean expression or an optional binding.
public enum Condition: Sendable, Hashable {
    /// A Boolean expression.
    case expression(Expr)
    /// `let name = value`, or `let name` (shorthand for `let name = name`) when `value` is nil.
    case optionalBinding(name: Identifier, value: Expr?, range: SourceRange)
}

/// A type as written: `User`, `Int?`, `[Interest]`, `Predicate<User>`.
public struct TypeSyntax: Sendable, Hashable {
    /// The shapes of a written type.
    public indirect enum Kind: Sendable, Hashable {
        /// `Name` or `Name<Arguments>`; a qualified name keeps its full dotted spelling
        /// (`RemindersList.ID`, `Foundation.Date`), its range covering all of it.
        case named(Identifier, genericArguments: [TypeSyntax])
        /// `T?`.
        case optional(TypeSyntax)
        /// `T!`.
        case implicitlyUnwrappedOptional(TypeSyntax)
        /// `[T]`.
        case array(TypeSyntax)
        /// `[K: V]`.
        case dictionary(TypeSyntax, TypeSyntax)
    }

    /// The type's shape.
    public var kind: Kind
    /// Where the type is written.
    public var range: SourceRange

    /// A type of shape `kind` written at `range`.
    public init(_ kind: Kind, at range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// A plain name (`User`), where the name's range is the type's.
    public init(named name: Identifier) {
        self.init(.named(name, genericArguments: []), at: name.range)
    }
}
