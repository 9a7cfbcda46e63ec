import SiftChecker
import SiftSchema

/// The lowering of StructuredQueries' date functions (``SiftChecker/SQLOperation``'s `datePart`
/// and `strftime`): `CAST(strftime('%Y', date) AS INTEGER)` and `strftime(?, date)`, the format
/// of a part written by Sift (one of ``SiftChecker/SQLDatePart``'s), a user's format bound. The
/// column is given to `strftime` as its storage needs: ISO-8601 text as it is, seconds since 1970
/// with `'unixepoch'`, seconds since 2001 plus 978307200 with `'unixepoch'`.
extension LoweringContext {
    mutating func lowerSQLDateFunction(_ operation: SQLOperation, _ operands: [TypedExpr], isOptional: Bool) -> Lowered {
        let date = lowerSQLOperand(operands[0], toMatch: nil)
        let storage: Storage
        switch operation {
        case .datePart(_, let given), .strftime(let given): storage = given
        default: return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
        var time: SQLFragment
        switch storage {
        case .dateUnixSeconds: time = date.sql + ", 'unixepoch'"
        case .dateReferenceSeconds: time = "(" + date.sql + " + 978307200), 'unixepoch'"
        default: time = date.sql
        }
        if case .datePart(let part, _) = operation {
            let type: StaticString = part == .fractionalSecond ? " AS REAL)" : " AS INTEGER)"
            time = "CAST(strftime('" + SQLFragment(part.rawValue) + "', " + time + ")" + type
            return Lowered(time, isOptional: isOptional, isAtomic: true)
        }
        let format = lowerSQLOperand(operands[1], toMatch: nil)
        return Lowered("strftime(" + format.sql + ", " + time + ")", isOptional: true, isAtomic: true)
    }
}
