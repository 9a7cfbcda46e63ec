import SiftChecker

/// An equality a join's SQL condition requires (`a = b` or `a IS b`, alone or a term of its
/// `AND`), one side read from the candidate row alone and the other from the rows before: the
/// candidates are looked up by the key of the other side instead of each being tested, since a
/// candidate whose side is not equal (SQL's `=` under the written collation) fails the condition.
struct SQLEquiJoin {
    /// The side read from the rows before.
    var outer: TypedExpr
    /// The side read from the candidate row.
    var inner: TypedExpr
    var collation: SQLCollation?
    /// `IS`: NULL meets NULL.
    var nullMeetsNull: Bool
    var candidate: VariableID

    init?(condition: TypedExpr, candidate: VariableID, evaluator: ExpressionEvaluator) {
        guard evaluator.sqlMeaning else { return nil }
        let tree = evaluator.tree
        var terms = [condition]
        if case .sql(.logical(.and), let operands) = tree[condition] { terms = operands }
        for term in terms {
            let nullMeetsNull: Bool
            let operands: [TypedExpr]
            switch tree[term] {
            case .sql(.compare(.equal), let pair):
                nullMeetsNull = false
                operands = pair
            case .sql(.isIdentical(negated: false), let pair):
                nullMeetsNull = true
                operands = pair
            default:
                continue
            }
            let reads = operands.map { FreeVariables.of($0, in: tree) }
            for (i, j) in [(0, 1), (1, 0)] where reads[i] == [candidate] && !reads[j].contains(candidate) {
                outer = operands[j]
                inner = operands[i]
                collation = evaluator.explicitCollation(operands[0]) ?? evaluator.explicitCollation(operands[1])
                self.nullMeetsNull = nullMeetsNull
                self.candidate = candidate
                return
            }
        }
        return nil
    }

    /// The positions of the candidate rows by their key, in order.
    func index(_ rows: [ObjectReference], evaluator: ExpressionEvaluator) throws -> [SQLValueKey: [Int]] {
        var index: [SQLValueKey: [Int]] = [:]
        for (position, row) in rows.enumerated() {
            evaluator.bind(candidate, .object(row))
            let key = SQLValueKey(try evaluator.evaluate(inner), collation: collation)
            if key == .null, !nullMeetsNull { continue }
            index[key, default: []].append(position)
        }
        return index
    }

    /// The positions of the candidates the rows bound now may meet.
    func candidates(in index: [SQLValueKey: [Int]], evaluator: ExpressionEvaluator) throws -> [Int] {
        let key = SQLValueKey(try evaluator.evaluate(outer), collation: collation)
        if key == .null, !nullMeetsNull { return [] }
        return index[key] ?? []
    }
}
