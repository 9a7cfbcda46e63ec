import SiftSchema
import SiftSyntax

extension TypeChecker {
    /// Checks a query that stands apart from this one (a combined query, a counted one, a named
    /// sub-query, or the query that reads named ones) with a checker of its own over `schema`,
    /// on this query's tree. The parameters this query presumes, and `known`, keep their types
    /// there: a parameter is one value in the whole text. Its diagnostics join this query's.
    /// `prepare` sets the checker up before it checks; `finish` completes the checked query with
    /// it. Nil when the query has an error.
    mutating func checkApart(
        _ query: Query, schema: Schema, known: [Parameter],
        prepare: (inout TypeChecker) -> Void = { _ in },
        finish: (inout TypeChecker, inout CheckedQuery) -> Void = { _, _ in }
    ) -> CheckedQuery? {
        var inner = TypeChecker(schema: schema, source: source, tree: tree, options: options)
        inner.presumedParameterTypes =
            known.isEmpty ? presumedParameterTypes : presumedParameterTypes.merging(known.map { ($0.name, $0.type) }) { first, _ in first }
        prepare(&inner)
        let result = inner.checkQuery(query)
        diagnostics += inner.diagnostics
        guard var checked = result, !inner.diagnostics.hasErrors else { return nil }
        finish(&inner, &checked)
        return checked
    }

    /// Adds each parameter of a query checked apart that `parameters` lacks, in order of first use.
    static func merge(_ found: [Parameter], into parameters: inout [Parameter]) {
        for parameter in found where !parameters.contains(where: { $0.name == parameter.name }) {
            parameters.append(parameter)
        }
    }

    /// Whether a selected column may be named `name`: one named so before it (`columns`) is
    /// reported, with a label as the remedy (`other: written`).
    mutating func isNewColumnName(_ name: String, of item: SelectItem, among columns: [SelectedColumn], labelling written: String) -> Bool {
        guard let earlier = columns.first(where: { $0.name == name }) else { return true }
        error(
            .duplicateColumn, "two columns are named '\(name)'; name one of them with a label, as in 'other: \(written)'",
            at: item.range, notes: [.init("the first is here", at: earlier.value.range)], fixIts: [.insert("other: ", at: item.range.start)])
        return false
    }
}
