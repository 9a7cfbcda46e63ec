import SiftChecker

/// SQLite's `+`, `-`, `*`, `/` and `%` (`OP_Add` ... `OP_Remainder`): two integers give an integer
/// unless the result would overflow, then the REAL result; a REAL operand makes the operation
/// REAL; a division or remainder by zero is NULL; `%` of REALs takes their integer parts.
enum SQLiteArithmetic {
    static func apply(_ op: ArithmeticOperator, _ left: Value, _ right: Value) throws -> Value {
        guard let a = SQLScalar(left), let b = SQLScalar(right) else { return .null }
        guard case .number(let x, let xi) = a, case .number(let y, let yi) = b else {
            throw EvaluationError.malformedTree("SQL arithmetic on \(left) and \(right)")
        }
        let integers = !isReal(left) && !isReal(right)
        if integers, let xi, let yi {
            switch op {
            case .add:
                let (sum, overflow) = xi.addingReportingOverflow(yi)
                if !overflow { return .int(sum) }
            case .subtract:
                let (difference, overflow) = xi.subtractingReportingOverflow(yi)
                if !overflow { return .int(difference) }
            case .multiply:
                let (product, overflow) = xi.multipliedReportingOverflow(by: yi)
                if !overflow { return .int(product) }
            case .divide:
                if yi == 0 { return .null }
                if !(yi == -1 && xi == .min) { return .int(xi / yi) }
            case .remainder:
                if yi == 0 { return .null }
                return .int(xi % (yi == -1 ? 1 : yi))
            }
        }
        let result: Double
        switch op {
        case .add: result = x + y
        case .subtract: result = x - y
        case .multiply: result = x * y
        case .divide:
            if y == 0 { return .null }
            result = x / y
        case .remainder:
            let dividend = xi ?? integer(x)
            var divisor = yi ?? integer(y)
            if divisor == 0 { return .null }
            if divisor == -1 { divisor = 1 }
            result = Double(dividend % divisor)
        }
        return result.isNaN ? .null : .double(result)
    }

    private static func isReal(_ value: Value) -> Bool {
        if case .double = value { return true }
        return false
    }

    /// SQLite's conversion of a REAL to an integer: clamped to the 64-bit range, truncated.
    static func integer(_ real: Double) -> Int64 {
        if real.isNaN { return .min }
        if real <= -0x1p63 { return .min }
        if real >= 0x1p63 { return .max }
        return Int64(real)
    }
}
