import Foundation
import SiftChecker
import SiftSchema

extension ExpressionEvaluator {
    /// An aggregate of the current ``group``, as Swift computes it over the rows' values:
    /// `count`, `reduce(0, +)` (trapping on `Int` overflow), the mean (nil for none), `min()`,
    /// `max()`, `joined(separator:)`, and a JSON array.
    func aggregate(_ call: AggregateCall, type: SiftType) throws -> Value {
        guard groupRoot != nil else { throw EvaluationError.malformedTree("an aggregate outside a selection") }
        let saved = slots
        defer { slots = saved }
        var rows = 0
        var values: [Value] = []
        for row in group {
            bind(row)
            if let condition = call.condition, try !truth(condition) { continue }
            rows += 1
            guard let argument = call.argument else { continue }
            var value = try evaluate(argument)
            while case .some(let wrapped) = value { value = wrapped }
            if case .null = value, call.function != .jsonGroupArray { continue }
            values.append(value)
        }
        if call.isDistinct {
            var seen: Set<Value> = []
            values = values.filter { seen.insert($0).inserted }
        }
        switch call.function {
        case .count:
            return .int(Int64(call.argument == nil ? rows : values.count))
        case .sum:
            var total: Value = type.isInteger ? .int(0) : .double(0)
            for value in values { total = try SwiftArithmetic.apply(.add, total, Self.asNumber(value, like: type), type: type) }
            return total
        case .average:
            guard !values.isEmpty else { return .null }
            var total = 0.0
            for value in values { total += Self.double(value) }
            return .double(total / Double(values.count))
        case .min, .max:
            guard var result = values.first else { return .null }
            for value in values.dropFirst() {
                let replaces =
                    call.function == .max
                    ? try SwiftComparison.compare(.less, result, value) : try SwiftComparison.compare(.less, value, result)
                if replaces { result = value }
            }
            return result
        case .groupConcat:
            var separator = ","
            if let expr = call.separator, case .string(let text) = try evaluate(expr) { separator = text }
            return .string(values.map { if case .string(let text) = $0 { text } else { "\($0)" } }.joined(separator: separator))
        case .jsonGroupArray:
            return .string("[" + values.map(Self.json).joined(separator: ",") + "]")
        }
    }

    static func asNumber(_ value: Value, like type: SiftType) -> Value {
        if type.isFloatingPoint, case .int(let integer) = value { return .double(Double(integer)) }
        return value
    }

    static func double(_ value: Value) -> Double {
        switch value {
        case .int(let integer): Double(integer)
        case .uint(let integer): Double(integer)
        case .double(let real): real
        default: .nan
        }
    }

    /// A value as SQLite's `json_group_array` writes it.
    static func json(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let integer): return String(integer)
        case .uint(let integer): return String(integer)
        case .double(let real):
            if real.isFinite, real == real.rounded(), abs(real) < 1e15 { return String(Int64(real)) + ".0" }
            return String(format: "%.15g", real)
        case .string(let text):
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{8}": out += "\\b"
                case "\u{C}": out += "\\f"
                default:
                    if scalar.value < 0x20 {
                        out += String(format: "\\u%04x", scalar.value)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        case .some(let inner): return json(inner)
        default: return "\"\(value)\""
        }
    }
}
