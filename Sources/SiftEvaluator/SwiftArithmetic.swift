import SiftChecker
import SiftSchema

/// Swift's arithmetic on the evaluator's values: integers of every width with overflow traps,
/// `/` and `%` truncating toward zero, `Double` and `Float` by IEEE 754, `+` on strings.
enum SwiftArithmetic {
    static func apply(_ op: ArithmeticOperator, _ lhs: Value, _ rhs: Value, type: SiftType) throws -> Value {
        switch type.kind {
        case .string:
            guard case .string(let a) = lhs, case .string(let b) = rhs else { throw malformed(op, lhs, rhs) }
            return .string(a + b)
        case .integer(let kind):
            guard let a = lhs.integerValue, let b = rhs.integerValue else { throw malformed(op, lhs, rhs) }
            return try integer(op, a, b, kind: kind)
        case .double:
            guard case .double(let a) = lhs, case .double(let b) = rhs else { throw malformed(op, lhs, rhs) }
            return .double(floating(op, a, b))
        case .float:
            guard case .double(let a) = lhs, case .double(let b) = rhs else { throw malformed(op, lhs, rhs) }
            return .double(Double(floating(op, Float(a), Float(b))))
        default:
            throw malformed(op, lhs, rhs)
        }
    }

    static func integer(_ op: ArithmeticOperator, _ a: Int128, _ b: Int128, kind: IntegerKind) throws -> Value {
        let operation = "\(kind.rawValue) \(op.rawValue) \(kind.rawValue)"
        let result: Int128
        switch op {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply:
            // Operands are within 64 bits, so the product fits in 128 bits.
            result = a * b
        case .divide:
            if b == 0 { throw Trap(.divisionByZero, operation: operation) }
            result = a / b  // truncates toward zero, as Swift's `/`
        case .remainder:
            if b == 0 { throw Trap(.remainderByZero, operation: operation) }
            // Swift traps on `min % -1` too, although the remainder (0) is representable.
            if kind.isSigned, b == -1, !ValueCoercion.fits(-a, kind) { throw Trap(.overflow, operation: operation) }
            result = a % b  // the sign of the dividend, as Swift's `%`
        }
        guard ValueCoercion.fits(result, kind), let value = Value.integer(result) else {
            throw Trap(.overflow, operation: operation)
        }
        return value
    }

    static func floating<F: BinaryFloatingPoint>(_ op: ArithmeticOperator, _ a: F, _ b: F) -> F {
        switch op {
        case .add: a + b
        case .subtract: a - b
        case .multiply: a * b
        case .divide: a / b
        case .remainder: a.truncatingRemainder(dividingBy: b)  // unreachable: the checker rejects `%` on floats
        }
    }

    static func negate(_ value: Value, type: SiftType) throws -> Value {
        switch (type.kind, value) {
        case (.integer(let kind), _):
            guard let a = value.integerValue else { break }
            guard ValueCoercion.fits(-a, kind), let result = Value.integer(-a) else {
                throw Trap(.overflow, operation: "-\(kind.rawValue)")
            }
            return result
        case (.double, .double(let a)), (.float, .double(let a)):
            return .double(-a)
        default: break
        }
        throw EvaluationError.malformedTree("cannot negate \(value) of type \(type)")
    }

    /// `Double(x)`, `Float(x)`, `Int(x)`, `Int8(x)`, ...: Swift's numeric conversions. Integer
    /// targets truncate toward zero and trap on NaN, infinity or out-of-range values.
    static func convert(_ value: Value, from source: SiftType, to target: SiftType) throws -> Value {
        switch target.kind {
        case .double:
            switch value {
            case .int(let a): return .double(Double(a))
            case .uint(let a): return .double(Double(a))
            case .double(let a): return .double(a)  // from Float: exact; from Double: identity
            default: break
            }
        case .float:
            switch value {
            case .int(let a): return .double(Double(Float(a)))
            case .uint(let a): return .double(Double(Float(a)))
            case .double(let a): return .double(Double(Float(a)))
            default: break
            }
        case .integer(let kind):
            let operation = "\(kind.rawValue)(\(source))"
            switch value {
            case .int, .uint:
                guard let a = value.integerValue, ValueCoercion.fits(a, kind) else {
                    throw Trap(.conversionOutOfRange, operation: operation)
                }
                return value
            case .double(let a):
                guard a.isFinite, let truncated = Int128(exactly: a.rounded(.towardZero)), ValueCoercion.fits(truncated, kind),
                    let result = Value.integer(truncated)
                else { throw Trap(.conversionOutOfRange, operation: operation) }
                return result
            default: break
            }
        default: break
        }
        throw EvaluationError.malformedTree("cannot convert \(value) from \(source) to \(target)")
    }

    static func malformed(_ op: ArithmeticOperator, _ lhs: Value, _ rhs: Value) -> EvaluationError {
        .malformedTree("'\(op.rawValue)' on \(lhs) and \(rhs)")
    }
}
