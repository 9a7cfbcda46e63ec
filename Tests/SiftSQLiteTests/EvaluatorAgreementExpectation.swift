import Foundation
import Sift
import SiftSQLite
import SiftTestSupport
import Testing

extension ExampleDatabase {
    /// The example database's objects, loaded once for the in-memory evaluator.
    static let dataset: Result<Dataset, any Error> = Result {
        let database = try open()
        return try DatasetLoader.load(from: database.connection, schema: database.schema)
    }

    /// Expects the in-memory evaluator to compute the rows SQLite gives for `compiled` (SQL's
    /// meaning: see ``EvaluatorAgreement``); returns how many rows were compared by value.
    @discardableResult
    static func expectEvaluatorAgrees(
        _ compiled: CompiledQuery, on database: SiftDatabase, parameters: [String: ParameterValue] = [:], _ comment: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> Int {
        let outcome = EvaluatorAgreement.compare(compiled, database: database, dataset: try dataset.get(), parameters: parameters)
        #expect(outcome.agrees, "\(comment)\n\(outcome)", sourceLocation: sourceLocation)
        #expect(!outcome.bothFailed, "\(comment): both SQLite and the evaluator fail", sourceLocation: sourceLocation)
        if outcome.rows > 0 {
            #expect(outcome.comparedRows > 0, "\(comment): none of SQLite's \(outcome.rows) rows compared by value", sourceLocation: sourceLocation)
        }
        return outcome.comparedRows
    }
}
