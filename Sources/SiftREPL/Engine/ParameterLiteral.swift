import Foundation
import Sift
import SiftSQLite

/// How `.param set NAME VALUE` reads VALUE: as a Sift literal whose form gives the parameter its
/// type — `"text"` (String), `42` (Int), `-1.5` (Double), `true` (Bool), `nil`, a date
/// `2026-01-01` or `2026-01-01T09:30:00Z` (Date) or a UUID (both unquoted).
extension ParameterValue {
    /// Reads a literal. Throws with a message that says what is accepted.
    public static func parseLiteral(_ text: String) throws -> ParameterValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            throw ParameterLiteralError(message: "missing VALUE; e.g. \"kim\", 42, 1.5, true, nil or 2026-01-01")
        }
        if let date = ISODate.parse(trimmed) { return .date(date) }
        if trimmed.count == 36, let uuid = UUID(uuidString: trimmed) { return .uuid(uuid) }
        let source = SourceFile(name: "<value>", text: trimmed)
        let lexed = Lexer.tokenize(source)
        var tokens = lexed.tokens.filter { $0.kind != .endOfFile }
        if let first = lexed.diagnostics.first { throw ParameterLiteralError(message: first.message) }
        var negative = false
        if tokens.count == 2, tokens[0].kind == .minus || source.text(in: tokens[0].range) == "-" {
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
            if let value = integer(spelling, negative: negative) { return .int(value) }
            throw ParameterLiteralError(message: "'\(trimmed)' does not fit in an Int")
        case .floatLiteral:
            if let value = Double(spelling) { return .double(negative ? -value : value) }
            throw notALiteral(trimmed)
        default:
            throw notALiteral(trimmed)
        }
    }

    /// The type a literal gives its parameter; `nil` for `nil`, whose type comes from its use.
    public var literalType: SiftType? {
        switch self {
        case .null, .array: nil
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .date: .date
        case .uuid: .uuid
        case .data: .data
        }
    }

    /// The value as `.param list` shows it: a Sift literal, dates in ISO-8601.
    public var literalDescription: String {
        switch self {
        case .date(let date): ISODate.format(date)
        case .double(let value): DecodedValue.format(value)
        default: description
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

    private static func notALiteral(_ text: String) -> ParameterLiteralError {
        ParameterLiteralError(
            message: "'\(text)' is not a literal; use a string \"…\", a number, true, false, nil, a date 2026-01-01 or a UUID")
    }
}

/// A `.param set` VALUE that is not a literal the REPL can read.
public struct ParameterLiteralError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
