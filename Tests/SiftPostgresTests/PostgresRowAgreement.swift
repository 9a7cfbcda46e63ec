import SiftSQLite
import Testing

/// PostgreSQL's rows against SQLite's for the same query, row by row: each disagreement counted,
/// the first five shown by their first value (the row's id).
enum PostgresRowAgreement {
    static func expectSameRows(_ rows: [Row], as expected: [Row], sourceLocation: SourceLocation = #_sourceLocation) {
        var disagreements = 0
        for (row, wanted) in zip(rows, expected) where row != wanted {
            disagreements += 1
            if disagreements <= 5 {
                Issue.record(
                    "row \(wanted.values[0]): PostgreSQL \(row.values.dropFirst()) but SQLite \(wanted.values.dropFirst())",
                    sourceLocation: sourceLocation)
            }
        }
        #expect(disagreements == 0, "\(disagreements) rows differ", sourceLocation: sourceLocation)
    }
}
