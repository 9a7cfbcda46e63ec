import SiftSyntax

/// Turns tables found in a database into models, by documented, predictable rules:
///
/// - Each table (and view) becomes a model named by ``Naming/modelName(forTable:)``.
/// - Each column becomes an attribute; the declared type gives the Swift type (`INTEGER` → `Int`,
///   `TEXT` → `String`, `REAL` → `Double`, `BOOLEAN` → `Bool`, `DATE`/`DATETIME`/`TIMESTAMP` → `Date`
///   stored as ISO-8601 text, `UUID` → `UUID`, `BLOB` → `Data`) and `NOT NULL` decides optionality.
/// - A single-column foreign key becomes a to-one relationship named after the column
///   (`companyID` → `company`), and its inverse a to-many relationship on the target named after
///   the referring table (`users`); when one table refers to the same target twice, the inverse
///   names say which (`employeesByManager`).
/// - A table whose primary key is exactly two foreign keys is a join table: both sides get a
///   many-to-many relationship named after the other key column, pluralised (`User.interests`).
///   The join table stays a model of its own too.
public enum SchemaInference {
    /// The models of `tables`, and what could not be inferred.
    public static func schema(from tables: [TableDescription]) -> (Schema, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var models: [Model] = []
        var modelNameByTable: [String: String] = [:]
        var usedNames: Set<String> = []
        for table in tables {
            var name = Naming.modelName(forTable: table.name)
            if usedNames.contains(name) { name = Naming.capitalizingFirst(Naming.camelCase(table.name)) }
            while usedNames.contains(name) { name += "Table" }
            usedNames.insert(name)
            modelNameByTable[table.name] = name
            models.append(model(for: table, named: name))
        }
        var index: [String: Int] = [:]
        for (position, model) in models.enumerated() { index[model.tableName] = position }

        // To-one relationships and their inverses.
        for table in tables {
            guard let sourceIndex = index[table.name] else { continue }
            let referenceCounts = Dictionary(grouping: table.foreignKeys, by: \.targetTable).mapValues(\.count)
            for foreignKey in table.foreignKeys {
                guard foreignKey.columns.count == 1, foreignKey.targetColumns.count == 1 else {
                    diagnostics.append(
                        .warning(
                            "composite-foreign-key",
                            "the foreign key (\(foreignKey.columns.joined(separator: ", "))) of '\(table.name)' has several columns; it is not turned into a relationship",
                            at: .point(0)))
                    continue
                }
                guard let targetIndex = index[foreignKey.targetTable] else {
                    diagnostics.append(
                        .warning(
                            "dangling-foreign-key",
                            "the foreign key '\(foreignKey.columns[0])' of '\(table.name)' refers to a missing table '\(foreignKey.targetTable)'",
                            at: .point(0)))
                    continue
                }
                let column = foreignKey.columns[0]
                let targetModel = models[targetIndex]
                var name = Naming.relationshipName(forForeignKeyColumn: column) ?? Naming.lowercasingFirst(targetModel.name)
                if models[sourceIndex].member(named: name) != nil { name = Naming.camelCase(column) + "Object" }
                let isOptional = !(table.columns.first { $0.name == column }?.notNull ?? false)
                var inverseName = Naming.camelCase(table.name)
                if (referenceCounts[foreignKey.targetTable] ?? 0) > 1 || models[targetIndex].member(named: inverseName) != nil {
                    inverseName += "By" + Naming.capitalizingFirst(name)
                }
                let toOne = Relationship(
                    name: name, target: targetModel.name, cardinality: .toOne(isOptional: isOptional),
                    link: .foreignKey(column: column, targetColumn: foreignKey.targetColumns[0]), inverse: inverseName)
                models[sourceIndex].members.append(.relationship(toOne))
                let toMany = Relationship(
                    name: inverseName, target: models[sourceIndex].name, cardinality: .toMany,
                    link: .inverseForeignKey(targetColumn: column, sourceColumn: foreignKey.targetColumns[0]), inverse: name)
                models[targetIndex].members.append(.relationship(toMany))
            }
        }

        // Many-to-many relationships through join tables.
        for table in tables {
            guard table.primaryKey.count == 2 else { continue }
            let keys = table.primaryKey.compactMap { column in
                table.foreignKeys.first { $0.columns == [column] && $0.targetColumns.count == 1 }
            }
            guard keys.count == 2, let first = index[keys[0].targetTable], let second = index[keys[1].targetTable] else { continue }
            let firstName = manyToManyName(for: keys[1], target: models[second], in: models[first])
            var secondName = manyToManyName(for: keys[0], target: models[first], in: models[second])
            if first == second, secondName == firstName { secondName += "Inverse" }
            let forward = Relationship(
                name: firstName, target: models[second].name, cardinality: .toMany,
                link: .joinTable(
                    .init(
                        table: table.name, sourceColumn: keys[0].columns[0], sourceKey: keys[0].targetColumns[0],
                        targetColumn: keys[1].columns[0], targetKey: keys[1].targetColumns[0])), inverse: secondName)
            let backward = Relationship(
                name: secondName, target: models[first].name, cardinality: .toMany,
                link: .joinTable(
                    .init(
                        table: table.name, sourceColumn: keys[1].columns[0], sourceKey: keys[1].targetColumns[0],
                        targetColumn: keys[0].columns[0], targetKey: keys[0].targetColumns[0])), inverse: firstName)
            models[first].members.append(.relationship(forward))
            models[second].members.append(.relationship(backward))
        }
        return (Schema(models: models), diagnostics)
    }

    private static func manyToManyName(for key: ForeignKeyDescription, target: Model, in model: Model) -> String {
        let stem = Naming.relationshipName(forForeignKeyColumn: key.columns[0]) ?? Naming.lowercasingFirst(target.name)
        var name = Naming.pluralize(stem)
        if model.member(named: name) != nil { name += "Via" + Naming.capitalizingFirst(Naming.camelCase(key.columns[0])) }
        return name
    }

    private static func model(for table: TableDescription, named name: String) -> Model {
        if table.isFullText { return fullTextModel(for: table, named: name) }
        var members: [Model.Member] = []
        var used: Set<String> = []
        let uniqueColumns = Set(table.uniqueColumnSets.filter { $0.count == 1 }.map { $0[0] })
        for column in table.columns {
            var memberName = Naming.memberName(forColumn: column.name)
            while used.contains(memberName) { memberName += "_" }
            used.insert(memberName)
            let (type, storage) = typeAndStorage(forDeclaredType: column.declaredType)
            let isKey = table.primaryKey.contains(column.name)
            let isRowIDAlias = table.primaryKey == [column.name] && column.declaredType.uppercased() == "INTEGER"
            let attribute = Attribute(
                name: memberName, columnName: column.name, type: type, isOptional: !(column.notNull || isRowIDAlias),
                storage: storage, isUnique: uniqueColumns.contains(column.name) || table.primaryKey == [column.name],
                isPrimaryKey: isKey)
            members.append(.attribute(attribute))
        }
        return Model(
            name: name, tableName: table.name, primaryKey: table.primaryKey.isEmpty ? ["rowid"] : table.primaryKey,
            members: members, style: .introspected)
    }

    /// An FTS5 table: `rowid` (its key, the content's key when it indexes another table), then its
    /// columns as optional text (FTS5 columns have no type and may hold NULL).
    private static func fullTextModel(for table: TableDescription, named name: String) -> Model {
        var members: [Model.Member] = [
            .attribute(
                Attribute(
                    name: "rowid", columnName: "rowid", type: .integer(.int), isOptional: false, storage: .integer, isUnique: true,
                    isPrimaryKey: true))
        ]
        for column in table.columns where column.name.lowercased() != "rowid" {
            members.append(
                .attribute(
                    Attribute(
                        name: Naming.memberName(forColumn: column.name), columnName: column.name, type: .string, isOptional: true,
                        storage: .text, isUnique: false, isPrimaryKey: false)))
        }
        var model = Model(name: name, tableName: table.name, primaryKey: ["rowid"], members: members, style: .introspected)
        model.isFullTextTable = true
        return model
    }

    /// The Swift type and storage a declared SQL type suggests (SQLite's affinity rules, refined).
    public static func typeAndStorage(forDeclaredType declared: String) -> (ScalarType, Storage) {
        let type = declared.uppercased()
        if type.contains("BOOL") { return (.bool, .integer) }
        if type.contains("DATE") || type.contains("TIME") {
            if type.contains("REAL") || type.contains("DOUB") || type.contains("FLOA") { return (.date, .dateReferenceSeconds) }
            if type.contains("INT") { return (.date, .dateUnixSeconds) }
            return (.date, .dateISO8601)
        }
        if type.contains("UUID") || type.contains("GUID") { return (.uuid, type.contains("BLOB") ? .uuidBlob : .uuidUppercaseText) }
        if type.contains("INT") { return (.integer(.int), .integer) }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return (.string, .text) }
        if type.contains("BLOB") { return (.data, .blob) }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return (.double, .real) }
        if type.contains("NUMERIC") || type.contains("DECIMAL") || type.contains("NUMBER") { return (.double, .real) }
        return (.string, .text)
    }
}
