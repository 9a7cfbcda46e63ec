import Foundation
import SiftChecker
import SiftSchema

extension ExpressionEvaluator {
    /// An aggregate of the current ``group``, as Swift computes it over the rows' values:
    /// `count`, `reduce(0, +)` (trapping on `Int` overflow), the mean (nil for none), `min()`,
    /// `max()`, `joined(separator:)`, and a JSON array.
    func aggregate(_ call: AggregateCall, type: SiftType) throws -> Value {
        guard groupRoot != nil else { throw EvaluationError.malformedTree("an aggregate outside a selection") }
        if sqlMeaning { return try sqlAggregate(call) }
        let saved = slots
        defer { slots = saved }
        var rows = 0
        var values: [Value] = []
        var keys: [Value] = []
        for row in group {
            bind(row)
            if let condition = call.condition, try !truth(condition) { continue }
            rows += 1
            guard let argument = call.argument else { continue }
            var value = try evaluate(argument)
            while case .some(let wrapped) = value { value = wrapped }
            if case .null = value, call.function != .jsonGroupArray { continue }
            values.append(value)
            if let sortKey = call.sortKey {
                var key = try evaluate(sortKey)
                while case .some(let wrapped) = key { key = wrapped }
                keys.append(key)
            }
        }
        if call.isDistinct {
            var seen: Set<Value> = []
            values = values.filter { seen.insert($0).inserted }
            if call.sortKey != nil { keys = values }
        }
        if call.sortKey != nil {
            values = try Self.sortedForConcatenation(values, keys: keys, descending: call.isDescending)
        }
        switch call.function {
        case .count:
            return .int(Int64(call.argument == nil ? rows : values.count))
        case .sum:
            var total: Value = type.isInteger ? .int(0) : .double(0)
            for value in values { total = try SwiftArithmetic.apply(.add, total, Self.asNumber(value, like: type), type: type) }
            return total
        case .total:
            var total = 0.0
            for value in values { total += Self.double(value) }
            return .double(total)
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
            if call.argument?.type.unwrapped == .float {
                // A `Float` as Swift writes it: its own shortest digits.
                return .string("[" + values.map { if case .double(let real) = $0, real.isFinite { Float(real).description } else { Self.json($0) } }.joined(separator: ",") + "]")
            }
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
            // Swift's shortest exact digits; JSON has no infinity or NaN.
            return real.isFinite ? real.description : "null"
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
        case .date(let date): return json(.double(date.timeIntervalSinceReferenceDate))
        default: return "\"\(value)\""
        }
    }

    /// The strings of `groupConcat(…, sortedBy:)` in Swift's order of their keys (nil first), ties
    /// by the strings (Swift's `<`, then their UTF-8 bytes); all of it reversed for `.reverse`.
    static func sortedForConcatenation(_ values: [Value], keys: [Value], descending: Bool) throws -> [Value] {
        func before(_ lhs: (key: Value, value: Value), _ rhs: (key: Value, value: Value)) throws -> Bool {
            switch (lhs.key, rhs.key) {
            case (.null, .null): break
            case (.null, _): return true
            case (_, .null): return false
            default:
                if try SwiftComparison.compare(.less, lhs.key, rhs.key) { return true }
                if try SwiftComparison.compare(.less, rhs.key, lhs.key) { return false }
            }
            guard case .string(let a) = lhs.value, case .string(let b) = rhs.value else { return false }
            if a < b { return true }
            if b < a { return false }
            return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        var failure: (any Error)?
        let sorted = zip(keys, values).map { (key: $0, value: $1) }.sorted { lhs, rhs in
            do {
                return descending ? try before(rhs, lhs) : try before(lhs, rhs)
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        return sorted.map(\.value)
    }
}
