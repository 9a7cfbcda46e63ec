import Foundation
import SiftChecker
import SiftSchema

extension Evaluator {
    /// Rows combined with each operation's, left to right as SQL's compound selects combine them:
    /// `union`, `intersect` and `except` give each row once, `union all` keeps every row.
    ///
    /// With Swift's meaning (the concise spelling) rows are equal when Swift's `==` says each of
    /// their values are: canonically equivalent strings, `0.0` and `-0.0`; the first of equal rows
    /// is kept. With SQL's meaning (StructuredQueries) strings are equal when their bytes are.
    func combinedRows(
        _ first: [[Value]], _ operations: [CheckedSetOperation], sqlMeaning: Bool, in dataset: Dataset, parameters: [String: Value]
    ) throws -> [[Value]] {
        func key(_ row: [Value]) -> [Value] {
            guard sqlMeaning else { return row }
            return row.map { value in if case .string(let text) = value { .data(Data(text.utf8)) } else { value } }
        }
        func distinct(_ rows: [[Value]]) -> [[Value]] {
            var seen: Set<[Value]> = []
            return rows.filter { seen.insert(key($0)).inserted }
        }
        var result = first
        for operation in operations {
            let other = try select(operation.query, in: dataset, parameters: parameters).rows
            let otherKeys = Set(other.map(key))
            switch operation.op {
            case .union: result = distinct(result + other)
            case .unionAll: result += other
            case .intersect: result = distinct(result).filter { otherKeys.contains(key($0)) }
            case .except: result = distinct(result).filter { !otherKeys.contains(key($0)) }
            }
        }
        return result
    }
}
