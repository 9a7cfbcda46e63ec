import SiftLargeStack
import SiftSchema
import SiftSyntax

/// Prints a checked query as an indented tree, one node per line with its type, for tests and
/// for `sift check` (in the spirit of cel-go's checker tests):
///
/// ```
/// query User (predicate)
///   filter
///     comparison > : Bool
///       attribute age : Int
///         variable $0 : User
///       constant 20 : Int
/// ```
public struct TypedTreePrinter {
    let query: CheckedQuery
    private var lines: [String] = []

    /// Renders the whole query.
    public static func print(_ query: CheckedQuery) -> String {
        let work = {
            var printer = TypedTreePrinter(query: query)
            printer.printQuery()
            return printer.lines.joined(separator: "\n") + "\n"
        }
        if let filter = query.filter, TypedTreeDepth.exceeds(TypedTreeDepth.inlineLimit, filter) { return LargeStack.run(work) }
        return work()
    }

    /// Renders one expression of a query.
    public static func print(_ expr: TypedExpr, in query: CheckedQuery) -> String {
        var printer = TypedTreePrinter(query: query)
        printer.visit(expr, depth: 0)
        return printer.lines.joined(separator: "\n") + "\n"
    }

    init(query: CheckedQuery) {
        self.query = query
    }

    private mutating func line(_ depth: Int, _ text: String) {
        lines.append(String(repeating: "  ", count: depth) + text)
    }

    private mutating func printQuery() {
        for table in query.commonTables {
            line(0, "with \(table.isRecursive ? "recursive " : "")\(table.model.name) (\(table.model.attributes.map { "\($0.name): \($0.typeDescription)" }.joined(separator: ", ")))")
            var body = TypedTreePrinter(query: table.query)
            body.printQuery()
            for text in body.lines { line(1, text) }
        }
        line(0, "\(query.measure.map { "\($0.rawValue) of " } ?? "")query \(query.model.name) (\(query.form.rawValue))")
        if let filter = query.filter {
            line(1, "filter")
            visit(filter, depth: 2)
        }
        if let selection = query.selection {
            if !selection.grouping.isEmpty {
                line(1, "group by")
                for key in selection.grouping { visit(key, depth: 2) }
            }
            if let condition = selection.groupFilter {
                line(1, "having")
                visit(condition, depth: 2)
            }
            line(1, selection.isDistinct ? "select distinct" : selection.isGrouped ? "select per group" : "select")
            for column in selection.columns {
                line(2, "column \(Constant.quote(column.name)) : \(column.type)")
                visit(column.value, depth: 3)
            }
            for operation in selection.setOperations {
                line(1, operation.op.rawValue)
                var operand = TypedTreePrinter(query: operation.query)
                operand.printQuery()
                for text in operand.lines { line(2, text) }
            }
        }
        if !query.sort.isEmpty {
            line(1, "sort")
            for key in query.sort {
                let comparator = key.comparator.map { " comparator: .\($0.rawValue)" } ?? ""
                switch key.value {
                case .attribute(let attribute), .enumRank(let attribute, _):
                    let path = (key.path.map(\.name) + [attribute.name]).joined(separator: ".")
                    let type = SiftType(attribute.type)
                    var rank = ""
                    if case .enumRank(_, let order) = key.value { rank = " by rank of " + order.map(\.description).joined(separator: ", ") }
                    line(2, "\(path) \(key.order.rawValue)\(comparator)\(rank) : \(key.isOptional ? SiftType.optional(type) : type)")
                case .computed(let expr):
                    line(2, "computed \(key.order.rawValue)\(comparator) : \(expr.type)")
                    visit(expr, depth: 3)
                }
            }
        }
        if let limit = query.limit {
            line(1, "limit")
            visit(limit, depth: 2)
        }
        if let offset = query.offset {
            line(1, "offset")
            visit(offset, depth: 2)
        }
        if !query.parameters.isEmpty {
            line(1, "parameters")
            for parameter in query.parameters { line(2, "\(parameter.name) : \(parameter.type)") }
        }
    }

    private func name(_ id: VariableID) -> String { query.variable(id).name }

    private mutating func visit(_ expr: TypedExpr, depth: Int) {
        let type = " : \(expr.type)"
        switch query[expr] {
        case .constant(let constant):
            line(depth, "constant \(constant)\(type)")
        case .parameter(let name):
            line(depth, "parameter \(name)\(type)")
        case .variable(let id):
            line(depth, "variable \(name(id))\(type)")
        case .objects(let model):
            line(depth, "objects \(model)\(type)")
        case .attribute(let base, let attribute):
            line(depth, "attribute \(attribute.name)\(type)")
            visit(base, depth: depth + 1)
        case .toOne(let base, let relationship):
            line(depth, "to-one \(relationship.name)\(type)")
            visit(base, depth: depth + 1)
        case .toMany(let base, let relationship):
            line(depth, "to-many \(relationship.name)\(type)")
            visit(base, depth: depth + 1)
        case .optionalMap(let source, let variable, let body):
            line(depth, "optional-map \(name(variable))\(type)")
            visit(source, depth: depth + 1)
            visit(body, depth: depth + 1)
        case .ifLet(let source, let variable, let then, let otherwise):
            line(depth, "if-let \(name(variable))\(type)")
            visit(source, depth: depth + 1)
            visit(then, depth: depth + 1)
            visit(otherwise, depth: depth + 1)
        case .injectOptional(let inner):
            line(depth, "inject-optional\(type)")
            visit(inner, depth: depth + 1)
        case .not(let inner):
            line(depth, "not\(type)")
            visit(inner, depth: depth + 1)
        case .negate(let inner):
            line(depth, "negate\(type)")
            visit(inner, depth: depth + 1)
        case .arithmetic(let op, let lhs, let rhs):
            line(depth, "arithmetic \(op.rawValue)\(type)")
            visit(lhs, depth: depth + 1)
            visit(rhs, depth: depth + 1)
        case .comparison(let op, let lhs, let rhs):
            line(depth, "comparison \(op.rawValue)\(type)")
            visit(lhs, depth: depth + 1)
            visit(rhs, depth: depth + 1)
        case .logical(let operands, let op):
            line(depth, "logical \(op.rawValue)\(type)")
            for operand in operands { visit(operand, depth: depth + 1) }
        case .sql(let operation, let operands):
            // `sql =`, `core-data BEGINSWITH[c]`, `core-data @sum $x`: the meaning, then the operator.
            var element = ""
            if case .collectionAggregate(_, let variable) = operation { element = " " + name(variable) }
            line(depth, "\(operation.meaning.rawValue) \(operation.name)\(element)\(type)")
            for operand in operands { visit(operand, depth: depth + 1) }
        case .nilCoalescing(let lhs, let rhs):
            line(depth, "nil-coalescing\(type)")
            visit(lhs, depth: depth + 1)
            visit(rhs, depth: depth + 1)
        case .conditional(let condition, let then, let otherwise):
            line(depth, "conditional\(type)")
            visit(condition, depth: depth + 1)
            visit(then, depth: depth + 1)
            visit(otherwise, depth: depth + 1)
        case .conversion(let inner):
            line(depth, "conversion\(type)")
            visit(inner, depth: depth + 1)
        case .stringTest(let test, let lhs, let rhs):
            line(depth, "string-test \(test.rawValue)\(type)")
            visit(lhs, depth: depth + 1)
            visit(rhs, depth: depth + 1)
        case .stringComparison(let comparison, let lhs, let rhs):
            line(depth, "string-comparison \(comparison.rawValue)\(type)")
            visit(lhs, depth: depth + 1)
            visit(rhs, depth: depth + 1)
        case .stringTransform(let transform, let inner):
            line(depth, "string-transform \(transform.rawValue)\(type)")
            visit(inner, depth: depth + 1)
        case .stringLength(let inner):
            line(depth, "string-length\(type)")
            visit(inner, depth: depth + 1)
        case .rawValue(let inner):
            line(depth, "raw-value\(type)")
            visit(inner, depth: depth + 1)
        case .range(let lower, let upper, let closed):
            line(depth, "range \(closed ? "..." : "..<")\(type)")
            visit(lower, depth: depth + 1)
            visit(upper, depth: depth + 1)
        case .arrayLiteral(let elements):
            line(depth, "array\(type)")
            for element in elements { visit(element, depth: depth + 1) }
        case .contains(let sequence, let element):
            line(depth, "contains\(type)")
            visit(sequence, depth: depth + 1)
            visit(element, depth: depth + 1)
        case .any(let sequence, let variable, let predicate):
            line(depth, "any \(name(variable))\(type)")
            visit(sequence, depth: depth + 1)
            visit(predicate, depth: depth + 1)
        case .all(let sequence, let variable, let predicate):
            line(depth, "all \(name(variable))\(type)")
            visit(sequence, depth: depth + 1)
            visit(predicate, depth: depth + 1)
        case .filter(let sequence, let variable, let predicate):
            line(depth, "filter \(name(variable))\(type)")
            visit(sequence, depth: depth + 1)
            visit(predicate, depth: depth + 1)
        case .count(let inner):
            line(depth, "count\(type)")
            visit(inner, depth: depth + 1)
        case .isEmpty(let inner):
            line(depth, "is-empty\(type)")
            visit(inner, depth: depth + 1)
        case .first(let inner):
            line(depth, "first\(type)")
            visit(inner, depth: depth + 1)
        case .extremum(let isMaximum, let inner):
            line(depth, "\(isMaximum ? "max" : "min")\(type)")
            visit(inner, depth: depth + 1)
        case .timeInterval(let inner, let since1970):
            line(depth, "\(since1970 ? "time-interval-since-1970" : "time-interval-since-reference-date")\(type)")
            visit(inner, depth: depth + 1)
        case .aggregate(let call):
            let order = call.sortKey == nil ? "" : call.isDescending ? " sorted reverse" : " sorted"
            line(depth, "aggregate \(call.function.rawValue)\(call.isDistinct ? " distinct" : "")\(order)\(type)")
            for child in call.children { visit(child, depth: depth + 1) }
        case .rowAggregate(let aggregate):
            line(depth, "row-\(aggregate.function.rawValue) \(name(aggregate.variable))\(type)")
            visit(aggregate.sequence, depth: depth + 1)
            visit(aggregate.value, depth: depth + 1)
        case .trap:
            line(depth, "trap\(type)")
        case .error:
            line(depth, "error\(type)")
        }
    }
}
