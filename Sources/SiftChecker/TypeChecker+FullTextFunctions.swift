import SiftSchema
import SiftSyntax

extension DiagnosticID {
    /// `highlight` or `snippet` where SQLite cannot evaluate it: not a column of an FTS5 row the
    /// query reads, outside a selection, in a grouped query, or on a left-joined row.
    public static let misplacedFullTextFunction: DiagnosticID = "misplaced-full-text-function"
}

/// FTS5's auxiliary functions on a column of a text row: `$0.title.highlight("<b>", "</b>")` and
/// `$0.notes.snippet("<b>", "</b>", "…", 10)`, as StructuredQueries spells them, in every form
/// (`ReminderText where $0.match("milk") select title.highlight("<b>", "</b>")`). Every argument is
/// bound. SQLite evaluates them only on the row of an FTS5 table the query scans itself (the root
/// or an inner join), one row at a time: a grouped query or a left-joined text row is refused at
/// run time (`unable to use function highlight in the requested context`, `no such cursor`), so
/// both are diagnosed here. Without a `match` they give the column's text unmarked.
extension TypeChecker {
    /// Whether `name` is one of FTS5's auxiliary functions on a column.
    static func isFullTextFunction(_ name: String) -> Bool { name == "highlight" || name == "snippet" }

    /// `column.highlight(open, close)` or `column.snippet(open, close, ellipsis, tokens)`.
    mutating func checkFullTextFunction(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr {
        let isSnippet = method.name == "snippet"
        let usage =
            isSnippet
            ? "'snippet' takes the marks around a match, the ellipsis and the most words to show, as in '$0.notes.snippet(\"<b>\", \"</b>\", \"…\", 10)'"
            : "'highlight' takes the marks around a match, as in '$0.title.highlight(\"<b>\", \"</b>\")'"
        let arguments = call.arguments
        guard arguments.count == (isSnippet ? 4 : 2), arguments.allSatisfy({ $0.label == nil }), call.trailingClosure == nil else {
            checkArgumentsForErrors(call)
            error(.badArguments, usage, at: call.argumentListRange ?? range)
            return make(.error, .error, at: range)
        }
        let column = check(base, expected: nil)
        if column.type.isError {
            checkArgumentsForErrors(call)
            return make(.error, .error, at: range)
        }
        guard case .attribute(let row, let attribute) = typedTree[column], case .model(let modelName) = row.type.kind,
            let model = model(named: modelName), model.isFullTextTable, attribute.columnName != "rowid"
        else {
            checkArgumentsForErrors(call)
            error(
                .typeMismatch,
                "'\(method.name)' marks the matches in a column of an FTS5 table, as in 'ReminderText.where { $0.match(\"milk\") }' with '$0.title.\(method.name)(…)'; '\(text(base.range))' is not one",
                at: base.range)
            return make(.error, .error, at: range)
        }
        var operands = [row]
        for (index, argument) in arguments.enumerated() {
            let expected: SiftType = isSnippet && index == 3 ? .int : .string
            let typed = checkFullTextArgument(argument.value, expected: expected)
            if typed.type.isError { return make(.error, .error, at: range) }
            guard typed.type == expected else {
                error(.typeMismatch, "\(usage); this argument is '\(typed.type)', not '\(expected)'", at: argument.range)
                return make(.error, .error, at: range)
            }
            operands.append(typed)
        }
        guard reportMisplacedFullTextFunction(method.name, row: row, at: range) else { return make(.error, .error, at: range) }
        let operation: SQLOperation = isSnippet ? .snippet(column: attribute.columnName) : .highlight(column: attribute.columnName)
        return make(.sql(operation, operands), column.type, at: range)
    }

    /// An argument: a literal or a named parameter (bound), in the builder's form or another.
    mutating func checkFullTextArgument(_ expr: Expr, expected: SiftType) -> TypedExpr {
        switch tree[expr] {
        case .stringLiteral, .integerLiteral, .identifier, .paren:
            return check(expr, expected: expected)
        case .prefix(let prefix) where prefix.op == .negate:
            if case .integerLiteral = tree[prefix.operand] { return check(expr, expected: expected) }
        default:
            break
        }
        error(.unsupportedConstruct, "an argument of a full-text function is a literal or a named parameter", at: expr.range)
        return make(.error, .error, at: expr.range)
    }

    /// Whether the function may stand here; reports it otherwise.
    mutating func reportMisplacedFullTextFunction(_ name: String, row: TypedExpr, at range: SourceRange) -> Bool {
        guard aggregatePlace == .selection else {
            error(
                .misplacedFullTextFunction,
                aggregatePlace == .insideAggregate
                    ? "'\(name)' gives a value per row of a full-text search; SQLite cannot evaluate it inside an aggregate"
                    : "'\(name)' gives a column of the result; select it, as in 'select title.\(name)(…)' or '.select { $0.title.\(name)(…) }'",
                at: range)
            return false
        }
        guard case .variable(let id) = typedTree[row],
            variables[id.index].origin == .root || checkedJoins.contains(where: { $0.variable == id && !$0.isOuter })
        else {
            error(
                .misplacedFullTextFunction,
                "'\(name)' reads the FTS5 row the query scans: the query's own row or one joined with 'join'; a left-joined text row may be missing, and SQLite cannot evaluate it there",
                at: range)
            return false
        }
        return true
    }

    /// Reports `highlight`/`snippet` in a grouped selection (its columns, `having`, sort keys):
    /// SQLite evaluates them one row of the FTS5 scan at a time, and refuses them once rows are grouped.
    mutating func reportFullTextFunctionsInGroups(_ selection: CheckedSelection, sort: [CheckedSortKey]) {
        guard selection.isGrouped else { return }
        func visit(_ expr: TypedExpr, checker: inout TypeChecker) {
            if case .sql(let operation, _) = checker.typedTree[expr] {
                switch operation {
                case .highlight, .snippet:
                    checker.error(
                        .misplacedFullTextFunction,
                        "'\(operation.functionName)' gives a value per row of a full-text search; SQLite cannot evaluate it in a grouped query",
                        at: expr.range)
                    return
                default:
                    break
                }
            }
            TypedTreeDepth.forEachChild(of: checker.typedTree[expr]) { child in visit(child, checker: &checker) }
        }
        for column in selection.columns { visit(column.value, checker: &self) }
        if let condition = selection.groupFilter { visit(condition, checker: &self) }
        for key in sort {
            if case .computed(let value) = key.value { visit(value, checker: &self) }
        }
    }
}

extension SQLOperation {
    /// The SQL function's name, for messages.
    var functionName: String {
        switch self {
        case .highlight: "highlight"
        case .snippet: "snippet"
        default: name
        }
    }
}
