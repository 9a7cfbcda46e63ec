import Foundation
import SiftChecker
import SiftSyntax

/// Core Data's meaning of a format string's tests, as a SQLite store answers them, on the
/// evaluator's values: nil (unknown) when an operand is nil; numbers by value (an integer meets a
/// double as a double); strings by their UTF-8 bytes (not Swift's canonical equivalence), folded
/// first with `[c]`/`[d]`; dates by time. Written apart from the SQL functions that give the
/// same answers, so that the differential test compares two implementations.
enum CoreDataSemantics {
    /// `lhs op rhs`; for `IN`, `rhs` is an array. nil: unknown.
    static func test(_ op: CoreDataOperator, _ options: FormatStringOptions, _ lhs: Value, _ rhs: Value) throws -> Bool? {
        let left = flat(lhs)
        let right = flat(rhs)
        if left.isNull { return nil }
        if op == .in {
            guard case .array(let elements) = right else {
                if right.isNull { return nil }
                throw EvaluationError.malformedTree("IN of a value that is not an array")
            }
            var unknown = false
            for element in elements {
                switch try test(.equal, options, left, element) {
                case true?: return true
                case nil: unknown = true
                case false?: break
                }
            }
            return unknown ? nil : false
        }
        if right.isNull { return nil }
        switch op {
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
            let order = try compare(left, right, options: options)
            switch op {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        default:
            guard case .string(let text) = left, case .string(let other) = right else {
                throw EvaluationError.malformedTree("a string operator on \(left) and \(right)")
            }
            if op == .matches {
                // `[c]` makes the expression case-insensitive (folding the pattern's case would
                // change `\W` into `\w`); `[d]` strips the diacritics of both the text and the pattern.
                let diacritics = options.contains(.diacriticInsensitive)
                guard other.isEmpty || (try? NSRegularExpression(pattern: other)) != nil else { return nil }
                return wholeMatch(
                    diacritics ? fold(other, [.diacriticInsensitive]) : other, diacritics ? fold(text, [.diacriticInsensitive]) : text,
                    caseInsensitive: options.contains(.caseInsensitive), dotAll: false)
            }
            return stringOperator(op, fold(text, options), fold(other, options))
        }
    }

    /// `@sum`, `@avg`, `@min`, `@max` of the non-nil values, as SQL's aggregates: nil for none;
    /// an integer sum that overflows is an error (SQLite's `sum` fails the query).
    static func aggregate(_ op: FormatCollectionOperator, _ values: [Value]) throws -> Value {
        guard let first = values.first else { return .null }
        switch op {
        case .count: return .int(Int64(values.count))
        case .min, .max:
            var best = first
            for value in values.dropFirst() {
                let order = try compare(value, best, options: [])
                if op == .min ? order < 0 : order > 0 { best = value }
            }
            return best
        case .sum, .avg:
            if values.allSatisfy({ if case .int = $0 { true } else { false } }) {
                var total: Int64 = 0
                for case .int(let value) in values {
                    let (sum, overflow) = total.addingReportingOverflow(value)
                    if overflow { throw EvaluationError.malformedTree("integer overflow in @sum (SQLite's sum fails)") }
                    total = sum
                }
                return op == .sum ? .int(total) : .double(Double(total) / Double(values.count))
            }
            var total = 0.0
            for value in values { total += number(value) ?? 0 }
            return .double(op == .sum ? total : total / Double(values.count))
        }
    }

    /// `.some(x)` as `x`: a store has one level of nil.
    static func flat(_ value: Value) -> Value {
        if case .some(let inner) = value { return flat(inner) }
        return value
    }

    /// -1, 0, 1; equality only (0 or 1) for values without an order.
    static func compare(_ lhs: Value, _ rhs: Value, options: FormatStringOptions) throws -> Int {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)):
            let x = Array(fold(a, options).utf8)
            let y = Array(fold(b, options).utf8)
            return x == y ? 0 : x.lexicographicallyPrecedes(y) ? -1 : 1
        case (.date(let a), .date(let b)):
            let x = a.timeIntervalSinceReferenceDate
            let y = b.timeIntervalSinceReferenceDate
            return x < y ? -1 : x == y ? 0 : 1
        case (.bool(let a), .bool(let b)): return a == b ? 0 : (a ? 1 : -1)
        case (.uuid(let a), .uuid(let b)): return a == b ? 0 : 1
        case (.double, _), (_, .double):
            guard let x = number(lhs), let y = number(rhs) else { break }
            return x < y ? -1 : x == y ? 0 : 1
        default:
            if let x = lhs.integerValue, let y = rhs.integerValue { return x < y ? -1 : x == y ? 0 : 1 }
        }
        throw EvaluationError.malformedTree("a comparison of \(lhs) and \(rhs)")
    }

    static func number(_ value: Value) -> Double? {
        switch value {
        case .double(let x): x
        case .int(let x): Double(x)
        case .uint(let x): Double(x)
        case .bool(let x): x ? 1 : 0
        default: nil
        }
    }

    static func fold(_ text: String, _ options: FormatStringOptions) -> String {
        var compareOptions: String.CompareOptions = []
        if options.contains(.caseInsensitive) { compareOptions.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { compareOptions.insert(.diacriticInsensitive) }
        return compareOptions.isEmpty ? text : text.folding(options: compareOptions, locale: nil)
    }

    static func stringOperator(_ op: CoreDataOperator, _ text: String, _ other: String) -> Bool? {
        switch op {
        case .beginsWith: return !other.isEmpty && text.utf8.starts(with: other.utf8)
        case .endsWith: return !other.isEmpty && text.utf8.reversed().starts(with: other.utf8.reversed())
        case .contains: return !other.isEmpty && text.range(of: other, options: .literal) != nil
        case .like:
            // The pattern as a regular expression: `*` → `.*`, `?` → `.`, the rest literal.
            var pattern = ""
            var escaping = false
            for scalar in other.unicodeScalars {
                if escaping {
                    pattern += NSRegularExpression.escapedPattern(for: String(scalar))
                    escaping = false
                    continue
                }
                switch scalar {
                case "*": pattern += ".*"
                case "?": pattern += "."
                case "\\": escaping = true
                default: pattern += NSRegularExpression.escapedPattern(for: String(scalar))
                }
            }
            if escaping { pattern += NSRegularExpression.escapedPattern(for: "\\") }
            return wholeMatch(pattern, text, caseInsensitive: false, dotAll: true) ?? false
        default: return nil
        }
    }

    /// Whether the ICU expression matches the whole of `text`; nil when it is not one.
    static func wholeMatch(_ pattern: String, _ text: String, caseInsensitive: Bool, dotAll: Bool) -> Bool? {
        var options: NSRegularExpression.Options = dotAll ? [.dotMatchesLineSeparators] : []
        if caseInsensitive { options.insert(.caseInsensitive) }
        guard let expression = try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z", options: options) else { return nil }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
    }
}
