import Foundation
import SiftChecker
import SiftSchema

extension Evaluator {
    /// Rows combined with each operation's, left to right as SQL's compound selects combine them:
    /// `union`, `intersect` and `except` give each row once, `union all` keeps every row.
    ///
    /// With Swift's meaning (the concise spelling) rows are equal when Swift's `==` says each of
    /// their values are: canonically equivalent strings, `0.0` and `-0.0`; the first of equal rows
    /// is kept. With SQL's meaning (StructuredQueries) values are equal as SQL's `=` says, NULL
    /// equal to NULL: strings when their bytes are, `1` and `1.0`.
    func combinedRows(
        _ first: [[Value]], _ operations: [CheckedSetOperation], sqlMeaning: Bool, in dataset: Dataset, parameters: [String: Value]
    ) throws -> [[Value]] {
        func distinct(_ rows: [[Value]]) -> [[Value]] {
            guard sqlMeaning else {
                var seen: Set<[Value]> = []
                return rows.filter { seen.insert($0).inserted }
            }
            var seen: Set<[SQLValueKey]> = []
            return rows.filter { seen.insert(SQLValueKey.row($0)).inserted }
        }
        func contains(_ keys: (swift: Set<[Value]>, sql: Set<[SQLValueKey]>), _ row: [Value]) -> Bool {
            sqlMeaning ? keys.sql.contains(SQLValueKey.row(row)) : keys.swift.contains(row)
        }
        var result = first
        for operation in operations {
            let other = try select(operation.query, in: dataset, parameters: parameters).rows
            let otherKeys = sqlMeaning ? (swift: [], sql: Set(other.map { SQLValueKey.row($0) })) : (swift: Set(other), sql: [])
            switch operation.op {
            case .union: result = distinct(result + other)
            case .unionAll: result += other
            case .intersect: result = distinct(result).filter { contains(otherKeys, $0) }
            case .except: result = distinct(result).filter { !contains(otherKeys, $0) }
            }
        }
        return result
    }
}
