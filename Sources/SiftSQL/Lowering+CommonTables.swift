import SiftChecker
import SiftSchema
import SiftSyntax

extension SQLLowering {
    /// `WITH [RECURSIVE] "name" AS (query), ... query`: each sub-query selects its strings in NFC
    /// and its dates as instants (its model's attributes say so), and the query reads it as a
    /// table, its strings bare (NFC by construction: ``LoweringContext/commonTableTextColumns``);
    /// StructuredQueries' sub-queries select their values as stored.
    /// Placeholders are numbered in the order of the text; parameters merge by name.
    static func lowerWithCommonTables(
        _ query: CheckedQuery, schema: Schema, dialect: any SQLDialect, options: Options, commonTableTextColumns: Set<String>
    ) -> CompiledQuery {
        var extended = schema
        var textColumns = commonTableTextColumns
        for table in query.commonTables {
            extended.add(table.model)
            // StructuredQueries' sub-queries select their strings as stored (SQL's meaning).
            guard table.query.form != .structuredQueries else { continue }
            for attribute in table.model.attributes where attribute.type == .string {
                textColumns.insert(table.model.qualifiedColumnName(attribute.columnName))
            }
        }
        let newline = options.readableLayout ? "\n" : " "
        var compiled: CompiledQuery?
        // What portable SQL refuses in any sub-query, then in the query that reads them.
        var refusals: [Diagnostic] = []
        // A row written as a value (StructuredQueries' `Count(value: 1)`) is selected from one row.
        let readsRowOfValues = query.commonTables.contains { CheckedCommonTable.readsRowOfValues($0.query) }
        if readsRowOfValues { extended.add(CheckedCommonTable.rowOfValues) }
        for (index, table) in query.commonTables.enumerated() {
            var context = LoweringContext(query: table.query, schema: extended, dialect: dialect, options: options)
            context.commonTableTextColumns = textColumns
            var body = context.lowerOperand(table.query, keepsOrderAndLimit: true)
            if options.readableLayout { body.sql = SQLIndentation.indentingLines(body.sql) }
            var head =
                (index == 0 ? "WITH " + (query.commonTables.contains(where: \.isRecursive) ? "RECURSIVE " : "") : "," + newline)
                + quoted(table.model.tableName) + " AS (" + newline + body.sql + newline + ")"
            if index == 0, readsRowOfValues {
                head = head.replacingOccurrences(
                    of: "WITH " + (query.commonTables.contains(where: \.isRecursive) ? "RECURSIVE " : ""),
                    with: "WITH " + (query.commonTables.contains(where: \.isRecursive) ? "RECURSIVE " : "") + quoted(CheckedCommonTable.rowOfValues.tableName)
                        + " AS (SELECT 1)," + newline, options: .anchored)
            }
            refusals += body.portabilityDiagnostics
            if var first = compiled {
                LoweringContext.append(text: head, bindings: body.bindings, parameters: body.parameters, to: &first)
                first.textFacts.merge(body.textFacts)
                first.references.merge(body.references)
                compiled = first
            } else {
                var first = body
                first.sql = head
                compiled = first
            }
        }
        var main = query
        main.commonTables = []
        let lowered = lower(main, schema: extended, dialect: dialect, options: options, commonTableTextColumns: textColumns)
        guard var result = compiled else { return lowered }
        LoweringContext.append(text: newline + lowered.sql, bindings: lowered.bindings, parameters: lowered.parameters, to: &result)
        result.textFacts.merge(lowered.textFacts)
        result.references.merge(lowered.references)
        result.query = query
        result.selectedColumns = lowered.selectedColumns
        result.portabilityDiagnostics = refusals + lowered.portabilityDiagnostics
        result.indexBindingParameters()
        return result
    }

    /// An identifier in double quotes, a quote in it doubled. (A name holds no quote, mostly: it
    /// is then copied as it is, without Foundation's search and replace.)
    static func quoted(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
