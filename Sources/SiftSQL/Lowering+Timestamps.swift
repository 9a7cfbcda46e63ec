import SiftChecker
import SiftSchema

extension LoweringContext {
    /// A timestamp column (``Storage/timestamp``) compared with a `Date` parameter, with Swift's
    /// answer on the stored microseconds: the parameter is bound as the microsecond bound that
    /// keeps the comparison (``TimestampMicroseconds``), not rounded to the nearest one.
    ///
    /// - `c < d` is `c < atLeast(d)`, `c >= d` is `c >= atLeast(d)`; `c <= d` is
    ///   `c <= atMost(d)`, `c > d` is `c > atMost(d)`;
    /// - `c == d` is `c BETWEEN atLeast(d) AND atMost(d)` (no row when no microsecond is `d`),
    ///   `!=` its negation; with an optional column or parameter, nil meets nil as in Swift and
    ///   the result stays two-valued — unless `nilMeetsNil` is false (SQL's meaning, which
    ///   StructuredQueries' `==` has): then NULL is unknown, as SQL's `=` makes it.
    ///
    /// nil, having lowered nothing, unless one side is an attribute stored as a timestamp and the
    /// other a parameter.
    mutating func timestampParameterComparison(_ op: ComparisonOperator, _ lhs: TypedExpr, _ rhs: TypedExpr, nilMeetsNil: Bool = true) -> Lowered? {
        func isTimestampAttribute(_ expr: TypedExpr) -> Bool {
            if case .attribute(_, let attribute) = tree[expr] { return attribute.storage == .timestamp }
            return false
        }
        // The parameter itself, of its own type (a `Date` promoted to meet an optional column is no
        // optional parameter).
        func boundParameter(_ expr: TypedExpr) -> (String, SiftType)? {
            switch tree[expr] {
            case .parameter(let name): return (name, expr.type)
            case .injectOptional(let inner): return boundParameter(inner)
            default: return nil
            }
        }
        let column: TypedExpr
        let parameter: String
        let parameterType: SiftType
        var op = op
        if isTimestampAttribute(lhs), let (name, type) = boundParameter(rhs) {
            (column, parameter, parameterType) = (lhs, name, type)
        } else if isTimestampAttribute(rhs), let (name, type) = boundParameter(lhs) {
            (column, parameter, parameterType) = (rhs, name, type)
            // `d < c` is `c > d`.
            switch op {
            case .less: op = .greater
            case .lessEqual: op = .greaterEqual
            case .greater: op = .less
            case .greaterEqual: op = .lessEqual
            case .equal, .notEqual: break
            }
        } else {
            return nil
        }
        var value = lowerValue(column)
        let optionalValue = value.isOptional
        let sql = value.takeOperand()
        func bound(_ encoding: ValueEncoding) -> SQLFragment { .binding(.parameter(name: parameter, encoding: encoding)) }
        let atLeast = bound(.timestampAtLeast)
        let atMost = bound(.timestampAtMost)
        let result: SQLFragment
        switch op {
        case .less: result = sql + " < " + atLeast
        case .greaterEqual: result = sql + " >= " + atLeast
        case .lessEqual: result = sql + " <= " + atMost
        case .greater: result = sql + " > " + atMost
        case .equal, .notEqual:
            var equal = sql + " BETWEEN " + atLeast + " AND " + atMost
            guard nilMeetsNil else {
                result = op == .equal ? equal : sql + " NOT BETWEEN " + atLeast + " AND " + atMost
                break
            }
            if optionalValue { equal = "(" + sql + " IS NOT NULL AND " + equal + ")" }
            if parameterType.isOptional {
                // A nil parameter binds NULL bounds: it equals a nil column only.
                equal = "CASE WHEN " + bound(.timestampAtLeast) + " IS NULL THEN " + sql + " IS NULL ELSE " + equal + " END"
            }
            result = op == .equal ? equal : "(NOT (" + equal + "))"
        }
        return Lowered(result, mayTrap: value.mayTrap, isAtomic: nilMeetsNil && (op == .notEqual || parameterType.isOptional)).with(.comparison)
    }
}
