import SiftSchema
import SiftSyntax

extension TypeChecker {
    // MARK: Set operations

    /// Checks each query combined by `union`, `intersect` or `except` on its own, and that it
    /// selects as many columns of the same types as the first; their parameters join this query's.
    /// A column is optional in the combined rows when it is in any of the queries.
    mutating func checkSetOperations(_ operations: [SetOperation], of selection: inout CheckedSelection, query: Query) -> [CheckedSetOperation] {
        var checked: [CheckedSetOperation] = []
        for operation in operations {
            var operand = operation.query
            operand.tree = tree
            let operandChecked = checkApart(operand, schema: schema, known: parameters, finish: { inner, result in
                if result.selection == nil, result.measure == nil, operand.form == .structuredQueries {
                    // A builder chain's whole rows: its columns.
                    result.selection = inner.wholeRowSelection(of: result.model, root: result.root, at: operand.range)
                    result.tree = inner.typedTree
                }
            })
            guard let result = operandChecked else { continue }
            if !operand.sort.isEmpty || operand.limit != nil || operand.offset != nil {
                error(
                    .invalidClause,
                    "a query combined with '\(operation.op.rawValue)' cannot be sorted or limited on its own; sort and limit the combined rows after the last query",
                    at: operand.range)
                continue
            }
            guard let operandSelection = result.selection else {
                error(.invalidClause, "a query combined with '\(operation.op.rawValue)' must select columns, as the first does", at: operand.range)
                continue
            }
            guard operandSelection.columns.count == selection.columns.count else {
                error(
                    .typeMismatch,
                    "'\(operation.op.rawValue)' combines rows of \(selection.columns.count) column(s) with rows of \(operandSelection.columns.count)",
                    at: operand.range)
                continue
            }
            var matches = true
            for (mine, theirs) in zip(selection.columns, operandSelection.columns) where mine.type.unwrapped != theirs.type.unwrapped {
                error(
                    .typeMismatch, "the column '\(theirs.name)' is '\(theirs.type)', but the first query's '\(mine.name)' is '\(mine.type)'",
                    at: theirs.value.range)
                matches = false
            }
            if !matches { continue }
            Self.merge(result.parameters, into: &parameters)
            for (index, theirs) in operandSelection.columns.enumerated() where theirs.type.isOptional && !selection.columns[index].type.isOptional {
                selection.columns[index].isOptionalWhenCombined = true
            }
            checked.append(CheckedSetOperation(op: operation.op, query: result))
        }
        return checked
    }

    /// A sort key of rows combined by set operations: the name of a result column (its label or
    /// its text, as `sort by name desc`), whose values are compared as Swift compares them.
    mutating func checkCombinedSortKey(_ key: SortKey, selection: inout CheckedSelection) -> CheckedSortKey? {
        let written = text(key.keyPath.range)
        guard key.expression == nil, key.keyPath.root == nil, let index = selection.columns.firstIndex(where: { $0.name == written }) else {
            let names = selection.columns.map { "'\($0.name)'" }.joined(separator: ", ")
            error(
                .invalidClause,
                "rows combined by a set operation are sorted by their columns; '\(written)' is not one of them (\(names)); select it, or name it with a label",
                at: key.range)
            return nil
        }
        let column = selection.columns[index]
        guard column.type.unwrapped.isComparable else {
            error(.unsortable, "cannot sort by '\(written)': '\(column.type)' is not Comparable", at: key.keyPath.range)
            return nil
        }
        selection.combinedSortColumns.append(index)
        return CheckedSortKey(path: [], value: .computed(column.value), order: key.order, comparator: nil, range: key.range)
    }

    /// StructuredQueries' `.union(...)`, `.intersect(...)`, `.except(...)`: each chain's selected
    /// columns (its table's, when it selects none), which must be as many, of the same types. The library
    /// writes a chain's `ORDER BY` and `LIMIT` before the operator, which SQLite refuses: they are
    /// reported.
    mutating func checkBuilderSetOperations(_ operations: [SetOperation], query: Query, into checked: inout CheckedQuery) {
        if !checked.sort.isEmpty || checked.limit != nil || checked.offset != nil {
            error(
                .invalidClause,
                "'order', 'limit' and 'offset' of a query combined with '\(operations[0].op.rawValue)' are written before it, which SQLite refuses; combine the rows unordered",
                at: operations[0].operatorRange)
        }
        // A chain that selects combines its columns; one that does not, its table's.
        var selection = checked.selection ?? wholeRowSelection(of: checked.model, root: checked.root, at: query.range)
        selection.setOperations = checkSetOperations(operations, of: &selection, query: query)
        checked.tree = typedTree
        checked.parameters = parameters
        checked.variables = variables
        checked.selection = selection
    }

    /// A selection of every column of the model's rows, as a whole row reads them.
    mutating func wholeRowSelection(of model: Model, root: VariableID, at range: SourceRange) -> CheckedSelection {
        var columns: [SelectedColumn] = []
        for attribute in model.attributes {
            let row = reference(root, at: range)
            let type = SiftType(attribute.type)
            let value = make(.attribute(row, attribute), attribute.isOptional ? .optional(type) : type, at: range)
            columns.append(SelectedColumn(name: attribute.name, value: value))
        }
        return CheckedSelection(columns: columns, isDistinct: false, grouping: [], groupFilter: nil, isGrouped: false)
    }
}

extension TypeChecker {
    /// A selected `count(query)` or `exists(query)`: the query checked on its own (it reads its
    /// own rows, not the row of this one), its parameters joining this query's; the column holds
    /// a constant of its type standing for its value.
    mutating func checkSubqueryColumn(_ item: SelectItem, _ subquery: Query, after columns: [SelectedColumn]) -> (SelectedColumn, CheckedQuery)? {
        var written = subquery
        written.tree = tree
        // The selecting query's rows: the counted query, checked on its own, cannot read them.
        let rowNames = scopes.map(\.name)
        let result = checkApart(written, schema: schema, known: parameters, prepare: { $0.outerRowNames = rowNames })
        guard let checked = result, let measure = checked.measure else { return nil }
        let name = item.label?.name ?? text(item.value.range)
        guard isNewColumnName(name, of: item, among: columns, labelling: name) else { return nil }
        Self.merge(checked.parameters, into: &parameters)
        let placeholder =
            measure == .count
            ? make(.constant(.int(0)), .int, at: item.value.range) : make(.constant(.bool(false)), .bool, at: item.value.range)
        return (SelectedColumn(name: name, value: placeholder), checked)
    }
}
