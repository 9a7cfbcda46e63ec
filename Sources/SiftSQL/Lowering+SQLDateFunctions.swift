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

/// The lowering of StructuredQueries' date modifiers (``SiftChecker/SQLOperation``'s
/// `modifiedDate`): `strftime('%Y-%m-%d %H:%M:%f', date, ?, ...)` for a date stored as ISO-8601
/// text (the library's form where SQLite has no `'subsec'`, as 3.40 has not: the same text to the
/// millisecond), `unixepoch(date, 'unixepoch', ?, ...)` for seconds since 1970 (whole seconds, as
/// the library's `unixepoch` gives); `'now'` in place of the date for `.now`. Each modifier's
/// text is bound.
extension LoweringContext {
    mutating func lowerModifiedDate(storage: Storage, fromNow: Bool, _ operands: [TypedExpr], isOptional: Bool) -> Lowered {
        var arguments: SQLFragment
        var modifiers = operands[...]
        let time = modifiers.removeFirst()
        if fromNow {
            arguments = SQLFragment("'now'")
        } else {
            arguments = lowerSQLOperand(time, toMatch: nil).sql
            if storage == .dateUnixSeconds { arguments += ", 'unixepoch'" }
        }
        for modifier in modifiers {
            arguments += ", " + lowerSQLOperand(modifier, toMatch: nil).sql
        }
        if storage == .dateUnixSeconds {
            return Lowered("unixepoch(" + arguments + ")", isOptional: isOptional, isAtomic: true, storage: .dateUnixSeconds)
        }
        return Lowered("strftime('%Y-%m-%d %H:%M:%f', " + arguments + ")", isOptional: isOptional, isAtomic: true, storage: .dateISO8601)
    }
}
