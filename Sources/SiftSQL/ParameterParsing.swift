import Foundation
import SiftChecker
import SiftSchema

extension ParameterValue {
    /// Reads a parameter value written as text (on a command line, in `.param set`) for a
    /// parameter of `type`: `20`, `1.5`, `true`, `nil`, `kim` or `"kim"`, `2026-03-14` or
    /// `2026-03-14T09:30:00Z`, a UUID, an enum case `high` / `.high` or its raw value, and arrays
    /// `[a, b]` (JSON-like, for array parameters).
    public static func parse(_ text: String, as type: SiftType, schema: Schema) -> ParameterValue? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "nil" || trimmed == "null" { return type.isOptional ? .null : nil }
        switch type.unwrapped.kind {
        case .bool:
            switch trimmed {
            case "true", "1", "yes": return .bool(true)
            case "false", "0", "no": return .bool(false)
            default: return nil
            }
        case .integer:
            let digits = trimmed.replacingOccurrences(of: "_", with: "")
            if let value = Int64(digits) { return .int(value) }
            return nil
        case .double, .float:
            return Double(trimmed.replacingOccurrences(of: "_", with: "")).map(ParameterValue.double)
        case .string, .url:
            return .string(unquoted(trimmed))
        case .date:
            return DateEncoding.parse(unquoted(trimmed)).map(ParameterValue.date)
        case .uuid:
            return UUID(uuidString: unquoted(trimmed)).map(ParameterValue.uuid)
        case .enumeration(let name):
            guard let enumType = schema.enumType(named: name) else { return nil }
            var caseName = unquoted(trimmed)
            if caseName.hasPrefix(".") { caseName.removeFirst() }
            if enumType.case(named: caseName) != nil { return .string(caseName) }
            if let raw = Int64(caseName), enumType.case(withRawValue: .int(raw)) != nil { return .int(raw) }
            if let found = enumType.case(withRawValue: .string(caseName)) { return .string(found.name) }
            return nil
        case .array(let element):
            guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else { return nil }
            let inner = trimmed.dropFirst().dropLast()
            if inner.trimmingCharacters(in: .whitespaces).isEmpty { return .array([]) }
            var values: [ParameterValue] = []
            for item in splitTopLevel(String(inner)) {
                guard let value = parse(item, as: element, schema: schema) else { return nil }
                values.append(value)
            }
            return .array(values)
        default:
            return nil
        }
    }

    static func unquoted(_ text: String) -> String {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            let body = Parser.parseExpression(SourceFile(text: text))
            if case .stringLiteral(let value) = body.tree[body.value], !body.hasErrors { return value }
            return String(text.dropFirst().dropLast())
        }
        return text
    }

    /// Splits `a, "b, c", d` at top-level commas.
    static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                current.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
                current.append(character)
            } else if character == "," {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

import SiftSyntax
