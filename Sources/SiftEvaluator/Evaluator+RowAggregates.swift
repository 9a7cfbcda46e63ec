import SiftChecker
import SiftSchema

extension ExpressionEvaluator {
    /// `users.map(\.age).max()` and friends, as Swift computes them: every element mapped first
    /// (a trap in any traps), then `max()`/`min()` by Swift's `<` (nil for none), the mean (nil for
    /// none), or the sum (`0` for none): an integer sum traps when the whole sum is outside its
    /// type's range (a relationship has no order, so no partial sum is Swift's).
    @inline(never)
    func rowAggregate(_ aggregate: RowAggregate, type: SiftType) throws -> Value {
        let saved = slots
        defer { slots = saved }
        var values: [Value] = []
        for element in try elements(aggregate.sequence) {
            bind(aggregate.variable, element)
            var value = try evaluate(aggregate.value)
            while case .some(let wrapped) = value { value = wrapped }
            values.append(value)
        }
        switch aggregate.function {
        case .max, .min:
            guard var result = values.first else { return .null }
            for value in values.dropFirst() {
                let replaces =
                    aggregate.function == .max
                    ? try SwiftComparison.compare(.less, result, value) : try SwiftComparison.compare(.less, value, result)
                if replaces { result = value }
            }
            return result
        case .average:
            guard !values.isEmpty else { return .null }
            var total = 0.0
            for value in values { total += Self.double(value) }
            return .double(total / Double(values.count))
        case .sum:
            guard case .integer(let kind) = type.kind else {
                var total = 0.0
                for value in values { total += Self.double(value) }
                return .double(total)
            }
            var total: Int128 = 0
            for value in values {
                switch value {
                case .int(let integer): total += Int128(integer)
                case .uint(let integer): total += Int128(integer)
                default: throw EvaluationError.malformedTree("a sum of a value that is not an integer")
                }
            }
            guard ValueCoercion.fits(total, kind), let narrow = Int64(exactly: total) else { throw Trap(.overflow, operation: "sum()") }
            return .int(narrow)
        default:
            throw EvaluationError.malformedTree("a row aggregate of \(aggregate.function)")
        }
    }
}
