import SiftSchema
import SiftSyntax

/// The scalar operators of StructuredQueries' expressions, with SQL's meaning: `collate(.nocase)`,
/// `like(_:escape:)`, `in(ids)` with an array parameter, `length()`, `lower()`, `upper()`,
/// `trim()`/`ltrim()`/`rtrim()`. NULL in, NULL out.
extension TypeChecker {
    /// The methods ``checkSQLScalarMethod(base:method:call:at:)`` reads.
    static let sqlScalarMethods: Set<String> = ["collate", "length", "lower", "upper", "trim", "ltrim", "rtrim"]

    /// Whether a call is a method computed in SQL: a scalar function or FTS5's `highlight`/`snippet`.
    func isSQLScalarCall(_ call: Call) -> Bool {
        guard case .member(_, let method) = tree[call.callee] else { return false }
        return Self.sqlScalarMethods.contains(method.name) || Self.isFullTextFunction(method.name)
    }

    /// A method of a value that gives a value; nil when `method` is not one of them.
    mutating func checkSQLScalarMethod(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr? {
        let arguments = call.arguments
        switch method.name {
        case "collate":
            guard arguments.count == 1, arguments[0].label == nil, call.trailingClosure == nil else {
                return wrongArguments(method, "(_:)", at: range)
            }
            guard case .implicitMember(let name) = tree[arguments[0].value], let collation = SQLCollation.named(name.name) else {
                error(
                    .invalidArgument, "'collate' takes one of SQLite's collating sequences: '.binary', '.nocase' or '.rtrim'",
                    at: arguments[0].range)
                return make(.error, .error, at: range)
            }
            let string = checkSQLValue(base, expected: nil)
            guard let string = requireString(string, method: method, base: base) else { return make(.error, .error, at: range) }
            return make(.sql(.collate(collation), [string]), string.type, at: range)
        case "length", "lower", "upper", "trim", "ltrim", "rtrim":
            guard arguments.isEmpty, call.trailingClosure == nil else {
                if !arguments.isEmpty, method.name.hasSuffix("trim") {
                    error(
                        .unsupportedConstruct, "'\(method.name)' of other characters than spaces is not read yet; write '\(method.name)()'",
                        at: call.argumentListRange ?? range)
                    return make(.error, .error, at: range)
                }
                return wrongArguments(method, "()", at: range)
            }
            let string = checkSQLValue(base, expected: nil)
            guard let string = requireString(string, method: method, base: base) else { return make(.error, .error, at: range) }
            let function = SQLScalarFunction(rawValue: method.name)!
            let type: SiftType = function == .length ? (string.type.isOptional ? .optional(.int) : .int) : string.type
            return make(.sql(.function(function), [string]), type, at: range)
        default:
            return nil
        }
    }

    /// The operand, when it is a `String` or `String?`; nil after reporting otherwise.
    mutating func requireString(_ typed: TypedExpr, method: Identifier, base: Expr) -> TypedExpr? {
        if typed.type.isError { return nil }
        guard typed.type.unwrapped == .string else {
            error(.typeMismatch, "'\(method.name)' applies to a 'String'; '\(text(base.range))' is '\(typed.type)'", at: base.range)
            return nil
        }
        return typed
    }

    /// `ids` in `$0.id.in(ids)`: a named parameter holding an array of the value's type, bound as
    /// JSON text and read with `json_each`.
    mutating func checkSQLInArray(_ value: TypedExpr, _ list: Expr, negated: Bool, at range: SourceRange) -> TypedExpr {
        guard case .identifier = tree[list] else {
            error(
                .unsupportedConstruct,
                "'\(negated ? "notIn" : "in")' takes an array literal, such as '[1, 2, 3]', or a named parameter holding an array",
                at: list.range)
            return make(.error, .error, at: range)
        }
        if value.type.isError { return make(.error, .error, at: range) }
        let array = check(list, expected: .array(value.type.unwrapped))
        if array.type.isError { return make(.error, .error, at: range) }
        guard case .parameter = typedTree[array], array.type == .array(value.type.unwrapped) else {
            error(
                .typeMismatch, "'\(negated ? "notIn" : "in")' takes an array of '\(value.type.unwrapped)'; '\(text(list.range))' is '\(array.type)'",
                at: list.range)
            return make(.error, .error, at: range)
        }
        let membership = make(.sql(.isInArray, [value, array]), sqlResultType([value]), at: range)
        if !negated { return membership }
        return make(.sql(.not, [membership]), membership.type, at: range)
    }

    /// `string.like(pattern, escape: "\\")`: the escape character a one-character literal.
    mutating func checkSQLLikeEscaped(_ base: Expr, _ patternExpr: Expr, _ escapeExpr: Expr, at range: SourceRange) -> TypedExpr {
        let string = checkSQLValue(base, expected: nil)
        if string.type.isError { return make(.error, .error, at: range) }
        guard string.type.unwrapped == .string else {
            error(.typeMismatch, "'like' applies to a 'String' column; '\(text(base.range))' is '\(string.type)'", at: base.range)
            return make(.error, .error, at: range)
        }
        let pattern = checkSQLValue(patternExpr, expected: .string)
        if pattern.type.isError { return make(.error, .error, at: range) }
        guard pattern.type == .string else {
            error(.typeMismatch, "'like' takes a 'String'; this is '\(pattern.type)'", at: patternExpr.range)
            return make(.error, .error, at: range)
        }
        let escape = checkSQLValue(escapeExpr, expected: .string)
        if escape.type.isError { return make(.error, .error, at: range) }
        guard case .constant(.string(let character)) = typedTree[escape], character.unicodeScalars.count == 1 else {
            // SQLite refuses any other escape at run time ("ESCAPE expression must be a single character").
            error(
                .invalidArgument, "the escape of 'like' is one character, as a literal: 'escape: \"\\\\\"'", at: escapeExpr.range)
            return make(.error, .error, at: range)
        }
        return make(.sql(.likeEscaped, [string, pattern, escape]), sqlResultType([string]), at: range)
    }
}

extension SQLCollation {
    /// The collation a member of StructuredQueries' `Collation` names (`.nocase`).
    static func named(_ name: String) -> SQLCollation? {
        switch name {
        case "binary": .binary
        case "nocase": .nocase
        case "rtrim": .rtrim
        default: nil
        }
    }
}
