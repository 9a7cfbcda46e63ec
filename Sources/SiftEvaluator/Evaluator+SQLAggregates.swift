import Foundation
import SiftChecker
import SiftSchema

extension ExpressionEvaluator {
    /// An aggregate of the current ``group`` as SQLite 3.40 computes it (its `func.c`), for
    /// StructuredQueries' selections: NULL values are skipped (`json_group_array` keeps them as
    /// `null`); `DISTINCT` keeps one of SQL-equal values (texts by their bytes, folded by a
    /// written collation); `count(x)` counts the values; `sum` is NULL for none, an integer while
    /// every value is one (an overflow fails the query), a REAL otherwise; `total` the REAL sum
    /// (`0.0` for none); `avg` the REAL sum over the count; `min`/`max` by SQL's order (NULL for
    /// none; the first of equal values); `group_concat` the texts joined in the rows' order, NULL
    /// for none; `group_concat(… ORDER BY k)` (Sift's `sift_sorted_concat`) in SQL's order of the
    /// keys, NULL first, ties by the texts' bytes.
    func sqlAggregate(_ call: AggregateCall) throws -> Value {
        let saved = slots
        defer { slots = saved }
        let collation = call.argument.flatMap { explicitCollation($0) }
        var rows = 0
        var values: [Value] = []
        var keys: [Value] = []
        var seen: Set<SQLValueKey> = []
        for row in group {
            bind(row)
            if let condition = call.condition, try !holds(condition) { continue }
            rows += 1
            guard let argument = call.argument else { continue }
            let value = Self.plain(try evaluate(argument))
            if value == .null, call.function != .jsonGroupArray { continue }
            if call.isDistinct, !seen.insert(SQLValueKey(value, collation: collation)).inserted { continue }
            values.append(value)
            if let sortKey = call.sortKey { keys.append(Self.plain(try evaluate(sortKey))) }
        }
        switch call.function {
        case .count:
            return .int(Int64(call.argument == nil ? rows : values.count))
        case .sum, .total, .average:
            var integerSum: Int64 = 0
            var realSum = 0.0
            var approximate = false
            var overflow = false
            for value in values {
                guard let scalar = SQLScalar(value), case .number(let real, let exact) = scalar else { continue }
                if let exact, !Self.isReal(value) {
                    realSum += Double(exact)
                    if !approximate, !overflow {
                        let (sum, overflowed) = integerSum.addingReportingOverflow(exact)
                        integerSum = sum
                        if overflowed {
                            approximate = true
                            overflow = true
                        }
                    }
                } else {
                    realSum += real
                    approximate = true
                }
            }
            if call.function == .total { return .double(realSum) }
            guard !values.isEmpty else { return .null }
            if call.function == .average { return .double(realSum / Double(values.count)) }
            if overflow { throw EvaluationError.sqlFailure("integer overflow") }
            return approximate ? .double(realSum) : .int(integerSum)
        case .min, .max:
            var best: (value: Value, scalar: SQLScalar)?
            for value in values {
                guard let scalar = SQLScalar(value) else { continue }
                guard let current = best else {
                    best = (value, scalar)
                    continue
                }
                let order = SQLScalar.compare(current.scalar, scalar, collation: collation)
                if call.function == .max ? order < 0 : order > 0 { best = (value, scalar) }
            }
            return best?.value ?? .null
        case .groupConcat:
            let storage = call.argument.flatMap { storedForm(of: $0) }
            var separator: String? = ","
            if let expr = call.separator { separator = try sqlText(try evaluate(expr), storage: nil) }
            var texts: [String] = []
            for value in values { if let text = try sqlText(value, storage: storage) { texts.append(text) } }
            guard !texts.isEmpty else { return .null }
            if call.sortKey != nil {
                let keyCollation = call.sortKey.flatMap { explicitCollation($0) }
                texts = Self.sqlOrderedForConcatenation(texts, keys: keys, collation: keyCollation, descending: call.isDescending)
            }
            return .string(texts.joined(separator: separator ?? ""))
        case .jsonGroupArray:
            if let argument = call.argument, case .sql(.json, _) = tree[argument] {
                // A JSON column's values (`json_group_array(json(items))`) nest as the JSON they are.
                return .string("[" + values.map { if case .string(let json) = $0 { json } else { "null" } }.joined(separator: ",") + "]")
            }
            let storage = call.argument.flatMap { storedForm(of: $0) }
            return .string("[" + (try values.map { try sqlJSON($0, storage: storage) }).joined(separator: ",") + "]")
        }
    }

    private static func isReal(_ value: Value) -> Bool {
        if case .double = value { return true }
        return false
    }

    /// The texts of `group_concat(… ORDER BY key)` in SQL's order of their keys (NULL first,
    /// numbers before texts, texts by their bytes under the key's collation), the whole order
    /// reversed for `DESC`; ties by the texts' bytes, ascending either way.
    static func sqlOrderedForConcatenation(_ texts: [String], keys: [Value], collation: SQLCollation?, descending: Bool) -> [String] {
        let entries = zip(keys.map { SQLScalar($0) }, texts).map { (key: $0, text: $1) }
        func keyOrder(_ a: SQLScalar?, _ b: SQLScalar?) -> Int {
            switch (a, b) {
            case (nil, nil): 0
            case (nil, _): -1
            case (_, nil): 1
            case (let x?, let y?): SQLScalar.compare(x, y, collation: collation)
            }
        }
        return entries.sorted { lhs, rhs in
            let order = descending ? keyOrder(rhs.key, lhs.key) : keyOrder(lhs.key, rhs.key)
            if order != 0 { return order < 0 }
            return lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
        }.map(\.text)
    }
}
