extension Parser {
    /// `.union(other)`, `.union(all: true, other)`, `.intersect(other)`, `.except(other)`: `other`
    /// is a query-builder chain, read as a query of its own.
    mutating func readBuilderSetOperation(_ method: Identifier, _ arguments: [Argument], call: Call) -> SetOperation? {
        var op: SetOperation.Operator = method.name == "union" ? .union : method.name == "intersect" ? .intersect : .except
        var operand: Expr?
        for argument in arguments {
            switch argument.label?.name {
            case "all"? where method.name == "union" && operand == nil:
                guard case .booleanLiteral(let all) = kind(of: argument.value) else {
                    error(.invalidArgument, "'all:' takes 'true' or 'false'", at: argument.value.range)
                    return nil
                }
                if all { op = .unionAll }
            case nil where operand == nil:
                operand = argument.value
            default:
                operand = nil
            }
        }
        guard let operand, call.trailingClosure == nil else {
            let all = method.name == "union" ? "'.union(all: true, RemindersList.all)' or " : ""
            error(.invalidArgument, "'\(method.name)' takes another query, as in \(all)'.\(method.name)(Reminder.where { $0.isCompleted })'", at: call.callee.range.union(method.range))
            return nil
        }
        var clauses = BuilderClauses()
        var limit: Expr?
        var offset: Expr?
        guard let model = readBuilderChain(operand, into: &clauses, limit: &limit, offset: &offset) else { return nil }
        var query = Query(form: .structuredQueries, model: TypeSyntax(named: model), filter: nil, limit: limit, offset: offset, range: operand.range)
        clauses.chain = operand
        query.measure = clauses.measure
        query.builder = clauses
        return SetOperation(op: op, operatorRange: method.range, query: query)
    }
}
