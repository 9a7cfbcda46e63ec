import Foundation
import Sift

/// The value of a named parameter, set with `.param set NAME VALUE` and written as a Sift literal:
/// `"text"`, `42`, `-1.5`, `true`, `nil`, a date `2026-01-01` or `2026-01-01T09:30:00Z`, or a
/// UUID `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (dates and UUIDs unquoted).
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case date(Date)
    case uuid(UUID)

    /// The type the checker gives the parameter; `nil` for `nil`, whose type comes from its use.
    public var type: SiftType? {
        switch self {
        case .null: nil
        case .bool: .bool
        case .integer: .int
        case .double: .double
        case .string: .string
        case .date: .date
        case .uuid: .uuid
        }
    }

    /// The value as a Sift literal (how `.param list` shows it).
    public var description: String {
        switch self {
        case .null: "nil"
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .double(let value): ResultValue.format(value)
        case .string(let value): Constant.string(value).description
        case .date(let value): ISODate.format(value)
        case .uuid(let value): value.uuidString
        }
    }

    /// The value as the REPL shows it in a result (a Date as a Date, not as stored).
    public var resultValue: ResultValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .double(let value): .real(value)
        case .string(let value): .text(value)
        case .date(let value): .date(value)
        case .uuid(let value): .uuid(value)
        }
    }

    /// Why a VALUE is not a literal the REPL can read.
    public struct ParseError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Reads a literal. Throws with a message that says what is accepted.
    public static func parse(_ text: String) throws -> ParameterValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { throw ParseError(message: "missing VALUE; e.g. \"kim\", 42, 1.5, true, nil or 2026-01-01") }
        if let date = ISODate.parse(trimmed) { return .date(date) }
        if trimmed.count == 36, let uuid = UUID(uuidString: trimmed) { return .uuid(uuid) }
        let source = SourceFile(name: "<value>", text: trimmed)
        let lexed = Lexer.tokenize(source)
        var tokens = lexed.tokens.filter { $0.kind != .endOfFile }
        if !lexed.diagnostics.isEmpty {
            throw ParseError(message: lexed.diagnostics[0].message)
        }
        var negative = false
        if tokens.count == 2, tokens[0].kind == .minus || tokens[0].kind == .unknownOperator && source.text(in: tokens[0].range) == "-" {
            negative = true
            tokens.removeFirst()
        }
        guard tokens.count == 1, let token = tokens.first else { throw notALiteral(trimmed) }
        let spelling = source.text(in: token.range).replacingOccurrences(of: "_", with: "")
        switch token.kind {
        case .kwTrue where !negative: return .bool(true)
        case .kwFalse where !negative: return .bool(false)
        case .kwNil where !negative: return .null
        case .stringLiteral where !negative, .multilineStringLiteral where !negative:
            return .string(Lexer.decodeStringLiteral(token, in: source))
        case .integerLiteral:
            if let value = integer(spelling, negative: negative) { return .integer(value) }
            throw ParseError(message: "'\(trimmed)' does not fit in an Int")
        case .floatLiteral:
            if let value = Double(spelling) { return .double(negative ? -value : value) }
            throw notALiteral(trimmed)
        default:
            throw notALiteral(trimmed)
        }
    }

    private static func integer(_ spelling: String, negative: Bool) -> Int64? {
        var digits = Substring(spelling)
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            digits = digits.dropFirst(2)
            radix = base
        }
        return Int64((negative ? "-" : "") + digits, radix: radix)
    }

    private static func notALiteral(_ text: String) -> ParseError {
        ParseError(
            message: "'\(text)' is not a literal; use a string \"…\", a number, true, false, nil, a date 2026-01-01 or a UUID")
    }
}
