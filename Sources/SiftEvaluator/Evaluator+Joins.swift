import SiftChecker
import SiftSchema

extension Evaluator {
    /// One row of a query that joins: the value of each of its variables, the root row first,
    /// then each join's (nil for a row an outer join leaves missing).
    typealias JoinedRow = [(VariableID, Value)]

    /// The rows of the query's model, each with one row of each join in turn: an inner join keeps
    /// the pairs its condition holds for; a left (outer) join also keeps a row with no match once,
    /// the joined row nil; a right join also keeps a joined row no row matched once, the rows
    /// before it nil (a full join does both). With SQL's meaning a NULL condition holds for no pair.
    func joinedRows(_ query: CheckedQuery, _ selection: CheckedSelection, in dataset: Dataset, evaluator: ExpressionEvaluator) throws -> [JoinedRow] {
        var rows: [JoinedRow] = dataset.objects(of: query.model.name).map { [(query.root, .object($0))] }
        var before: [VariableID] = [query.root]
        for join in selection.joins {
            guard dataset.tables[join.model.name] != nil else { throw EvaluationError.unknownModel(join.model.name) }
            let everyRow = dataset.objects(of: join.model.name)
            let equality = join.condition.flatMap { SQLEquiJoin(condition: $0, candidate: join.conditionVariable, evaluator: evaluator) }
            let index = try equality?.index(everyRow, evaluator: evaluator)
            var matchedTargets: Set<ObjectReference> = []
            var joined: [JoinedRow] = []
            for row in rows {
                evaluator.bind(row)
                var targets: [ObjectReference] = []
                switch join.source {
                case .model:
                    if let equality, let index {
                        // Only the rows whose key the equality can meet: the others fail the condition.
                        targets = try equality.candidates(in: index, evaluator: evaluator).map { everyRow[$0] }
                    } else {
                        targets = everyRow
                    }
                case .relationship(let base, let relationship):
                    if case .object(let object) = Self.unwrapped(try evaluator.evaluate(base)) {
                        targets = dataset.targets(relationship.name, of: object)
                    }
                }
                var matched = false
                for target in targets {
                    evaluator.bind(join.conditionVariable, .object(target))
                    if let condition = join.condition, try !evaluator.holds(condition) { continue }
                    matched = true
                    if join.isRightOuter { matchedTargets.insert(target) }
                    joined.append(row + [(join.variable, .object(target))])
                }
                if !matched, join.isOuter { joined.append(row + [(join.variable, .null)]) }
            }
            if join.isRightOuter {
                let missing: JoinedRow = before.map { ($0, .null) }
                for target in everyRow where !matchedTargets.contains(target) {
                    joined.append(missing + [(join.variable, .object(target))])
                }
            }
            before.append(join.variable)
            rows = joined
        }
        return rows
    }
}
