import SiftChecker
import SiftSchema
import SiftSyntax

extension SQLLowering {
    /// `count(query)`: `SELECT count(*) AS "count" FROM (query)`; `exists(query)`:
    /// `SELECT EXISTS (query) AS "exists"`. StructuredQueries' `.count()` counts the filtered rows
    /// and applies the chain's limit and offset to that one row, as the `count(*)` it appends to the
    /// select does.
    static func lowerMeasured(
        _ query: CheckedQuery, measure: QueryMeasure, schema: Schema, dialect: any SQLDialect, options: Options,
        commonTableTextColumns: Set<String> = []
    ) -> CompiledQuery {
        var inner = query
        inner.measure = nil
        let limitsTheCount = measure == .count && query.form == .structuredQueries
        if limitsTheCount {
            inner.sort = []
            inner.limit = nil
            inner.offset = nil
        }
        var compiled = lower(inner, schema: schema, dialect: dialect, options: options, commonTableTextColumns: commonTableTextColumns)
        let newline = options.readableLayout ? "\n" : ""
        let indented = options.readableLayout ? compiled.sql.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") : compiled.sql
        // PostgreSQL before 16 needs a name for a sub-select in FROM; SQLite's SQL stays as it is.
        let subqueryName = SQLiteDialect.isDialect(of: dialect) ? "" : " AS \"counted\""
        switch measure {
        case .count: compiled.sql = "SELECT count(*) AS \"count\" FROM (" + newline + indented + newline + ")" + subqueryName
        case .exists: compiled.sql = "SELECT EXISTS (" + newline + indented + newline + ") AS \"exists\""
        }
        if limitsTheCount, query.limit != nil || query.offset != nil {
            var context = LoweringContext(query: query, schema: schema, dialect: dialect, options: options)
            if !SQLiteDialect.isDialect(of: dialect) {
                var limit = SQLFragment(reservingCapacity: 32)
                limit.appendNewline(indent: 0)
                context.appendLimit(to: &limit)
                let rendered = limit.render(in: dialect, readable: options.readableLayout)
                LoweringContext.append(text: rendered.text, bindings: rendered.bindings, parameters: typed(rendered.parameters, in: query), to: &compiled)
                compiled.query = query
                compiled.selectedColumns = measuredColumns(measure)
                compiled.indexBindingParameters()
                return compiled
            }
            var sql = SQLRenderer(dialect: SQLiteDialect(), readable: options.readableLayout, capacity: 32, bindings: 2)
            sql.appendNewline(indent: 0)
            sql.append(sql: "LIMIT ")
            sql.append(query.limit.map { context.lowerValue($0, hint: .count).sql } ?? SQLFragment("-1"))
            if let offset = query.offset {
                sql.append(sql: " OFFSET ")
                sql.append(context.lowerValue(offset, hint: .count).sql)
            }
            let rendered = sql.rendered
            var parameters = rendered.parameters
            for index in parameters.indices {
                let name = parameters[index].name
                parameters[index].type = query.parameters.first { $0.name == name }?.type ?? .error
            }
            LoweringContext.append(text: rendered.text, bindings: rendered.bindings, parameters: parameters, to: &compiled)
        }
        compiled.query = query
        compiled.selectedColumns = measuredColumns(measure)
        compiled.indexBindingParameters()
        return compiled
    }

    /// The one column of a measured query: `count` (an `Int`) or `exists` (a `Bool`).
    private static func measuredColumns(_ measure: QueryMeasure) -> [Attribute] {
        let scalar: ScalarType = measure == .count ? .integer(.int) : .bool
        return [
            Attribute(
                name: measure.rawValue, type: scalar, isOptional: false,
                storage: Storage.defaultStorage(for: scalar, enumRawType: nil, modelStyle: .model))
        ]
    }

    /// Rendered parameters with the types `query` gives them.
    private static func typed(_ parameters: [CompiledParameter], in query: CheckedQuery) -> [CompiledParameter] {
        var typed = parameters
        for index in typed.indices {
            let name = typed[index].name
            typed[index].type = query.parameters.first { $0.name == name }?.type ?? .error
        }
        return typed
    }
}

extension LoweringContext {
    /// `(SELECT count(*) ... FROM (...))` or `(SELECT EXISTS (...))`: a measured query's one value,
    /// its placeholders (`?N`, PostgreSQL's `$N::type`) bound in place (named parameters keep one
    /// number with this query's).
    mutating func lowerSubqueryValue(_ subquery: CheckedQuery) -> SQLFragment {
        let compiled = SQLLowering.lower(
            subquery, schema: schema, dialect: dialect,
            options: SQLLowering.Options(facts: options.facts, readableLayout: false, portable: options.portable),
            commonTableTextColumns: commonTableTextColumns)
        textColumns.merge(compiled.textFacts)
        references.merge(compiled.references)
        // What portable SQL refuses in the sub-query is refused in the query that holds it.
        for refusal in compiled.portabilityDiagnostics { nonPortable.append((refusal.message, refusal.range)) }
        var fragment = SQLFragment("(")
        let placeholderSign: Unicode.Scalar = SQLiteDialect.isDialect(of: dialect) ? "?" : "$"
        var text = ""
        var inQuotes = false
        var scalars = Array(compiled.sql.unicodeScalars)
        scalars.append(" ")
        var index = 0
        while index < scalars.count - 1 {
            let scalar = scalars[index]
            if scalar == "\"" { inQuotes.toggle() }
            if !inQuotes, scalar == placeholderSign, ("0"..."9").contains(scalars[index + 1]) {
                var end = index + 1
                var number = 0
                while end < scalars.count, ("0"..."9").contains(scalars[end]) {
                    number = number * 10 + Int(scalars[end].value - 48)
                    end += 1
                }
                // PostgreSQL's `$N::type`: the binding is written with its type again.
                if placeholderSign == "$", end + 2 < scalars.count, scalars[end] == ":", scalars[end + 1] == ":" {
                    end += 2
                    while end < scalars.count, scalars[end].properties.isASCIIHexDigit || ("a"..."z").contains(scalars[end]) { end += 1 }
                }
                fragment += SQLFragment(text)
                text = ""
                fragment += SQLFragment.binding(compiled.bindings[number - 1])
                index = end
                continue
            }
            text.unicodeScalars.append(scalar)
            index += 1
        }
        fragment += SQLFragment(text)
        return fragment + ")"
    }
}
