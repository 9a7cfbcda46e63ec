import SiftChecker

/// Which expressions can trap in Swift (and so be NULL in SQL): checked `Int` arithmetic,
/// conversions that do not fit, ranges whose bounds are not known to be ordered and force
/// unwraps; and, conservatively, floating-point arithmetic that may give NaN.
enum ExpressionTraps {
    /// Read from the hazards each typed node gathered when it was made: constant time, where a
    /// walk of the subtree per `&&` operand would make long chains quadratic.
    static func mayTrap(_ expr: TypedExpr) -> Bool { !expr.hazards.isEmpty }
}
