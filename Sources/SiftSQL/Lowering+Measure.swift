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
        let indented = options.readableLayout ? SQLIndentation.indentingLines(compiled.sql) : compiled.sql
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
                LoweringContext.append(text: rendered.text, bindings: rendered.bindings, parameters: LoweringContext.typed(rendered.parameters, in: query), to: &compiled)
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
            let parameters = LoweringContext.typed(rendered.parameters, in: query)
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
}

extension LoweringContext {
    /// Rendered parameters (named only) with the types the checked `query` gives them, filled in
    /// place in the renderer's list. A query has a few parameters, found by comparing names; with
    /// more than eight a dictionary finds them.
    static func typed(_ parameters: [CompiledParameter], in query: CheckedQuery) -> [CompiledParameter] {
        guard !parameters.isEmpty else { return parameters }
        var typed = parameters
        let declared = query.parameters
        let types: [String: SiftType]? =
            declared.count > 8 ? Dictionary(declared.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first }) : nil
        for index in typed.indices {
            let name = typed[index].name
            typed[index].type = (types.map { $0[name] } ?? declared.first { $0.name == name }?.type) ?? .error
        }
        return typed
    }

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
        let sqlite = SQLiteDialect.isDialect(of: dialect)
        let sign = sqlite ? UInt8(ascii: "?") : UInt8(ascii: "$")
        var sql = compiled.sql
        sql.withUTF8 { utf8 in
            var copied = 0
            PlaceholderScan.forEach(in: utf8, signs: (sign, sign)) { placeholder in
                fragment += SQLFragment(String(decoding: UnsafeBufferPointer(rebasing: utf8[copied..<placeholder.bytes.lowerBound]), as: UTF8.self))
                fragment += SQLFragment.binding(compiled.bindings[placeholder.number - 1])
                var end = placeholder.bytes.upperBound
                // PostgreSQL's `$N::type`: the binding is written with its type again.
                if !sqlite, end + 1 < utf8.count, utf8[end] == UInt8(ascii: ":"), utf8[end + 1] == UInt8(ascii: ":") {
                    end += 2
                    while end < utf8.count, Self.isCastNameByte(utf8[end]) { end += 1 }
                }
                copied = end
            }
            fragment += SQLFragment(String(decoding: UnsafeBufferPointer(rebasing: utf8[copied...]), as: UTF8.self))
        }
        return fragment + ")"
    }

    /// A byte of a PostgreSQL type name in a placeholder's cast (`bigint`, `float8`, `text`).
    private static func isCastNameByte(_ byte: UInt8) -> Bool {
        PlaceholderScan.isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
    }
}
