import SiftChecker
import SiftSchema
import SiftSyntax

extension LoweringContext {
    /// `users.map(\.age).max()` and friends: a correlated subquery over the related rows,
    /// `(SELECT max(value) FROM ... WHERE <correlation> AND <filters>)`.
    ///
    /// An element whose value traps traps the row (Swift maps every element first). A sum is
    /// exact: an `Int` sum is added in two 32-bit halves, so that SQLite's `sum()` never meets an
    /// overflow (which would fail the whole statement where Swift's trap leaves only this row
    /// out of a filter), and is NULL — a trap — when it is outside `Int`'s range.
    mutating func lowerRowAggregate(_ aggregate: RowAggregate, type: SiftType, at range: SourceRange) -> Lowered {
        guard let opened = openSequence(aggregate.sequence) else {
            return aggregate.function == .sum
                ? lowerConstant(type.isInteger ? .int(0) : .double(0), type: type) : Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
        bindElement(aggregate.variable, of: opened)
        var value = lowerValue(aggregate.value)
        let element = value
        var result: Lowered
        switch aggregate.function {
        case .max, .min:
            if aggregate.value.type.isString {
                // Swift orders strings by their canonical (NFC) scalars, which is their UTF-8 byte order.
                value = normalizedString(value, at: range)
            }
            let select = SQLFragment(aggregate.function == .max ? "max(" : "min(") + value.sql + ")"
            result = Lowered(subquery(opened, select: select), isOptional: true, isAtomic: true, storage: element.storage)
        case .average:
            // PostgreSQL averages integers in `numeric`: back to a Double.
            let average = writesInPlace ? "avg(" + value.sql + ")" : "CAST(avg(" + value.sql + ") AS float8)"
            result = Lowered(subquery(opened, select: average), isOptional: true, isAtomic: true)
        case .sum:
            guard case .integer(let kind) = type.kind else {
                // `total` is `sum` as a REAL, 0.0 for no rows (another dialect: `coalesce(sum(x), 0)`).
                let total = writesInPlace ? "total(" + value.sql + ")" : "coalesce(sum(" + value.sql + "), CAST(0 AS float8))"
                result = Lowered(subquery(opened, select: total), isAtomic: true)
                break
            }
            let select: SQLFragment
            if !writesInPlace {
                // PostgreSQL sums integers exactly in `numeric`: in range, back to `bigint`.
                let bounds = kind == .int || kind == .int64 ? Int64.min...Int64.max : Self.integerBounds(kind)
                let total = "coalesce(sum(" + value.sql + "), 0)"
                select = "CASE WHEN " + total + " BETWEEN " + SQLFragment(String(bounds.lowerBound)) + " AND " + SQLFragment(String(bounds.upperBound))
                    + " THEN CAST(" + total + " AS bigint) END"
            } else if kind == .int || kind == .int64 {
                // sum = high·2³² + low, each half's sum exact in 64 bits; in range when the carried
                // high part fits 32 bits.
                let operand = value.operand(inside: .comparison)
                let high = "sum(" + operand + " >> 32)"
                let low = "sum(" + operand + " & 4294967295)"
                let carried = "(" + high + " + (" + low + " >> 32))"
                select =
                    "CASE WHEN count(*) = 0 THEN 0 WHEN " + carried + " BETWEEN -2147483648 AND 2147483647 THEN (" + carried + " << 32) + ("
                    + low + " & 4294967295) END"
            } else {
                // Narrower integers: the sum of their values is exact in 64 bits.
                let bounds = Self.integerBounds(kind)
                let total = "coalesce(sum(" + value.sql + "), 0)"
                select = "CASE WHEN " + total + " BETWEEN " + SQLFragment(String(bounds.lowerBound)) + " AND " + SQLFragment(String(bounds.upperBound))
                    + " THEN " + total + " END"
            }
            result = Lowered(subquery(opened, select: select), mayTrap: true, isAtomic: true)
        default:
            result = Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
        // An element whose value traps traps the row, however the aggregate would skip its NULL.
        return guardTraps(of: opened, result, last: element.mayTrap ? element : nil)
    }

    /// The range of a fixed-width integer type narrower than 64 bits.
    static func integerBounds(_ kind: IntegerKind) -> ClosedRange<Int64> {
        switch kind {
        case .int8: Int64(Int8.min)...Int64(Int8.max)
        case .int16: Int64(Int16.min)...Int64(Int16.max)
        case .int32: Int64(Int32.min)...Int64(Int32.max)
        case .uint8: 0...Int64(UInt8.max)
        case .uint16: 0...Int64(UInt16.max)
        case .uint32: 0...Int64(UInt32.max)
        default: Int64.min...Int64.max
        }
    }
}
