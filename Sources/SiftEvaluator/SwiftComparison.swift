import Foundation
import SiftChecker

/// Swift's `==` and `<` family on the evaluator's values.
///
/// `==` is ``Value``'s equality (Swift's per type; `nil == nil`). Ordering: integers by value,
/// `Double` and `Float` by IEEE 754 (every comparison with NaN is false), `String` by Swift's `<`
/// (Unicode canonical order, so canonically equivalent strings are neither less nor greater),
/// `Date` by time, an enum by its raw values (the only `<` the checker accepts for one). For
/// non-floating types `a <= b` is `!(b < a)`, as Swift's `Comparable` defaults.
enum SwiftComparison {
    static func compare(_ op: ComparisonOperator, _ lhs: Value, _ rhs: Value) throws -> Bool {
        switch op {
        case .equal: return lhs == rhs
        case .notEqual: return lhs != rhs
        default: break
        }
        if case .double(let a) = lhs, case .double(let b) = rhs {
            switch op {
            case .less: return a < b
            case .lessEqual: return a <= b
            case .greater: return a > b
            default: return a >= b
            }
        }
        switch op {
        case .less: return try less(lhs, rhs)
        case .lessEqual: return try !less(rhs, lhs)
        case .greater: return try less(rhs, lhs)
        default: return try !less(lhs, rhs)
        }
    }

    /// Swift's `<` for two values of the same Comparable type.
    static func less(_ lhs: Value, _ rhs: Value) throws -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return a < b
        case (.double(let a), .double(let b)): return a < b
        case (.date(let a), .date(let b)): return a < b
        case (.enumCase(let a), .enumCase(let b)):
            // The checker accepts `<` only on an enum whose `<` compares raw values.
            return RowSorter.compareRawValues(a.rawValue, b.rawValue) < 0
        default:
            if let a = lhs.integerValue, let b = rhs.integerValue { return a < b }
            throw EvaluationError.malformedTree("'<' on \(lhs) and \(rhs)")
        }
    }
}
