import SiftChecker
import SiftSchema

extension LoweringContext {
    /// `groupConcat(x, separator: s, sortedBy: k, order: .reverse)`: SQLite before 3.44 has no
    /// `ORDER BY` inside `group_concat` (and an aggregate cannot feed a sub-select), so the rows'
    /// `[key, text]` pairs are gathered as one JSON array and `sift_sorted_concat` sorts them as
    /// Swift orders the keys and joins the texts (``SortedConcatenation``). A `Double` or date key
    /// is written as its exact digits, which SQLite's JSON would round to 15. A dialect with an
    /// ordered aggregate of its own (PostgreSQL's `string_agg(... ORDER BY ...)`) writes that instead.
    mutating func lowerSortedConcatenation(_ call: AggregateCall, value: Lowered) -> SQLFragment {
        guard let keyExpr = call.sortKey else { return SQLFragment("NULL") }
        if portable {
            refuse("'groupConcat(…, sortedBy:)'", "SQLite's 'group_concat' takes no 'ORDER BY' before version 3.44, and orders text by bytes", at: keyExpr.range)
        }
        let keyType = keyExpr.type.unwrapped
        if !writesInPlace {
            var key = lowerValue(keyExpr)
            if keyType == .date { key = asInstant(key) }
            if key.mayTrap { key = Lowered(guardedAgainstTraps(key), isOptional: key.isOptional, isAtomic: true) }
            let keySQL = keyType.isString ? dialect.codePointOrder(canonicalText(key)) : key.sql
            let separator = call.separator.map { lowerValue($0).sql } ?? SQLFragment.binding(.constant(.text(",")))
            if let sql = dialect.sortedGroupConcat(
                value.sql, separator: separator, distinct: call.isDistinct, key: keySQL,
                keyIsFloatingPoint: keyType == .date || keyType.isFloatingPoint, descending: call.isDescending)
            {
                return sql
            }
        }
        var key = lowerValue(keyExpr)
        let kind: SortedConcatenation.KeyKind
        if keyType == .date || keyType.isFloatingPoint {
            kind = .real
            if keyType == .date { key = asInstant(key) }
            // Swift's exact digits as text (`inf` for infinity, NULL for nil).
            let exact = siftCall(.jsonNumber, key.sql, SQLFragment.binding(.constant(.integer(2))))
            key = Lowered(exact, isOptional: key.isOptional, mayTrap: key.mayTrap, isAtomic: true)
        } else if keyType.isString {
            kind = .text
        } else {
            kind = .integer
        }
        let keySQL = call.isDistinct ? value.sql : guardedAgainstTraps(key)
        let pair = "json_array(" + keySQL + ", " + value.sql + ")"
        let pairs = "json_group_array(" + (call.isDistinct ? SQLFragment("DISTINCT ") : SQLFragment()) + pair + ")"
        let separator = call.separator.map { lowerValue($0).sql } ?? SQLFragment.binding(.constant(.text(",")))
        let mode = SQLFragment.binding(.constant(.integer(SortedConcatenation.mode(call.isDistinct ? .text : kind, descending: call.isDescending))))
        return dialect.call(.sortedConcat, [pairs, separator, mode])
    }

    /// StructuredQueries' `groupConcat(order: k)` (`group_concat(x ORDER BY k)`, which SQLite 3.40
    /// lacks): the `[key, text]` pairs of the rows (only those `filter:` keeps) gathered with
    /// `json_group_array`, then sorted by ``SortedConcatenation`` with SQL's order of the stored
    /// keys: numbers by value, text by its bytes (`collate(.nocase)` as `lower`'s ASCII folding,
    /// `.rtrim` without trailing spaces), NULL first ascending; NULL when no row has a text, as
    /// `group_concat` gives.
    mutating func lowerSQLSortedConcatenation(_ call: AggregateCall, key keyExpr: TypedExpr) -> Lowered {
        guard let argument = call.argument else { return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true) }
        let value = lowerSQLOperand(argument, toMatch: nil)
        var keyNode = keyExpr
        var collation = SQLCollation.binary
        if case .sql(.collate(let written), let operands) = tree[keyExpr], operands.count == 1 {
            collation = written
            keyNode = operands[0]
        }
        let key = lowerSQLOperand(keyNode, toMatch: nil)
        if !writesInPlace { return lowerSQLOrderedConcatenation(call, argument: argument, value: value, key: key, collation: collation) }
        let type = keyNode.type.unwrapped
        let kind: SortedConcatenation.KeyKind
        switch key.storage ?? (type.isString ? .text : type.isFloatingPoint ? .real : .integer) {
        // PostgreSQL's own types' storages meet SQLite only as text (PostgreSQL's dialect refuses this).
        case .text, .dateISO8601, .uuidUppercaseText, .uuidLowercaseText, .timestamp, .uuidNative, .textForm: kind = .bytes
        case .real, .dateReferenceSeconds, .dateUnixSeconds: kind = .real
        case .integer, .blob, .uuidBlob: kind = .integer
        }
        var keySQL = key.sql
        switch (kind, collation) {
        case (.bytes, .nocase): keySQL = "lower(" + key.sql + ")"
        case (.bytes, .rtrim): keySQL = "rtrim(" + key.sql + ", ' ')"
        case (.real, _): keySQL = siftCall(.jsonNumber, key.sql, SQLFragment.binding(.constant(.integer(2))))  // exact digits (SQLite's JSON keeps 15)
        default: break
        }
        let pair = "json_array(" + keySQL + ", " + value.sql + ")"
        var pairs = "json_group_array(" + (call.isDistinct ? SQLFragment("DISTINCT ") : SQLFragment()) + pair + ")"
        if let condition = call.condition { pairs += " FILTER (WHERE " + lowerSQLClauseCondition(condition) + ")" }
        let separator = call.separator.map { lowerSQLOperand($0, toMatch: nil).sql } ?? SQLFragment.binding(.constant(.text(",")))
        let mode = SortedConcatenation.mode(kind, descending: call.isDescending) + SortedConcatenation.sqlMeaning
        return Lowered(dialect.call(.sortedConcat, [pairs, separator, .binding(.constant(.integer(mode)))]), isOptional: true, isAtomic: true)
    }

    /// `groupConcat(order:)` in a dialect with an ordered aggregate (PostgreSQL's `string_agg(x, s
    /// ORDER BY k)`): the keys in SQL's order of their stored values, as ``SortedConcatenation``
    /// orders them for SQLite. Text by its bytes (`COLLATE "C"`; `.nocase` with ASCII letters
    /// folded, `.rtrim` without trailing spaces), NULL first ascending and last descending, ties
    /// by the texts' bytes ascending. Under `distinct:` the key is the value: the group's distinct
    /// texts sorted by a sub-select over their array (`string_agg(DISTINCT v ORDER BY v)` would need
    /// `v` written twice, which a bound constant in it is not); NULL when no row has a text.
    mutating func lowerSQLOrderedConcatenation(
        _ call: AggregateCall, argument: TypedExpr, value: Lowered, key: Lowered, collation: SQLCollation
    ) -> Lowered {
        let separator = call.separator.map { lowerSQLOperand($0, toMatch: nil).sql } ?? SQLFragment.binding(.constant(.text(",")))
        let filter = call.condition.map { " FILTER (WHERE " + lowerSQLClauseCondition($0) + ")" } ?? SQLFragment()
        let descending = SQLFragment(call.isDescending ? " DESC" : "")
        func folded(_ text: SQLFragment) -> SQLFragment {
            switch collation {
            case .nocase: "translate(" + text + ", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE \"C\""
            case .rtrim: "rtrim(" + text + ", ' ') COLLATE \"C\""
            case .binary: text + " COLLATE \"C\""
            }
        }
        let text = "CAST(" + value.sql + " AS text)"
        if call.isDistinct {
            let element = SQLFragment.identifier("e") + "." + SQLFragment.identifier("v")
            var sql: SQLFragment = "CASE WHEN count(" + value.sql + ")" + filter + " > 0 THEN array_to_string(ARRAY(SELECT " + element
            sql += " FROM (SELECT DISTINCT " + SQLFragment.identifier("v") + " COLLATE \"C\" AS " + SQLFragment.identifier("v")
            sql += " FROM unnest(array_agg(" + text + ")" + filter + ") AS " + SQLFragment.identifier("u") + "(" + SQLFragment.identifier("v") + ")) AS "
            sql += SQLFragment.identifier("e") + " ORDER BY " + folded(element) + descending + (collation == .binary ? SQLFragment() : ", " + element + " COLLATE \"C\"") + "), " + separator + ") END"
            return Lowered(sql, isOptional: true, isAtomic: true)
        }
        let keyType = call.sortKey?.type.unwrapped
        let textStorages: [Storage] = [.text, .dateISO8601, .uuidUppercaseText, .uuidLowercaseText, .textForm]
        let keySQL = keyType?.isString == true || key.storage.map(textStorages.contains) == true ? folded(key.sql) : key.sql
        var sql: SQLFragment = "string_agg(" + text + ", " + separator + " ORDER BY " + keySQL
        sql += call.isDescending ? " DESC NULLS LAST, " : " ASC NULLS FIRST, "
        // The texts written again for the ties (a bound constant in them is bound again).
        sql += "CAST(" + lowerSQLOperand(argument, toMatch: nil).sql + " AS text) COLLATE \"C\")" + filter
        return Lowered(sql, isOptional: true, isAtomic: true)
    }
}
