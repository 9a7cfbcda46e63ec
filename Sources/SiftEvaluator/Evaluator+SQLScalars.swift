import Foundation
import SiftChecker
import SiftSchema

/// SQL's meaning of StructuredQueries' scalar operators (`COLLATE`, `LIKE ... ESCAPE`, `IN` over
/// an array parameter, `length`, `lower`, `upper`, `trim`), on the values the rows hold, as SQLite
/// computes them: NULL in, NULL out; `lower`/`upper` fold ASCII letters only; `length` counts
/// characters up to the first NUL.
extension ExpressionEvaluator {
    func sqlScalarOperation(_ operation: SQLOperation, _ operands: [TypedExpr]) throws -> Value {
        switch operation {
        case .collate:
            // The value itself: its collation decides comparisons (``explicitCollation(_:)``).
            return try evaluate(operands[0])
        case .likeEscaped:
            let string = SQLScalar(try evaluate(operands[0]))
            let pattern = SQLScalar(try evaluate(operands[1]))
            let escape = SQLScalar(try evaluate(operands[2]))
            guard case .text(let text)? = string, case .text(let pattern)? = pattern, case .text(let escape)? = escape,
                let character = escape.unicodeScalars.first
            else { return .null }
            return .bool(SQLPattern.like(text, pattern, escape: character))
        case .isInArray:
            let array = try evaluate(operands[1])
            guard case .array(let elements) = array else { return .null }
            if elements.isEmpty { return .bool(false) }
            guard let value = SQLScalar(try evaluate(operands[0])) else { return .null }
            let collation = explicitCollation(operands[0])
            var sawNull = false
            for element in elements {
                guard let candidate = SQLScalar(element) else {
                    sawNull = true
                    continue
                }
                if SQLScalar.compare(value, candidate, collation: collation) == 0 { return .bool(true) }
            }
            return sawNull ? .null : .bool(false)
        case .function(let function):
            return try sqlFunction(function, operands)
        default:
            throw EvaluationError.needsDatabase(operation.name)
        }
    }

    func sqlFunction(_ function: SQLScalarFunction, _ operands: [TypedExpr]) throws -> Value {
        guard case .string(let text) = try evaluate(operands[0]) else { return .null }
        switch function {
        case .length:
            return .int(Int64(text.unicodeScalars.prefix { $0 != "\0" }.count))
        case .lower, .upper:
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if function == .lower, (65...90).contains(value) {
                    scalars.append(Unicode.Scalar(value + 32)!)
                } else if function == .upper, (97...122).contains(value) {
                    scalars.append(Unicode.Scalar(value - 32)!)
                } else {
                    scalars.append(scalar)
                }
            }
            return .string(String(scalars))
        default:
            var scalars = Substring(text).unicodeScalars
            if function != .rtrim { while scalars.first == " " { scalars.removeFirst() } }
            if function != .ltrim { while scalars.last == " " { scalars.removeLast() } }
            return .string(String(scalars))
        }
    }

    /// The collating sequence `COLLATE` gives an operand explicitly, if any (through parentheses,
    /// which the typed tree does not keep).
    func explicitCollation(_ expr: TypedExpr) -> SQLCollation? {
        if case .sql(.collate(let collation), _) = tree[expr] { return collation }
        return nil
    }
}

extension SQLScalar {
    /// SQLite's order under a collating sequence: texts compared after folding ASCII case
    /// (`NOCASE`) or without their trailing spaces (`RTRIM`); other values as without one.
    static func compare(_ a: SQLScalar, _ b: SQLScalar, collation: SQLCollation?) -> Int {
        guard let collation, collation != .binary, case .text(let x) = a, case .text(let y) = b else { return compare(a, b) }
        return compare(.text(collation.key(x)), .text(collation.key(y)))
    }
}

extension SQLCollation {
    /// A text whose bytes order as the collating sequence orders the original.
    func key(_ text: String) -> String {
        switch self {
        case .binary:
            return text
        case .nocase:
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                scalars.append((65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32)! : scalar)
            }
            return String(scalars)
        case .rtrim:
            var scalars = Substring(text).unicodeScalars
            while scalars.last == " " { scalars.removeLast() }
            return String(scalars)
        }
    }
}
