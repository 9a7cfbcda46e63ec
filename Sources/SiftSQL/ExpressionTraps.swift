import SiftChecker

/// Which expressions can trap in Swift (and so be NULL in SQL): checked `Int` arithmetic,
/// conversions that do not fit, and ranges whose bounds are not known to be ordered.
enum ExpressionTraps {
    static func mayTrap(_ expr: TypedExpr) -> Bool {
        switch expr.kind {
        case .constant, .parameter, .variable, .error:
            return false
        case .arithmetic(let op, let lhs, let rhs):
            if case .divide = op, expr.type.isFloatingPoint { return true }  // 0.0 / 0.0 is NaN: NULL in SQL
            return expr.type.isInteger || mayTrap(lhs) || mayTrap(rhs)
        case .negate(let inner):
            return inner.type.isInteger || mayTrap(inner)
        case .conversion(let inner):
            return expr.type.isInteger || mayTrap(inner)
        case .range(let lower, let upper, _):
            if case .constant = lower.kind, case .constant = upper.kind { return false }
            return true
        case .attribute(let base, _), .toOne(let base, _), .toMany(let base, _), .injectOptional(let base), .not(let base),
            .stringTransform(_, let base), .stringLength(let base), .rawValue(let base), .count(let base), .isEmpty(let base),
            .first(let base), .extremum(_, let base):
            return mayTrap(base)
        case .optionalMap(let source, _, let body):
            return mayTrap(source) || mayTrap(body)
        case .ifLet(let source, _, let then, let otherwise):
            return mayTrap(source) || mayTrap(then) || mayTrap(otherwise)
        case .comparison(_, let lhs, let rhs), .nilCoalescing(let lhs, let rhs), .stringTest(_, let lhs, let rhs),
            .stringComparison(_, let lhs, let rhs), .contains(let lhs, let rhs):
            return mayTrap(lhs) || mayTrap(rhs)
        case .logical(_, let operands), .arrayLiteral(let operands):
            return operands.contains(where: mayTrap)
        case .conditional(let condition, let then, let otherwise):
            return mayTrap(condition) || mayTrap(then) || mayTrap(otherwise)
        case .any(let sequence, _, let predicate), .all(let sequence, _, let predicate), .filter(let sequence, _, let predicate):
            return mayTrap(sequence) || mayTrap(predicate)
        }
    }
}
