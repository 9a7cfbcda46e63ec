import Foundation
import SiftChecker
import SiftSchema

/// SQL's meaning of StructuredQueries' scalar operators (`COLLATE`, `LIKE ... ESCAPE`, `IN` over
/// an array parameter; the scalar functions are in `Evaluator+SQLFunctions`), on the values the
/// rows hold, as SQLite computes them: NULL in, NULL out.
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
        case .bitwise(let op):
            guard case .int(let a) = Self.plain(try evaluate(operands[0])), case .int(let b) = Self.plain(try evaluate(operands[1])) else {
                return .null
            }
            return .int(SQLiteBits.apply(op, a, b))
        case .bitwiseNot:
            guard case .int(let a) = Self.plain(try evaluate(operands[0])) else { return .null }
            return .int(~a)
        case .customCollate(let name):
            // Registered by the application on its connection: only SQLite knows its order.
            throw EvaluationError.needsDatabase("COLLATE \"\(name)\"")
        default:
            throw EvaluationError.needsDatabase(operation.name)
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

/// SQLite's bitwise operators on 64-bit integers (its `OP_BitAnd`, `OP_BitOr`, `OP_ShiftLeft`,
/// `OP_ShiftRight`): a negative shift goes the other way, a shift by 64 or more leaves 0 (or -1
/// for a negative number shifted right), a right shift keeps the sign.
enum SQLiteBits {
    static func apply(_ op: SQLBitwiseOperator, _ a: Int64, _ b: Int64) -> Int64 {
        switch op {
        case .and: return a & b
        case .or: return a | b
        case .shiftLeft, .shiftRight:
            guard b != 0 else { return a }
            var left = op == .shiftLeft
            var count = b
            if count < 0 {
                left.toggle()
                count = count > -64 ? -count : 64
            }
            if count >= 64 { return a >= 0 || left ? 0 : -1 }
            return left ? Int64(bitPattern: UInt64(bitPattern: a) << UInt64(count)) : a >> count
        }
    }
}
