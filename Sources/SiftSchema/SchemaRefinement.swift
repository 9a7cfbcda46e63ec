import SiftSyntax

/// Combines what introspection found in a database with a model file that refines it.
///
/// The database says which tables, columns and links exist; the model file says what they mean in
/// Swift: types (`Date`, `Bool`, `UUID`, enums), storage, names of relationships, and members that
/// are not queryable. A model of the file matches a table by model name or table name; an
/// attribute matches a column by column name; a relationship matches by the column or join table
/// it uses. Whatever the file does not mention stays as introspection found it. A relationship no
/// FOREIGN KEY declares is taken from the file when its columns exist and it leads to a key or
/// UNIQUE column (the facts a query relies on, such as every value having its row, are checked
/// against the data, never assumed from constraints). Anything the file declares that the database
/// lacks is an error on the file, except a `@Table` type without a table: it may name the rows of a
/// sub-query (StructuredQueries' `With`), so it is kept without one (``Model/hasTable``), and a
/// query that reads it as a table is refused.
public enum SchemaRefinement {
    /// `database` refined by `file`, and the file's declarations the database contradicts.
    public static func refine(_ database: Schema, with file: Schema) -> (Schema, [Diagnostic]) {
        var result = database
        var diagnostics: [Diagnostic] = []
        result.source = file.source
        for enumType in file.enums { result.add(enumType) }
        var renames: [String: String] = [:]  // introspected model name → file model name

        for fileModel in file.models {
            // A table shared by several models (Core Data's sub-entities) is the one of that name.
            let sharing = database.models.first { $0.name == fileModel.name && $0.tableName == fileModel.tableName }
            guard let found = sharing ?? database.model(named: fileModel.tableName) ?? database.model(named: fileModel.name) else {
                let suggestion = Suggestions.closest(to: fileModel.tableName, among: database.models.map(\.tableName)).first
                if fileModel.style == .table, fileModel.relationships.isEmpty {
                    // A `@Table` type may name the rows of a sub-query (StructuredQueries' `With`),
                    // which need no table: kept without one; a query reading it as a table is refused.
                    // A table of a close name is likely the one meant: a warning says so.
                    var tableless = fileModel
                    tableless.hasTable = false
                    result.add(tableless)
                    if let suggestion {
                        diagnostics.append(
                            .warning(
                                .missingTable,
                                "the model '\(fileModel.name)' has no table '\(fileModel.tableName)' in the database; did you mean '\(suggestion)'? Name it with '@Table(\"\(suggestion)\")'; without a table it can only name the rows of a sub-query ('With')",
                                at: fileModel.declaration ?? .point(0)))
                    }
                    continue
                }
                diagnostics.append(
                    .error(
                        .missingTable,
                        "the model '\(fileModel.name)' has no table '\(fileModel.tableName)' in the database"
                            + (suggestion.map { "; did you mean '\($0)'? Name it with '@Table(\"\($0)\")'" } ?? ""),
                        at: fileModel.declaration ?? .point(0)))
                continue
            }
            renames[found.name] = fileModel.name
            var refined = found
            refined.name = fileModel.name
            refined.declaration = fileModel.declaration
            refined.unqueryableMembers = fileModel.unqueryableMembers
            refined.style = fileModel.style
            refined.parent = fileModel.parent
            refined.columnGroups = fileModel.columnGroups
            refined.enumColumnGroups = fileModel.enumColumnGroups
            if fileModel.isFullTextTable, !found.isFullTextTable {
                diagnostics.append(
                    .error(
                        .missingTable,
                        "the model '\(fileModel.name)' is declared 'FTS5', but '\(found.tableName)' is not an FTS5 table; create it with 'CREATE VIRTUAL TABLE \(found.tableName) USING fts5(...)'",
                        at: fileModel.declaration ?? .point(0)))
            }
            for member in fileModel.members {
                switch member {
                case .attribute(let attribute):
                    guard let position = refined.members.firstIndex(where: {
                        if case .attribute(let existing) = $0 { return existing.columnName == attribute.columnName }
                        return false
                    }) else {
                        if attribute.name == "id", found.primaryKey == ["rowid"] { continue }
                        let columns = found.attributes.map(\.columnName)
                        let suggestion = Suggestions.closest(to: attribute.columnName, among: columns).first
                        diagnostics.append(
                            .error(
                                .missingColumn,
                                "the table '\(found.tableName)' has no column '\(attribute.columnName)' for '\(fileModel.name).\(attribute.name)'"
                                    + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                at: attribute.declaration ?? .point(0)))
                        continue
                    }
                    guard case .attribute(let existing) = refined.members[position] else { continue }
                    var merged = attribute
                    merged.isPrimaryKey = existing.isPrimaryKey
                    merged.isUnique = attribute.isUnique || existing.isUnique
                    // An FTS5 column cannot be declared NOT NULL: the model file's type is its only contract.
                    if existing.isOptional, !attribute.isOptional, !found.isFullTextTable {
                        diagnostics.append(
                            .warning(
                                .nullableColumn,
                                "the column '\(found.tableName).\(existing.columnName)' allows NULL, but '\(attribute.name)' is not optional; declare it '\(attribute.typeDescription)?' if NULLs can occur",
                                at: attribute.declaration ?? .point(0)))
                    }
                    refined.members[position] = .attribute(merged)
                case .relationship(let relationship):
                    let targetTable = file.model(named: relationship.target)?.tableName
                    let candidates = refined.members.indices.filter {
                        guard case .relationship(let existing) = refined.members[$0] else { return false }
                        return database.model(named: existing.target)?.tableName == targetTable
                    }
                    // The same link; or, for many-to-many, the only join table to that target.
                    let position = candidates.first { index in
                        if case .relationship(let existing) = refined.members[index] { return sameLink(existing, relationship) }
                        return false
                    } ?? {
                        guard case .joinTable = relationship.link else { return nil }
                        let joins = candidates.filter { index in
                            if case .relationship(let existing) = refined.members[index], case .joinTable = existing.link { return true }
                            return false
                        }
                        return joins.count == 1 ? joins[0] : nil
                    }()
                    if position == nil, let problem = undeclaredLinkProblem(relationship, from: found, in: database, file: file) {
                        diagnostics.append(
                            .error(
                                .missingRelationship,
                                "the database has no link for the relationship '\(fileModel.name).\(relationship.name)' (\(problem))",
                                at: relationship.declaration ?? .point(0)))
                        continue
                    }
                    guard let position else {
                        // No FOREIGN KEY declares it, but its columns exist: the model file is enough.
                        // It replaces the column's introspected attribute of the same name, if any.
                        refined.members.removeAll { member in
                            if case .attribute(let attribute) = member { return attribute.name == relationship.name && attribute.declaration == nil }
                            return false
                        }
                        refined.members.append(.relationship(relationship))
                        continue
                    }
                    guard case .relationship(let existing) = refined.members[position] else { continue }
                    var merged = existing
                    merged.name = relationship.name
                    merged.declaration = relationship.declaration
                    merged.isOrdered = relationship.isOrdered
                    if case .toOne(let isOptional) = relationship.cardinality, case .toOne = existing.cardinality {
                        merged.cardinality = .toOne(isOptional: isOptional)
                    }
                    refined.members[position] = .relationship(merged)
                }
            }
            result.add(refined)
        }
        // Relationship targets and inverse names follow renamed models and relationships.
        var models = result.models
        for index in models.indices {
            for memberIndex in models[index].members.indices {
                guard case .relationship(var relationship) = models[index].members[memberIndex] else { continue }
                if let renamed = renames[relationship.target] { relationship.target = renamed }
                if let target = models.first(where: { $0.name == relationship.target }),
                    let back = target.relationships.first(where: { isInverse($0, of: relationship, from: models[index]) })
                {
                    relationship.inverse = back.name
                }
                models[index].members[memberIndex] = .relationship(relationship)
            }
        }
        // Rebuild with the renamed models replacing the introspected ones.
        var final = Schema(models: [], enums: result.enums, source: file.source)
        for model in models where !(renames[model.name] != nil && renames[model.name] != model.name && models.contains { $0.name == renames[model.name] }) {
            final.add(model)
        }
        return (final, diagnostics)
    }

    /// Why the columns a relationship's link names are not in the database, or nil when they all
    /// are (a link no FOREIGN KEY declares). The rows it leads to are found by a column that
    /// identifies one row (a key or a UNIQUE column), else a to-one would find several.
    static func undeclaredLinkProblem(_ relationship: Relationship, from source: Model, in database: Schema, file: Schema) -> String? {
        let targetTable = file.model(named: relationship.target)?.tableName ?? relationship.target
        guard let target = database.models.first(where: { $0.name == relationship.target && $0.tableName == targetTable })
            ?? database.model(named: targetTable) ?? database.model(named: relationship.target)
        else { return describe(relationship.link) }
        func hasColumn(_ model: Model, _ column: String) -> Bool {
            column == "rowid" || model.attributes.contains { $0.columnName == column }
        }
        func identifies(_ model: Model, _ column: String) -> Bool {
            column == "rowid" || model.primaryKey == [column] || model.attributes.contains { $0.columnName == column && $0.isUnique }
        }
        switch relationship.link {
        case .foreignKey(let column, let targetColumn):
            guard hasColumn(source, column) else { return describe(relationship.link) }
            guard hasColumn(target, targetColumn), identifies(target, targetColumn) else {
                return "'\(target.tableName).\(targetColumn)' is not a key or UNIQUE column of the target"
            }
        case .inverseForeignKey(let targetColumn, let sourceColumn):
            guard hasColumn(target, targetColumn) else { return describe(relationship.link) }
            guard hasColumn(source, sourceColumn), identifies(source, sourceColumn) else {
                return "'\(source.tableName).\(sourceColumn)' is not a key or UNIQUE column"
            }
        case .joinTable(let join):
            guard let table = database.model(named: join.table), hasColumn(table, join.sourceColumn), hasColumn(table, join.targetColumn),
                hasColumn(source, join.sourceKey), hasColumn(target, join.targetKey)
            else { return describe(relationship.link) }
        }
        return nil
    }

    static func sameLink(_ a: Relationship, _ b: Relationship) -> Bool {
        switch (a.link, b.link) {
        case (.foreignKey(let x, _), .foreignKey(let y, _)): x == y
        case (.inverseForeignKey(let x, _), .inverseForeignKey(let y, _)): x == y
        case (.joinTable(let x), .joinTable(let y)):
            x.table == y.table && x.sourceColumn == y.sourceColumn && x.targetColumn == y.targetColumn
        default: false
        }
    }

    static func isInverse(_ candidate: Relationship, of relationship: Relationship, from model: Model) -> Bool {
        guard candidate.target == model.name else { return false }
        switch (relationship.link, candidate.link) {
        case (.foreignKey(let column, _), .inverseForeignKey(let targetColumn, _)): return column == targetColumn
        case (.inverseForeignKey(let targetColumn, _), .foreignKey(let column, _)): return column == targetColumn
        case (.joinTable(let x), .joinTable(let y)):
            return x.table == y.table && x.sourceColumn == y.targetColumn && x.targetColumn == y.sourceColumn
        default: return false
        }
    }

    static func describe(_ link: Relationship.Link) -> String {
        switch link {
        case .foreignKey(let column, _): "expected a foreign-key column '\(column)'"
        case .inverseForeignKey(let column, _): "expected a foreign-key column '\(column)' on the target"
        case .joinTable(let join): "expected a join table '\(join.table)' with columns '\(join.sourceColumn)' and '\(join.targetColumn)'"
        }
    }
}
