import SiftChecker
import SiftSchema

extension LoweringContext {
    /// The first element of an ordered to-many relationship (`$0.items.first`), joined as a to-one:
    /// the target row whose key is that of the element with the smallest position
    /// (`Relationship/orderColumn`, Core Data's `Z_FOK_<INVERSE>`). The order is the one Core Data
    /// fetches an ordered relationship in, `ORDER BY Z_FOK_<INVERSE>`: a NULL position first (as
    /// SQLite sorts it), ties by key, as the in-memory evaluator orders the elements too. nil when
    /// `sequence` is no such relationship.
    mutating func firstOfOrderedRelationship(_ sequence: TypedExpr) -> (alias: String, model: Model, level: QueryLevel?, isOptional: Bool)? {
        guard case .toMany(let base, let relationship) = tree[sequence], let order = relationship.orderColumn,
            case .inverseForeignKey(let targetColumn, let sourceColumn) = relationship.link, let baseRow = row(of: base)
        else { return nil }
        let target = model(named: relationship.target)
        let level = resolvedLevel(baseRow.level)
        let key = JoinKey(baseAlias: baseRow.alias, relationship: relationship.name + ".first")
        if let existing = level.joinAliases[key] { return (existing, target, baseRow.level, true) }
        let joinAlias = alias(relationship.name)
        level.joinAliases[key] = joinAlias
        let targetKey = keyColumn(of: target)
        presenceColumns[joinAlias] = targetKey
        let elementAlias = alias(target.tableName)
        // `targets AS f ON f.key = (SELECT e.key FROM targets AS e WHERE e.column = base.key
        // ORDER BY e.order, e.key LIMIT 1)`.
        var sql = SQLFragment(reservingCapacity: 256)
        sql.appendTableReference(target.tableName, alias: joinAlias)
        sql += " ON "
        sql.appendColumn(joinAlias, targetKey)
        sql += " = (SELECT "
        sql.appendColumn(elementAlias, targetKey)
        sql += " FROM "
        sql.appendTableReference(target.tableName, alias: elementAlias)
        sql += " WHERE "
        sql.appendColumn(elementAlias, targetColumn)
        sql += " = "
        sql.appendColumn(baseRow.alias, sourceColumn)
        if let selection = target.entitySelection {
            sql += " AND "
            sql += entityCondition(selection, alias: elementAlias)
        }
        sql += " ORDER BY "
        sql.appendColumn(elementAlias, order)
        sql += ", "
        sql.appendColumn(elementAlias, targetKey)
        sql += " LIMIT 1)"
        level.appendJoin(ToOneJoin(key: key, target: sql))
        return (joinAlias, target, baseRow.level, true)
    }
}
