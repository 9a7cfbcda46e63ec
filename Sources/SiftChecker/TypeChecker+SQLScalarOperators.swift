import SiftSchema
import SiftSyntax

/// The scalar operators of StructuredQueries' expressions, with SQL's meaning: `collate(.nocase)`
/// (or a collation the application registers, `Collation(rawValue: "name")`), `like(_:escape:)`,
/// `in(ids)` with an array parameter, and the scalar functions (`TypeChecker+SQLScalarFunctions`).
/// NULL in, NULL out.
extension TypeChecker {
    /// The methods ``checkSQLScalarMethod(base:method:call:at:)`` reads.
    static let sqlScalarMethods: Set<String> = Set(SQLScalarFunction.allCases.map(\.method)).union(["collate", "strftime"])

    /// Whether a call is a method computed in SQL: a scalar function or FTS5's `highlight`/`snippet`.
    func isSQLScalarCall(_ call: Call) -> Bool {
        guard case .member(_, let method) = tree[call.callee] else { return false }
        return Self.sqlScalarMethods.contains(method.name) || Self.isFullTextFunction(method.name)
    }

    /// A method of a value that gives a value; nil when `method` is not one of them.
    mutating func checkSQLScalarMethod(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr? {
        let arguments = call.arguments
        if method.name == "strftime" { return checkSQLStrftime(base: base, method: method, call: call, at: range) }
        guard method.name == "collate" else { return checkSQLScalarFunction(base: base, method: method, call: call, at: range) }
        guard arguments.count == 1, arguments[0].label == nil, call.trailingClosure == nil else {
            return wrongArguments(method, "(_:)", at: range)
        }
        guard let operation = collation(arguments[0].value) else { return make(.error, .error, at: range) }
        let string = checkSQLValue(base, expected: nil)
        guard let string = requireString(string, method: method, base: base) else { return make(.error, .error, at: range) }
        return make(.sql(operation, [string]), string.type, at: range)
    }

    /// The collating sequence `collate` names: `.nocase`, `.rtrim`, `.binary`, or
    /// `Collation(rawValue: "name")` / `.init(rawValue: "name")` with the name a literal (one of
    /// SQLite's own by another case is that one). nil after reporting anything else.
    mutating func collation(_ argument: Expr) -> SQLOperation? {
        let usage = "'collate' takes one of SQLite's collating sequences, '.binary', '.nocase' or '.rtrim', or one the application registers, as in 'Collation(rawValue: \"name\")'"
        switch tree[argument] {
        case .implicitMember(let name):
            if let collation = SQLCollation.named(name.name) { return .collate(collation) }
        case .member(let type, let name):
            if case .identifier(let typeName) = tree[type], typeName.name == "Collation", let collation = SQLCollation.named(name.name) {
                return .collate(collation)
            }
        case .call(let call):
            let namesCollation: Bool
            switch tree[call.callee] {
            case .identifier(let name): namesCollation = name.name == "Collation"
            case .implicitMember(let name): namesCollation = name.name == "init"
            default: namesCollation = false
            }
            guard namesCollation, call.arguments.count == 1, call.arguments[0].label?.name == "rawValue", call.trailingClosure == nil else { break }
            guard case .stringLiteral(let name) = tree[call.arguments[0].value], !name.isEmpty, !name.unicodeScalars.contains("\0") else {
                error(
                    .invalidArgument, "a collation's name is part of the SQL, so it is a string literal (not empty, no NUL), as in 'Collation(rawValue: \"name\")'",
                    at: call.arguments[0].value.range)
                return nil
            }
            if let builtIn = SQLCollation(rawValue: name.uppercased()) { return .collate(builtIn) }
            return .customCollate(name)
        default:
            break
        }
        error(.invalidArgument, usage, at: argument.range)
        return nil
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
