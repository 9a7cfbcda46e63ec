import SiftChecker
import SiftSchema

extension LoweringContext {
    /// `groupConcat(x, separator: s, sortedBy: k, order: .reverse)`: SQLite before 3.44 has no
    /// `ORDER BY` inside `group_concat` (and an aggregate cannot feed a sub-select), so the rows'
    /// `[key, text]` pairs are gathered as one JSON array and `sift_sorted_concat` sorts them as
    /// Swift orders the keys and joins the texts (``SortedConcatenation``). A `Double` or date key
    /// is written as its exact digits, which SQLite's JSON would round to 15.
    mutating func lowerSortedConcatenation(_ call: AggregateCall, value: Lowered) -> SQLFragment {
        guard let keyExpr = call.sortKey else { return SQLFragment("NULL") }
        if portable {
            refuse("'groupConcat(…, sortedBy:)'", "SQLite's 'group_concat' takes no 'ORDER BY' before version 3.44, and orders text by bytes", at: keyExpr.range)
        }
        let keyType = keyExpr.type.unwrapped
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
}
