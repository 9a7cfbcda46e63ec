import SiftChecker
import SiftLargeStack
import SiftSchema
import SiftSyntax

extension LoweringContext {
    /// Appends each combined query's SQL (`UNION`, `INTERSECT`, `EXCEPT`), from left to right, its
    /// placeholders renumbered after those before it and its parameters merged by name. Each operand
    /// is lowered with the same facts as the first query, and what its SQL relies on joins the
    /// compiled query's assumptions, which the runtime checks.
    mutating func combine(_ compiled: inout CompiledQuery, with operations: [CheckedSetOperation]) {
        for (index, operation) in operations.enumerated() {
            if index > 0, !writesInPlace {
                // Swift's chain (and SQLite) combines from left to right; standard SQL, PostgreSQL's,
                // binds INTERSECT tighter than UNION and EXCEPT: the rows so far are parenthesized.
                compiled.sql = "(" + compiled.sql + ")"
            }
            let part = lowerOperand(operation.query)
            let keyword: String
            switch operation.op {
            case .union: keyword = "UNION"
            case .unionAll: keyword = "UNION ALL"
            case .intersect: keyword = "INTERSECT"
            case .except: keyword = "EXCEPT"
            }
            let separator = options.readableLayout ? "\n" : " "
            Self.append(text: separator + keyword + separator + part.sql, bindings: part.bindings, parameters: part.parameters, to: &compiled)
            compiled.textFacts.merge(part.textFacts)
            compiled.references.merge(part.references)
            compiled.portabilityDiagnostics += part.portabilityDiagnostics
        }
    }

    /// A query combined with another, lowered on its own: its strings in NFC and its dates as
    /// instants, as the first query's are. A named sub-query's body (`keepsOrderAndLimit`) keeps
    /// its own `ORDER BY` (Swift's order) and `LIMIT`, which decide which rows it gives.
    func lowerOperand(_ operand: CheckedQuery, keepsOrderAndLimit: Bool = false) -> CompiledQuery {
        var context = LoweringContext(query: operand, schema: schema, dialect: dialect, options: options)
        context.commonTableTextColumns = commonTableTextColumns
        let run = { (context: inout LoweringContext) -> CompiledQuery in
            guard let selection = context.query.selection else { return context.lowerQuery() }
            let rootAlias = context.alias(context.query.model.tableName)
            context.variables[context.query.root] = .row(alias: rootAlias, model: context.query.model, level: nil)
            return context.lowerSelectionQuery(selection, rootAlias: rootAlias, asOperand: true, keepsOrderAndLimit: keepsOrderAndLimit)
        }
        if let height = operand.filterHeight, height > SQLLowering.inlineDepth {
            return LargeStack.run { [context] in
                var context = context
                return run(&context)
            }
        }
        return run(&context)
    }

    /// `ORDER BY "column" [DESC]`, `LIMIT`, `OFFSET` of combined rows, after the last query: each
    /// key a result column (strings are in NFC and dates instants in every query, so SQLite's
    /// order of them is Swift's).
    mutating func appendCombinedOrderAndLimit(_ selection: CheckedSelection, to compiled: inout CompiledQuery) {
        let keys = query.sort
        guard !keys.isEmpty || query.limit != nil || query.offset != nil else { return }
        if !writesInPlace { return appendWrappedOrderAndLimit(selection, to: &compiled) }
        var sql = SQLRenderer(dialect: SQLiteDialect(), readable: options.readableLayout, capacity: 64, bindings: 2)
        if !keys.isEmpty {
            sql.appendNewline(indent: 0)
            sql.append(sql: "ORDER BY ")
            for (index, key) in keys.enumerated() {
                if index > 0 { sql.append(sql: ", ") }
                let column = compiled.selectedColumns?[selection.combinedSortColumns[index]].name ?? ""
                sql.append(identifier: column)
                if key.order == .reverse { sql.append(sql: " DESC") }
            }
        }
        if query.limit != nil || query.offset != nil {
            sql.appendNewline(indent: 0)
            sql.append(sql: "LIMIT ")
            sql.append(query.limit.map { lowerValue($0, hint: .count).sql } ?? SQLFragment("-1"))
            if let offset = query.offset {
                sql.append(sql: " OFFSET ")
                sql.append(lowerValue(offset, hint: .count).sql)
            }
        }
        let rendered = sql.rendered
        let parameters = Self.typed(rendered.parameters, in: query)
        Self.append(text: rendered.text, bindings: rendered.bindings, parameters: parameters, to: &compiled)
    }

    /// In a dialect other than Sift's: `SELECT * FROM (combined) AS "combined" ORDER BY ... LIMIT
    /// ...`. PostgreSQL sorts combined rows only by bare result columns, and its order of text is
    /// the column's collation: a sub-select lets each string key be compared in code-point order
    /// (Swift's `<` on the NFC texts every query selects), nil first as Swift sorts it.
    private mutating func appendWrappedOrderAndLimit(_ selection: CheckedSelection, to compiled: inout CompiledQuery) {
        var sql = SQLFragment(reservingCapacity: 64)
        if !query.sort.isEmpty {
            sql.appendNewline(indent: 0)
            sql += "ORDER BY "
            for (index, key) in query.sort.enumerated() {
                if index > 0 { sql += ", " }
                let position = selection.combinedSortColumns[index]
                let column = selection.columns[position]
                let attribute = compiled.selectedColumns?[position]
                var term = SQLFragment.identifier(attribute?.name ?? column.name)
                switch column.type.unwrapped.kind {
                case .string, .url: term = dialect.codePointOrder(term)
                case .uuid where attribute?.storage == .uuidUppercaseText || attribute?.storage == .uuidLowercaseText:
                    term = dialect.codePointOrder(term)
                default: break
                }
                sql += term
                if key.order == .reverse { sql += " DESC" }
                if dialect.sortsNullsLast, column.type.isOptional || column.isOptionalWhenCombined {
                    sql += key.order == .reverse ? " NULLS LAST" : " NULLS FIRST"
                }
            }
        }
        if query.limit != nil || query.offset != nil {
            sql.appendNewline(indent: 0)
            appendLimit(to: &sql)
        }
        let rendered = sql.render(in: dialect, readable: options.readableLayout)
        let parameters = Self.typed(rendered.parameters, in: query)
        let newline = options.readableLayout ? "\n" : " "
        let indented =
            options.readableLayout ? SQLIndentation.indentingLines(compiled.sql) : compiled.sql
        compiled.sql = "SELECT * FROM (" + newline + indented + newline + ") AS \"combined\""
        Self.append(text: rendered.text, bindings: rendered.bindings, parameters: parameters, to: &compiled)
    }

    /// Appends SQL text whose placeholders start at `?1`, renumbered after the compiled query's.
    static func append(text: String, bindings: [BindingSlot], parameters: [CompiledParameter], to compiled: inout CompiledQuery) {
        let offset = compiled.bindings.count
        compiled.sql += PlaceholderScan.renumbering(text, by: offset)
        var merged = compiled.parameters
        for parameter in parameters {
            let positions = parameter.positions.map { $0 + offset }
            if let index = merged.firstIndex(where: { $0.name == parameter.name }) {
                merged[index].positions += positions
            } else {
                merged.append(CompiledParameter(name: parameter.name, type: parameter.type, positions: positions))
            }
        }
        compiled.bindings += bindings
        compiled.parameters = merged
    }
}

extension TextColumnFacts {
    /// Adds another lowering's columns: those it asked about after this one's, and what it assumed.
    mutating func merge(_ other: TextColumnFacts) {
        for column in other.columns.filter({ $0.askedAt >= 0 }).sorted(by: { $0.askedAt < $1.askedAt }) {
            record(column.form, isASCII: column.isASCII, for: reference(key: column.key))
        }
        for form in [KnownTextForm.nfc, .nfcOrNFD, .ascii] {
            for key in other.assumptions(form) { assume(form, for: reference(key: key)) }
        }
    }
}

extension ReferenceFacts {
    /// Adds the references another lowering asked about, and whether it assumed each intact.
    mutating func merge(_ other: ReferenceFacts) {
        let assumed = other.assumptions
        for reference in other.candidates where isAssumed(reference) != true {
            if isAssumed(reference) == nil {
                record(reference, assumed: assumed.contains(reference))
            }
        }
    }
}
