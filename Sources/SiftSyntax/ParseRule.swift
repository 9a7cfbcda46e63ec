/// Swift's precedence groups for the operators of the language, lowest first, plus the levels of
/// prefix and postfix operators. The raw value orders them.
enum Precedence: Int, Comparable {
    case none
    /// `?:` (right-associative).
    case ternary
    /// `||` (left-associative, flattened).
    case disjunction
    /// `&&` (left-associative, flattened).
    case conjunction
    /// `== != < <= > >=` (non-associative).
    case comparison
    /// `??` (right-associative).
    case nilCoalescing
    /// `...` `..<` (non-associative).
    case rangeFormation
    /// `+ -` (left-associative).
    case addition
    /// `* / %`, and `&` in a query builder's closures (left-associative).
    case multiplication
    /// `<< >>` in a query builder's closures (left-associative).
    case bitwiseShift
    /// `!x`, `-x`.
    case prefix
    /// `.name`, `?`, `!`, calls, subscripts, trailing closures.
    case postfix

    static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The next tighter level, for the right operand of a left-associative operator.
    var next: Precedence { Precedence(rawValue: rawValue + 1) ?? .postfix }

    /// Swift's name of the group, for diagnostics.
    var groupName: String {
        switch self {
        case .ternary: "TernaryPrecedence"
        case .disjunction: "LogicalDisjunctionPrecedence"
        case .conjunction: "LogicalConjunctionPrecedence"
        case .comparison: "ComparisonPrecedence"
        case .nilCoalescing: "NilCoalescingPrecedence"
        case .rangeFormation: "RangeFormationPrecedence"
        case .addition: "AdditionPrecedence"
        case .multiplication: "MultiplicationPrecedence"
        case .bitwiseShift: "BitwiseShiftPrecedence"
        case .none, .prefix, .postfix: "\(self)"
        }
    }
}

/// How operators of a precedence group combine with each other.
enum Associativity {
    case left, right, none
}

/// What the parser does with a token that starts an expression.
enum PrefixHandler {
    case integerLiteral, floatLiteral, stringLiteral, booleanLiteral, nilLiteral
    case identifier, anonymousParameter, implicitMember, keyPath
    case parenthesized, arrayLiteral, closure, macroExpansion, ifExpression
    case prefixOperator
    /// A `...`/`..<` with nothing before it (a one-sided range), reported.
    case oneSidedRange
    /// An operator that is not a prefix operator of the language, reported.
    case unsupportedPrefixOperator
}

/// What the parser does with a token that follows an expression.
enum InfixHandler {
    case binary, logical, ternary
    case member, bindOptional, forceUnwrap, call, subscriptAccess, trailingClosure
}

/// One row of the Pratt parser's table: how a token starts an expression, how it continues one,
/// and how tightly it binds when it continues one.
struct ParseRule {
    var prefix: PrefixHandler?
    var infix: InfixHandler?
    var precedence: Precedence
    var associativity: Associativity = .left

    /// The table, by token kind. Context-dependent conditions (line breaks, trailing-closure
    /// contexts, Swift's whitespace rule) are applied by ``Parser`` on top of it.
    static func rule(for kind: TokenKind) -> ParseRule {
        switch kind {
        case .integerLiteral: ParseRule(prefix: .integerLiteral, precedence: .none)
        case .floatLiteral: ParseRule(prefix: .floatLiteral, precedence: .none)
        case .stringLiteral, .multilineStringLiteral: ParseRule(prefix: .stringLiteral, precedence: .none)
        case .kwTrue, .kwFalse: ParseRule(prefix: .booleanLiteral, precedence: .none)
        case .kwNil: ParseRule(prefix: .nilLiteral, precedence: .none)
        case .identifier: ParseRule(prefix: .identifier, precedence: .none)
        case .dollarIdentifier: ParseRule(prefix: .anonymousParameter, precedence: .none)
        case .backslash: ParseRule(prefix: .keyPath, precedence: .none)
        case .pound: ParseRule(prefix: .macroExpansion, precedence: .none)
        case .kwIf: ParseRule(prefix: .ifExpression, precedence: .none)
        case .leftParen: ParseRule(prefix: .parenthesized, infix: .call, precedence: .postfix)
        case .leftBracket: ParseRule(prefix: .arrayLiteral, infix: .subscriptAccess, precedence: .postfix)
        case .leftBrace: ParseRule(prefix: .closure, infix: .trailingClosure, precedence: .postfix)
        case .period: ParseRule(prefix: .implicitMember, infix: .member, precedence: .postfix)
        case .postfixQuestion: ParseRule(infix: .bindOptional, precedence: .postfix)
        case .postfixBang: ParseRule(prefix: .prefixOperator, infix: .forceUnwrap, precedence: .postfix)
        case .prefixBang: ParseRule(prefix: .prefixOperator, precedence: .none)
        case .minus: ParseRule(prefix: .prefixOperator, infix: .binary, precedence: .addition)
        case .plus: ParseRule(prefix: .unsupportedPrefixOperator, infix: .binary, precedence: .addition)
        case .star, .slash, .percent:
            ParseRule(prefix: .unsupportedPrefixOperator, infix: .binary, precedence: .multiplication)
        case .closedRange, .halfOpenRange:
            ParseRule(prefix: .oneSidedRange, infix: .binary, precedence: .rangeFormation, associativity: .none)
        case .questionQuestion:
            ParseRule(prefix: .unsupportedPrefixOperator, infix: .binary, precedence: .nilCoalescing, associativity: .right)
        case .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual:
            ParseRule(prefix: .unsupportedPrefixOperator, infix: .binary, precedence: .comparison, associativity: .none)
        case .ampAmp: ParseRule(prefix: .unsupportedPrefixOperator, infix: .logical, precedence: .conjunction)
        case .pipePipe: ParseRule(prefix: .unsupportedPrefixOperator, infix: .logical, precedence: .disjunction)
        case .question: ParseRule(infix: .ternary, precedence: .ternary, associativity: .right)
        case .unknownOperator, .equal, .arrow: ParseRule(prefix: .unsupportedPrefixOperator, precedence: .none)
        default: ParseRule(precedence: .none)
        }
    }
}

extension TokenKind {
    /// The binary operator a token spells, if any.
    var binaryOperator: BinaryOperator? {
        switch self {
        case .equalEqual: .equal
        case .bangEqual: .notEqual
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        case .questionQuestion: .nilCoalescing
        case .closedRange: .closedRange
        case .halfOpenRange: .halfOpenRange
        case .plus: .add
        case .minus: .subtract
        case .star: .multiply
        case .slash: .divide
        case .percent: .remainder
        default: nil
        }
    }
}
